import { Page } from '@/components/ui/page';

export default function ResetCompletePage() {
  return <Page title="パスワード再設定の完了" />;
}
