import { lazy, Suspense } from 'react';
import { JoinedSection, PendingRequestsSection } from './components/my-plans';

// Loaded once the signed-in home renders it (docs/follows.md).
const FollowedEvents = lazy(() =>
  import('@/features/follows/public').then((m) => m.loadFollowedEvents()),
);

/** The top of the home page for a signed-in user: what is ahead for them, before the rest. */
export default function MyHome({ uid }: { uid: string }) {
  return (
    <section aria-labelledby="my-home-heading" className="mx-auto max-w-5xl px-4 pt-6 sm:pt-8">
      <h2 id="my-home-heading" className="mb-4 text-xl font-bold text-slate-900">
        あなたの予定
      </h2>
      <div className="grid gap-4 md:grid-cols-2">
        <JoinedSection uid={uid} />
        <PendingRequestsSection uid={uid} />
      </div>
      <Suspense fallback={null}>
        <FollowedEvents uid={uid} />
      </Suspense>
    </section>
  );
}
