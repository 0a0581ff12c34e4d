import { Page } from '@/components/ui/page';

export default function MessagesPage() {
  return <Page title="メッセージ" />;
}
