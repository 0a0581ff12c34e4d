import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Composer } from '@/components/ui/composer';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { LinkedText } from '@/components/ui/linked-text';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { ANNOUNCEMENTS_PER_HOUR } from '@/domain/board-limits';
import { POST_COUNTER_FROM, POST_MAX_LENGTH } from '@/domain/constants';
import { formatSlashDate, formatTime } from '@/domain/format';
import { ERR, errorMessage } from '@/domain/errors';
import {
  mayResendAnnouncement,
  postContent,
  type AnnounceAudience,
  type BoardPage,
  type BoardState,
  type BoardPost,
  type BoardRef,
} from '@/domain/rules/boards';
import { isSuspended } from '@/domain/rules/standing';
import { ReportButton } from '@/features/admin/public';
import { useCurrentUser, type SessionUser } from '@/features/auth/public';
import { useBackend } from '@/lib/backend-context';
import { useLiveQuery } from '@/lib/use-live-query';
import { useMutation } from '@/lib/use-mutation';
import { boardQueries } from './board-queries';

const WORDS = {
  event: {
    title: '掲示板',
    who: '掲示板を見られるのは主催者と参加者、キャンセル待ち・承認待ちの方だけです。',
    readOnly: '参加が確定すると投稿できます（キャンセル待ち・承認待ちの間は閲覧のみ）。',
    empty: 'まだ投稿はありません。集合場所や持ち物など、気軽に質問しましょう。',
    placeholder: '参加者への連絡・質問を入力',
  },
  team: {
    title: 'チームチャット',
    who: 'チームチャットはメンバーだけが見られます。',
    readOnly: 'メンバーになると投稿できます。',
    empty: 'まだ投稿はありません。最初のひと言をどうぞ。',
    placeholder: 'メンバーへのメッセージを入力',
  },
} as const;

function postTime(d: Date | null): string {
  if (!d) return '送信中…';
  const today = new Date();
  return d.toDateString() === today.toDateString()
    ? formatTime(d)
    : `${formatSlashDate(d)} ${formatTime(d)}`;
}

function WriteBlocked({ user }: { user: SessionUser }) {
  if (isSuspended(user)) return <>このアカウントは利用停止中のため、投稿できません。</>;
  return (
    <>
      投稿するにはメールアドレスの確認が必要です。{' '}
      <Link to="/verify-email" className="font-semibold underline">
        確認メールを送る
      </Link>
    </>
  );
}

/**
 * An event's board (掲示板) or a team's chat (チームチャット), one component for both
 * (docs/board.md): the newest posts live, oldest at the top and newest at the bottom, older ones
 * on 「以前の投稿を読み込む」; the composer for those with a seat; editing and deleting one's own
 * posts; the moderator (the event's organizer, the team's owner) pins one post and removes any;
 * everyone else on it may report a post. Seen on screen, the board is marked read.
 */
export default function BoardPanel({
  board,
  moderatorId,
  seats,
}: {
  board: BoardRef;
  /** The event's organizer or the team's owner. */
  moderatorId: string;
  /** The people whose change may change one's place (participants, waitlist, members). */
  seats: string;
}) {
  const words = WORDS[board.kind];
  const headingId = useId();
  const user = useCurrentUser();
  const backend = useBackend();
  const location = useLocation();
  const uid = user?.uid ?? null;
  const access = useQuery(boardQueries.access(uid, board, seats, backend));
  // A link to the board (the header's list of new posts) brings it on screen once it can show,
  // which marks it read. The panel loads after the page, so the browser's own jump finds nothing.
  const readable = access.data === 'write' || access.data === 'read';
  useEffect(() => {
    if (readable && location.hash === '#board') {
      document.getElementById('board')?.scrollIntoView({ block: 'start' });
    }
  }, [readable, location.hash, location.key]);

  let body: React.ReactNode;
  if (!user) {
    const returnUrl = `${location.pathname}${location.search}`;
    body = (
      <p className="text-sm text-slate-600">
        {words.who}{' '}
        <Link
          to={`/login?returnUrl=${encodeURIComponent(returnUrl)}`}
          className="font-semibold text-brand-700 underline"
        >
          ログイン
        </Link>
      </p>
    );
  } else if (access.isPending) {
    body = <Spinner label={`${words.title}を読み込み中…`} />;
  } else if (access.isError) {
    body = (
      <LoadError
        message={errorMessage(access.error, `${words.title}を読み込めませんでした`)}
        onRetry={() => void access.refetch()}
        busy={access.isFetching}
      />
    );
  } else if (access.data === 'none') {
    body = <p className="text-sm text-slate-600">{words.who}</p>;
  } else {
    body = (
      <BoardBody
        board={board}
        user={user}
        canWrite={access.data === 'write'}
        isModerator={user.uid === moderatorId}
      />
    );
  }

  return (
    <section
      id="board"
      aria-labelledby={headingId}
      className="scroll-mt-20 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <h2 id={headingId} className="mb-3 text-lg font-bold text-slate-900">
        {words.title}
      </h2>
      {body}
    </section>
  );
}

