import { Link } from 'react-router';

export function Footer() {
  const year = new Date().getFullYear();
  return (
    <footer className="bg-neutral text-neutral-content">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-3">
        <div>
          <p className="text-lg font-semibold">Kestrel Components</p>
          <p className="mt-2 text-sm">
            Computer parts made and shipped in bulk for system builders, integrators and IT teams.
          </p>
        </div>
        <nav aria-label="Footer">
          <p className="font-semibold">Explore</p>
          <ul className="mt-2 space-y-1 text-sm">
            <li>
              <Link to="/" className="link link-hover">
                Products
              </Link>
            </li>
            <li>
              <Link to="/blog" className="link link-hover">
                Blogs
              </Link>
            </li>
            <li>
              <Link to="/myportfolio" className="link link-hover">
                My Portfolio
              </Link>
            </li>
          </ul>
        </nav>
        <div className="text-sm">
          <p className="font-semibold">Sales desk</p>
          <p className="mt-2">Mon–Fri, 08:00–18:00 CET</p>
          <p>Support around the clock for open orders</p>
        </div>
      </div>
      <p className="border-t border-white/20 py-4 text-center text-sm">
        Copyright © {year} Kestrel Components. All rights reserved.
      </p>
    </footer>
  );
}
