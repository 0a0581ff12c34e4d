import { Page } from '@/components/ui/page';

export default function PublicProfilePage() {
  return <Page title="プロフィール" />;
}
