import { Page } from '@/components/ui/page';

export default function EmailActionPage() {
  return <Page title="メールの確認" />;
}
