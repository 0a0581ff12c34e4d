import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, startApp } from '@/app/app';
import { startWebVitals } from '@/lib/web-vitals';
import './index.css';

void startApp().catch(() => {}); // App reports a failure

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// Web-vitals reads the browser's buffered entries, so it can load once the page is idle instead
// of competing with the first page's own code.
const whenIdle = window.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 1));
window.addEventListener('load', () => whenIdle(() => void startWebVitals()), { once: true });
