import { useLayoutEffect, useRef, type RefObject } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { buttonClass } from '@/components/ui/button';
import { ErrorState, useDocumentTitle } from '@/components/ui/page';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/domain/errors';
import { useCurrentUser, type SessionUser } from '@/features/auth/public';
import { useBackend } from '@/lib/backend-context';
import { ChatView } from '../components/chat-view';
import { ConversationList, type Box } from '../components/conversation-list';
import { useConversationsFeed, type ConversationsFeed } from '../conversations-feed';
import { messageQueries } from '../message-queries';

function ChatNotFound() {
  return (
    <div className="flex h-full flex-col items-center justify-center px-6 py-12 text-center">
      <h2 className="text-lg font-bold text-slate-900">会話が見つかりません</h2>
      <p className="mt-2 text-sm text-slate-600">
        この会話は存在しないか、あなたが参加していない会話です。URLをご確認ください。
      </p>
      <Link to="/messages" className={buttonClass('primary', 'mt-6')}>
        メッセージ一覧へ戻る
      </Link>
    </div>
  );
}

/**
 * The open conversation: from the live list when it is there (so its unread count and archive
 * flags are live), otherwise read once by id; an id that is not mine reads as not found.
 */
function OpenChat({ id, user, feed }: { id: string; user: SessionUser; feed: ConversationsFeed }) {
  const backend = useBackend();
  const listed = feed.conversations.find((c) => c.id === id);
  const detail = useQuery({
    ...messageQueries.conversation(id, backend),
    enabled: !listed && !feed.isLoading,
  });
  const conversation = listed ?? detail.data;
  if (conversation) return <ChatView key={id} conversation={conversation} user={user} />;
  if (feed.isLoading || detail.isPending) return <Spinner label="会話を読み込み中…" />;
  if (detail.isError) {
    return (
      <div className="p-4">
        <ErrorState
          message={errorMessage(detail.error, '会話を読み込めませんでした')}
          onRetry={() => void detail.refetch()}
        />
      </div>
    );
  }
  return <ChatNotFound />;
}

/** Smallest height of the panel; below it the page scrolls instead. */
const MIN_PANEL_PX = 360;

/**
 * Gives the panel the height left between whatever sits above it (the demo banner, the header,
 * the heading) and the bottom of the window, so the chat's own list scrolls and the message box
 * stays in view. `key` names what changes the content above it.
 */
function useFillWindow(ref: RefObject<HTMLElement | null>, key: string) {
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const fit = () => {
      const wide = window.matchMedia('(min-width: 768px)').matches;
      const top = el.getBoundingClientRect().top + window.scrollY;
      const height = window.innerHeight - top - (wide ? 24 : 0);
      el.style.height = `${Math.max(height, MIN_PANEL_PX)}px`;
    };
    fit();
    window.addEventListener('resize', fit);
    return () => window.removeEventListener('resize', fit);
  }, [ref, key]);
}

/**
 * /messages and /messages/{id} (docs/messages.md): the conversation list and the open chat side
 * by side on a wide screen; on a phone the list, then the chat full screen with a back button.
 */
export default function MessagesPage() {
  useDocumentTitle('メッセージ');
  const { id = null } = useParams();
  const [params, setParams] = useSearchParams();
  const box: Box = params.get('box') === 'archived' ? 'archived' : 'inbox';
  const user = useCurrentUser();
  const feed = useConversationsFeed();
  const panel = useRef<HTMLDivElement>(null);
  useFillWindow(panel, id ?? '');
  if (!user) return null; // the route is guarded; this only narrows the type

  return (
    <div className="mx-auto w-full max-w-5xl md:px-4 md:py-6">
      <h1
        className={`px-4 pt-4 pb-3 text-2xl font-bold tracking-tight text-slate-900 md:px-0 md:pt-0 ${id ? 'max-md:sr-only' : ''}`}
      >
        メッセージ
      </h1>
      <div
        ref={panel}
        className="grid grid-cols-[minmax(0,1fr)] grid-rows-[minmax(0,1fr)] overflow-hidden border-t border-slate-200 bg-white md:grid-cols-[20rem_minmax(0,1fr)] md:rounded-lg md:border md:shadow-sm"
      >
        <div className={`min-h-0 md:border-r md:border-slate-200 ${id ? 'max-md:hidden' : ''}`}>
          <ConversationList
            feed={feed}
            uid={user.uid}
            box={box}
            selectedId={id}
            onBoxChange={(next) =>
              setParams(next === 'archived' ? { box: 'archived' } : {}, { replace: true })
            }
          />
        </div>
        <div className={`min-h-0 ${id ? '' : 'max-md:hidden'}`}>
          {id ? (
            <OpenChat id={id} user={user} feed={feed} />
          ) : (
            <div className="flex h-full items-center justify-center bg-slate-50 px-6 text-center text-sm text-slate-500">
              左の一覧から会話を選んでください。
            </div>
          )}
        </div>
      </div>
    </div>
  );
}
