/**
 * A round picture of a person, or the first letter of their name when there is none. Lazy: lists
 * of people (participants, members, conversations) run below the fold, and no avatar is a page's
 * largest paint.
 */
export function Avatar({
  name,
  photoURL,
  size = 32,
}: {
  name: string;
  photoURL: string;
  size?: number;
}) {
  if (photoURL) {
    return (
      <img
        src={photoURL}
        alt=""
        width={size}
        height={size}
        loading="lazy"
        decoding="async"
        className="shrink-0 rounded-full object-cover"
        style={{ width: size, height: size }}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className="inline-flex shrink-0 items-center justify-center rounded-full bg-brand-100 font-bold text-brand-800"
      style={{ width: size, height: size, fontSize: size * 0.45 }}
    >
      {(name || '?').slice(0, 1)}
    </span>
  );
}
