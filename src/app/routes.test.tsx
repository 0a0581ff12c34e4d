import type { ReactNode } from 'react';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { buildRoutes, matchScreen, preloadScreen } from './routes';

function elementOf(path: string): ReactNode {
  const route = buildRoutes({ devRoutes: false })[0]!.children!.find((r) => r.path === path);
  return route!.element;
}

/** A screen on its own: its spinner while its code loads comes from the screen itself. */
function renderScreen(path: string) {
  return render(<MemoryRouter initialEntries={[path]}>{elementOf(path)}</MemoryRouter>);
}

describe('lazy screens', () => {
  it('shows a spinner while the code of a screen loads, then the screen', async () => {
    renderScreen('/contact');
    expect(screen.getByRole('status')).toHaveTextContent('読み込み中…');
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
  });

  it('renders a preloaded screen at once, with no fallback', async () => {
    await preloadScreen(matchScreen(buildRoutes({ devRoutes: false }), '/privacy-policy'));
    renderScreen('/privacy-policy');
    expect(screen.queryByText('読み込み中…')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
  });

  it('preloads nothing for an unknown path, and never rejects', async () => {
    const matches = matchScreen(buildRoutes({ devRoutes: false }), '/no/such/page');
    await expect(preloadScreen(matches)).resolves.toBeUndefined();
  });
});
