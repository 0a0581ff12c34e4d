const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A random document id shaped like a Firestore auto id, so both backends produce lookalike ids. */
export function newId(length = 20): string {
  const out: string[] = [];
  while (out.length < length) {
    for (const b of crypto.getRandomValues(new Uint8Array(length * 2))) {
      // Rejection sampling keeps every character equally likely.
      if (b < 248 && out.length < length) out.push(ALPHABET[b % 62]!);
    }
  }
  return out.join('');
}

/** Action codes are bearer secrets in a link, so they get more entropy than document ids. */
export function newActionCode(): string {
  return newId(40);
}
