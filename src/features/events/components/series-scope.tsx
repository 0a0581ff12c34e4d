export type SeriesScopeValue = 'this' | 'following';

/**
 * 「この日のみ」 or 「この日以降すべて」 for a change of a series date (docs/series.md "Changing
 * and ending"): the edit page's and the minimum headcount's, each saying what the later dates
 * take (`followingHint`).
 */
export function SeriesScope({
  scope,
  onChange,
  disabled,
  followingHint,
  name = 'series-scope',
  className = '',
}: {
  scope: SeriesScopeValue;
  onChange: (scope: SeriesScopeValue) => void;
  disabled: boolean;
  followingHint: string;
  /** The radio group's name (a page holding two sets names them apart). */
  name?: string;
  className?: string;
}) {
  const scopes = [
    { value: 'this', label: 'この日のみ', hint: 'この日の予定だけを変更します' },
    { value: 'following', label: 'この日以降すべて', hint: followingHint },
  ] as const;
  return (
    <fieldset className={`rounded-md border border-brand-200 bg-brand-50 p-3 ${className}`}>
      <legend className="px-1 text-sm font-semibold text-slate-800">変更する日程</legend>
      <div className="space-y-2">
        {scopes.map((s) => (
          <label key={s.value} className="flex items-start gap-2 text-sm text-slate-800">
            <input
              type="radio"
              name={name}
              value={s.value}
              checked={scope === s.value}
              onChange={() => onChange(s.value)}
              disabled={disabled}
              className="mt-1"
            />
            <span>
              <span className="font-semibold">{s.label}</span>
              <span className="block text-xs text-slate-600">{s.hint}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
