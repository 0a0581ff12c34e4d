import { CreationComplete } from '@/components/flows/creation-complete';

/**
 * Not guarded (docs/teams.md): it only says the team exists and links to it; opened without an id
 * (a bookmark, say) it claims nothing and offers the list and creating a team.
 */
export default function TeamCreateCompletePage() {
  return (
    <CreationComplete
      noun="チーム"
      detailBase="/teams"
      createPath="/teams/create"
      next={{ to: '/create-event', label: 'チームのイベントを作成する' }}
      listPath="/teams"
    />
  );
}
