import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/page';
import { Spinner } from '@/components/ui/spinner';
import {
  isArchivedFor,
  partnerOf,
  unreadFor,
  type Conversation,
} from '@/domain/entities/conversation';
import { isSuspended } from '@/domain/rules/standing';
import { ReportButton } from '@/features/admin/public';
import type { SessionUser } from '@/features/auth/public';
import { Avatar } from '@/components/ui/avatar';
import { useNow } from '@/lib/use-now';
import { NameSkeleton, usePerson } from '../person';
import { drafts } from '../unsent-messages';
import { useChat } from '../use-chat';
import { Composer } from '@/components/ui/composer';
import { MessageList } from './message-list';
import { useArchiveConversation } from '../message-mutations';

/** The half-typed text of this conversation, kept when I switch to another one and back. */
function useDraft(uid: string, conversationId: string): [string, (text: string) => void] {
  const [draft, setDraft] = useState(() => drafts.get(uid, conversationId));
  return [
    draft,
    (text) => {
      drafts.set(uid, conversationId, text);
      setDraft(text);
    },
  ];
}

/** Why this user cannot send at all, with the way out where there is one. */
function SendingBlocked({ user }: { user: SessionUser }) {
  if (isSuspended(user)) return <>このアカウントは利用停止中のため、メッセージを送信できません。</>;
  if (!user.emailVerified)
    return (
      <>
        メッセージを送るにはメールアドレスの確認が必要です。{' '}
        <Link to="/verify-email" className="font-semibold underline">
          確認メールを送る
        </Link>
      </>
    );
  return null;
}

export function ChatView({
  conversation,
  user,
}: {
  conversation: Conversation;
  user: SessionUser;
}) {
  const now = useNow();
  const partnerId = partnerOf(conversation, user.uid);
  const partner = usePerson(partnerId);
  const chat = useChat(user.uid, conversation.id, unreadFor(conversation, user.uid));
  const [draft, setDraft] = useDraft(user.uid, conversation.id);
  const archived = isArchivedFor(conversation, user.uid);
  const blocked = isSuspended(user) || !user.emailVerified;

  const archive = useArchiveConversation(conversation.id);

  let body;
  if (chat.error) {
    body = (
      <div className="flex-1 p-4">
        <ErrorState message="メッセージを読み込めませんでした" onRetry={chat.retryLoad} />
      </div>
    );
  } else if (chat.isLoading) {
    body = <Spinner label="メッセージを読み込み中…" className="flex-1" />;
  } else if (chat.items.length === 0) {
    body = (
      <div className="flex flex-1 items-center justify-center bg-slate-50 px-6 text-center text-sm text-slate-600">
        <p>
          まだメッセージはありません。
          <br />
          {partner.name ? `${partner.name}さんに` : ''}最初のメッセージを送ってみましょう。
        </p>
      </div>
    );
  } else {
    body = (
      <MessageList
        items={chat.items}
        now={now}
        partnerName={partner.name}
        onRetry={chat.retry}
        onDiscard={chat.discard}
        receivedAction={(item, describedBy) => (
          <ReportButton
            compact
            describedBy={describedBy}
            target={{ type: 'message', conversationId: conversation.id, messageId: item.id }}
            ownerId={partnerId}
          />
        )}
      />
    );
  }

  return (
    <section aria-labelledby="chat-title" className="flex h-full min-h-0 flex-col">
      <header className="flex items-center gap-2 border-b border-slate-200 bg-white px-2 py-2 sm:px-4">
        <Link
          to={archived ? '/messages?box=archived' : '/messages'}
          className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 md:hidden"
          aria-label="会話の一覧に戻る"
        >
          <span aria-hidden="true" className="text-xl">
            ←
          </span>
        </Link>
        <Link
          to={`/profile/${encodeURIComponent(partnerId)}`}
          className="flex min-w-0 flex-1 items-center gap-3 rounded-md p-1 hover:bg-slate-50"
        >
          <Avatar name={partner.name} photoURL={partner.photoURL} size={36} />
          <h2 id="chat-title" className="truncate font-bold text-slate-900">
            {partner.isLoading ? <NameSkeleton /> : partner.name}
          </h2>
        </Link>
        <Button
          variant="ghost"
          className="shrink-0 px-3"
          busy={archive.isPending}
          onClick={() => archive.mutate(!archived)}
        >
          {archived ? 'アーカイブを解除' : 'アーカイブ'}
        </Button>
      </header>
      {body}
      <Composer
        draft={draft}
        onDraftChange={setDraft}
        onSend={chat.send}
        disabledReason={blocked ? <SendingBlocked user={user} /> : undefined}
      />
    </section>
  );
}
