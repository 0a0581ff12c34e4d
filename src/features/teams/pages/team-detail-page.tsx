import { Page } from '@/components/ui/page';

export default function TeamDetailPage() {
  return <Page title="チーム詳細" />;
}
