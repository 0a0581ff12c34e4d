import { Page } from '@/components/ui/page';

export default function VerifyEmailPage() {
  return <Page title="メールアドレスの確認" />;
}
