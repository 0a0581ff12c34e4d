import type { ReactNode } from 'react';

/** One labelled value of a detail page's list (inside a <dl>). */
export function DetailRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[6.5rem_1fr] gap-3 border-b border-slate-100 py-3 last:border-b-0 sm:grid-cols-[8rem_1fr]">
      <dt className="text-sm font-semibold text-slate-600">{label}</dt>
      <dd className="text-sm break-words text-slate-900">{children}</dd>
    </div>
  );
}

/** A white card of a detail page, with an optional heading it is labelled by. */
export function DetailCard({
  title,
  children,
  labelledBy,
}: {
  title?: string;
  children: ReactNode;
  labelledBy?: string;
}) {
  return (
    <section
      aria-labelledby={labelledBy}
      className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      {title ? (
        <h2 id={labelledBy} className="mb-3 text-lg font-bold text-slate-900">
          {title}
        </h2>
      ) : null}
      {children}
    </section>
  );
}
