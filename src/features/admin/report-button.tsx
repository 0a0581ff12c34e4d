import { lazy, Suspense, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { REPORT_TARGET_LABELS, type ReportTarget } from '@/domain/entities/report';
import { useCurrentUser } from '@/features/auth/public';

// The form loads when it is first opened: the pages showing the button do without it.
const loadDialog = () => import('./report-dialog');
const ReportDialog = lazy(loadDialog);

function FlagIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="currentColor">
      <path d="M4 2.75a.75.75 0 0 0-1.5 0v14.5a.75.75 0 0 0 1.5 0v-4.4c1.6-.8 3.1-.6 4.7.1 1.9.8 3.9 1 6-.1a.75.75 0 0 0 .4-.66V4.1a.75.75 0 0 0-1.08-.67c-1.7.85-3.2.7-4.8 0C7.5 2.7 5.8 2.4 4 3.1Z" />
    </svg>
  );
}

/**
 * 通報: a button for any screen showing reportable content (an event, a team, a profile, a
 * message). It opens a form with a reason and optional detail and ends with a confirmation.
 * A visitor is sent to the login (and back); one's own content shows no button.
 */
export function ReportButton({
  target,
  ownerId,
  compact = false,
  describedBy,
  className = '',
}: {
  target: ReportTarget;
  /** Whose content it is; that person sees no button. */
  ownerId: string;
  /**
   * A small 「通報」 for content repeated in a list (a chat's messages); its accessible name
   * stays 「…を通報」 and `describedBy` points at the content it reports.
   */
  compact?: boolean;
  describedBy?: string;
  className?: string;
}) {
  const user = useCurrentUser();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const noun = REPORT_TARGET_LABELS[target.type];
  const buttonStyle = compact
    ? `inline-flex min-h-6 min-w-6 items-center gap-1 rounded px-1.5 text-xs text-slate-500 hover:bg-slate-100 hover:text-red-700 ${className}`
    : `inline-flex min-h-10 items-center gap-1.5 rounded-md px-3 text-sm font-medium text-slate-600 hover:bg-slate-100 hover:text-red-700 ${className}`;
  const content = (
    <>
      <FlagIcon />
      {compact ? '通報' : `${noun}を通報`}
    </>
  );
  const a11y = {
    'aria-label': compact ? `${noun}を通報` : undefined,
    'aria-describedby': describedBy,
  };
  if (user && user.uid === ownerId) return null;
  if (!user) {
    const returnUrl = `${location.pathname}${location.search}`;
    return (
      <Link
        to={`/login?returnUrl=${encodeURIComponent(returnUrl)}`}
        className={buttonStyle}
        {...a11y}
      >
        {content}
      </Link>
    );
  }
  return (
    <>
      <button
        type="button"
        className={buttonStyle}
        onClick={() => setOpen(true)}
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        {...a11y}
      >
        {content}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <ReportDialog target={target} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
