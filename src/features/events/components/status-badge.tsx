import {
  EVENT_STATUS_LABELS,
  isFull,
  type EventStatus,
  type SportEvent,
} from '@/domain/entities/event';

const STYLES: Record<EventStatus | 'full', string> = {
  open: 'bg-emerald-100 text-emerald-800 ring-emerald-600/20',
  closed: 'bg-amber-100 text-amber-900 ring-amber-600/20',
  cancelled: 'bg-red-100 text-red-800 ring-red-600/20',
  finished: 'bg-slate-200 text-slate-700 ring-slate-500/20',
  full: 'bg-rose-100 text-rose-800 ring-rose-600/20',
};

/** What the badge says: the status label, or 満員 for an open event with no spot left. */
export function statusBadgeKind(
  event: Pick<SportEvent, 'status' | 'capacity' | 'participants'>,
): EventStatus | 'full' {
  return event.status === 'open' && isFull(event) ? 'full' : event.status;
}

export function StatusBadge({
  event,
  className = '',
}: {
  event: Pick<SportEvent, 'status' | 'capacity' | 'participants'>;
  className?: string;
}) {
  const kind = statusBadgeKind(event);
  const label = kind === 'full' ? '満員' : EVENT_STATUS_LABELS[kind];
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${STYLES[kind]} ${className}`}
    >
      {label}
    </span>
  );
}
