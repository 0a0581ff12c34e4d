import { Page } from '@/components/ui/page';

export default function AdminInitPage() {
  return <Page title="管理者の初期設定" />;
}
