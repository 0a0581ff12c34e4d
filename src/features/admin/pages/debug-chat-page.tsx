import { Page } from '@/components/ui/page';

export default function DebugChatPage() {
  return <Page title="チャットのデバッグ" />;
}
