import { Button } from './button';

/** もっと見る under a paged list; busy (and disabled) while the next page loads. */
export function LoadMoreButton({
  loading,
  onClick,
  className = '',
}: {
  loading: boolean;
  onClick: () => void;
  className?: string;
}) {
  return (
    <Button
      variant="secondary"
      className={className}
      busy={loading}
      busyLabel="読み込み中…"
      onClick={onClick}
    >
      もっと見る
    </Button>
  );
}
