import { useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { EmptyState, ErrorState, Page } from '@/components/ui/page';
import { Spinner } from '@/components/ui/spinner';
import {
  notificationLink,
  notificationText,
  type AppNotification,
} from '@/domain/entities/notification';
import { formatRelative } from '@/domain/relative-time';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useNow } from '@/lib/use-now';
import { useNotificationActions } from '../notification-mutations';
import { useNotifications } from '../notification-queries';

export default function NotificationsPage() {
  const { notifications, unreadCount, isLoading, error, retry } = useNotifications();
  const { markRead, markAllRead, remove, removeAll } = useNotificationActions();
  const navigate = useNavigate();
  const now = useNow();
  const [confirmRemoveAll, setConfirmRemoveAll] = useState(false);

  const open = (n: AppNotification) => {
    if (!n.read) markRead.mutate(n.id);
    const link = notificationLink(n);
    if (link) navigate(link);
  };

  const actions =
    notifications.length > 0 ? (
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          onClick={() => markAllRead.mutate()}
          disabled={unreadCount === 0 || markAllRead.isPending}
        >
          すべて既読にする
        </Button>
        <Button variant="ghost" className="text-red-700" onClick={() => setConfirmRemoveAll(true)}>
          すべて削除
        </Button>
      </div>
    ) : null;

  let body;
  if (error && notifications.length === 0) {
    body = <ErrorState message="通知を読み込めませんでした" onRetry={retry} />;
  } else if (isLoading) {
    body = <Spinner label="通知を読み込み中…" />;
  } else if (notifications.length === 0) {
    body = (
      <EmptyState title="通知はありません">
        参加リクエストの承認などがあると、ここにお知らせが届きます。
      </EmptyState>
    );
  } else {
    body = (
      <>
        <p className="mb-3 text-sm text-slate-600" aria-live="polite">
          {unreadCount > 0 ? `未読 ${unreadCount}件` : 'すべて既読です'}
        </p>
        <ul className="divide-y divide-slate-200 overflow-hidden rounded-lg border border-slate-200 bg-white">
          {notifications.map((n) => (
            <NotificationItem
              key={n.id}
              notification={n}
              now={now}
              onOpen={() => open(n)}
              removing={remove.isPending && remove.variables === n.id}
              onRemove={() => remove.mutate(n.id)}
            />
          ))}
        </ul>
      </>
    );
  }

  return (
    <Page title="通知" actions={actions}>
      {body}
      <ConfirmDialog
        open={confirmRemoveAll}
        title="すべての通知を削除しますか？"
        confirmLabel="削除する"
        danger
        busy={removeAll.isPending}
        onCancel={() => setConfirmRemoveAll(false)}
        onConfirm={() => {
          removeAll.mutate(undefined, { onSettled: () => setConfirmRemoveAll(false) });
        }}
      >
        削除した通知は元に戻せません。
      </ConfirmDialog>
    </Page>
  );
}

function NotificationItem({
  notification: n,
  now,
  onOpen,
  removing,
  onRemove,
}: {
  notification: AppNotification;
  now: Date;
  onOpen: () => void;
  removing: boolean;
  onRemove: () => void;
}) {
  const detailsId = useId();
  const { title, body } = notificationText(n);
  // The row opens the notification (the title button stretches over it); the name is the title
  // alone, as shown, and the content and time describe it.
  return (
    <li
      className={`relative flex items-start gap-2 hover:bg-slate-50 ${n.read ? '' : 'bg-brand-50'}`}
    >
      <div className="flex min-w-0 flex-1 items-start gap-3 px-4 py-3">
        <span
          aria-hidden="true"
          className={`mt-1.5 h-2.5 w-2.5 shrink-0 rounded-full ${n.read ? 'bg-transparent' : 'bg-brand-600'}`}
        />
        <div className="min-w-0 flex-1">
          <button
            type="button"
            onClick={onOpen}
            // The visible title, prefixed for an unread one (a hidden span would read as a
            // separate word).
            aria-label={n.read ? undefined : `未読：${title}`}
            aria-describedby={detailsId}
            className={`block text-left text-sm after:absolute after:inset-0 focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:-outline-offset-2 focus-visible:after:outline-brand-600 ${n.read ? 'font-medium text-slate-700' : 'font-bold text-slate-900'}`}
          >
            {title}
          </button>
          <span id={detailsId} className="block">
            {body ? (
              <span className="mt-0.5 block text-sm break-words text-slate-600">{body}</span>
            ) : null}
            <time
              dateTime={n.timestamp.toISOString()}
              className="mt-1 block text-xs text-slate-500"
            >
              {formatRelative(n.timestamp, now)}
            </time>
          </span>
        </div>
      </div>
      <button
        type="button"
        onClick={onRemove}
        disabled={removing}
        aria-label={`「${title}」を削除`}
        className="relative m-2 shrink-0 rounded-md px-2 py-1.5 text-xs font-medium text-slate-600 hover:bg-slate-100 hover:text-red-700 disabled:cursor-not-allowed disabled:text-slate-400"
      >
        削除
      </button>
    </li>
  );
}
