import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { signUpUnverified } from '@/test/accounts';
import {
  createTestBackend,
  DEMO_UIDS,
  renderWithBackend,
  seedEventId,
  signInAs,
  type TestBackend,
} from '@/test/render-with-backend';
import { OrganizerRoster } from './organizer-roster';

let backend: TestBackend | null = null;
afterEach(() => {
  backend?.close();
  backend = null;
});

/** 先週のエンジョイフットサル: ended a week ago, 高橋 美咲 among its participants. */
const ENDED = seedEventId(20);
/** 初心者向けテニス練習会: the demo organizer's, upcoming. */
const UPCOMING = seedEventId(2);

describe('OrganizerRoster: the キャンセル待ち', () => {
  it('shows each person in line with their reliability record, 記録なし for someone without one', async () => {
    const b = await createTestBackend();
    backend = b;
    const newcomer = await signUpUnverified(b, 'newcomer@example.com', 'Kakunin2026', '新人 一郎');
    await b.auth.signOut();
    await signInAs(b, 'organizer@example.com');
    await b.rollCall.mark(ENDED, DEMO_UIDS.misaki, 'noShow');
    const stored = (await b.events.get(UPCOMING))!;
    const event = { ...stored, waitlist: [DEMO_UIDS.misaki, newcomer] };

    renderWithBackend(<OrganizerRoster event={event} />, b);

    const line = await screen.findByLabelText('キャンセル待ちの順番');
    const first = await within(line).findByRole('listitem', {
      name: 'キャンセル待ち1番目 高橋 美咲さん',
    });
    expect(await within(first).findByLabelText(/^参加記録:/)).toHaveTextContent(
      /^参加 \d+回・無断欠席 1回$/,
    );
    const second = within(line).getByRole('listitem', {
      name: 'キャンセル待ち2番目 新人 一郎さん',
    });
    expect(await within(second).findByLabelText(/^参加記録:/)).toHaveTextContent('記録なし');
    // The participants' list carries no record: it is for deciding about those in line.
    expect(screen.getAllByLabelText(/^参加記録:/)).toHaveLength(2);
  });
});
