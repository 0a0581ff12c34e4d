import type { ReactNode } from 'react';

/** The list of everything entered, on a creation flow's confirmation step. */
export function ConfirmList({ children }: { children: ReactNode }) {
  return (
    <dl className="rounded-lg border border-slate-200 bg-white px-4 shadow-sm sm:px-6">
      {children}
    </dl>
  );
}

export function ConfirmRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 border-b border-slate-100 py-3 last:border-b-0 sm:grid-cols-[9rem_1fr] sm:gap-3">
      <dt className="text-sm font-semibold text-slate-600">{label}</dt>
      <dd className="text-sm break-words whitespace-pre-wrap text-slate-900">{children}</dd>
    </div>
  );
}

/** The picked picture as it will be shown, or なし. */
export function ConfirmImage({ previewURL, alt }: { previewURL: string | null; alt: string }) {
  return previewURL ? (
    <span className="relative block aspect-[16/9] w-full max-w-md overflow-hidden rounded-md border border-slate-200 bg-slate-100">
      <img src={previewURL} alt={alt} className="absolute inset-0 h-full w-full object-cover" />
    </span>
  ) : (
    <>なし</>
  );
}
