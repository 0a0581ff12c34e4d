import { useRef, type KeyboardEvent } from 'react';
import { Link } from 'react-router-dom';
import { ErrorState } from '@/components/ui/page';
import { Spinner } from '@/components/ui/spinner';
import { formatRelative } from '@/domain/relative-time';
import {
  isArchivedFor,
  partnerOf,
  unreadFor,
  type Conversation,
} from '@/domain/entities/conversation';
import { Avatar } from '@/components/ui/avatar';
import { useNow } from '@/lib/use-now';
import type { ConversationsFeed } from '../conversations-feed';
import { NameSkeleton, usePerson } from '../person';

export type Box = 'inbox' | 'archived';

const BOXES: { box: Box; label: string }[] = [
  { box: 'inbox', label: '受信箱' },
  { box: 'archived', label: 'アーカイブ' },
];

/** Where a row leads: the chat, keeping the box the list shows. */
export function chatPath(id: string, box: Box): string {
  return `/messages/${encodeURIComponent(id)}${box === 'archived' ? '?box=archived' : ''}`;
}

function UnreadPill({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span className="min-w-[1.25rem] rounded-full bg-red-600 px-1.5 text-center text-xs leading-5 font-bold text-white">
      {count > 99 ? '99+' : count}
    </span>
  );
}

function Row({
  conversation,
  uid,
  box,
  selected,
  now,
}: {
  conversation: Conversation;
  uid: string;
  box: Box;
  selected: boolean;
  now: Date;
}) {
  const partner = usePerson(partnerOf(conversation, uid));
  const unread = unreadFor(conversation, uid);
  const sent = conversation.lastMessageTime;
  const preview = conversation.lastMessage
    ? `${conversation.lastSenderId === uid ? 'あなた：' : ''}${conversation.lastMessage}`
    : 'まだメッセージはありません';
  // The link shows the name (its accessible name starts with it, so a voice-control user can say
  // what they see) and is stretched over the whole row; the preview, time and count follow it.
  return (
    <li
      className={`relative flex items-center gap-3 px-3 py-3 hover:bg-slate-50 has-[:focus-visible]:bg-slate-50 sm:px-4 ${selected ? 'bg-brand-50 hover:bg-brand-50' : ''}`}
    >
      <Avatar name={partner.name} photoURL={partner.photoURL} size={44} />
      <span className="min-w-0 flex-1">
        <span className="flex items-baseline justify-between gap-2">
          <Link
            to={chatPath(conversation.id, box)}
            aria-current={selected ? 'page' : undefined}
            aria-label={
              partner.isLoading
                ? undefined
                : `${partner.name}との会話${unread > 0 ? `（未読${unread}件）` : ''}`
            }
            className={`truncate text-sm after:absolute after:inset-0 focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:-outline-offset-2 focus-visible:after:outline-brand-600 ${unread > 0 ? 'font-bold text-slate-900' : 'font-semibold text-slate-800'}`}
          >
            {partner.isLoading ? <NameSkeleton /> : partner.name}
          </Link>
          <time className="shrink-0 text-xs text-slate-600">
            {/* The clock ticks once a minute: a message newer than it is "just now", not ahead. */}
            {formatRelative(sent, sent && sent > now ? sent : now)}
          </time>
        </span>
        <span className="mt-0.5 flex items-center justify-between gap-2">
          <span className={`truncate text-sm ${unread > 0 ? 'text-slate-900' : 'text-slate-600'}`}>
            {preview.replace(/\s+/g, ' ')}
          </span>
          <UnreadPill count={unread} />
        </span>
      </span>
    </li>
  );
}

/**
 * My conversations, newest first, in two boxes: the inbox and the archived ones (archiving is
 * per user). A conversation nobody has written in yet is listed only while it is open.
 */
