import { Page } from '@/components/ui/page';

export default function RegistrationCompletePage() {
  return <Page title="登録が完了しました" />;
}
