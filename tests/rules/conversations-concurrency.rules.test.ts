// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiPort } from '@/data/ports/api';
import type { Backend } from '@/data/ports/backend';
import { firestoreStorage } from '@/data/firebase/storage';
import type { Storage } from '@/data/storage/storage';
import { conversationsUseCases } from '@/data/use-cases/conversations';
import { conversationId } from '@/domain/entities/conversation';
import { firestoreHost, NOT_RUN, profile, useRulesEnv, type RulesKit } from './firestore-support';

/**
 * Both participants of one conversation writing it at the same moment, through the app's own
 * conversations use case on the Firestore storage adapter, under firestore.rules: sends,
 * read receipts with the unread reset, and archive toggles of both sides interleaved: nothing
 * may be refused, no transaction may have to run again (a retry is a FAILED_PRECONDITION the SDK
 * logs), and the SDK may log nothing. And the same user reading in two tabs: neither call fails.
 */
const PROJECT_ID = 'demo-rules-conversations-concurrency';
const MISAKI = 'misaki';
const HANAKO = 'hanako';
const CONV = conversationId(MISAKI, HANAKO);
const ROUNDS = 4;

let kit: RulesKit;

/** One browser tab of `uid`: its own Firestore client, the use case, and its transaction runs. */
function tab(uid: string) {
  const base = firestoreStorage(kit.as(uid));
  const runs = { transactions: 0, attempts: 0 };
  const storage: Storage = {
    ...base,
    transaction(fn) {
      runs.transactions++;
      return base.transaction((tx) => {
        runs.attempts++;
        return fn(tx);
      });
    },
  };
  const api = { trackUnreadMessage: async () => {} } as unknown as ApiPort;
  const conversations: Backend['conversations'] = conversationsUseCases(
    {
      storage,
      session: async () => ({ uid, emailVerified: true, email: `${uid}@example.com` }),
      now: () => new Date(),
    },
    api,
  );
  return { conversations, runs };
}

/** The ids of the messages in the conversation sent to `uid` and not yet read. */
async function unreadFor(uid: string): Promise<string[]> {
  const { conversations } = tab(uid);
  return new Promise((resolve, reject) => {
    const stop = conversations.subscribeMessages(
      CONV,
      (messages) => {
        stop();
        resolve(messages.filter((m) => m.senderId !== uid && !m.read).map((m) => m.id));
      },
      reject,
    );
  });
}

describe.skipIf(!firestoreHost)(`conversations written by both sides at once${NOT_RUN}`, () => {
  kit = useRulesEnv(PROJECT_ID);
  let logged: string[];

  beforeEach(async () => {
    await kit.seed(`users/${MISAKI}`, profile(MISAKI));
    await kit.seed(`users/${HANAKO}`, profile(HANAKO));
    await tab(MISAKI).conversations.getOrCreate(HANAKO);
    logged = [];
    for (const level of ['error', 'warn'] as const) {
      vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
        logged.push(args.map(String).join(' '));
      });
    }
  });

  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('sends, read receipts, unread resets and archive toggles of both sides interleaved all land on the first attempt', async () => {
    const misaki = tab(MISAKI);
    const hanako = tab(HANAKO);
    for (let round = 0; round < ROUNDS; round++) {
      const archived = round % 2 === 0;
      const [toMisaki, toHanako] = await Promise.all([unreadFor(MISAKI), unreadFor(HANAKO)]);
      await Promise.all([
        misaki.conversations.send(CONV, `美咲 ${round}`),
        hanako.conversations.send(CONV, `花子 ${round}`),
        misaki.conversations.markRead(CONV, toMisaki),
        hanako.conversations.markRead(CONV, toHanako),
        misaki.conversations.setArchived(CONV, archived),
        hanako.conversations.setArchived(CONV, !archived),
        misaki.conversations.markRead(CONV, toMisaki),
      ]);
    }
    // Each side reads what is left, at once.
    const [toMisaki, toHanako] = await Promise.all([unreadFor(MISAKI), unreadFor(HANAKO)]);
    expect(toMisaki).toHaveLength(1);
    expect(toHanako).toHaveLength(1);
    await Promise.all([
      misaki.conversations.markRead(CONV, toMisaki),
      hanako.conversations.markRead(CONV, toHanako),
    ]);

    const stored = await kit.peek(`conversations/${CONV}`);
    expect(stored?.unreadCount).toEqual({ [MISAKI]: 0, [HANAKO]: 0 });
    // The last round archived it for Hanako and not for Misaki (ROUNDS is even).
    expect(stored?.archived).toEqual({ [MISAKI]: false, [HANAKO]: true });
    expect(await unreadFor(MISAKI)).toEqual([]);
    expect(await unreadFor(HANAKO)).toEqual([]);
    expect(logged).toEqual([]);
    for (const { runs } of [misaki, hanako]) expect(runs.attempts).toBe(runs.transactions);
  });

  it('the same message marked read from two tabs of its recipient at once ends read, and neither call fails', async () => {
    const misaki = tab(MISAKI);
    const tabs = [tab(HANAKO), tab(HANAKO)];
    for (let round = 0; round < ROUNDS; round++) {
      await misaki.conversations.send(CONV, `美咲 ${round}`);
      const unread = await unreadFor(HANAKO);
      expect(unread).toHaveLength(1);
      await Promise.all(tabs.map((t) => t.conversations.markRead(CONV, unread)));
    }
    expect(await unreadFor(HANAKO)).toEqual([]);
    expect((await kit.peek(`conversations/${CONV}`))?.unreadCount).toEqual({
      [MISAKI]: 0,
      [HANAKO]: 0,
    });
    // The SDK may warn of the commit the rules refused (the tab then ran once more): the same
    // user's tabs racing is tolerated, not prevented.
  });
});
