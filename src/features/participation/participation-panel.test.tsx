import { logger } from '@/lib/logger';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useParams } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EventInput } from '@/data/ports/events';
import type { SportEvent } from '@/domain/entities/event';
import { EVENT_REQUESTS_PAGE_SIZE } from '@/domain/constants';
import { DomainError } from '@/domain/errors';
import { formatIsoDate } from '@/domain/format';
import { useBackend } from '@/lib/backend-context';
import { eventKeys } from '@/lib/shared-queries';
import { useLiveQuery } from '@/lib/use-live-query';
import { signUpUnverified } from '@/test/accounts';
import {
  createTestBackend,
  DEMO_UIDS,
  renderWithBackend,
  signInAs,
  type TestBackend,
} from '@/test/render-with-backend';
import { ParticipationPanel } from './participation-panel';

const ORGANIZER = 'organizer@example.com';
const HANAKO = 'hanako@example.com';
const ICHIRO = 'ichiro@example.com';

let backend: TestBackend | null = null;
afterEach(() => {
  backend?.close();
  backend = null;
});

function eventInput(overrides: Partial<EventInput> = {}): EventInput {
  const day = new Date();
  day.setDate(day.getDate() + 7);
  return {
    title: 'テスト練習会',
    description: '',
    sportType: 'フットサル',
    location: '市民体育館',
    region: '関東',
    level: '誰でも',
    teamId: '',
    teamName: '',
    date: formatIsoDate(day),
    startTime: '10:00',
    endTime: '12:00',
    fee: 500,
    capacity: 10,
    imageURL: '',
    imagePath: '',
    ...overrides,
  };
}

/** A fresh event by the demo organizer; `then` runs as other users before the test's user signs in. */
async function setup(
  options: {
    input?: Partial<EventInput>;
    as?: string | null;
    before?: (b: TestBackend, eventId: string) => Promise<void>;
  } = {},
) {
  const b = await createTestBackend();
  backend = b;
  await signInAs(b, ORGANIZER);
  const eventId = await b.organizing.create(eventInput(options.input));
  await b.auth.signOut();
  await options.before?.(b, eventId);
  await b.auth.signOut();
  if (options.as) await signInAs(b, options.as);
  return { backend: b, eventId };
}

async function as(b: TestBackend, email: string, action: () => Promise<unknown>) {
  await signInAs(b, email);
  await action();
  await b.auth.signOut();
}

/** What the event page does: listen to the event and hand it to the panel. */
function EventHarness() {
  const { id = '' } = useParams();
  const b = useBackend();
  const { data: event } = useLiveQuery<SportEvent | null>(
    eventKeys.detail(id),
    (next, fail) => b.events.subscribe(id, next, fail),
    'test: the live event stopped',
  );
  if (!event) return <p>イベントを読み込み中</p>;
  return (
    <>
      <p data-testid="participants">{event.participants.join(',')}</p>
      <ParticipationPanel event={event} />
    </>
  );
}

function renderPanel(b: TestBackend, eventId: string) {
  return renderWithBackend(<EventHarness />, b, {
    route: `/events/${eventId}`,
    path: '/events/:id',
  });
}

const participants = () =>
  screen.getByTestId('participants').textContent?.split(',').filter(Boolean) ?? [];

/**
 * A request's row as the list shows it now: found again on each call, as the list can render its
 * rows anew under load while a test waits.
 */
const requestRow = (name: string) =>
  screen.getByRole('listitem', { name: `${name}さんの参加リクエスト` });

