import { Button } from '@/components/ui/button';
import { errorMessage } from '@/domain/errors';

/** "More" for a cursor-paged list, with the error of a failed next page and its retry. */
export function ListFooter({
  hasNextPage,
  isFetchingNextPage,
  nextPageError,
  fetchNextPage,
}: {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  nextPageError: unknown;
  fetchNextPage: () => void;
}) {
  if (!hasNextPage) return null;
  return (
    <div className="mt-4 flex flex-col items-center gap-2">
      <Button
        variant="secondary"
        className="min-w-40"
        busy={isFetchingNextPage}
        busyLabel="読み込み中…"
        onClick={fetchNextPage}
      >
        もっと見る
      </Button>
      {nextPageError ? (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(nextPageError, '続きを読み込めませんでした')}
        </p>
      ) : null}
    </div>
  );
}
