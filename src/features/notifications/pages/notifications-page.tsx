import { Page } from '@/components/ui/page';

export default function NotificationsPage() {
  return <Page title="通知" />;
}
