import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import NotFoundPage from './not-found-page';

describe('NotFoundPage', () => {
  it('answers an unknown path with a Japanese not-found screen and a way home', () => {
    const router = createMemoryRouter(
      [
        { path: '/', element: <p>home</p> },
        { path: '*', element: <NotFoundPage /> },
      ],
      { initialEntries: ['/no/such/page'] },
    );
    render(<RouterProvider router={router} />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('ページが見つかりません');
    expect(screen.getByRole('link', { name: 'ホームへ戻る' })).toHaveAttribute('href', '/');
    expect(document.title).toContain('ページが見つかりません');
  });
});
