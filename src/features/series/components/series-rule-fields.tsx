import { controlClass } from '@/components/ui/form-field';
import type { SeriesRuleInput } from '@/domain/rules/series';
import {
  SERIES_COUNT_MAX,
  SERIES_FREQUENCIES,
  SERIES_FREQUENCY_LABELS,
  WEEKDAY_LABELS,
  seriesEndLabel,
  seriesRuleLabel,
} from '@/domain/series';

/** Monday first, as a Japanese week is shown. */
const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0];
const NTH_LABELS: [number, string][] = [
  [1, '第1'],
  [2, '第2'],
  [3, '第3'],
  [4, '第4'],
  [-1, '最終'],
];

export const EMPTY_SERIES_RULE: SeriesRuleInput = {
  frequency: 'weekly',
  weekdays: [],
  monthlyMode: 'nthWeekday',
  nth: 1,
  monthDay: 1,
  end: 'none',
  until: '',
  count: 10,
};

const choiceClass =
  'flex cursor-pointer items-center gap-2 rounded-md border border-slate-300 px-3 py-2 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50';

/**
 * The rule of a series beside the event form: 毎週 on one or more weekdays, 隔週, or 毎月 (第2土曜
 * or a day of the month), and its end. The event form's 開催日 is the first date; with no weekday
 * picked the rule takes that day's (`firstDate`).
 */
export function SeriesRuleFields({
  value,
  onChange,
  firstDate,
  error,
}: {
  value: SeriesRuleInput;
  onChange: (rule: SeriesRuleInput) => void;
  firstDate: string;
  error?: string | null;
}) {
  const set = (patch: Partial<SeriesRuleInput>) => onChange({ ...value, ...patch });
  const toggleDay = (day: number) =>
    set({
      weekdays: value.weekdays.includes(day)
        ? value.weekdays.filter((d) => d !== day)
        : [...value.weekdays, day],
    });
  const monthly = value.frequency === 'monthly';
  return (
    <fieldset
      className="space-y-4 rounded-lg border border-brand-200 bg-brand-50/40 p-4"
      data-testid="series-rule"
    >
      <legend className="px-1 text-sm font-bold text-slate-900">繰り返し（定期開催）</legend>
      <p className="text-xs text-slate-600">
        上の開催日が初回です。各回は参加者・キャンセル待ち・通知をそれぞれ持つイベントとして、8週間先まで自動で作成されます。
      </p>
      <div role="radiogroup" aria-label="頻度" className="grid grid-cols-3 gap-2">
        {SERIES_FREQUENCIES.map((f) => (
          <label key={f} className={choiceClass}>
            <input
              type="radio"
              name="series-frequency"
              checked={value.frequency === f}
              onChange={() => set({ frequency: f })}
            />
            {SERIES_FREQUENCY_LABELS[f]}
          </label>
        ))}
      </div>

      {monthly ? (
        <div className="space-y-2">
          <label className={choiceClass}>
            <input
              type="radio"
              name="series-monthly"
              checked={value.monthlyMode === 'nthWeekday'}
              onChange={() => set({ monthlyMode: 'nthWeekday' })}
            />
            <select
              aria-label="第何週"
              className={`${controlClass} w-auto`}
              value={value.nth}
              onChange={(e) => set({ monthlyMode: 'nthWeekday', nth: Number(e.target.value) })}
            >
              {NTH_LABELS.map(([n, label]) => (
                <option key={n} value={n}>
                  {label}
                </option>
              ))}
            </select>
            <select
              aria-label="曜日"
              className={`${controlClass} w-auto`}
              value={value.weekdays[0] ?? ''}
              onChange={(e) =>
                set({ monthlyMode: 'nthWeekday', weekdays: [Number(e.target.value)] })
              }
            >
              <option value="">開催日の曜日</option>
              {WEEK_ORDER.map((d) => (
                <option key={d} value={d}>
                  {WEEKDAY_LABELS[d]}曜
                </option>
              ))}
            </select>
          </label>
          <label className={choiceClass}>
            <input
              type="radio"
              name="series-monthly"
              checked={value.monthlyMode === 'monthDay'}
              onChange={() => set({ monthlyMode: 'monthDay' })}
            />
            毎月
            <select
              aria-label="日付"
              className={`${controlClass} w-auto`}
              value={value.monthDay}
              onChange={(e) => set({ monthlyMode: 'monthDay', monthDay: Number(e.target.value) })}
            >
              {Array.from({ length: 31 }, (_, i) => i + 1).map((d) => (
                <option key={d} value={d}>
                  {d}日
                </option>
              ))}
            </select>
          </label>
        </div>
      ) : (
        <fieldset>
          <legend className="text-sm font-medium text-slate-800">曜日</legend>
          <div className="mt-2 flex flex-wrap gap-2">
            {WEEK_ORDER.map((d) => (
              <label key={d} className={`${choiceClass} px-3`}>
                <input
                  type="checkbox"
                  checked={value.weekdays.includes(d)}
                  onChange={() => toggleDay(d)}
                />
                {WEEKDAY_LABELS[d]}
              </label>
            ))}
          </div>
          <p className="mt-1 text-xs text-slate-600">選ばなければ開催日の曜日になります</p>
        </fieldset>
      )}

      <fieldset>
        <legend className="text-sm font-medium text-slate-800">終了</legend>
        <div className="mt-2 grid gap-2">
          <label className={choiceClass}>
            <input
              type="radio"
              name="series-end"
              checked={value.end === 'none'}
              onChange={() => set({ end: 'none' })}
            />
            終了日なし
          </label>
          <label className={choiceClass}>
            <input
              type="radio"
              name="series-end"
              checked={value.end === 'until'}
              onChange={() => set({ end: 'until' })}
            />
            <input
              type="date"
              aria-label="最終日"
              className={`${controlClass} w-auto`}
              min={firstDate || undefined}
              value={value.until}
              onFocus={() => value.end !== 'until' && set({ end: 'until' })}
              onChange={(e) => set({ end: 'until', until: e.target.value })}
            />
            <span className="shrink-0">まで</span>
          </label>
          <label className={choiceClass}>
            <input
              type="radio"
              name="series-end"
              checked={value.end === 'count'}
              onChange={() => set({ end: 'count' })}
            />
            全
            <input
              type="number"
              aria-label="回数"
              inputMode="numeric"
              min={1}
              max={SERIES_COUNT_MAX}
              className={`${controlClass} w-20`}
              value={value.count}
              onFocus={() => value.end !== 'count' && set({ end: 'count' })}
              onChange={(e) => set({ end: 'count', count: Number(e.target.value) })}
            />
            回
          </label>
        </div>
      </fieldset>
      <p className="text-sm text-slate-800" data-testid="series-rule-summary">
        {firstDate
          ? `${seriesRuleLabel({ ...value, firstDate })}・${seriesEndLabel(value)}`
          : '開催日を選ぶと繰り返しが決まります'}
      </p>
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** The rule as submitted: the first date's weekday when none was picked. */
export function completeRule(rule: SeriesRuleInput, firstWeekday: number): SeriesRuleInput {
  return rule.weekdays.length > 0 ? rule : { ...rule, weekdays: [firstWeekday] };
}
