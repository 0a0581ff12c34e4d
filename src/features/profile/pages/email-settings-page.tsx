import { Page } from '@/components/ui/page';

export default function EmailSettingsPage() {
  return <Page title="メール設定" />;
}
