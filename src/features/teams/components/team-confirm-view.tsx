import { ConfirmImage, ConfirmList, ConfirmRow as Row } from '@/components/flows/confirm-list';
import type { TeamFormValues } from '@/domain/team-form';

/** Everything the owner entered, as the team page will show it. */
export function TeamConfirmView({
  values,
  previewURL,
}: {
  values: TeamFormValues;
  previewURL: string | null;
}) {
  return (
    <ConfirmList>
      <Row label="チーム名">{values.name}</Row>
      <Row label="種目">{values.sportType}</Row>
      <Row label="レベル">{values.level}</Row>
      <Row label="活動地域">{values.region || '指定なし'}</Row>
      <Row label="活動日・頻度">{values.activity || '未定'}</Row>
      <Row label="上限人数">{values.maxMembers}人</Row>
      <Row label="メンバー募集">{values.recruiting ? '募集する' : '募集しない'}</Row>
      <Row label="紹介文">{values.description || 'なし'}</Row>
      <Row label="画像">
        <ConfirmImage previewURL={previewURL} alt="チーム画像のプレビュー" />
      </Row>
    </ConfirmList>
  );
}
