import { useCallback, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { EmptyState, Page } from '@/components/ui/page';
import type { Conversation, Message } from '@/domain/entities/conversation';
import { formatSlashDate, formatTime } from '@/domain/format';
import { useBackend } from '@/lib/backend-context';
import { BackToAdmin, StaffGate, type Staff } from '../components/staff-gate';
import { useListener, type ListenerState, type Subscribe } from '../use-listener';

const STATUS_LABELS: Record<ListenerState<unknown>['status'], string> = {
  stopped: '停止中',
  connecting: '接続中',
  live: '受信中',
  error: 'エラー',
};

const STATUS_STYLE: Record<ListenerState<unknown>['status'], string> = {
  stopped: 'bg-slate-200 text-slate-700',
  connecting: 'bg-amber-100 text-amber-900',
  live: 'bg-emerald-100 text-emerald-800',
  error: 'bg-red-100 text-red-800',
};

function at(d: Date | null): string {
  return d
    ? `${formatSlashDate(d)} ${formatTime(d)}:${String(d.getSeconds()).padStart(2, '0')}`
    : '—';
}

/** The documents as the port delivered them, dates as ISO strings. */
function raw(value: unknown): string {
  return JSON.stringify(value, null, 2);
}

function ListenerPanel<T>({
  title,
  listener,
  children,
}: {
  title: string;
  listener: ReturnType<typeof useListener<T>>;
  children?: ReactNode;
}) {
  const { state } = listener;
  return (
    <section
      aria-label={title}
      className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-bold text-slate-900">{title}</h2>
        <div className="flex gap-2">
          <Button variant="secondary" onClick={listener.restart}>
            再接続
          </Button>
          <Button variant="ghost" onClick={listener.stop} disabled={state.status === 'stopped'}>
            停止
          </Button>
        </div>
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-xs text-slate-500">状態</dt>
          <dd>
            <span
              className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_STYLE[state.status]}`}
            >
              {STATUS_LABELS[state.status]}
            </span>
          </dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">受信回数</dt>
          <dd className="tabular-nums">{state.updates}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">最終受信</dt>
          <dd className="tabular-nums">{at(state.lastUpdateAt)}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">最後のエラー</dt>
          <dd className="break-words">
            {state.lastError
              ? `${state.lastError.code ? `[${state.lastError.code}] ` : ''}${state.lastError.message}（${at(state.lastError.at)}）`
              : 'なし'}
          </dd>
        </div>
      </dl>
      {children}
    </section>
  );
}

function RawBlock({ label, value }: { label: string; value: unknown }) {
  return (
    <details className="mt-3" open>
      <summary className="cursor-pointer text-sm font-semibold text-slate-700">{label}</summary>
      <pre className="mt-2 max-h-96 overflow-auto rounded-md bg-slate-900 p-3 text-xs text-slate-100">
        {raw(value)}
      </pre>
    </details>
  );
}

function MessagesListener({ conversation }: { conversation: Conversation }) {
  const backend = useBackend();
  const subscribe = useCallback<Subscribe<Message[]>>(
    (next, fail) => backend.conversations.subscribeMessages(conversation.id, next, fail),
    [backend, conversation.id],
  );
  const listener = useListener(subscribe);
  const messages = listener.state.value;
  return (
    <ListenerPanel title="メッセージのリスナー" listener={listener}>
      <RawBlock label="会話ドキュメント" value={conversation} />
      <RawBlock
        label={`メッセージ（${messages ? `${messages.length}件` : '未受信'}）`}
        value={messages ?? []}
      />
    </ListenerPanel>
  );
}

function DebugArea({ staff }: { staff: Staff }) {
  const backend = useBackend();
  const [params, setParams] = useSearchParams();
  const uid = staff.user.uid;
  const subscribe = useCallback<Subscribe<Conversation[]>>(
    (next, fail) => backend.conversations.subscribe(uid, next, fail),
    [backend, uid],
  );
  const listener = useListener(subscribe);
  const conversations = listener.state.value ?? [];
  const chosenId = params.get('c') ?? '';
  // Only a conversation of my own list can be opened here, whatever the URL says.
  const chosen = conversations.find((c) => c.id === chosenId) ?? null;

  return (
    <Page title="チャットのデバッグ">
      <p className="mb-4 text-sm text-slate-600">
        あなた自身のメッセージ機能のリスナーの状態を確認する画面です。他の利用者の会話は表示できません。
      </p>
      <div className="space-y-6">
        <ListenerPanel title="会話一覧のリスナー" listener={listener}>
          {conversations.length === 0 ? (
            <div className="mt-3">
              <EmptyState title="直近90日の会話はありません" />
            </div>
          ) : (
            <ul className="mt-3 divide-y divide-slate-100 rounded-md border border-slate-200">
              {conversations.map((c) => {
                const other = c.participants.find((p) => p !== uid) ?? '';
                return (
                  <li key={c.id}>
                    <button
                      type="button"
                      aria-pressed={c.id === chosen?.id}
                      onClick={() => setParams({ c: c.id }, { replace: true })}
                      className={`flex w-full flex-wrap items-center justify-between gap-2 px-3 py-2 text-left text-sm hover:bg-slate-50 ${c.id === chosen?.id ? 'bg-brand-50' : ''}`}
                    >
                      <span className="font-mono text-xs break-all text-slate-700">{c.id}</span>
                      <span className="text-xs text-slate-500">
                        相手 {other}・最終 {at(c.lastMessageTime)}・未読 {c.unreadCount[uid] ?? 0}
                      </span>
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
        </ListenerPanel>
        {chosen ? (
          <MessagesListener key={chosen.id} conversation={chosen} />
        ) : chosenId && listener.state.status === 'live' ? (
          <p role="alert" className="text-sm text-red-700">
            指定された会話はあなたの会話一覧にありません。
          </p>
        ) : (
          <p className="text-sm text-slate-600">
            会話を選ぶと、そのメッセージのリスナーと生データを表示します。
          </p>
        )}
      </div>
      <BackToAdmin />
    </Page>
  );
}

export default function DebugChatPage() {
  return <StaffGate title="チャットのデバッグ">{(staff) => <DebugArea staff={staff} />}</StaffGate>;
}
