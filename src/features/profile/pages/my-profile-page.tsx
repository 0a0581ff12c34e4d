import { Page } from '@/components/ui/page';

export default function MyProfilePage() {
  return <Page title="マイプロフィール" />;
}
