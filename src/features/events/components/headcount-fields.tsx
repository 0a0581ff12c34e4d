import { controlClass, FormField } from '@/components/ui/form-field';
import {
  HEADCOUNT_DEADLINE_LABELS,
  HEADCOUNT_DEADLINES,
  HEADCOUNT_MAX,
  HEADCOUNT_MIN,
  HEADCOUNT_MODE_LABELS,
  HEADCOUNT_MODES,
  type HeadcountDeadline,
  type HeadcountMode,
} from '@/domain/headcount';

/** What the minimum headcount's fields hold (the minimum as typed). */
export interface HeadcountFieldsValue {
  min: string;
  deadline: HeadcountDeadline;
  /** 日時を指定's datetime-local value. */
  customAt: string;
  mode: HeadcountMode;
}

export const EMPTY_HEADCOUNT_FIELDS: HeadcountFieldsValue = {
  min: '',
  deadline: 'dayBefore18',
  customAt: '',
  mode: 'cancel',
};

/** The minimum as a number (NaN when left empty or not a number: the domain refuses it). */
export function headcountMinOf(value: HeadcountFieldsValue): number {
  return value.min.trim() === '' ? Number.NaN : Number(value.min);
}

/**
 * The minimum headcount's fields (docs/domain.md "Minimum headcount"): the minimum, when it is
 * decided and what too few means. The event page's setting and the series form's template
 * both use them; a series offers only the deadlines relative to each date (`deadlines`).
 */
export function HeadcountFields({
  name,
  value,
  onChange,
  deadlines = HEADCOUNT_DEADLINES,
  disabled,
  error,
  hint = 'この人数に届かないと開催しません',
}: {
  /** Names the radio groups (one form may hold one set). */
  name: string;
  value: HeadcountFieldsValue;
  onChange: (value: HeadcountFieldsValue) => void;
  deadlines?: readonly HeadcountDeadline[];
  disabled?: boolean;
  error?: string | null;
  hint?: string;
}) {
  const set = (patch: Partial<HeadcountFieldsValue>) => onChange({ ...value, ...patch });
  return (
    <div className="space-y-3">
      <FormField label="最少催行人数" error={error ?? undefined} hint={hint}>
        {(props) => (
          <div className="flex items-center gap-2">
            <input
              {...props}
              type="number"
              inputMode="numeric"
              min={HEADCOUNT_MIN}
              max={HEADCOUNT_MAX}
              value={value.min}
              onChange={(e) => set({ min: e.target.value })}
              className={`${props.className} w-24`}
              disabled={disabled}
            />
            <span className="text-sm text-slate-700">人</span>
          </div>
        )}
      </FormField>
      <fieldset>
        <legend className="mb-1 block text-sm font-semibold text-slate-800">判定日時</legend>
        <div className="space-y-1">
          {deadlines.map((d) => (
            <label key={d} className="flex items-center gap-2 text-sm text-slate-800">
              <input
                type="radio"
                name={`${name}-deadline`}
                value={d}
                checked={value.deadline === d}
                onChange={() => set({ deadline: d })}
                disabled={disabled}
              />
              {HEADCOUNT_DEADLINE_LABELS[d]}
            </label>
          ))}
        </div>
        {value.deadline === 'custom' ? (
          <input
            type="datetime-local"
            aria-label="判定日時を指定"
            value={value.customAt}
            onChange={(e) => set({ customAt: e.target.value })}
            className={`${controlClass} mt-2`}
            disabled={disabled}
          />
        ) : null}
      </fieldset>
      <fieldset>
        <legend className="mb-1 block text-sm font-semibold text-slate-800">
          人数が足りないとき
        </legend>
        <div className="space-y-1">
          {HEADCOUNT_MODES.map((m) => (
            <label key={m} className="flex items-center gap-2 text-sm text-slate-800">
              <input
                type="radio"
                name={`${name}-mode`}
                value={m}
                checked={value.mode === m}
                onChange={() => set({ mode: m })}
                disabled={disabled}
              />
              {HEADCOUNT_MODE_LABELS[m]}
            </label>
          ))}
        </div>
      </fieldset>
    </div>
  );
}
