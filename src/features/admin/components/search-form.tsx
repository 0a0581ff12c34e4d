import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { preventImeEnterSubmit } from '@/lib/ime';

/** A search box that applies on submit (Enter outside an IME conversion, or the button). */
export function SearchForm({
  label,
  hint,
  initial,
  onSearch,
}: {
  label: string;
  hint?: string;
  initial: string;
  onSearch: (text: string) => void;
}) {
  const id = useId();
  const hintId = useId();
  const [text, setText] = useState(initial);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(text.trim());
  };
  return (
    <form role="search" onSubmit={submit} onKeyDown={preventImeEnterSubmit} className="mb-4">
      <label htmlFor={id} className="block text-sm font-semibold text-slate-700">
        {label}
      </label>
      <div className="mt-1 flex gap-2">
        <input
          id={id}
          type="search"
          value={text}
          onChange={(e) => setText(e.target.value)}
          aria-describedby={hint ? hintId : undefined}
          className="min-h-10 min-w-0 flex-1 rounded-md border border-slate-300 px-3 text-sm focus:border-brand-600 focus:ring-1 focus:ring-brand-600 focus:outline-none"
        />
        <Button type="submit">検索</Button>
      </div>
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
    </form>
  );
}
