import { Page } from '@/components/ui/page';

export default function TeamCreatePage() {
  return <Page title="チームを作成" />;
}
