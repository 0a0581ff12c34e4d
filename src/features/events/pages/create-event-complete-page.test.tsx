import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import CreateEventCompletePage from './create-event-complete-page';

function renderAt(route: string) {
  render(
    <MemoryRouter initialEntries={[route]}>
      <Routes>
        <Route path="/create-event/complete" element={<CreateEventCompletePage />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('the page event creation lands on', () => {
  it('says the event was created and links to it when it has the new id', () => {
    renderAt('/create-event/complete?id=e1');
    expect(screen.getByRole('heading', { name: 'イベントを作成しました' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '作成したイベントを見る' })).toHaveAttribute(
      'href',
      '/events/e1',
    );
  });

  it('opened without an id, claims no event was created', () => {
    renderAt('/create-event/complete');
    expect(screen.getByRole('heading', { name: 'イベントの作成' })).toBeInTheDocument();
    expect(screen.queryByText(/作成しました|公開しました/)).toBeNull();
    expect(screen.getByRole('link', { name: 'イベントを作成する' })).toHaveAttribute(
      'href',
      '/create-event',
    );
  });
});
