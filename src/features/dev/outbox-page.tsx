import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { EmptyState, ErrorState, Page } from '@/components/ui/page';
import { Spinner } from '@/components/ui/spinner';
import { formatLongDate, formatTime } from '@/domain/format';
import { useBackend } from '@/lib/backend-context';
import { toast } from '@/lib/toast-store';

/** Local backend only: the mail the app "sent", with working links (verification, reset…). */
export default function OutboxPage() {
  const backend = useBackend();
  const queryClient = useQueryClient();
  const dev = backend.dev;
  const [resetting, setResetting] = useState(false);
  const outbox = useQuery({
    queryKey: ['dev', 'outbox'],
    queryFn: () => dev!.outbox(),
    enabled: !!dev,
    staleTime: 0,
    refetchOnMount: 'always',
  });

  if (!dev) return null;

  const reset = async () => {
    if (
      !window.confirm(
        'デモデータを初期状態に戻します。このブラウザで作成したデータはすべて削除されます。よろしいですか？',
      )
    )
      return;
    setResetting(true);
    try {
      await dev.resetDemoData();
      queryClient.clear();
      toast({ title: 'デモデータを初期状態に戻しました', variant: 'success' });
      window.location.assign('/');
    } finally {
      setResetting(false);
    }
  };

  return (
    <Page
      title="送信メール（デモ環境）"
      actions={
        <div className="flex gap-2">
          <Button variant="secondary" onClick={() => void outbox.refetch()}>
            更新
          </Button>
          <Button
            variant="danger"
            busy={resetting}
            busyLabel="初期化中…"
            onClick={() => void reset()}
          >
            デモデータを初期化
          </Button>
        </div>
      }
    >
      <p className="mb-4 text-sm text-slate-600">
        ローカルのデモ環境では、確認メールやパスワード再設定メールは実際には送信されず、ここに届きます。
      </p>
      {outbox.isPending ? (
        <Spinner />
      ) : outbox.isError ? (
        <ErrorState message="メールを読み込めませんでした" onRetry={() => void outbox.refetch()} />
      ) : outbox.data.length === 0 ? (
        <EmptyState title="まだメールはありません" />
      ) : (
        <ul className="space-y-4">
          {outbox.data.map((mail) => (
            <li key={mail.id} className="rounded-lg border border-slate-200 bg-white p-4">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h2 className="font-semibold">{mail.subject}</h2>
                <time className="text-xs text-slate-500" dateTime={mail.sentAt.toISOString()}>
                  {formatLongDate(mail.sentAt)} {formatTime(mail.sentAt)}
                </time>
              </div>
              <p className="mt-1 text-sm text-slate-600">宛先: {mail.to}</p>
              <pre className="mt-3 font-sans text-sm whitespace-pre-wrap text-slate-800">
                {mail.body}
              </pre>
              {mail.links.length > 0 ? (
                <ul className="mt-3 space-y-1">
                  {mail.links.map((link) => (
                    <li key={link}>
                      <a href={link} className="text-sm break-all text-brand-700 underline">
                        {link}
                      </a>
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </Page>
  );
}
