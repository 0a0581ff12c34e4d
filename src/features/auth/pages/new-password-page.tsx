import { Page } from '@/components/ui/page';

export default function NewPasswordPage() {
  return <Page title="新しいパスワードの設定" />;
}
