import { StrictMode } from 'react';
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
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
