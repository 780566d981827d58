import { useState } from 'react';
import { NavLink } from 'react-router';
import { signOut, useAuth } from '../../lib/auth-store';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-field px-3 py-2 font-medium hover:bg-base-200 ${isActive ? 'bg-base-200 text-primary' : ''}`;

export function Navbar() {
  const { status } = useAuth();
  const [open, setOpen] = useState(false);
  const signedIn = status === 'signed-in';
  const close = () => setOpen(false);

  const items = (
    <>
      <li>
        <NavLink to="/" end className={linkClass} onClick={close}>
          Home
        </NavLink>
      </li>
      <li>
        <NavLink to="/myportfolio" className={linkClass} onClick={close}>
          My Portfolio
        </NavLink>
      </li>
      <li>
        <NavLink to="/blog" className={linkClass} onClick={close}>
          Blogs
        </NavLink>
      </li>
      {signedIn ? (
        <li>
          <NavLink to="/dashboard" className={linkClass} onClick={close}>
            Dashboard
          </NavLink>
        </li>
      ) : null}
      <li>
        {signedIn ? (
          <button
            type="button"
            className="rounded-field px-3 py-2 text-left font-medium hover:bg-base-200"
            onClick={() => {
              close();
              void signOut();
            }}
          >
            Sign Out
          </button>
        ) : (
          <NavLink to="/login" className={linkClass} onClick={close}>
            Login
          </NavLink>
        )}
      </li>
    </>
  );

  return (
    <header className="sticky top-0 z-30 border-b border-base-300 bg-base-100">
      <nav aria-label="Main" className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-2 px-4 py-2">
        <NavLink to="/" className="flex items-center gap-2 text-lg font-bold text-primary" onClick={close}>
          <img src="/favicon.svg" alt="" width={28} height={28} />
          Kestrel Components
        </NavLink>
        <button
          type="button"
          className="btn btn-ghost btn-square md:hidden"
          aria-expanded={open}
          aria-controls="main-menu"
          aria-label={open ? 'Close menu' : 'Open menu'}
          onClick={() => setOpen((v) => !v)}
        >
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="size-6"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            <path d={open ? 'M6 6l12 12M18 6L6 18' : 'M4 7h16M4 12h16M4 17h16'} />
          </svg>
        </button>
        <ul
          id="main-menu"
          className={`${open ? 'flex' : 'hidden'} w-full flex-col gap-1 pb-2 md:flex md:w-auto md:flex-row md:items-center md:pb-0`}
        >
          {items}
        </ul>
      </nav>
    </header>
  );
}
