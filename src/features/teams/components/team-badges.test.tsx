import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { memberCountText, RecruitingBadge } from './team-badges';

describe('RecruitingBadge', () => {
  it('says 満員 for a recruiting team at its limit, メンバー募集中 below it, 募集停止 when closed', () => {
    const { rerender } = render(
      <RecruitingBadge team={{ recruiting: true, members: ['a', 'b'], maxMembers: 2 }} />,
    );
    expect(screen.getByText('満員')).toBeInTheDocument();
    // A member left: the team takes requests again.
    rerender(<RecruitingBadge team={{ recruiting: true, members: ['a'], maxMembers: 2 }} />);
    expect(screen.getByText('メンバー募集中')).toBeInTheDocument();
    expect(screen.queryByText('満員')).toBeNull();
    rerender(<RecruitingBadge team={{ recruiting: false, members: ['a', 'b'], maxMembers: 2 }} />);
    expect(screen.getByText('募集停止')).toBeInTheDocument();
  });

  it('counts members against the limit, or alone for a team without one', () => {
    expect(memberCountText({ members: ['a', 'b'], maxMembers: 20 })).toBe('2 / 20人');
    expect(memberCountText({ members: ['a'], maxMembers: 0 })).toBe('1人');
  });
});
