import { useState } from 'react';
import { Link } from 'react-router';
import { NavItem } from '../../components/ui/nav-item';
import { signOut, useAuth } from '../../lib/auth-store';
import { lazyComponent } from '../lazy-part';

// The count is its own part, fetched for signed-in visitors only: the home page's first load stays as it was.
const CartBadge = lazyComponent(
  () => import('../../features/cart/components/cart-badge').then((m) => m.CartBadge),
  null,
);

const item = 'block rounded-field px-3 py-2 font-medium hover:bg-base-200';
const activeItem = `${item} bg-base-200 text-primary`;

export function Navbar() {
  const signedIn = useAuth().status === 'signed-in';
  const [open, setOpen] = useState(false);
  const links: [string, string][] = [
    ['/', 'Home'],
    ['/products', 'Products'],
    ['/myportfolio', 'My Portfolio'],
    ['/blog', 'Blogs'],
  ];
  // Quick order sits beside the cart for signed-in buyers (B2B §3); a plain entry here keeps the home entry's weight.
  if (signedIn) links.push(['/dashboard', 'Dashboard'], ['/quick-order', 'Quick order']);
  else links.push(['/login', 'Login']);

  return (
    <header className="sticky top-0 z-30 border-b border-base-300 bg-base-100">
      {/*
        Any click inside the bar (a link, Sign Out) closes the phone menu. Its height is set (min-h-14, what its 40 px
        items make it) rather than left to them, so a first paint of the server's page before the links are laid out
        (a partly read document, a font still loading) does not move the brand down once they are.
      */}
      <nav
        aria-label="Main"
        className="mx-auto flex min-h-14 max-w-6xl flex-wrap items-center justify-between gap-2 px-4 py-2"
        onClick={(event) => {
          if (event.target instanceof Element && !event.target.closest('[aria-controls]')) setOpen(false);
        }}
      >
        <Link to="/" className="flex items-center gap-2 text-lg font-bold text-primary">
          <img src="/favicon.svg" alt="" width={28} height={28} />
          Kestrel Components
        </Link>
        <button
          type="button"
          className="btn btn-ghost md:hidden"
          aria-expanded={open}
          aria-controls="main-menu"
          onClick={() => setOpen(!open)}
        >
          Menu
        </button>
        <ul id="main-menu" className={`${open ? '' : 'hidden'} w-full gap-1 pb-2 md:flex md:w-auto md:pb-0`}>
          {links.map(([to, label]) => (
            <li key={to}>
              <NavItem to={to} label={label} end={to === '/'} className={item} activeClassName={activeItem} />
            </li>
          ))}
          {signedIn ? (
            <li>
              <NavItem to="/cart" label="Cart" className={item} activeClassName={activeItem}>
                <CartBadge />
              </NavItem>
            </li>
          ) : null}
          {signedIn ? (
            <li>
              <button type="button" className={item} onClick={() => void signOut()}>
                Sign Out
              </button>
            </li>
          ) : null}
        </ul>
      </nav>
    </header>
  );
}
