import { act, render } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router-dom';
import { vi } from 'vitest';
import { ScrollToTop } from './scroll-to-top';

describe('ScrollToTop', () => {
  it('scrolls to the top on every location change, query changes included, not on the first', async () => {
    const scrollTo = vi.fn();
    vi.stubGlobal('scrollTo', scrollTo);
    window.scrollTo = scrollTo as unknown as typeof window.scrollTo;
    const router = createMemoryRouter(
      [
        {
          element: (
            <>
              <ScrollToTop />
              <Outlet />
            </>
          ),
          children: [
            { path: '/a', element: <p>a</p> },
            { path: '/b', element: <p>b</p> },
          ],
        },
      ],
      { initialEntries: ['/a'] },
    );
    render(<RouterProvider router={router} />);
    expect(scrollTo).not.toHaveBeenCalled();
    await act(() => router.navigate('/b'));
    expect(scrollTo).toHaveBeenCalledTimes(1);
    await act(() => router.navigate('/b?page=2'));
    expect(scrollTo).toHaveBeenCalledTimes(2);
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
    vi.unstubAllGlobals();
  });
});
