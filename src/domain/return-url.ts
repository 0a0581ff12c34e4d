/**
 * The login guard puts the current location in ?returnUrl=, so anyone can craft a login link
 * whose returnUrl points elsewhere. After signing in we only ever go to a path on this site;
 * anything doubtful goes home.
 */
const HOME = '/';
const PROBE_ORIGIN = 'http://x.invalid';
const MAX_DECODE_ROUNDS = 3;

export function safeReturnUrl(raw: string | null | undefined): string {
  if (typeof raw !== 'string') return HOME;
  // A single leading slash rules out schemes, relative paths, leading whitespace and "//host".
  if (!raw.startsWith('/') || raw.startsWith('//')) return HOME;
  if (hasControlOrBackslash(raw)) return HOME;

  let url: URL;
  try {
    url = new URL(raw, PROBE_ORIGIN);
  } catch {
    return HOME;
  }
  if (url.origin !== PROBE_ORIGIN) return HOME;

  // Dot segments collapse during parsing ("/..//evil" → "//evil"), and the router decodes
  // the path before navigating, so "/%2F%2Fevil" would end up as "//evil" too.
  if (!isSafePath(url.pathname)) return HOME;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Browsers drop tabs and newlines inside URLs, so "/\t/evil" would turn into "//evil". */
function hasControlOrBackslash(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c < 0x20 || (c >= 0x7f && c <= 0x9f) || c === 0x5c) return true;
  }
  return false;
}

function isSafePath(pathname: string): boolean {
  let current = pathname;
  for (let round = 0; round <= MAX_DECODE_ROUNDS; round++) {
    if (current.startsWith('//') || hasControlOrBackslash(current)) return false;
    let decoded: string;
    try {
      decoded = decodeURIComponent(current);
    } catch {
      // A malformed escape would make the router throw while matching.
      return false;
    }
    if (decoded === current) return true;
    current = decoded;
  }
  // Still changing after several rounds: nobody writes paths like that by accident.
  return false;
}