describe('ParticipationPanel for visitors', () => {
  it('offers a visitor who is not signed in a link to log in and come back to the event', async () => {
    const { backend: b, eventId } = await setup();
    renderPanel(b, eventId);
    const link = await screen.findByRole('link', { name: 'ログインして参加をリクエスト' });
    expect(link).toHaveAttribute(
      'href',
      `/login?returnUrl=${encodeURIComponent(`/events/${eventId}`)}`,
    );
    expect(screen.queryByRole('button', { name: '参加をリクエスト' })).not.toBeInTheDocument();
  });

  it('sends a request with the message, then shows it as awaiting approval', async () => {
    const user = userEvent.setup();
    const { backend: b, eventId } = await setup({ as: HANAKO });
    renderPanel(b, eventId);

    await user.type(
      await screen.findByLabelText('主催者へのメッセージ（任意）'),
      '初参加です。よろしくお願いします。',
    );
    await user.click(screen.getByRole('button', { name: '参加をリクエスト' }));

    expect(await screen.findByText('承認待ち', { selector: 'p' })).toBeInTheDocument();
    expect(screen.getByText('初参加です。よろしくお願いします。')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'リクエストを取り消す' })).toBeEnabled();
    const saved = await b.participation.myRequestFor(eventId);
    expect(saved).toMatchObject({
      status: 'pending',
      message: '初参加です。よろしくお願いします。',
      userId: DEMO_UIDS.hanako,
    });
    // The organizer is told.
    const toOrganizer = await b.db.notifications
      .where('userId')
      .equals(DEMO_UIDS.organizer)
      .toArray();
    expect(
      toOrganizer.some(
        (n) =>
          n.type === 'participation_request' &&
          (n.data as { eventId?: string }).eventId === eventId,
      ),
    ).toBe(true);
  });

  it('refuses a message over 500 characters without sending it', async () => {
    const user = userEvent.setup();
    const { backend: b, eventId } = await setup({ as: HANAKO });
    renderPanel(b, eventId);
    const field = await screen.findByLabelText('主催者へのメッセージ（任意）');
    await user.click(field);
    await user.paste('あ'.repeat(501));
    await user.click(screen.getByRole('button', { name: '参加をリクエスト' }));
    expect(
      await screen.findByText('メッセージは500文字以内で入力してください'),
    ).toBeInTheDocument();
    expect(await b.participation.myRequestFor(eventId)).toBeNull();
  });

  it('shows a refusal inline, keeps the typed message and disables the button while sending', async () => {
    const user = userEvent.setup();
    const { backend: b, eventId } = await setup({ as: HANAKO });
    let fail: (e: unknown) => void = () => {};
    vi.spyOn(b.participation, 'request').mockImplementationOnce(
      () => new Promise<string>((_resolve, reject) => (fail = reject)),
    );
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { queryClient } = renderPanel(b, eventId);

    const field = await screen.findByLabelText('主催者へのメッセージ（任意）');
    await user.type(field, 'よろしくお願いします');
    await user.click(screen.getByRole('button', { name: '参加をリクエスト' }));
    expect(await screen.findByRole('button', { name: '送信中…' })).toBeDisabled();
    // A 承認制 event offers no direct join.
    expect(screen.queryByRole('button', { name: '今すぐ参加する' })).not.toBeInTheDocument();

    await act(async () => fail(new DomainError('alreadyRequested')));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      '既に参加リクエストを送信済みです。主催者の承認をお待ちください。',
    );
    expect(screen.getByLabelText('主催者へのメッセージ（任意）')).toHaveValue(
      'よろしくお願いします',
    );
    expect(screen.getByRole('button', { name: '参加をリクエスト' })).toBeEnabled();
    // Shown once, inline; the failure is still logged.
    expect(logged).toHaveBeenCalledWith('[Mutation error]', expect.any(DomainError));
    // The refusal also re-reads the event (the screen may have been behind); let it settle.
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
  });

  it('tells an account that has not verified its address why it cannot ask yet, with the way to verify', async () => {
    const { backend: b, eventId } = await setup();
    await signUpUnverified(b, 'newcomer@example.com', 'Kakunin2026', '新人');
    renderPanel(b, eventId);
    const notice = (
      await screen.findByText('参加をリクエストするには、メールアドレスの確認が必要です')
    ).closest('[role="status"]') as HTMLElement;
    expect(within(notice).getByRole('link', { name: 'メールアドレスを確認する' })).toHaveAttribute(
      'href',
      '/verify-email',
    );
    expect(screen.queryByRole('button', { name: '参加をリクエスト' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '今すぐ参加する' })).not.toBeInTheDocument();
  });

  it('offers the way to verify when a request is refused for an unverified address', async () => {
    const user = userEvent.setup();
    const { backend: b, eventId } = await setup({ as: HANAKO });
    vi.spyOn(b.participation, 'request').mockRejectedValueOnce(new DomainError('emailNotVerified'));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderPanel(b, eventId);
    await user.click(await screen.findByRole('button', { name: '参加をリクエスト' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'この操作にはメールアドレスの確認が必要です。確認メールのリンクを開いてください',
    );
    expect(within(alert).getByRole('link', { name: 'メールアドレスを確認する' })).toHaveAttribute(
      'href',
      '/verify-email',
    );
  });

  it('tells a suspended account why it can neither ask, cancel nor leave', async () => {
    const { backend: b, eventId } = await setup({
      before: (bb, id) => as(bb, ICHIRO, () => bb.participation.request(id, '')),
    });
    await b.db.users.update(DEMO_UIDS.hanako, { isActive: false });
    await b.db.users.update(DEMO_UIDS.ichiro, { isActive: false });

    await signInAs(b, HANAKO);
    const view = renderPanel(b, eventId);
    expect(
      await screen.findByText(/利用停止中は参加をリクエストすることはできません/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '参加をリクエスト' })).not.toBeInTheDocument();
    view.unmount();

    await b.auth.signOut();
    await signInAs(b, ICHIRO);
    renderPanel(b, eventId);
    expect(
      await screen.findByText(/利用停止中はリクエストを取り消すことはできません/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'リクエストを取り消す' })).not.toBeInTheDocument();
  });

  it('cancels a pending request after confirmation', async () => {
    const user = userEvent.setup();
    const { backend: b, eventId } = await setup({
      before: (bb, id) => as(bb, HANAKO, () => bb.participation.request(id, 'お願いします')),
      as: HANAKO,
    });
    renderPanel(b, eventId);

    await user.click(await screen.findByRole('button', { name: 'リクエストを取り消す' }));
    const dialog = screen.getByRole('alertdialog', { name: '参加リクエストを取り消しますか？' });
    await user.click(within(dialog).getByRole('button', { name: '取り消す' }));

    expect(await screen.findByRole('button', { name: '参加をリクエスト' })).toBeInTheDocument();
    expect(await b.participation.myRequestFor(eventId)).toBeNull();
  });

  it('keeps the request when the confirmation is dismissed', async () => {
    const user = userEvent.setup();
    const { backend: b, eventId } = await setup({
      before: (bb, id) => as(bb, HANAKO, () => bb.participation.request(id, '')),
      as: HANAKO,
    });
    renderPanel(b, eventId);
    await user.click(await screen.findByRole('button', { name: 'リクエストを取り消す' }));
    await user.click(screen.getByRole('button', { name: 'キャンセル' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(await b.participation.myRequestFor(eventId)).toMatchObject({ status: 'pending' });
  });

  it('lets a participant leave after confirmation, and removes them from the participants', async () => {
    const user = userEvent.setup();
    const { backend: b, eventId } = await setup({
      input: { entryMethod: 'firstCome' },
      before: (bb, id) => as(bb, HANAKO, () => bb.roster.join(id)),
      as: HANAKO,
    });
    renderPanel(b, eventId);

    expect(await screen.findByText('参加予定です')).toBeInTheDocument();
    expect(participants()).toContain(DEMO_UIDS.hanako);
    await user.click(screen.getByRole('button', { name: '参加をやめる' }));
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'やめる' }),
    );

    expect(await screen.findByRole('button', { name: '今すぐ参加する' })).toBeInTheDocument();
    expect(participants()).not.toContain(DEMO_UIDS.hanako);
    expect((await b.events.get(eventId))?.participants).not.toContain(DEMO_UIDS.hanako);
  });

  it('joins a 先着順 event directly after confirmation', async () => {
    const user = userEvent.setup();
    const { backend: b, eventId } = await setup({
      input: { entryMethod: 'firstCome' },
      as: HANAKO,
    });
    renderPanel(b, eventId);

    await user.click(await screen.findByRole('button', { name: '今すぐ参加する' }));
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: '参加する' }),
    );

    expect(await screen.findByText('参加予定です')).toBeInTheDocument();
    expect(participants()).toContain(DEMO_UIDS.hanako);
  });

  it('offers only the waitlist on a full event', async () => {
    const { backend: b, eventId } = await setup({
      input: { capacity: 1, entryMethod: 'firstCome' },
      before: (bb, id) => as(bb, ICHIRO, () => bb.roster.join(id)),
      as: HANAKO,
    });
    renderPanel(b, eventId);
    expect(await screen.findByText('満員')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'キャンセル待ちに登録' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '参加をリクエスト' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '今すぐ参加する' })).not.toBeInTheDocument();
  });

  it('shows the status of an event that is not open, and no actions', async () => {
    const { backend: b, eventId } = await setup({
      before: (bb, id) => as(bb, ORGANIZER, () => bb.organizing.changeStatus(id, 'closed')),
      as: HANAKO,
    });
    renderPanel(b, eventId);
    expect(
      await screen.findByText('このイベントは募集締切のため、参加を受け付けていません。'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('tells a participant their event was cancelled, with nothing left to do', async () => {
    const { backend: b, eventId } = await setup({
      input: { entryMethod: 'firstCome' },
      before: async (bb, id) => {
        await as(bb, HANAKO, () => bb.roster.join(id));
        await as(bb, ORGANIZER, () => bb.organizing.changeStatus(id, 'cancelled'));
      },
      as: HANAKO,
    });
    renderPanel(b, eventId);
    expect(await screen.findByText('このイベントは中止になりました')).toBeInTheDocument();
    expect(screen.queryByText('参加予定です')).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('says when my request could not be loaded, and loads it again on request', async () => {
    const user = userEvent.setup();
    const { backend: b, eventId } = await setup({
      before: (bb, id) => as(bb, HANAKO, () => bb.participation.request(id, '')),
      as: HANAKO,
    });
    vi.spyOn(logger, 'error').mockImplementation(() => {});
    const failing = vi
      .spyOn(b.participation, 'subscribeMyRequest')
      .mockImplementation((_uid, _eventId, _next, fail) => {
        fail(new Error('network down'));
        return () => {};
      });
    renderPanel(b, eventId);
    expect(
      await screen.findByText(/参加状況を読み込めませんでした/, {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    // No request form in the meantime: it would pretend there is no request.
    expect(screen.queryByRole('button', { name: '参加をリクエスト' })).not.toBeInTheDocument();

    failing.mockRestore();
    await user.click(screen.getByRole('button', { name: '再読み込み' }));
    expect(await screen.findByText('承認待ち', { selector: 'p' })).toBeInTheDocument();
  });

  it('tells a requester their last request was not approved and lets them ask again', async () => {
    const user = userEvent.setup();
    const { backend: b, eventId } = await setup({
      before: async (bb, id) => {
        let requestId = '';
        await as(bb, HANAKO, async () => (requestId = await bb.participation.request(id, '')));
        await as(bb, ORGANIZER, () => bb.participation.reject(requestId));
      },
      as: HANAKO,
    });
    renderPanel(b, eventId);
    expect(await screen.findByText('参加リクエストは見送られました')).toBeInTheDocument();
    await user.type(screen.getByLabelText('主催者へのメッセージ（任意）'), 'もう一度お願いします');
    await user.click(screen.getByRole('button', { name: '参加をリクエスト' }));
    expect(await screen.findByText('承認待ち', { selector: 'p' })).toBeInTheDocument();
    expect(screen.queryByText('参加リクエストは見送られました')).not.toBeInTheDocument();
  });

  it('follows an answer made elsewhere through its live request, with no notification', async () => {
    const { backend: b, eventId } = await setup({
      before: (bb, id) => as(bb, HANAKO, () => bb.participation.request(id, '')),
      as: HANAKO,
    });
    const { queryClient } = renderPanel(b, eventId);
    expect(await screen.findByText('承認待ち', { selector: 'p' })).toBeInTheDocument();

    // The organizer rejects in another tab: the request changes in the shared database, and
    // no notification arrives (mine could have been deleted meanwhile).
    const request = (await b.participation.myRequestFor(eventId))!;
    await act(() =>
      b.db.participationRequests.update(request.id, { status: 'rejected', updatedAt: new Date() }),
    );
    expect(await screen.findByText('参加リクエストは見送られました')).toBeInTheDocument();

    // Then approves a later request the same way: the event's participants come with it.
    await act(() =>
      b.db.transaction('rw', b.db.participationRequests, b.db.events, async () => {
        await b.db.participationRequests.update(request.id, { status: 'approved' });
        await b.db.events.update(eventId, { participants: [DEMO_UIDS.hanako] });
      }),
    );
    expect(await screen.findByText('参加予定です')).toBeInTheDocument();
    expect(participants()).toContain(DEMO_UIDS.hanako);
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
  });
});

describe('ParticipationPanel for the organizer', () => {
  async function withRequests(
    input: Partial<EventInput> = {},
    after?: (b: TestBackend, id: string) => Promise<void>,
  ) {
    return setup({
      input,
      before: async (bb, id) => {
        await as(bb, HANAKO, () => bb.participation.request(id, '初心者ですが参加したいです'));
        await as(bb, ICHIRO, () => bb.participation.request(id, ''));
        await after?.(bb, id);
      },
      as: ORGANIZER,
    });
  }

  it('lists the requests with the requester, message and time, and approves one', async () => {
    const user = userEvent.setup();
    const { backend: b, eventId } = await withRequests();
    renderPanel(b, eventId);

    expect(await screen.findByRole('heading', { name: '参加リクエスト' })).toBeInTheDocument();
    const hanako = await screen.findByRole('listitem', { name: '佐藤 花子さんの参加リクエスト' });
    expect(within(hanako).getByText('初心者ですが参加したいです')).toBeInTheDocument();
    expect(within(hanako).getByText('たった今')).toBeInTheDocument();
    expect(within(hanako).getByRole('link', { name: '佐藤 花子' })).toHaveAttribute(
      'href',
      `/profile/${DEMO_UIDS.hanako}`,
    );
    expect(screen.getByText('承認待ち 2件')).toBeInTheDocument();

    await user.click(within(hanako).getByRole('button', { name: '承認' }));

    await waitFor(() =>
      expect(within(requestRow('佐藤 花子')).getByText('承認済み')).toBeInTheDocument(),
    );
    expect(within(requestRow('佐藤 花子')).queryByRole('button', { name: '承認' })).toBeNull();
    await waitFor(() => expect(participants()).toContain(DEMO_UIDS.hanako));
    expect(await screen.findByText('承認待ち 1件')).toBeInTheDocument();
    // The approved one moves below the one still pending.
    const rows = screen.getAllByRole('listitem');
    expect(rows[0]).toHaveAccessibleName('鈴木 一郎さんの参加リクエスト');
  });

  it('shows a request made elsewhere as it arrives, with the count beside the list', async () => {
    const { backend: b, eventId } = await withRequests();
    renderPanel(b, eventId);
    expect(await screen.findByText('承認待ち 2件')).toBeInTheDocument();

    // 美咲 asks in her own browser: only the shared database changes here (her notification
    // to the organizer is not what the list follows).
    const at = new Date();
    await act(() =>
      b.db.participationRequests.put({
        id: `${eventId}_${DEMO_UIDS.misaki}`,
        userId: DEMO_UIDS.misaki,
        eventId,
        message: '見学からでもいいですか',
        status: 'pending',
        createdAt: at,
        updatedAt: at,
      }),
    );
    expect(await screen.findByText('見学からでもいいですか')).toBeInTheDocument();
    expect(await screen.findByText('承認待ち 3件')).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
  });

  it('rejects a request only after confirmation', async () => {
    const user = userEvent.setup();
    const { backend: b, eventId } = await withRequests();
    renderPanel(b, eventId);

    const ichiro = await screen.findByRole('listitem', { name: '鈴木 一郎さんの参加リクエスト' });
    await user.click(within(ichiro).getByRole('button', { name: '却下' }));
    const dialog = screen.getByRole('alertdialog', { name: '参加リクエストを却下しますか？' });
    expect(dialog).toHaveTextContent('鈴木 一郎さん');
    await user.click(within(dialog).getByRole('button', { name: '却下する' }));

    await waitFor(() =>
      expect(within(requestRow('鈴木 一郎')).getByText('見送り')).toBeInTheDocument(),
    );
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(participants()).not.toContain(DEMO_UIDS.ichiro);
    const toIchiro = await b.db.notifications.where('userId').equals(DEMO_UIDS.ichiro).toArray();
    expect(toIchiro.some((n) => n.type === 'participation_rejected')).toBe(true);
  });

  it('disables approval once the event is full', async () => {
    const { backend: b, eventId } = await withRequests({ capacity: 1 }, async (bb, id) => {
      await bb.db.events.update(id, { participants: [DEMO_UIDS.misaki] });
    });
    // The last spot was taken after the requests came in.
    renderPanel(b, eventId);
    const hanako = await screen.findByRole('listitem', { name: '佐藤 花子さんの参加リクエスト' });
    expect(within(hanako).getByRole('button', { name: '承認' })).toBeDisabled();
    expect(within(hanako).getByText('定員に達しています')).toBeInTheDocument();
  });

  it('disables approval once the event is cancelled, but still lets the organizer reject', async () => {
    const { backend: b, eventId } = await withRequests({}, (bb, id) =>
      as(bb, ORGANIZER, () => bb.organizing.changeStatus(id, 'cancelled')),
    );
    renderPanel(b, eventId);
    const hanako = await screen.findByRole('listitem', { name: '佐藤 花子さんの参加リクエスト' });
    expect(within(hanako).getByRole('button', { name: '承認' })).toBeDisabled();
    expect(
      within(hanako).getByText('終了・中止したイベントには追加できません'),
    ).toBeInTheDocument();
    expect(within(hanako).getByRole('button', { name: '却下' })).toBeEnabled();
  });

  it("shows the requests a page at a time, reading each page's requesters once", async () => {
    const user = userEvent.setup();
    const { backend: b, eventId } = await setup({
      before: async (bb, id) => {
        const start = Date.now() - 60 * 60_000;
        await bb.db.participationRequests.bulkPut(
          Array.from({ length: EVENT_REQUESTS_PAGE_SIZE + 5 }, (_, i) => {
            const at = new Date(start + i * 60_000);
            const userId = `many-${String(i).padStart(2, '0')}`;
            const common = { userId, eventId: id, message: `依頼${i}`, status: 'pending' };
            return { id: `${id}_${userId}`, ...common, createdAt: at, updatedAt: at };
          }),
        );
      },
      as: ORGANIZER,
    });
    const getMany = vi.spyOn(b.users, 'getMany');
    const forEvent = vi.spyOn(b.participation, 'forEvent');
    renderPanel(b, eventId);

    expect(await screen.findByText('依頼0')).toBeInTheDocument();
    // The first page is the listener's: not read a second time.
    expect(forEvent).not.toHaveBeenCalled();
    expect(screen.getByText(`依頼${EVENT_REQUESTS_PAGE_SIZE - 1}`)).toBeInTheDocument();
    expect(screen.queryByText(`依頼${EVENT_REQUESTS_PAGE_SIZE}`)).not.toBeInTheDocument();
    // The count is the backend's, not the page's.
    expect(
      await screen.findByText(`承認待ち ${EVENT_REQUESTS_PAGE_SIZE + 5}件`),
    ).toBeInTheDocument();
    await waitFor(() => expect(getMany).toHaveBeenCalledTimes(1));
    expect(getMany.mock.calls[0]![0]).toHaveLength(EVENT_REQUESTS_PAGE_SIZE);

    await user.click(screen.getByRole('button', { name: 'もっと見る' }));
    expect(await screen.findByText(`依頼${EVENT_REQUESTS_PAGE_SIZE + 4}`)).toBeInTheDocument();
    expect(forEvent).toHaveBeenCalledTimes(1);
    expect(forEvent.mock.calls[0]![1]).toEqual(expect.any(String));
    expect(screen.getAllByRole('listitem')).toHaveLength(EVENT_REQUESTS_PAGE_SIZE + 5);
    expect(screen.queryByRole('button', { name: 'もっと見る' })).not.toBeInTheDocument();
    // Only the new page's requesters were read.
    await waitFor(() => expect(getMany).toHaveBeenCalledTimes(2));
    expect([...getMany.mock.calls[1]![0]].sort()).toEqual(
      ['20', '21', '22', '23', '24'].map((n) => `many-${n}`),
    );
  });

  it('keeps the requests shown when the next page fails, and says so', async () => {
    const user = userEvent.setup();
    const { backend: b, eventId } = await setup({
      before: async (bb, id) => {
        const start = Date.now() - 60 * 60_000;
        await bb.db.participationRequests.bulkPut(
          Array.from({ length: EVENT_REQUESTS_PAGE_SIZE + 1 }, (_, i) => {
            const at = new Date(start + i * 60_000);
            const common = { userId: `u${i}`, eventId: id, message: `依頼${i}`, status: 'pending' };
            return { id: `${id}_u${i}`, ...common, createdAt: at, updatedAt: at };
          }),
        );
      },
      as: ORGANIZER,
    });
    renderPanel(b, eventId);
    expect(await screen.findByText('依頼0')).toBeInTheDocument();
    const forEvent = b.participation.forEvent.bind(b.participation);
    vi.spyOn(b.participation, 'forEvent').mockImplementation((id, cursor) =>
      cursor ? Promise.reject(new Error('network down')) : forEvent(id, cursor),
    );
    vi.spyOn(logger, 'error').mockImplementation(() => {});

    await user.click(screen.getByRole('button', { name: 'もっと見る' }));
    expect(await screen.findByText('続きを読み込めませんでした')).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(EVENT_REQUESTS_PAGE_SIZE);
    expect(screen.getByRole('button', { name: 'もっと見る' })).toBeEnabled();
  });

  it('says when the live list stopped, and starts it again on request', async () => {
    const user = userEvent.setup();
    const { backend: b, eventId } = await withRequests();
    vi.spyOn(logger, 'error').mockImplementation(() => {});
    const failing = vi
      .spyOn(b.participation, 'subscribeForEvent')
      .mockImplementation((_eventId, _next, fail) => {
        fail(new Error('network down'));
        return () => {};
      });
    renderPanel(b, eventId);
    expect(await screen.findByText('参加リクエストを読み込めませんでした')).toBeInTheDocument();

    failing.mockRestore();
    await user.click(screen.getByRole('button', { name: '再読み込み' }));
    expect(
      await screen.findByRole('listitem', { name: '佐藤 花子さんの参加リクエスト' }),
    ).toBeInTheDocument();
    expect(screen.queryByText('参加リクエストを読み込めませんでした')).not.toBeInTheDocument();
  });

  it('says so when there are no requests', async () => {
    const { backend: b, eventId } = await setup({ as: ORGANIZER });
    renderPanel(b, eventId);
    expect(await screen.findByText('参加リクエストはまだありません')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '参加をリクエスト' })).not.toBeInTheDocument();
  });
});
