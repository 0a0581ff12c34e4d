// The yardstick of `npm run bench:budgets`: React 19 and React Router 7 with its data router (a
// browser router in StrictMode), rendering one Japanese heading — the bare page the first-page
// budget was set against. Built with Vite's defaults in the same run as the app. declarative.js is the
// same page with the declarative router the app now uses, printed beside it.
import { StrictMode, createElement as h } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider, createBrowserRouter } from 'react-router-dom';

const router = createBrowserRouter([{ path: '*', element: h('h1', null, 'スポーツコミュニティ') }]);

createRoot(document.getElementById('root')).render(
  h(StrictMode, null, h(RouterProvider, { router })),
);
