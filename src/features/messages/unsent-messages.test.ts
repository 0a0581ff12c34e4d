import { drafts, forgetAllBut, pendingSends } from './unsent-messages';

const send = (id: string) => ({
  id,
  conversationId: 'a_b',
  content: '下書き',
  status: 'failed' as const,
  error: '',
  errorLink: '',
  createdAt: new Date(),
});

describe('unsent messages', () => {
  it('keep pending sends and drafts per user and conversation, and forget other users’', () => {
    pendingSends.add('u1', send('p1'));
    pendingSends.add('u2', send('p2'));
    drafts.set('u1', 'a_b', '書きかけ');
    drafts.set('u2', 'a_b', '別の人の書きかけ');
    expect(pendingSends.get('u1', 'a_b').map((p) => p.id)).toEqual(['p1']);
    expect(pendingSends.get('u1', 'other')).toEqual([]);

    forgetAllBut('u1');
    expect(pendingSends.get('u1', 'a_b').map((p) => p.id)).toEqual(['p1']);
    expect(drafts.get('u1', 'a_b')).toBe('書きかけ');
    expect(pendingSends.get('u2', 'a_b')).toEqual([]);
    expect(drafts.get('u2', 'a_b')).toBe('');

    // Signed out: nothing is kept.
    forgetAllBut(null);
    expect(pendingSends.get('u1', 'a_b')).toEqual([]);
    expect(drafts.get('u1', 'a_b')).toBe('');
  });
});
