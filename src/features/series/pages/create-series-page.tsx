import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { CreationFlow } from '@/components/flows/creation-flow';
import { ConfirmList, ConfirmRow } from '@/components/flows/confirm-list';
import { eventFormSchemaAt, ymdOf } from '@/domain/event-form';
import { ERR } from '@/domain/errors';
import {
  HEADCOUNT_DEADLINE_LABELS,
  HEADCOUNT_MODE_LABELS,
  RELATIVE_HEADCOUNT_DEADLINES,
  minRefusalOf,
  type MinHeadcount,
} from '@/domain/headcount';
import type { SeriesRuleInput } from '@/domain/rules/series';
import { seriesEndLabel, seriesScheduleLabel, weekdayOf } from '@/domain/series';
import { formDraft } from '@/lib/form-draft';
import type { EventFormInput } from '@/domain/event-form';
import { useCurrentUser, useWriteRefusal } from '@/features/auth/public';
import {
  EMPTY_EVENT_FORM,
  EMPTY_HEADCOUNT_FIELDS,
  EventConfirmView,
  EventFormFields,
  HeadcountFields,
  eventImageFolder,
  headcountMinOf,
  type HeadcountFieldsValue,
} from '@/features/events/public';
import {
  completeRule,
  EMPTY_SERIES_RULE,
  SeriesRuleFields,
} from '../components/series-rule-fields';
import { useCreateSeries } from '../series-queries';

const createSeriesSchema = eventFormSchemaAt(() => new Date());
/** The series being created (see formDraft): sc.create-series-draft.<uid>. */
const createSeriesDraft = formDraft<EventFormInput>('create-series');

/**
 * The rule and the minimum headcount between the input step and its confirmation (they are two
 * routes of one flow).
 */
let ruleDraft: SeriesRuleInput = EMPTY_SERIES_RULE;
let headcountDraft: HeadcountFieldsValue = EMPTY_HEADCOUNT_FIELDS;

/** The template's minimum headcount as entered: none when the minimum is left empty. */
function minHeadcountOf(fields: HeadcountFieldsValue): MinHeadcount | null {
  if (fields.min.trim() === '') return null;
  return { min: headcountMinOf(fields), mode: fields.mode, deadline: fields.deadline };
}

/** /create-series and /create-series/confirm: the event form with the rule of a 定期開催. */
export default function CreateSeriesPage() {
  const user = useCurrentUser();
  const create = useCreateSeries();
  const refusal = useWriteRefusal('verified');
  const [rule, setRuleState] = useState(ruleDraft);
  const setRule = (next: SeriesRuleInput) => {
    ruleDraft = next;
    setRuleState(next);
  };
  const [headcount, setHeadcountState] = useState(headcountDraft);
  const [headcountError, setHeadcountError] = useState<string | null>(null);
  const setHeadcount = (next: HeadcountFieldsValue) => {
    headcountDraft = next;
    setHeadcountState(next);
    setHeadcountError(null);
  };
  if (!user) return null;
  return (
    <CreationFlow
      key={user.uid}
      uid={user.uid}
      basePath="/create-series"
      schema={createSeriesSchema}
      empty={EMPTY_EVENT_FORM}
      draft={createSeriesDraft}
      title="定期開催を作成"
      refusal={refusal}
      noun="定期開催"
      imageLabel="イベント画像"
      imageFolder={eventImageFolder(user.uid)}
      fields={(form) => (
        <>
          <EventFormFields form={form} minDate={ymdOf(new Date())} team={false} />
          <RuleFields form={form} rule={rule} onChange={setRule} error={ruleError(create.error)} />
          <section aria-labelledby="series-headcount-heading" className="mt-6 space-y-2">
            <h2 id="series-headcount-heading" className="text-sm font-semibold text-slate-800">
              開催の判定 <span className="text-xs font-normal text-slate-600">任意</span>
            </h2>
            <HeadcountFields
              name="series-headcount"
              value={headcount}
              onChange={setHeadcount}
              deadlines={RELATIVE_HEADCOUNT_DEADLINES}
              error={headcountError}
              hint="各回の参加者がこの人数に届かないと、その回は開催しません（空欄なら設定しません）"
            />
          </section>
        </>
      )}
      beforeConfirm={(values) => {
        const setting = minHeadcountOf(headcount);
        const refusal = setting ? minRefusalOf(setting.min, values.capacity ?? 0) : null;
        setHeadcountError(refusal ? ERR[refusal] : null);
        return !refusal;
      }}
      confirmView={(values, previewURL) => {
        const full = completeRule(rule, weekdayOf(values.date));
        const setting = minHeadcountOf(headcount);
        return (
          <>
            <ConfirmList>
              <ConfirmRow label="繰り返し">
                {seriesScheduleLabel(
                  { ...full, firstDate: values.date },
                  values.startTime,
                  values.endTime,
                )}
                （{seriesEndLabel(full)}）
              </ConfirmRow>
              {setting ? (
                <ConfirmRow label="最少催行人数">
                  {setting.min}人（各回の{HEADCOUNT_DEADLINE_LABELS[setting.deadline]} に判定・
                  {HEADCOUNT_MODE_LABELS[setting.mode]}）
                </ConfirmRow>
              ) : null}
            </ConfirmList>
            <EventConfirmView values={values} previewURL={previewURL} />
          </>
        );
      }}
      create={async ({ teamId: _t, teamName: _n, ...event }) => {
        const id = await create.mutateAsync({
          event,
          rule: completeRule(rule, weekdayOf(event.date)),
          minHeadcount: minHeadcountOf(headcount),
        });
        ruleDraft = EMPTY_SERIES_RULE;
        headcountDraft = EMPTY_HEADCOUNT_FIELDS;
        return id;
      }}
    />
  );
}

function ruleError(error: unknown): string | null {
  return error instanceof Error && error.message.includes('繰り返し') ? error.message : null;
}

function RuleFields({
  form,
  rule,
  onChange,
  error,
}: {
  form: Parameters<typeof EventFormFields>[0]['form'];
  rule: SeriesRuleInput;
  onChange: (rule: SeriesRuleInput) => void;
  error: string | null;
}) {
  const date = useWatch({ control: form.control, name: 'date' });
  return <SeriesRuleFields value={rule} onChange={onChange} firstDate={date} error={error} />;
}
