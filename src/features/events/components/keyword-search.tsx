import { useEffect, useId, useState } from 'react';
import { isImeComposing } from '@/lib/ime';

export const KEYWORD_DEBOUNCE_MS = 250;

/**
 * A search box that commits its text after a pause in typing. While a Japanese conversion is in
 * progress nothing is committed (the half-converted kana would search for the wrong word); the
 * pause starts when the conversion is confirmed.
 */
export function KeywordSearch({
  value,
  onCommit,
}: {
  value: string;
  onCommit: (keyword: string) => void;
}) {
  const id = useId();
  const [text, setText] = useState(value);
  const [composing, setComposing] = useState(false);
  // The last value seen from outside and the last one this box committed: a change from
  // outside (back button, clearing the filters) replaces the text; the echo of our own commit
  // must not, or characters typed since would be lost.
  const [seen, setSeen] = useState(value);
  const [committed, setCommitted] = useState(value);
  if (value !== seen) {
    setSeen(value);
    if (value !== committed) {
      setText(value);
      setCommitted(value);
    }
  }

  const commit = (next: string) => {
    const trimmed = next.trim();
    setCommitted(trimmed);
    if (trimmed !== value) onCommit(trimmed);
  };

  useEffect(() => {
    if (composing || text.trim() === value) return;
    const timer = setTimeout(() => {
      const trimmed = text.trim();
      setCommitted(trimmed);
      onCommit(trimmed);
    }, KEYWORD_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, composing, value, onCommit]);

  return (
    <div className="relative">
      <label htmlFor={id} className="sr-only">
        キーワード検索
      </label>
      <svg
        aria-hidden="true"
        viewBox="0 0 20 20"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-400"
      >
        <circle cx="9" cy="9" r="5.5" />
        <path d="m13.5 13.5 3 3" strokeLinecap="round" />
      </svg>
      <input
        id={id}
        type="search"
        inputMode="search"
        enterKeyHint="search"
        placeholder="タイトル・場所で検索"
        autoComplete="off"
        value={text}
        onChange={(e) => setText(e.target.value)}
        onCompositionStart={() => setComposing(true)}
        onCompositionEnd={(e) => {
          setComposing(false);
          setText(e.currentTarget.value);
        }}
        onKeyDown={(e) => {
          if (e.key !== 'Enter') return;
          e.preventDefault();
          if (!isImeComposing(e)) commit(text);
        }}
        className="h-11 w-full rounded-md border border-slate-300 bg-white pr-3 pl-9 text-base shadow-sm placeholder:text-slate-400 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 sm:text-sm"
      />
    </div>
  );
}
