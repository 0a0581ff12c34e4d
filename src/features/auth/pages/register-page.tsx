import { Page } from '@/components/ui/page';

export default function RegisterPage() {
  return <Page title="新規登録" />;
}
