import { useWatch, type UseFormReturn } from 'react-hook-form';
import { FormField, Options } from '@/components/ui/form-field';
import { LEVELS, REGIONS, SPORT_TYPES } from '@/domain/entities/event';
import {
  TEAM_ACTIVITY_MAX,
  TEAM_DESCRIPTION_MAX,
  TEAM_MEMBER_LIMIT_MAX,
  TEAM_MEMBER_LIMIT_MIN,
  TEAM_NAME_MAX,
} from '@/domain/entities/team';
import type { TeamFormInput, TeamFormValues } from '@/domain/team-form';

export type TeamForm = UseFormReturn<TeamFormInput, unknown, TeamFormValues>;

/** An empty form: recruiting, open to everyone, room for 20. */
export const EMPTY_TEAM_FORM: TeamFormInput = {
  name: '',
  description: '',
  sportType: '' as TeamFormInput['sportType'],
  region: '',
  level: '誰でも',
  activity: '',
  maxMembers: '20',
  recruiting: true,
  imageURL: '',
  imagePath: '',
};

/** The team fields shared by the create and edit screens (the image is handled by the caller). */
export function TeamFormFields({
  form,
  disabled = false,
  limitHint,
}: {
  form: TeamForm;
  disabled?: boolean;
  limitHint?: string;
}) {
  const { register } = form;
  // Text beyond a limit stays as typed: the counter turns red and the form refuses it.
  const [name, activity, description] = useWatch({
    control: form.control,
    name: ['name', 'activity', 'description'],
  });
  return (
    <fieldset disabled={disabled} className="space-y-5">
      <FormField
        form={form}
        name="name"
        label="チーム名"
        required
        count={name.length}
        max={TEAM_NAME_MAX}
      >
        {(p) => (
          <input
            {...p}
            type="text"
            placeholder="例：世田谷フットサルクラブ"
            {...register('name')}
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
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField form={form} name="region" label="活動地域">
          {(p) => (
            <select {...p} {...register('region')}>
              <Options values={REGIONS} empty="指定なし" />
            </select>
          )}
        </FormField>
        <FormField
          form={form}
          name="activity"
          label="活動日・頻度"
          count={activity.length}
          max={TEAM_ACTIVITY_MAX}
        >
          {(p) => (
            <input
              {...p}
              type="text"
              placeholder="例：毎週土曜の午前／月2回"
              {...register('activity')}
            />
          )}
        </FormField>
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField
          form={form}
          name="maxMembers"
          label="上限人数（人）"
          required
          hint={limitHint ?? `代表者を含めて${TEAM_MEMBER_LIMIT_MIN}〜${TEAM_MEMBER_LIMIT_MAX}人`}
        >
          {(p) => (
            <input
              {...p}
              type="number"
              inputMode="numeric"
              min={TEAM_MEMBER_LIMIT_MIN}
              max={TEAM_MEMBER_LIMIT_MAX}
              step={1}
              {...register('maxMembers')}
            />
          )}
        </FormField>
        <div className="flex items-end pb-1">
          <label className="inline-flex min-h-10 cursor-pointer items-center gap-2 text-sm font-semibold text-slate-800">
            <input
              type="checkbox"
              className="h-4 w-4 rounded border-slate-300 accent-brand-700"
              {...register('recruiting')}
            />
            メンバーを募集する
          </label>
        </div>
      </div>
      <FormField
        form={form}
        name="description"
        label="紹介文"
        hint="活動内容や雰囲気、参加の条件などを書いてください"
        count={description.length}
        max={TEAM_DESCRIPTION_MAX}
      >
        {(p) => (
          <textarea
            {...p}
            rows={6}
            placeholder="例：20〜40代の社会人を中心に、和気あいあいと活動しています。初心者も歓迎です。"
            {...register('description')}
          />
        )}
      </FormField>
    </fieldset>
  );
}
