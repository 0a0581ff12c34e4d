import { Page } from '@/components/ui/page';

export default function CreateEventPage() {
  return <Page title="イベントを作成" />;
}
