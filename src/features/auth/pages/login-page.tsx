import { Page } from '@/components/ui/page';

export default function LoginPage() {
  return <Page title="ログイン" />;
}
