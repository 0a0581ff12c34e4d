import type { ReactNode } from 'react';
import type { EventFormValues } from '@/domain/event-form';
import { formatEventTimes, formatFee, formatLongDateWithWeekday } from '@/domain/format';
import { toDateOrNull } from '@/domain/time';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 border-b border-slate-100 py-3 last:border-b-0 sm:grid-cols-[9rem_1fr] sm:gap-3">
      <dt className="text-sm font-semibold text-slate-500">{label}</dt>
      <dd className="text-sm break-words whitespace-pre-wrap text-slate-900">{children}</dd>
    </div>
  );
}

/** Everything the organizer entered, as it will be published. */
export function EventConfirmView({
  values,
  previewURL,
}: {
  values: EventFormValues;
  previewURL: string | null;
}) {
  return (
    <dl className="rounded-lg border border-slate-200 bg-white px-4 shadow-sm sm:px-6">
      <Row label="タイトル">{values.title}</Row>
      <Row label="種目">{values.sportType}</Row>
      <Row label="レベル">{values.level}</Row>
      <Row label="開催日">{formatLongDateWithWeekday(toDateOrNull(values.date))}</Row>
      <Row label="時間">{formatEventTimes(values.startTime, values.endTime)}</Row>
      <Row label="開催場所">{values.location}</Row>
      <Row label="地域">{values.region || '指定なし'}</Row>
      <Row label="参加費">{formatFee(values.fee)}</Row>
      <Row label="定員">{values.capacity}人</Row>
      <Row label="チーム名">{values.teamName || 'なし'}</Row>
      <Row label="説明">{values.description || 'なし'}</Row>
      <Row label="画像">
        {previewURL ? (
          <span className="relative block aspect-[16/9] w-full max-w-md overflow-hidden rounded-md border border-slate-200 bg-slate-100">
            <img
              src={previewURL}
              alt="イベント画像のプレビュー"
              className="absolute inset-0 h-full w-full object-cover"
            />
          </span>
        ) : (
          'なし'
        )}
      </Row>
    </dl>
  );
}
