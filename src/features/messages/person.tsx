import { useQuery } from '@tanstack/react-query';
import { useBackend } from '@/lib/backend-context';
import { messageQueries } from './message-queries';

export interface PersonDisplay {
  name: string;
  photoURL: string;
  isLoading: boolean;
}

/** Name and photo of a conversation partner; a missing profile reads as an unknown user. */
export function usePerson(uid: string): PersonDisplay {
  const backend = useBackend();
  const query = useQuery({ ...messageQueries.profile(uid, backend), enabled: uid !== '' });
  if (query.isPending && uid !== '') return { name: '', photoURL: '', isLoading: true };
  return {
    name: query.data?.displayName || '不明なユーザー',
    photoURL: query.data?.photoURL ?? '',
    isLoading: false,
  };
}

/** Where a name is still loading: a grey bar of about a name's width. */
export function NameSkeleton() {
  return (
    <span className="inline-block h-4 w-24 animate-pulse rounded bg-slate-200 align-middle">
      <span className="sr-only">読み込み中</span>
    </span>
  );
}
