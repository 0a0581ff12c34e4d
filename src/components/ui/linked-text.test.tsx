import { render, screen } from '@testing-library/react';
import { LinkedText, linkPieces } from './linked-text';

describe('LinkedText', () => {
  it('makes http and https addresses links that open apart from this page', () => {
    render(
      <p>
        <LinkedText
          text={'詳細は https://example.com/a?b=1 を、地図は\nhttp://map.example.jp/x です'}
        />
      </p>,
    );
    const links = screen.getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      'https://example.com/a?b=1',
      'http://map.example.jp/x',
    ]);
    for (const a of links) {
      expect(a).toHaveAttribute('target', '_blank');
      expect(a).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    }
    expect(screen.getByText(/詳細は/).textContent).toBe(
      '詳細は https://example.com/a?b=1 を、地図は\nhttp://map.example.jp/x です',
    );
  });

  it('leaves other schemes as text', () => {
    render(
      <p>
        <LinkedText text="javascript:alert(1) data:text/html,x ftp://example.com www.example.com" />
      </p>,
    );
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('ends a link before Japanese punctuation and sentence marks after it', () => {
    expect(linkPieces('（https://example.com）。')).toEqual([
      { text: '（' },
      { text: 'https://example.com', href: 'https://example.com' },
      { text: '）。' },
    ]);
    expect(linkPieces('See https://example.com/x.')).toEqual([
      { text: 'See ' },
      { text: 'https://example.com/x', href: 'https://example.com/x' },
      { text: '.' },
    ]);
    expect(linkPieces('「https://example.com」を見て')[1]).toEqual({
      text: 'https://example.com',
      href: 'https://example.com',
    });
    expect(linkPieces('リンクなし')).toEqual([{ text: 'リンクなし' }]);
  });
});
