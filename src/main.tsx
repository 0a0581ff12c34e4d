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

void startWebVitals();
