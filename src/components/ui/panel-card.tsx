import { useId, type ReactNode } from 'react';

/** A white card with a heading; `badge` sits on the heading's line (a status, a count, tabs). */
export function PanelCard({
  title,
  children,
  badge,
}: {
  title: string;
  children: ReactNode;
  badge?: ReactNode;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="min-w-0 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-lg font-bold text-slate-900">
          {title}
        </h2>
        {badge}
      </div>
      {children}
    </section>
  );
}
