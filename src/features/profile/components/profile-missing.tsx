import { Button } from '@/components/ui/button';

/**
 * The signed-in user's profile document does not exist (yet): a sign-up that failed half-way is
 * completed by the session, after which a retry finds it.
 */
export function ProfileMissing({ onRetry }: { onRetry: () => void }) {
  return (
    <div
      role="status"
      className="rounded-lg border border-dashed border-slate-300 bg-white px-6 py-10 text-center"
    >
      <p className="font-semibold text-slate-700">プロフィールを準備しています</p>
      <p className="mt-2 text-sm text-slate-500">
        登録の途中で通信が途切れた可能性があります。しばらくしてから再読み込みしてください。
      </p>
      <Button variant="secondary" className="mt-4" onClick={onRetry}>
        再読み込み
      </Button>
    </div>
  );
}
