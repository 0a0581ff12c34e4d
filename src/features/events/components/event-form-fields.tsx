import { useId, type ReactNode } from 'react';
import type { FieldPath, UseFormReturn } from 'react-hook-form';
import { LEVELS, REGIONS, SPORT_TYPES } from '@/domain/entities/event';
import {
  EVENT_CAPACITY_MAX,
  EVENT_CAPACITY_MIN,
  EVENT_DESCRIPTION_MAX,
  EVENT_LOCATION_MAX,
  EVENT_TEAM_NAME_MAX,
  EVENT_TITLE_MAX,
  type EventFormInput,
  type EventFormValues,
} from '@/domain/event-form';

export type EventForm = UseFormReturn<EventFormInput, unknown, EventFormValues>;

/** The values of an empty form; fee 0 means free, capacity is left for the organizer to set. */
export const EMPTY_EVENT_FORM = {
  title: '',
  description: '',
  sportType: '',
  location: '',
  region: '',
  level: '誰でも',
  teamId: '',
  teamName: '',
  date: '',
  startTime: '',
  endTime: '',
  fee: '0',
  capacity: '',
  imageURL: '',
  imagePath: '',
} as unknown as EventFormInput;

const inputClass =
  'block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 aria-[invalid=true]:border-red-500 disabled:bg-slate-100 sm:text-sm';

function Field({
  form,
  name,
  label,
  required = false,
  hint,
  children,
}: {
  form: EventForm;
  name: FieldPath<EventFormInput>;
  label: string;
  required?: boolean;
  hint?: string;
  children: (props: {
    id: string;
    'aria-invalid': boolean;
    'aria-describedby': string | undefined;
    className: string;
  }) => ReactNode;
}) {
  const id = useId();
  const error = form.formState.errors[name]?.message;
  const describedBy =
    [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-semibold text-slate-800">
        {label}
        {required ? <span className="ml-1 text-xs font-semibold text-red-600">必須</span> : null}
      </label>
      {children({
        id,
        'aria-invalid': Boolean(error),
        'aria-describedby': describedBy,
        className: inputClass,
      })}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {String(error)}
        </p>
      ) : null}
    </div>
  );
}

/** The event fields shared by the create and edit screens (the image is handled by the caller). */
export function EventFormFields({
  form,
  disabled = false,
  capacityHint,
}: {
  form: EventForm;
  disabled?: boolean;
  capacityHint?: string;
}) {
  const { register } = form;
  return (
    <fieldset disabled={disabled} className="space-y-5">
      <Field form={form} name="title" label="タイトル" required>
        {(p) => (
          <input
            {...p}
            type="text"
            maxLength={EVENT_TITLE_MAX}
            placeholder="例：週末フットサル（初心者歓迎）"
            {...register('title')}
          />
        )}
      </Field>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field form={form} name="sportType" label="種目" required>
          {(p) => (
            <select {...p} {...register('sportType')}>
              <option value="">選択してください</option>
              {SPORT_TYPES.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field form={form} name="level" label="レベル" required>
          {(p) => (
            <select {...p} {...register('level')}>
              {LEVELS.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <div className="grid gap-5 sm:grid-cols-3">
        <Field form={form} name="date" label="開催日" required>
          {(p) => <input {...p} type="date" {...register('date')} />}
        </Field>
        <Field form={form} name="startTime" label="開始時刻" required>
          {(p) => <input {...p} type="time" {...register('startTime')} />}
        </Field>
        <Field form={form} name="endTime" label="終了時刻">
          {(p) => <input {...p} type="time" {...register('endTime')} />}
        </Field>
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field form={form} name="location" label="開催場所" required>
          {(p) => (
            <input
              {...p}
              type="text"
              maxLength={EVENT_LOCATION_MAX}
              placeholder="例：〇〇市民体育館"
              {...register('location')}
            />
          )}
        </Field>
        <Field form={form} name="region" label="地域">
          {(p) => (
            <select {...p} {...register('region')}>
              <option value="">指定なし</option>
              {REGIONS.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field
          form={form}
          name="fee"
          label="参加費（円）"
          required
          hint="無料の場合は0と入力してください"
        >
          {(p) => (
            <input {...p} type="number" inputMode="numeric" min={0} step={1} {...register('fee')} />
          )}
        </Field>
        <Field
          form={form}
          name="capacity"
          label="定員（人）"
          required
          hint={capacityHint ?? `${EVENT_CAPACITY_MIN}〜${EVENT_CAPACITY_MAX}人`}
        >
          {(p) => (
            <input
              {...p}
              type="number"
              inputMode="numeric"
              min={EVENT_CAPACITY_MIN}
              max={EVENT_CAPACITY_MAX}
              step={1}
              {...register('capacity')}
            />
          )}
        </Field>
      </div>
      <Field
        form={form}
        name="teamName"
        label="チーム名"
        hint="チームとして主催する場合に入力してください"
      >
        {(p) => (
          <input {...p} type="text" maxLength={EVENT_TEAM_NAME_MAX} {...register('teamName')} />
        )}
      </Field>
      <Field form={form} name="description" label="説明" hint={`${EVENT_DESCRIPTION_MAX}文字以内`}>
        {(p) => (
          <textarea
            {...p}
            rows={6}
            maxLength={EVENT_DESCRIPTION_MAX}
            placeholder="内容、持ち物、集合場所などを書いてください"
            {...register('description')}
          />
        )}
      </Field>
    </fieldset>
  );
}
