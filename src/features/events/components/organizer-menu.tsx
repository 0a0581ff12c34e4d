import { DetailCard as Card } from '@/components/ui/detail';
import type { SportEvent } from '@/domain/entities/event';
import { HeadcountControl } from './headcount-control';
import { ImageManager } from './image-manager';
import { StatusControl } from './status-control';

/** The organizer's menu on the event page (loaded only for the organizer): status, the minimum headcount
 * and picture. */
export default function OrganizerMenu({ event }: { event: SportEvent }) {
  return (
    <Card title="主催者メニュー" labelledBy="organizer-tools-heading">
      <div className="space-y-6">
        <div>
          <h3 className="mb-2 text-sm font-bold text-slate-700">募集状態の変更</h3>
          <StatusControl event={event} />
        </div>
        <div>
          <h3 className="mb-2 text-sm font-bold text-slate-700">開催の判定</h3>
          <HeadcountControl event={event} />
        </div>
        <div>
          <h3 className="mb-2 text-sm font-bold text-slate-700">イベント画像</h3>
          <ImageManager event={event} />
        </div>
      </div>
    </Card>
  );
}
