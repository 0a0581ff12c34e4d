import { Page } from '@/components/ui/page';

export default function CreateEventCompletePage() {
  return <Page title="イベントを作成しました" />;
}
