import type { Actor } from '@/domain/rules/standing';

/** An actor for domain tests: verified and active unless told otherwise. */
export function actorOf(uid: string, over: Partial<Omit<Actor, 'uid'>> = {}): Actor {
  return { uid, emailVerified: true, suspended: false, ...over };
}
