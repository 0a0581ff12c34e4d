import { useEffect, type ReactNode } from 'react';

const SITE = 'スポーツコミュニティ';

/** Sets the document title for the screen. */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = title ? `${title} | ${SITE}` : SITE;
  }, [title]);
}

/** A screen with its heading; every screen has exactly one h1. */
export function Page({
  title,
  children,
  actions,
  narrow = false,
}: {
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
  narrow?: boolean;
}) {
  useDocumentTitle(title);
  return (
    <div className={`mx-auto w-full px-4 py-6 sm:py-8 ${narrow ? 'max-w-lg' : 'max-w-5xl'}`}>
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
        {actions}
      </div>
      {children}
    </div>
  );
}

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="rounded-lg border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
      <p className="font-semibold text-slate-700">{title}</p>
      {children ? <div className="mt-2 text-sm text-slate-500">{children}</div> : null}
    </div>
  );
}

export function ErrorState({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <div
      role="alert"
      className="rounded-lg border border-red-200 bg-red-50 px-6 py-8 text-center text-red-800"
    >
      <p>{message}</p>
      {onRetry ? (
        <button
          type="button"
          onClick={onRetry}
          className="mt-3 rounded-md border border-red-300 bg-white px-3 py-1.5 text-sm font-semibold hover:bg-red-100"
        >
          再読み込み
        </button>
      ) : null}
    </div>
  );
}
