import { useId, useRef, type ReactNode } from 'react';

export interface TabItem<K extends string> {
  key: K;
  label: string;
  badge?: number;
}

/**
 * ARIA tabs: one tab stop, arrow keys and Home/End move between tabs (and select them), the
 * panel follows. The selection lives with the caller (the URL on /admin).
 */
export function StaffTabs<K extends string>({
  label,
  tabs,
  selected,
  onSelect,
  children,
}: {
  label: string;
  tabs: TabItem<K>[];
  selected: K;
  onSelect: (key: K) => void;
  children: ReactNode;
}) {
  const base = useId();
  const refs = useRef<Partial<Record<K, HTMLButtonElement | null>>>({});
  const move = (to: number) => {
    const tab = tabs[(to + tabs.length) % tabs.length]!;
    onSelect(tab.key);
    refs.current[tab.key]?.focus();
  };
  const index = tabs.findIndex((t) => t.key === selected);
  return (
    <div>
      <div
        role="tablist"
        aria-label={label}
        className="flex gap-1 overflow-x-auto border-b border-slate-200"
        onKeyDown={(e) => {
          const keys: Record<string, number> = {
            ArrowRight: index + 1,
            ArrowLeft: index - 1,
            Home: 0,
            End: tabs.length - 1,
          };
          if (e.key in keys) {
            e.preventDefault();
            move(keys[e.key]!);
          }
        }}
      >
        {tabs.map((t) => {
          const active = t.key === selected;
          return (
            <button
              key={t.key}
              ref={(el) => {
                refs.current[t.key] = el;
              }}
              type="button"
              role="tab"
              id={`${base}-tab-${t.key}`}
              aria-selected={active}
              aria-controls={`${base}-panel`}
              tabIndex={active ? 0 : -1}
              onClick={() => onSelect(t.key)}
              className={`-mb-px flex shrink-0 items-center gap-2 border-b-2 px-4 py-2.5 text-sm font-semibold whitespace-nowrap focus-visible:outline-2 focus-visible:outline-brand-600 ${active ? 'border-brand-700 text-brand-800' : 'border-transparent text-slate-600 hover:text-slate-900'}`}
            >
              {t.label}
              {t.badge ? (
                <span className="rounded-full bg-red-600 px-1.5 text-xs text-white">
                  {t.badge}
                  <span className="sr-only">件</span>
                </span>
              ) : null}
            </button>
          );
        })}
      </div>
      <div
        role="tabpanel"
        id={`${base}-panel`}
        aria-labelledby={`${base}-tab-${selected}`}
        className="pt-5"
      >
        {children}
      </div>
    </div>
  );
}
