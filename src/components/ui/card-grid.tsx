/**
 * How many placeholder cards a list shows while it loads; a list that arrives shows as many at
 * once (useFirstItemsFirst), so the page keeps the height the skeleton gave it and the footer
 * below does not come into view and leave again.
 */
export const SKELETON_CARDS = 6;

/** The grid of cards on list screens: one column on a phone, two from sm, three from lg. */
export const CARD_GRID_CLASS = 'grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3';

function CardSkeleton() {
  return (
    <li
      aria-hidden="true"
      className="h-full overflow-hidden rounded-lg border border-slate-200 bg-white"
    >
      <div className="aspect-[16/9] animate-pulse bg-slate-100" />
      <div className="space-y-3 p-4">
        <div className="h-3 w-16 animate-pulse rounded bg-slate-100" />
        <div className="h-5 w-4/5 animate-pulse rounded bg-slate-100" />
        <div className="h-4 w-2/3 animate-pulse rounded bg-slate-100" />
        <div className="h-4 w-1/2 animate-pulse rounded bg-slate-100" />
        <div className="h-8 w-full animate-pulse rounded bg-slate-50" />
      </div>
    </li>
  );
}

/** Placeholder cards in the shape of the real ones, announced once as loading. */
export function CardGridSkeleton({
  count = SKELETON_CARDS,
  label,
}: {
  count?: number;
  label: string;
}) {
  return (
    <div role="status" aria-live="polite">
      <span className="sr-only">{label}</span>
      <ul className={CARD_GRID_CLASS}>
        {Array.from({ length: count }, (_, i) => (
          <CardSkeleton key={i} />
        ))}
      </ul>
    </div>
  );
}