function BoardBody({
  board,
  user,
  canWrite,
  isModerator,
}: {
  board: BoardRef;
  user: SessionUser;
  canWrite: boolean;
  isModerator: boolean;
}) {
  const words = WORDS[board.kind];
  const backend = useBackend();
  const client = useQueryClient();
  const live = useLiveQuery<BoardPage>(
    boardQueries.posts(user.uid, board),
    (next, fail) => backend.boards.subscribe(board, next, fail),
    'boards.subscribe',
    { persist: false },
  );
  const state = useLiveQuery<BoardState>(
    boardQueries.state(user.uid, board),
    (next, fail) => backend.boards.subscribeState(board, next, fail),
    'boards.subscribeState',
    { persist: false },
  );
  const [older, setOlder] = useState<{ posts: BoardPost[]; cursor: string | null } | null>(null);
  const loadOlder = useMutation({
    mutationFn: (cursor: string) => backend.boards.olderPosts(board, cursor),
    onSuccess: (page) =>
      setOlder((o) => ({
        posts: [...[...page.items].reverse(), ...(o?.posts ?? [])],
        cursor: page.nextCursor,
      })),
    meta: { silent: true },
  });

  // Seen means on screen in a visible tab: then the board is marked read (one write).
  const listRef = useRef<HTMLDivElement>(null);
  const unread = state.data?.unread === true;
  useEffect(() => {
    const el = listRef.current;
    if (!unread || !el) return;
    let done = false;
    const mark = () => {
      if (done || document.visibilityState !== 'visible') return;
      done = true;
      backend.boards.markRead(board).then(
        () => void client.invalidateQueries({ queryKey: boardQueries.allUnread }),
        () => (done = false),
      );
    };
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) mark();
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [unread, backend, board, client]);

  const [draft, setDraft] = useState('');
  const [announce, setAnnounce] = useState<AnnounceAudience>('');
  const send = useMutation({
    mutationFn: (v: { text: string; announce: AnnounceAudience }) =>
      backend.boards.post(board, v.text, v.announce),
    onError: (_e, v) => setDraft((d) => d || v.text),
    meta: { silent: true },
  });

  // The newest post in view when one arrives (unless the reader scrolled up to read).
  const scroller = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const newest = live.data?.posts.at(-1)?.id;
  useEffect(() => {
    const el = scroller.current;
    if (el && atBottom.current) el.scrollTop = el.scrollHeight;
  }, [newest]);

  // The pinned post, read by itself when it is older than the posts shown.
  const pinnedId = state.data?.summary.pinnedPostId ?? '';
  const pinnedShown = !!live.data?.posts.some((p) => p.id === pinnedId);
  const olderPinned = useQuery({
    ...boardQueries.pinned(user.uid, board, pinnedId, backend),
    enabled: !!pinnedId && !!live.data && !pinnedShown,
    meta: { silent: true },
  });

  if (live.error && !live.data) {
    return (
      <LoadError
        message={errorMessage(live.error, `${words.title}を読み込めませんでした`)}
        onRetry={live.retry}
      />
    );
  }
  if (!live.data) return <Spinner label={`${words.title}を読み込み中…`} />;

  const posts = [...(older?.posts ?? []), ...live.data.posts];
  const cursor = older ? older.cursor : live.data.olderCursor;
  const pinned = posts.find((p) => p.id === pinnedId) ?? olderPinned.data ?? undefined;
  const blocked = isSuspended(user) || !user.emailVerified;

  const onSend = (text: string): string | null => {
    try {
      postContent(text);
    } catch (e) {
      return errorMessage(e, ERR.postEmpty);
    }
    send.mutate({ text, announce });
    setAnnounce('');
    return null;
  };

  return (
    <div>
      {unread ? (
        <p className="mb-2 text-sm font-semibold text-brand-700" role="status">
          新しい投稿があります
        </p>
      ) : null}
      {pinned ? (
        <div className="mb-3 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm">
          <p className="text-xs font-semibold text-amber-800">📌 ピン留め</p>
          <p className="mt-1 break-words whitespace-pre-wrap text-slate-900">
            <LinkedText text={pinned.content} />
          </p>
          <p className="mt-1 text-xs text-slate-600">{pinned.authorName}</p>
        </div>
      ) : null}
      <div
        ref={scroller}
        onScroll={(e) => {
          const el = e.currentTarget;
          atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 40;
        }}
        className="max-h-[28rem] overflow-y-auto"
      >
        {cursor ? (
          <div className="mb-2 text-center">
            <Button
              variant="secondary"
              busy={loadOlder.isPending}
              onClick={() => loadOlder.mutate(cursor)}
            >
              以前の投稿を読み込む
            </Button>
            {loadOlder.isError ? (
              <p role="alert" className="mt-1 text-sm text-red-700">
                {errorMessage(loadOlder.error, '以前の投稿を読み込めませんでした')}
              </p>
            ) : null}
          </div>
        ) : null}
        <div ref={listRef}>
          {posts.length === 0 ? (
            <p className="py-4 text-sm text-slate-600">{words.empty}</p>
          ) : (
            <ol className="space-y-3" aria-label={`${words.title}の投稿`}>
              {posts.map((p) => (
                <PostItem
                  key={p.id}
                  board={board}
                  post={p}
                  me={user.uid}
                  canWrite={canWrite && !blocked}
                  isModerator={isModerator}
                  pinned={p.id === pinnedId}
                  onChanged={() => void client.invalidateQueries({ queryKey: boardQueries.all })}
                />
              ))}
            </ol>
          )}
        </div>
      </div>
      {canWrite ? (
        <div className="-mx-4 mt-3 sm:-mx-5">
          <Composer
            draft={draft}
            onDraftChange={setDraft}
            onSend={onSend}
            label={`${words.title}に投稿`}
            placeholder={words.placeholder}
            maxLength={POST_MAX_LENGTH}
            counterFrom={POST_COUNTER_FROM}
            tooLongMessage={ERR.postTooLong}
            disabledReason={blocked ? <WriteBlocked user={user} /> : undefined}
          >
            {board.kind === 'event' && isModerator && !blocked ? (
              <AnnounceChoice value={announce} onChange={setAnnounce} />
            ) : null}
          </Composer>
          {send.isError ? (
            <p role="alert" className="px-4 text-sm text-red-700 sm:px-5">
              {errorMessage(send.error, '投稿できませんでした。もう一度お試しください')}
            </p>
          ) : null}
        </div>
      ) : (
        <p className="mt-3 rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-700" role="note">
          {words.readOnly}
        </p>
      )}
    </div>
  );
}