export function ConversationList({
  feed,
  uid,
  box,
  selectedId,
  onBoxChange,
}: {
  feed: ConversationsFeed;
  uid: string;
  box: Box;
  selectedId: string | null;
  onBoxChange: (box: Box) => void;
}) {
  const now = useNow();
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const visible = feed.conversations.filter(
    (c) => c.id === selectedId || c.lastMessageId !== '' || c.lastMessage !== '',
  );
  const inBox = (b: Box) => visible.filter((c) => isArchivedFor(c, uid) === (b === 'archived'));
  const unreadIn = (b: Box) => inBox(b).reduce((n, c) => n + unreadFor(c, uid), 0);
  const shown = inBox(box);

  // Arrow keys move between the two tabs (WAI-ARIA tabs pattern).
  const onTabKey = (e: KeyboardEvent<HTMLButtonElement>, index: number) => {
    if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return;
    e.preventDefault();
    const next = (index + (e.key === 'ArrowRight' ? 1 : BOXES.length - 1)) % BOXES.length;
    onBoxChange(BOXES[next]!.box);
    tabs.current[next]?.focus();
  };

  let body;
  if (feed.error && feed.conversations.length === 0) {
    body = (
      <div className="p-4">
        <ErrorState message="会話の一覧を読み込めませんでした" onRetry={feed.retry} />
      </div>
    );
  } else if (feed.isLoading) {
    body = <Spinner label="会話を読み込み中…" />;
  } else if (shown.length === 0) {
    body =
      box === 'inbox' ? (
        <div className="px-6 py-12 text-center text-sm text-slate-600">
          <p className="font-semibold text-slate-800">まだメッセージはありません</p>
          <p className="mt-2">
            イベントの詳細で「主催者に問い合わせる」を押すか、参加者のプロフィールで「メッセージを送る」を押すと、会話を始められます。
          </p>
          <Link
            to="/events"
            className="mt-4 inline-block font-semibold text-brand-700 hover:underline"
          >
            イベントを探す
          </Link>
        </div>
      ) : (
        <div className="px-6 py-12 text-center text-sm text-slate-600">
          <p className="font-semibold text-slate-800">アーカイブした会話はありません</p>
          <p className="mt-2">
            会話を開いて「アーカイブ」を押すと、受信箱から外れてここに移ります。
          </p>
        </div>
      );
  } else {
    body = (
      <ul className="divide-y divide-slate-100">
        {shown.map((c) => (
          <Row
            key={c.id}
            conversation={c}
            uid={uid}
            box={box}
            selected={c.id === selectedId}
            now={now}
          />
        ))}
      </ul>
    );
  }

  return (
    <section aria-label="会話の一覧" className="flex h-full min-h-0 flex-col">
      <div role="tablist" aria-label="表示する会話" className="flex border-b border-slate-200">
        {BOXES.map(({ box: b, label }, i) => {
          const unread = unreadIn(b);
          return (
            <button
              key={b}
              ref={(el) => {
                tabs.current[i] = el;
              }}
              type="button"
              role="tab"
              id={`messages-tab-${b}`}
              aria-selected={box === b}
              aria-controls="messages-tabpanel"
              tabIndex={box === b ? 0 : -1}
              onClick={() => onBoxChange(b)}
              onKeyDown={(e) => onTabKey(e, i)}
              className={`flex flex-1 items-center justify-center gap-1.5 border-b-2 px-3 py-3 text-sm font-semibold ${
                box === b
                  ? 'border-brand-700 text-brand-800'
                  : 'border-transparent text-slate-600 hover:text-slate-900'
              }`}
            >
              {label}
              {unread > 0 ? <span className="sr-only">（未読{unread}件）</span> : null}
              <span aria-hidden="true">
                <UnreadPill count={unread} />
              </span>
            </button>
          );
        })}
      </div>
      <div
        id="messages-tabpanel"
        role="tabpanel"
        aria-labelledby={`messages-tab-${box}`}
        className="min-h-0 flex-1 overflow-y-auto"
      >
        {body}
      </div>
    </section>
  );
}
