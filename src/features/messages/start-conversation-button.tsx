import { Link, useLocation } from 'react-router-dom';
import { Button, buttonClass } from '@/components/ui/button';
import { errorMessage, isDomainError } from '@/domain/errors';
import { useCurrentUser } from '@/features/auth/public';
import { useStartConversation } from './message-mutations';

/**
 * Opens (or starts) my conversation with `otherUid` and goes to it: 「メッセージを送る」 on a
 * profile, 「主催者に問い合わせる」 on an event. A visitor gets a sign-in link that comes back
 * here; on my own profile or event it shows nothing. A refusal (unverified address, suspended
 * account) is shown under the button, with the way out where there is one.
 */
export function StartConversationButton({
  otherUid,
  label,
  className = '',
}: {
  otherUid: string;
  label: string;
  className?: string;
}) {
  const user = useCurrentUser();
  const location = useLocation();
  const start = useStartConversation(otherUid);

  if (!otherUid || user?.uid === otherUid) return null;
  if (!user) {
    const returnUrl = `${location.pathname}${location.search}`;
    return (
      <Link
        to={`/login?returnUrl=${encodeURIComponent(returnUrl)}`}
        className={buttonClass('secondary', `w-full ${className}`)}
      >
        ログインして{label}
      </Link>
    );
  }
  return (
    <div className={className}>
      <Button
        variant="secondary"
        className="w-full"
        busy={start.isPending}
        busyLabel="会話を開いています…"
        onClick={() => start.mutate()}
      >
        {label}
      </Button>
      {start.error ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {errorMessage(start.error, '会話を開けませんでした。もう一度お試しください')}
          {isDomainError(start.error, 'emailNotVerified') ? (
            <>
              {' '}
              <Link to="/verify-email" className="font-semibold underline">
                確認メールを送る
              </Link>
            </>
          ) : null}
        </p>
      ) : null}
    </div>
  );
}
