import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { partOpenedAt } from './app/routes';
import { restoreSession } from './lib/auth-store';
import './index.css';

// A stored token is checked in the background; guarded pages wait (spinner) until the answer arrives.
void restoreSession();

const root = document.getElementById('root');
void partOpenedAt(location.pathname).then(() => {
  if (!root) return;
  // Rendered as a transition, React yields to the browser every few milliseconds instead of holding the main thread
  // for the whole first render (one long task on a slow phone; Lighthouse's total blocking time).
  const reactRoot = createRoot(root);
  startTransition(() => {
    reactRoot.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
});
