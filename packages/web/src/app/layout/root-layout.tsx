import { Outlet } from 'react-router';
import { lazyComponent } from '../../components/ui/lazy-component';
import { usePunchout } from '../../lib/punchout';
import { Navbar } from './navbar';
import { Footer } from './footer';

// Only a punch-out session (B2B §17) downloads the bar.
const PunchoutBar = lazyComponent(() => import('./punchout-bar').then((m) => m.PunchoutBar), null);

export function RootLayout() {
  const punchout = usePunchout();
  return (
    <div className="flex min-h-screen flex-col bg-base-200 text-base-content">
      <a
        href="#main"
        className="btn btn-primary btn-sm sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50"
      >
        Skip to content
      </a>
      {punchout ? <PunchoutBar /> : null}
      <Navbar />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
