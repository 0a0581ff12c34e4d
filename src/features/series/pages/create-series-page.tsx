import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { CreationFlow } from '@/components/flows/creation-flow';
import { ConfirmList, ConfirmRow } from '@/components/flows/confirm-list';
import { eventFormSchemaAt, ymdOf } from '@/domain/event-form';
import type { SeriesRuleInput } from '@/domain/rules/series';
import { seriesEndLabel, seriesScheduleLabel, weekdayOf } from '@/domain/series';
import { formDraft } from '@/lib/form-draft';
import type { EventFormInput } from '@/domain/event-form';
import { useCurrentUser, useWriteRefusal } from '@/features/auth/public';
import {
  EMPTY_EVENT_FORM,
  EventConfirmView,
  EventFormFields,
  eventImageFolder,
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

/** The rule between the input step and its confirmation (they are two routes of one flow). */
let ruleDraft: SeriesRuleInput = EMPTY_SERIES_RULE;

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
        </>
      )}
      confirmView={(values, previewURL) => {
        const full = completeRule(rule, weekdayOf(values.date));
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
            </ConfirmList>
            <EventConfirmView values={values} previewURL={previewURL} />
          </>
        );
      }}
      create={async ({ teamId: _t, teamName: _n, ...event }) => {
        const id = await create.mutateAsync({
          event,
          rule: completeRule(rule, weekdayOf(event.date)),
        });
        ruleDraft = EMPTY_SERIES_RULE;
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
