import { Suspense, type ReactNode } from 'react';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { buildRoutes, preloadScreen } from './routes';

function elementOf(path: string): ReactNode {
  const route = buildRoutes({ devRoutes: false })[0]!.children!.find((r) => r.path === path);
  return route!.element;
}

function renderScreen(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Suspense fallback={<p>読み込み中</p>}>{elementOf(path)}</Suspense>
    </MemoryRouter>,
  );
}

describe('lazy screens', () => {
  it('suspends on a screen whose code has not loaded, then shows it', async () => {
    renderScreen('/contact');
    expect(screen.getByText('読み込み中')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
  });

  it('renders a preloaded screen at once, with no fallback', async () => {
    await preloadScreen('/privacy-policy');
    renderScreen('/privacy-policy');
    expect(screen.queryByText('読み込み中')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
  });

  it('preloads nothing for an unknown path, and never rejects', async () => {
    await expect(preloadScreen('/no/such/page')).resolves.toBeUndefined();
  });
});
