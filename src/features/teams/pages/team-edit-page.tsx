import { Page } from '@/components/ui/page';

export default function TeamEditPage() {
  return <Page title="チームの編集" />;
}
