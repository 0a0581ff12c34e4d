import type { UseQueryResult } from '@tanstack/react-query';
import { StatusPill } from '@/components/ui/status-pill';
import {
  BIRTH_DATE_VISIBILITY_LABELS,
  GENDER_LABELS,
  GENDERS,
  type Gender,
  type PrivateProfile,
  type UserProfile,
} from '@/domain/entities/user';
import { formatLongDate } from '@/domain/format';
import { ageOn } from '@/domain/profile';
import { toDateOrNull } from '@/domain/time';
import { InlineRetry } from './inline-retry';
import { memberSince, type ProfileFact } from './profile-summary';

function genderLabel(gender: string): string {
  return GENDERS.includes(gender as Gender) ? GENDER_LABELS[gender as Gender] : '';
}

function birthDateText(birthDate: string): string {
  return formatLongDate(toDateOrNull(birthDate));
}

/** What anyone sees: only the fields the owner filled in and chose to show; never the email. */
export function publicFacts(profile: UserProfile): ProfileFact[] {
  const facts: ProfileFact[] = [];
  if (profile.location) facts.push({ label: '活動地域', value: profile.location });
  const gender = genderLabel(profile.gender);
  if (gender) facts.push({ label: '性別', value: gender });
  if (profile.birthDate) facts.push({ label: '生年月日', value: birthDateText(profile.birthDate) });
  else if (profile.age !== null) facts.push({ label: '年齢', value: `${profile.age}歳` });
  facts.push({ label: '利用開始', value: memberSince(profile) });
  return facts;
}

/**
 * What the owner sees on /profile: everything, with who else sees the gender and birth date
 * (the birth date shown the way the owner chose to show it).
 */
export function ownFacts(
  profile: UserProfile,
  privateProfile: UseQueryResult<PrivateProfile>,
): ProfileFact[] {
  return [
    { label: 'ユーザーID', value: profile.customUserId || '—' },
    { label: '活動地域', value: profile.location || '未設定' },
    { label: '性別', value: <PrivateValue query={privateProfile} field="gender" /> },
    { label: '生年月日', value: <PrivateValue query={privateProfile} field="birthDate" /> },
    { label: '利用開始', value: memberSince(profile) },
  ];
}

function PrivateValue({
  query,
  field,
}: {
  query: UseQueryResult<PrivateProfile>;
  field: 'gender' | 'birthDate';
}) {
  if (query.isPending) return <span className="text-slate-500">読み込み中…</span>;
  if (query.isError) {
    return <InlineRetry message="読み込めませんでした" onRetry={() => void query.refetch()} />;
  }
  const p = query.data;
  if (field === 'gender') {
    const label = genderLabel(p.gender);
    const shown = p.genderVisibility === 'public' && p.gender !== 'unspecified';
    return <Shown text={label || '未設定'} note={label ? (shown ? '公開中' : '非公開') : null} />;
  }
  if (!p.birthDate) return <Shown text="未設定" note={null} />;
  const age = ageOn(p.birthDate, new Date());
  const text =
    p.birthDateVisibility === 'age' && age !== null
      ? `${age}歳`
      : `${birthDateText(p.birthDate)}${age !== null ? `（${age}歳）` : ''}`;
  const note =
    p.birthDateVisibility === 'private'
      ? '非公開'
      : BIRTH_DATE_VISIBILITY_LABELS[p.birthDateVisibility];
  return <Shown text={text} note={note} />;
}

function Shown({ text, note }: { text: string; note: string | null }) {
  return (
    <span className="flex flex-wrap items-center gap-2">
      <span>{text}</span>
      {note ? <StatusPill tone={note === '非公開' ? 'slate' : 'green'}>{note}</StatusPill> : null}
    </span>
  );
}
