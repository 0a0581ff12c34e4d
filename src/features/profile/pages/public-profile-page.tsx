import { useParams } from 'react-router-dom';
import { Page } from '@/components/ui/page';
import { StartConversationButton } from '@/features/messages/start-conversation-button';

export default function PublicProfilePage() {
  const { id = '' } = useParams();
  return (
    <Page title="プロフィール">
      <StartConversationButton otherUid={id} label="メッセージを送る" className="max-w-xs" />
    </Page>
  );
}
