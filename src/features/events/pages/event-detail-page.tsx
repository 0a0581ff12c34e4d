import { Page } from '@/components/ui/page';

export default function EventDetailPage() {
  return <Page title="イベント詳細" />;
}
