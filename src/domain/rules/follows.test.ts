import { describe, expect, it } from 'vitest';
import { notificationText } from '@/domain/entities/notification';
import { ERR } from '@/domain/errors';
import { followedEventNoticeId, followerCountId, targetKey } from './follow-notices';
import { decideFollow, followId } from './follows';

const actor = { uid: 'u1', emailVerified: false, suspended: false };

describe('decideFollow', () => {
  it('lets an active account follow another person or a team, verified or not', () => {
    expect(decideFollow(actor, { kind: 'user', id: 'u2' }, true).uid).toBe('u1');
    expect(decideFollow(actor, { kind: 'team', id: 'u1' }, true).uid).toBe('u1');
  });

  it('refuses a visitor, a suspended account, oneself and a missing target', () => {
    expect(() => decideFollow(null, { kind: 'user', id: 'u2' }, true)).toThrow(ERR.loginRequired);
    expect(() =>
      decideFollow({ ...actor, suspended: true }, { kind: 'user', id: 'u2' }, true),
    ).toThrow(ERR.accountSuspended);
    expect(() => decideFollow(actor, { kind: 'user', id: 'u1' }, true)).toThrow(
      ERR.cannotFollowSelf,
    );
    expect(() => decideFollow(actor, { kind: 'team', id: 't1' }, false)).toThrow(
      ERR.followTargetNotFound,
    );
  });

  it('names one follow per follower and target, and one notice per event and follower', () => {
    const t = { kind: 'team' as const, id: 't1' };
    expect(followId('u1', t)).toBe('u1_team_t1');
    expect(followerCountId(t)).toBe('team_t1');
    expect(targetKey(t)).toBe('team:t1');
    expect(followedEventNoticeId('e1', 'u1')).toBe('e1_u1_followed_event');
  });
});

describe('the followed_event notice', () => {
  it('says who published what, through the organizer or the team', () => {
    const data = { eventId: 'e1', eventTitle: '週末フットサル', sourceName: '山田 太郎' };
    expect(
      notificationText({
        type: 'followed_event',
        data: { ...data, via: 'user' },
        title: '',
        content: '',
      }),
    ).toEqual({
      title: 'フォロー中の主催者が新しいイベントを公開しました',
      body: '山田 太郎さんが「週末フットサル」を公開しました',
    });
    expect(
      notificationText({
        type: 'followed_event',
        data: { ...data, via: 'team', sourceName: '' },
        title: '',
        content: '',
      }).body,
    ).toBe('チームが「週末フットサル」を公開しました');
  });
});
