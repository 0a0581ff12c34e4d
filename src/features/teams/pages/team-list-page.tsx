import { Page } from '@/components/ui/page';

export default function TeamListPage() {
  return <Page title="チーム一覧" />;
}
