import type { ApiPort } from '@/data/ports/api';
import type { UseCaseContext } from '@/data/use-cases/context';
import { eventUseCases } from '@/data/use-cases/events';
import { teamUseCases } from '@/data/use-cases/teams';
import { restTarget, type FirebaseWebConfig } from './config';
import { LIST_DAY, restTimestamp, type FirstReadTemplate } from './early-read';
import { firestoreRestStorage } from './firestore-rest';

/** The lists whose page the build gives a first-read template, and the read their screen starts with. */
const FIRST_READS = {
  '/events': (ctx: UseCaseContext) => eventUseCases(ctx, {} as ApiPort).list({}),
  '/teams': (ctx: UseCaseContext) => teamUseCases(ctx).list({}),
} as const;

/** A local midnight: the first day of a list read at this moment is this very day. */
const MARK = new Date(2000, 0, 1);

/**
 * The first-read template of a list page, which the build writes into its HTML (#root's
 * data-first-read; src/app/prerender.tsx) for the entry to send at once (early-read.ts): the first
 * request the screen's use case sends on the REST reader, found by running it with a recording
 * fetch and the clock at MARK, with MARK's day put as LIST_DAY. So the entry sends what the use
 * case would, without its code, and the reader takes that answer (early-read.test.ts compares the
 * two on other days). Null for a page that has none.
 */
export async function firstReadTemplate(
  config: FirebaseWebConfig,
  path: string,
): Promise<string | null> {
  const read = FIRST_READS[path as keyof typeof FIRST_READS];
  if (!read) return null;
  const sent: FirstReadTemplate[] = [];
  const recording = async (url: string | URL | Request, init?: RequestInit) => {
    sent.push({ url: String(url), body: String(init?.body) });
    return new Response('[]');
  };
  await read({
    storage: firestoreRestStorage(restTarget(config), recording as typeof fetch),
    session: () => Promise.resolve(null),
    now: () => MARK,
  });
  const [first] = sent;
  if (!first) throw new Error(`${path}: its first read sent no request`);
  const day = JSON.stringify(restTimestamp(MARK));
  const body = first.body.replaceAll(day, JSON.stringify(LIST_DAY));
  return JSON.stringify({ url: first.url, body } satisfies FirstReadTemplate);
}
