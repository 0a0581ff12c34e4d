import { Page } from '@/components/ui/page';

export default function EventEditPage() {
  return <Page title="イベントの編集" />;
}
