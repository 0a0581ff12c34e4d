import { Fragment, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { formatDayHeading, formatTime } from '@/domain/format';
import type { ChatItem } from '../use-chat';
import { LinkedText } from '@/components/ui/linked-text';

/** How close to the bottom (px) still counts as reading the newest messages. */
const NEAR_BOTTOM_PX = 80;

function MyStatus({ item }: { item: ChatItem }) {
  if (item.status === 'sending') return <span>送信中…</span>;
  if (item.status === 'failed') return null;
  return (
    <>
      <span className={item.status === 'read' ? 'font-semibold text-brand-700' : undefined}>
        {item.status === 'read' ? '既読' : '送信済み'}
      </span>
      <time className="ml-1">{formatTime(item.sentAt)}</time>
    </>
  );
}

/** What a received message offers beside its time (the chat adds 「通報」). */
export type ReceivedAction = (item: ChatItem, describedBy: string) => ReactNode;

function Bubble({
  item,
  partnerName,
  onRetry,
  onDiscard,
  receivedAction,
}: {
  item: ChatItem;
  partnerName: string;
  onRetry: (id: string) => void;
  onDiscard: (id: string) => void;
  receivedAction?: ReceivedAction;
}) {
  const failed = item.status === 'failed';
  const textId = useId();
  return (
    <li
      className={`flex flex-col ${item.mine ? 'items-end' : 'items-start'}`}
      data-status={item.mine ? item.status : undefined}
    >
      <span className="sr-only">{item.mine ? 'あなた' : partnerName}：</span>
      <p
        id={textId}
        className={`max-w-[85%] rounded-2xl px-3.5 py-2 text-[0.9375rem] leading-relaxed break-words whitespace-pre-wrap sm:max-w-[75%] ${
          item.mine
            ? `rounded-br-sm text-white ${failed ? 'bg-red-700/80' : item.status === 'sending' ? 'bg-brand-700/70' : 'bg-brand-700'}`
            : 'rounded-bl-sm border border-slate-200 bg-white text-slate-900'
        }`}
      >
        <LinkedText text={item.content} />
      </p>
      {item.mine ? (
        <p className="mt-0.5 px-1 text-[0.6875rem] text-slate-500">
          <MyStatus item={item} />
        </p>
      ) : (
        <div className="mt-0.5 flex items-center gap-1 px-1 text-[0.6875rem] text-slate-500">
          <time>{formatTime(item.sentAt)}</time>
          {receivedAction?.(item, textId)}
        </div>
      )}
      {failed ? (
        <div
          role="alert"
          className="mt-1 max-w-[85%] text-right text-xs text-red-700 sm:max-w-[75%]"
        >
          <p>
            {item.error}
            {item.errorLink ? (
              <>
                {' '}
                <Link to={item.errorLink} className="font-semibold underline">
                  確認メールについて
                </Link>
              </>
            ) : null}
          </p>
          <div className="mt-1 flex justify-end gap-2">
            <button
              type="button"
              onClick={() => onRetry(item.id)}
              className="rounded-md border border-red-300 bg-white px-2.5 py-1 font-semibold hover:bg-red-50"
            >
              再送信
            </button>
            <button
              type="button"
              onClick={() => onDiscard(item.id)}
              className="rounded-md px-2.5 py-1 text-slate-600 hover:bg-slate-100"
            >
              取り消す
            </button>
          </div>
        </div>
      ) : null}
    </li>
  );
}

/**
 * The messages of one conversation, oldest at the top, under day headings (今日 / 昨日 / the long
 * date). It opens at the newest message and follows new ones, unless I have scrolled up to read:
 * then a pill offers the new messages instead of pulling the page away.
 */
export function MessageList({
  items,
  now,
  partnerName,
  onRetry,
  onDiscard,
  receivedAction,
}: {
  items: ChatItem[];
  now: Date;
  partnerName: string;
  onRetry: (id: string) => void;
  onDiscard: (id: string) => void;
  /** Rendered beside the time of each message from the other person, never on mine. */
  receivedAction?: ReceivedAction;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const nearBottom = useRef(true);
  const lastId = useRef<string | null>(null);
  const [newBelow, setNewBelow] = useState(false);

  const toBottom = () => {
    const el = scroller.current;
    if (el) el.scrollTop = el.scrollHeight;
    nearBottom.current = true;
    setNewBelow(false);
  };

  const last = items.at(-1);
  useLayoutEffect(() => {
    if (!last || last.id === lastId.current) return;
    const first = lastId.current === null;
    lastId.current = last.id;
    if (first || last.mine || nearBottom.current) toBottom();
    else setNewBelow(true);
  }, [last]);

  const days = items.map((item) => formatDayHeading(item.sentAt, now));
  return (
    <div className="relative min-h-0 flex-1">
      <div
        ref={scroller}
        role="log"
        aria-label="メッセージ履歴"
        tabIndex={0}
        onScroll={(e) => {
          const el = e.currentTarget;
          nearBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_BOTTOM_PX;
          if (nearBottom.current) setNewBelow(false);
        }}
        className="h-full overflow-y-auto bg-slate-50 px-3 py-4 focus-visible:outline-2 focus-visible:outline-brand-600 sm:px-5"
      >
        <ol className="space-y-2">
          {items.map((item, i) => {
            const heading = i === 0 || days[i] !== days[i - 1] ? days[i] : '';
            return (
              <Fragment key={item.id}>
                {heading ? (
                  <li className="flex justify-center py-2">
                    <span className="rounded-full bg-slate-200/80 px-3 py-0.5 text-xs font-medium text-slate-600">
                      {heading}
                    </span>
                  </li>
                ) : null}
                <Bubble
                  item={item}
                  partnerName={partnerName}
                  onRetry={onRetry}
                  onDiscard={onDiscard}
                  receivedAction={receivedAction}
                />
              </Fragment>
            );
          })}
        </ol>
      </div>
      {newBelow ? (
        <button
          type="button"
          onClick={toBottom}
          className="absolute bottom-3 left-1/2 -translate-x-1/2 rounded-full bg-brand-700 px-4 py-1.5 text-sm font-semibold text-white shadow-lg hover:bg-brand-800"
        >
          新しいメッセージ ↓
        </button>
      ) : null}
    </div>
  );
}