/** 「参加者全員に通知」 and 「キャンセル待ちの人にも通知」, the organizer's お知らせ. */
function AnnounceChoice({
  value,
  onChange,
}: {
  value: AnnounceAudience;
  onChange: (v: AnnounceAudience) => void;
}) {
  return (
    <div className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700">
      <label className="inline-flex min-h-8 items-center gap-2">
        <input
          type="checkbox"
          checked={value !== ''}
          onChange={(e) => onChange(e.target.checked ? 'participants' : '')}
        />
        参加者全員に通知
      </label>
      <label className="inline-flex min-h-8 items-center gap-2">
        <input
          type="checkbox"
          disabled={value === ''}
          checked={value === 'all'}
          onChange={(e) => onChange(e.target.checked ? 'all' : 'participants')}
        />
        キャンセル待ちの人にも通知
      </label>
    </div>
  );
}

function PostItem({
  board,
  post,
  me,
  canWrite,
  isModerator,
  pinned,
  onChanged,
}: {
  board: BoardRef;
  post: BoardPost;
  me: string;
  canWrite: boolean;
  isModerator: boolean;
  pinned: boolean;
  onChanged: () => void;
}) {
  const backend = useBackend();
  const contentId = useId();
  const mine = post.authorId === me;
  const [editing, setEditing] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const edit = useMutation({
    mutationFn: (text: string) => backend.boards.edit(board, post.id, text),
    onSuccess: () => setEditing(null),
    meta: { silent: true },
  });
  const remove = useMutation({
    mutationFn: () => backend.boards.remove(board, post.id),
    onSuccess: () => {
      setConfirming(false);
      onChanged();
    },
    meta: { silent: true },
  });
  const pin = useMutation({
    mutationFn: (id: string) => backend.boards.pin(board, id),
    meta: { silent: true },
  });
  const failure = edit.error ?? remove.error ?? pin.error;

  return (
    <li className="flex gap-3" aria-describedby={contentId}>
      <Avatar name={post.authorName} photoURL={post.authorPhotoURL} size={36} />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
          <span className="font-semibold text-slate-900">{post.authorName || '名前未設定'}</span>
          <span className="text-xs text-slate-500">{postTime(post.createdAt)}</span>
          {post.editedAt ? <span className="text-xs text-slate-500">（編集済み）</span> : null}
          {post.announce ? (
            <span className="rounded bg-brand-50 px-1.5 text-xs font-semibold text-brand-800">
              お知らせ
            </span>
          ) : null}
          {pinned ? <span className="text-xs text-amber-800">📌 ピン留め中</span> : null}
        </p>
        {editing !== null ? (
          <form
            className="mt-1"
            onSubmit={(e) => {
              e.preventDefault();
              edit.mutate(editing);
            }}
          >
            <label className="sr-only" htmlFor={`${contentId}-edit`}>
              投稿を編集
            </label>
            <textarea
              id={`${contentId}-edit`}
              value={editing}
              onChange={(e) => setEditing(e.target.value)}
              rows={3}
              className="w-full rounded-md border border-slate-300 px-3 py-2 text-base sm:text-sm"
            />
            <div className="mt-1 flex gap-2">
              <Button type="submit" busy={edit.isPending}>
                保存
              </Button>
              <Button variant="ghost" type="button" onClick={() => setEditing(null)}>
                キャンセル
              </Button>
            </div>
          </form>
        ) : (
          <p
            id={contentId}
            className="mt-0.5 text-sm break-words whitespace-pre-wrap text-slate-800"
          >
            <LinkedText text={post.content} />
          </p>
        )}
        <div className="mt-1 flex flex-wrap gap-1">
          {mine && canWrite && editing === null ? (
            <button
              type="button"
              className="min-h-6 rounded px-1.5 text-xs text-slate-600 hover:bg-slate-100"
              onClick={() => setEditing(post.content)}
            >
              編集
            </button>
          ) : null}
          {(mine && canWrite) || isModerator ? (
            <button
              type="button"
              className="min-h-6 rounded px-1.5 text-xs text-slate-600 hover:bg-slate-100 hover:text-red-700"
              onClick={() => setConfirming(true)}
            >
              削除
            </button>
          ) : null}
          {isModerator ? (
            <button
              type="button"
              className="min-h-6 rounded px-1.5 text-xs text-slate-600 hover:bg-slate-100"
              disabled={pin.isPending}
              onClick={() => pin.mutate(pinned ? '' : post.id)}
            >
              {pinned ? 'ピン留めを外す' : 'ピン留め'}
            </button>
          ) : null}
          <ReportButton
            target={{
              type: board.kind === 'event' ? 'eventPost' : 'teamPost',
              boardId: board.id,
              postId: post.id,
            }}
            ownerId={post.authorId}
            compact
            describedBy={contentId}
          />
        </div>
        {post.announce && mine && isModerator && board.kind === 'event' ? (
          <AnnounceOutcome board={board} post={post} />
        ) : null}
        {failure ? (
          <p role="alert" className="mt-1 text-sm text-red-700">
            {errorMessage(failure, '操作できませんでした')}
          </p>
        ) : null}
      </div>
      <ConfirmDialog
        open={confirming}
        title="投稿を削除しますか？"
        confirmLabel="削除する"
        danger
        busy={remove.isPending}
        onConfirm={() => remove.mutate()}
        onCancel={() => setConfirming(false)}
      >
        削除した投稿は元に戻せません。
      </ConfirmDialog>
    </li>
  );
}

