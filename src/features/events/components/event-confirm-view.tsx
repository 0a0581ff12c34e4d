import { ConfirmImage, ConfirmList, ConfirmRow as Row } from '@/components/flows/confirm-list';
import { DEFAULT_ENTRY_METHOD, ENTRY_METHOD_LABELS } from '@/domain/entities/event';
import type { EventFormValues } from '@/domain/event-form';
import { formatEventTimes, formatFee, formatLongDateWithWeekday } from '@/domain/format';
import { toDateOrNull } from '@/domain/time';

/** Everything the organizer entered, as it will be published. */
export function EventConfirmView({
  values,
  previewURL,
}: {
  values: EventFormValues;
  previewURL: string | null;
}) {
  return (
    <ConfirmList>
      <Row label="タイトル">{values.title}</Row>
      <Row label="種目">{values.sportType}</Row>
      <Row label="レベル">{values.level}</Row>
      <Row label="開催日">{formatLongDateWithWeekday(toDateOrNull(values.date))}</Row>
      <Row label="時間">{formatEventTimes(values.startTime, values.endTime)}</Row>
      <Row label="開催場所">{values.location}</Row>
      <Row label="地域">{values.region || '指定なし'}</Row>
      <Row label="参加費">{formatFee(values.fee)}</Row>
      <Row label="定員">{values.capacity}人</Row>
      <Row label="参加方法">{ENTRY_METHOD_LABELS[values.entryMethod ?? DEFAULT_ENTRY_METHOD]}</Row>
      <Row label="主催チーム">{values.teamName || 'なし'}</Row>
      <Row label="説明">{values.description || 'なし'}</Row>
      <Row label="画像">
        <ConfirmImage previewURL={previewURL} alt="イベント画像のプレビュー" />
      </Row>
    </ConfirmList>
  );
}
