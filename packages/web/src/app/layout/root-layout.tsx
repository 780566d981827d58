import { Outlet } from 'react-router';
import { Navbar } from './navbar';
import { Footer } from './footer';

export function RootLayout() {
  return (
    <div className="flex min-h-screen flex-col bg-base-200 text-base-content">
      <a
        href="#main"
        className="btn btn-primary btn-sm sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50"
      >
        Skip to content
      </a>
      <Navbar />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