/**
 * What became of the organizer's お知らせ, as the server recorded it on the post (docs/board.md
 * "お知らせ: the server's work"), with 「再送する」 where it may send again. Nothing until the
 * server has answered.
 */
function AnnounceOutcome({ board, post }: { board: BoardRef; post: BoardPost }) {
  const backend = useBackend();
  const resend = useMutation({
    mutationFn: () => backend.boards.resendAnnouncement(board, post.id),
    meta: { silent: true },
  });
  const outcome = post.announceOutcome;
  if (!outcome) return null;
  const text =
    outcome.status === 'sent'
      ? outcome.notified > 0
        ? `送信済み（${outcome.notified}人に通知）`
        : '送信済み（通知する相手はいませんでした）'
      : outcome.status === 'rate_limited'
        ? `上限のため送信されませんでした（1時間に${ANNOUNCEMENTS_PER_HOUR}件まで）`
        : `一部送信できませんでした（${outcome.failed}人に未送信）`;
  const retryable = mayResendAnnouncement(outcome.status);
  return (
    <div className="mt-1 text-xs" role="status">
      <p
        className={`inline-flex flex-wrap items-center gap-2 ${retryable ? 'text-amber-800' : 'text-slate-600'}`}
      >
        <span>{text}</span>
        {retryable ? (
          <button
            type="button"
            className="min-h-7 rounded border border-slate-300 bg-white px-2 font-semibold text-slate-800 hover:bg-slate-50 disabled:opacity-60"
            disabled={resend.isPending}
            onClick={() => resend.mutate()}
          >
            {resend.isPending ? '再送中…' : '再送する'}
          </button>
        ) : null}
      </p>
      {resend.isSuccess && retryable ? (
        <p className="mt-0.5 text-slate-600">
          まだ送信できませんでした。しばらくしてからもう一度お試しください。
        </p>
      ) : null}
      {resend.isError ? (
        <p role="alert" className="mt-0.5 text-red-700">
          {errorMessage(resend.error, '再送できませんでした。もう一度お試しください')}
        </p>
      ) : null}
    </div>
  );
}
