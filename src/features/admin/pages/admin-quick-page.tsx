import { Page } from '@/components/ui/page';

export default function AdminQuickPage() {
  return <Page title="管理クイック操作" />;
}
