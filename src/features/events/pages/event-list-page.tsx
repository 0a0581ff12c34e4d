import { Page } from '@/components/ui/page';

export default function EventListPage() {
  return <Page title="イベント一覧" />;
}
