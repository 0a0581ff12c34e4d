/**
 * How many cards of a list load their picture eagerly and ahead of other images: the first, the
 * largest paint on a phone. The others are lazy; on a wide screen the first row's other two are
 * in view, and the browser asks for them at the first layout. (With the first row eager, a phone
 * asked for two pictures below the fold at high priority beside the largest one: Lighthouse's
 * LCP on the Firebase build's `/events` and `/teams` was 55 and 113 ms later, medians of five
 * alternated runs.)
 */
export const EAGER_CARDS = 1;

/**
 * The picture of a card or a detail page in a fixed 16:9 frame, so nothing shifts while it
 * loads; without a picture, `fallback` (a sport's name, say) on a soft background. An eager
 * image is one the first screen shows: requested at once and ahead of other images, since it is
 * likely the largest paint.
 */
export function CoverImage({
  src,
  fallback,
  eager = false,
  className = '',
}: {
  src: string;
  fallback: string;
  eager?: boolean;
  className?: string;
}) {
  return (
    <div
      className={`relative aspect-[16/9] overflow-hidden bg-gradient-to-br from-brand-50 to-brand-100 ${className}`}
    >
      {src ? (
        <img
          src={src}
          alt=""
          width={800}
          height={450}
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={eager ? 'high' : 'auto'}
          decoding="async"
          className="absolute inset-0 h-full w-full object-cover"
        />
      ) : (
        <span
          aria-hidden="true"
          className="absolute inset-0 flex items-center justify-center px-1 text-center text-lg leading-tight font-bold text-brand-700/60"
        >
          {fallback}
        </span>
      )}
    </div>
  );
}
