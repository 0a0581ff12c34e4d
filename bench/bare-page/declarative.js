// The same page with React Router's declarative router (BrowserRouter and useRoutes), the way
// the app starts it since it stopped using the data router (src/app/routes.tsx, AppRoutes): not
// the budget's yardstick (main.js is), printed beside it for comparison.
import { StrictMode, createElement as h } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, useRoutes } from 'react-router-dom';

function Screens() {
  return useRoutes([{ path: '*', element: h('h1', null, 'スポーツコミュニティ') }]);
}

createRoot(document.getElementById('root')).render(
  h(StrictMode, null, h(BrowserRouter, null, h(Screens))),
);
