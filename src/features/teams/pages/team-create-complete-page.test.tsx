import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import TeamCreateCompletePage from './team-create-complete-page';

function renderAt(route: string) {
  render(
    <MemoryRouter initialEntries={[route]}>
      <Routes>
        <Route path="/teams/create/complete" element={<TeamCreateCompletePage />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('the page a creation lands on', () => {
  it('says the team was created and links to it when it has the new id', () => {
    renderAt('/teams/create/complete?id=t%201');
    expect(screen.getByRole('heading', { name: 'チームを作成しました' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '作成したチームを見る' })).toHaveAttribute(
      'href',
      '/teams/t%201',
    );
  });

  it('opened without an id, claims no team was created and offers to create one', () => {
    renderAt('/teams/create/complete');
    expect(screen.getByRole('heading', { name: 'チームの作成' })).toBeInTheDocument();
    expect(screen.queryByText(/作成しました|公開しました/)).toBeNull();
    expect(screen.getByRole('link', { name: 'チームを作成する' })).toHaveAttribute(
      'href',
      '/teams/create',
    );
    expect(screen.getByRole('link', { name: 'チーム一覧へ' })).toHaveAttribute('href', '/teams');
  });
});
