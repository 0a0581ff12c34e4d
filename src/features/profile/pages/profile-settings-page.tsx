import { Page } from '@/components/ui/page';

export default function ProfileSettingsPage() {
  return <Page title="プロフィール設定" />;
}
