import { Page } from '@/components/ui/page';

export default function TeamCreateCompletePage() {
  return <Page title="チームを作成しました" />;
}
