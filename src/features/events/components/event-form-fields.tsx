import { useWatch, type UseFormReturn } from 'react-hook-form';
import { FormField, Options } from '@/components/ui/form-field';
import {
  ENTRY_METHOD_LABELS,
  ENTRY_METHODS,
  LEVELS,
  REGIONS,
  SPORT_TYPES,
  type EntryMethod,
} from '@/domain/entities/event';

const ENTRY_METHOD_HINTS: Record<EntryMethod, string> = {
  approval: '参加リクエストを主催者が承認します',
  firstCome: '空きがあればすぐに参加できます',
};
import { TeamChoice } from './team-choice';
import {
  EVENT_CAPACITY_MAX,
  EVENT_CAPACITY_MIN,
  EVENT_DESCRIPTION_MAX,
  EVENT_LOCATION_MAX,
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
  entryMethod: 'approval',
  imageURL: '',
  imagePath: '',
} as unknown as EventFormInput;

/** The event fields shared by the create and edit screens (the image is handled by the caller). */
export function EventFormFields({
  form,
  disabled = false,
  capacityHint,
  minDate,
  team = true,
}: {
  form: EventForm;
  disabled?: boolean;
  capacityHint?: string;
  /** The earliest day the date picker offers (yyyy-MM-dd); the form refuses a past start itself. */
  minDate?: string;
  /** Whether the team choice is offered (a series holds no team yet). */
  team?: boolean;
}) {
  const { register } = form;
  // Text beyond a limit stays as typed: the counter turns red and the form refuses it.
  const [title, location, description] = useWatch({
    control: form.control,
    name: ['title', 'location', 'description'],
  });
  return (
    <fieldset disabled={disabled} className="space-y-5">
      <FormField
        form={form}
        name="title"
        label="タイトル"
        required
        count={title.length}
        max={EVENT_TITLE_MAX}
      >
        {(p) => (
          <input
            {...p}
            type="text"
            placeholder="例：週末フットサル（初心者歓迎）"
            {...register('title')}
          />
        )}
      </FormField>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField form={form} name="sportType" label="種目" required>
          {(p) => (
            <select {...p} {...register('sportType')}>
              <Options values={SPORT_TYPES} empty="選択してください" />
            </select>
          )}
        </FormField>
        <FormField form={form} name="level" label="レベル" required>
          {(p) => (
            <select {...p} {...register('level')}>
              <Options values={LEVELS} />
            </select>
          )}
        </FormField>
      </div>
      <div className="grid gap-5 sm:grid-cols-3">
        <FormField form={form} name="date" label="開催日" required>
          {(p) => <input {...p} type="date" min={minDate} {...register('date')} />}
        </FormField>
        <FormField form={form} name="startTime" label="開始時刻" required>
          {(p) => <input {...p} type="time" {...register('startTime')} />}
        </FormField>
        <FormField form={form} name="endTime" label="終了時刻">
          {(p) => <input {...p} type="time" {...register('endTime')} />}
        </FormField>
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField
          form={form}
          name="location"
          label="開催場所"
          required
          count={location.length}
          max={EVENT_LOCATION_MAX}
        >
          {(p) => (
            <input {...p} type="text" placeholder="例：〇〇市民体育館" {...register('location')} />
          )}
        </FormField>
        <FormField form={form} name="region" label="地域">
          {(p) => (
            <select {...p} {...register('region')}>
              <Options values={REGIONS} empty="指定なし" />
            </select>
          )}
        </FormField>
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField
          form={form}
          name="fee"
          label="参加費（円）"
          required
          hint="無料の場合は0と入力してください"
        >
          {(p) => (
            <input {...p} type="number" inputMode="numeric" min={0} step={1} {...register('fee')} />
          )}
        </FormField>
        <FormField
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
        </FormField>
      </div>
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">参加方法</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {ENTRY_METHODS.map((m) => (
            <label
              key={m}
              className="flex cursor-pointer items-start gap-2 rounded-md border border-slate-300 px-3 py-2 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
            >
              <input type="radio" value={m} className="mt-1" {...register('entryMethod')} />
              <span>
                <span className="block text-sm font-semibold text-slate-800">
                  {ENTRY_METHOD_LABELS[m]}
                </span>
                <span className="block text-xs text-slate-600">{ENTRY_METHOD_HINTS[m]}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      {team ? <TeamChoice form={form} /> : null}
      <FormField
        form={form}
        name="description"
        label="説明"
        count={description.length}
        max={EVENT_DESCRIPTION_MAX}
      >
        {(p) => (
          <textarea
            {...p}
            rows={6}
            placeholder="内容、持ち物、集合場所などを書いてください"
            {...register('description')}
          />
        )}
      </FormField>
    </fieldset>
  );
}
