import { FirebaseError } from 'firebase/app';
import {
  doc,
  runTransaction,
  serverTimestamp,
  type DocumentReference,
  type Transaction,
} from 'firebase/firestore';
import type { ReportsPort } from '@/data/ports/reports';
import { reportDocId, type ReportTarget } from '@/domain/entities/report';
import {
  decideReport,
  eventSubject,
  messageSubject,
  teamSubject,
  userSubject,
  type ReportSubject,
} from '@/domain/rules/staff';
import type { FirebaseContext } from './context';
import {
  conversationConverter,
  eventConverter,
  messageConverter,
  teamConverter,
  userConverter,
} from './converters';
import { readStaffActor } from './staff';

const isDenied = (e: unknown) => e instanceof FirebaseError && e.code === 'permission-denied';

/** A document, or null when it is missing or the rules do not show it to this user. */
async function readVisible<T>(tx: Transaction, ref: DocumentReference<T>): Promise<T | null> {
  try {
    const snap = await tx.get(ref);
    return snap.exists() ? snap.data() : null;
  } catch (e) {
    if (isDenied(e)) return null;
    throw e;
  }
}

export function createReportsPort(ctx: FirebaseContext): ReportsPort {
  const subjectOf = async (tx: Transaction, t: ReportTarget): Promise<ReportSubject | null> => {
    const ref = (path: string, ...ids: string[]) => doc(ctx.db, path, ...ids);
    switch (t.type) {
      case 'event':
        return eventSubject(
          await readVisible(tx, ref('events', t.id).withConverter(eventConverter)),
        );
      case 'team':
        return teamSubject(await readVisible(tx, ref('teams', t.id).withConverter(teamConverter)));
      case 'user':
        return userSubject(await readVisible(tx, ref('users', t.id).withConverter(userConverter)));
      case 'message': {
        // Both are readable by the conversation's participants only: an outsider finds nothing.
        const conversation = await readVisible(
          tx,
          ref('conversations', t.conversationId).withConverter(conversationConverter),
        );
        const message = conversation
          ? await readVisible(
              tx,
              ref('conversations', t.conversationId, 'messages', t.messageId).withConverter(
                messageConverter,
              ),
            )
          : null;
        return messageSubject(conversation, message);
      }
    }
  };

  return {
    async file(target, input) {
      await runTransaction(ctx.db, async (tx) => {
        const actor = await readStaffActor(ctx, tx);
        const subject = await subjectOf(tx, target);
        // The rules let a reporter look up only a missing report of their own (nobody but staff
        // reads a report): a refusal therefore means this person reported this target before.
        let alreadyReported = false;
        if (actor) {
          try {
            const snap = await tx.get(doc(ctx.db, 'reports', reportDocId(target, actor.uid)));
            alreadyReported = snap.exists();
          } catch (e) {
            if (!isDenied(e)) throw e;
            alreadyReported = true;
          }
        }
        const { id, report } = decideReport(actor, target, input, subject, alreadyReported);
        tx.set(doc(ctx.db, 'reports', id), { ...report, createdAt: serverTimestamp() });
      });
    },
  };
}
