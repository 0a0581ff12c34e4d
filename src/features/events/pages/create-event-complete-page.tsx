import { CreationComplete } from '@/components/flows/creation-complete';

export default function CreateEventCompletePage() {
  return (
    <CreationComplete
      noun="イベント"
      detailBase="/events"
      createPath="/create-event"
      next={{ to: '/create-event', label: '続けてイベントを作成する' }}
      listPath="/events"
    />
  );
}
