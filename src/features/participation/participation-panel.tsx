import { lazy, Suspense } from 'react';
import { PanelCard } from '@/components/ui/panel-card';
import { SignInToJoin } from '@/components/ui/sign-in-to-join';
import { StatusPill } from '@/components/ui/status-pill';
import { Spinner } from '@/components/ui/spinner';
import { EVENT_STATUS_LABELS, isOver, type SportEvent } from '@/domain/entities/event';
import { useSession } from '@/features/auth/public';

// A signed-in user's panels load only then: a visitor's event page does without their forms.
const OrganizerPanel = lazy(() =>
  import('./member-panel').then((m) => ({ default: m.OrganizerPanel })),
);
const VisitorPanel = lazy(() =>
  import('./member-panel').then((m) => ({ default: m.VisitorPanel })),
);

function LoadingPanel() {
  return (
    <PanelCard title="参加">
      <Spinner className="py-6" />
    </PanelCard>
  );
}

/**
 * What the event page offers for taking part, by who is looking: a sign-in link for visitors,
 * request / cancel / join / leave for signed-in users, and the request list for the organizer.
 * The backends apply the rules; this only decides which actions to offer.
 */
export function ParticipationPanel({ event }: { event: SportEvent }) {
  const { state } = useSession();
  const uid = state.status === 'signedIn' ? state.user.uid : null;
  // An event that is over offers nothing to anyone but its organizer's list.
  if (
    isOver(event, new Date()) &&
    event.organizerId !== uid &&
    !event.participants.includes(uid ?? '')
  ) {
    return <OverPanel event={event} />;
  }
  if (state.status === 'loading') return <LoadingPanel />;
  if (state.status === 'signedOut') {
    return (
      <SignInToJoin
        title="参加"
        reason={
          event.entryMethod === 'firstCome'
            ? '参加するにはログインが必要です。'
            : '参加をリクエストするにはログインが必要です。'
        }
        label={
          event.entryMethod === 'firstCome'
            ? 'ログインして参加する'
            : 'ログインして参加をリクエスト'
        }
        returnUrl={`/events/${event.id}`}
      />
    );
  }
  return (
    <Suspense fallback={<LoadingPanel />}>
      {event.organizerId === state.user.uid ? (
        <OrganizerPanel event={event} />
      ) : (
        <VisitorPanel event={event} uid={state.user.uid} />
      )}
    </Suspense>
  );
}

/** Cancelled, finished or past: said plainly, with no action and no seats counted. */
function OverPanel({ event }: { event: SportEvent }) {
  const cancelled = event.status === 'cancelled';
  return (
    <PanelCard
      title="参加"
      badge={
        <StatusPill tone="slate">
          {EVENT_STATUS_LABELS[cancelled ? 'cancelled' : 'finished']}
        </StatusPill>
      }
    >
      <p className="font-semibold text-slate-800">
        {cancelled ? 'このイベントは中止になりました' : 'このイベントは終了しました'}
      </p>
    </PanelCard>
  );
}
