import { Button } from './button';

/** A part of a page that could not be read, with a retry; the rest of the page stays usable. */
export function LoadError({
  message,
  onRetry,
  busy = false,
  className = '',
}: {
  message: string;
  onRetry: () => void;
  busy?: boolean;
  className?: string;
}) {
  return (
    <div role="alert" className={`text-sm text-red-700 ${className}`}>
      <p>{message}</p>
      <Button variant="secondary" className="mt-2" onClick={onRetry} busy={busy}>
        再読み込み
      </Button>
    </div>
  );
}
