/** A small failed read inside a larger block: what went wrong and a 再読み込み button. */
export function InlineRetry({
  message,
  onRetry,
  className = '',
}: {
  message: string;
  onRetry: () => void;
  className?: string;
}) {
  return (
    <span
      role="alert"
      className={`inline-flex flex-wrap items-center gap-2 text-sm text-red-700 ${className}`}
    >
      {message}
      <button
        type="button"
        onClick={onRetry}
        className="rounded border border-red-300 bg-white px-2 py-0.5 text-xs font-semibold hover:bg-red-50"
      >
        再読み込み
      </button>
    </span>
  );
}
