import { Page } from '@/components/ui/page';

export default function AdminPage() {
  return <Page title="管理画面" />;
}
