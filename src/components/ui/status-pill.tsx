import type { ReactNode } from 'react';

/** A small rounded label: a status, a count, a participation label. */
export function StatusPill({
  tone,
  children,
}: {
  tone: 'brand' | 'amber' | 'slate' | 'red' | 'green';
  children: ReactNode;
}) {
  const tones = {
    brand: 'bg-brand-50 text-brand-800 ring-brand-200',
    amber: 'bg-amber-50 text-amber-900 ring-amber-200',
    slate: 'bg-slate-100 text-slate-700 ring-slate-200',
    red: 'bg-red-50 text-red-800 ring-red-200',
    green: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  } as const;
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${tones[tone]}`}
    >
      {children}
    </span>
  );
}
