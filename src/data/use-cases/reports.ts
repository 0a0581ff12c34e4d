import { fieldOp, type Transaction } from '@/data/storage/storage';
import { conversationSchema, messageSchema } from '@/domain/entities/conversation';
import { sportEventSchema } from '@/domain/entities/event';
import { reportDocId, type ReportInput, type ReportTarget } from '@/domain/entities/report';
import { teamSchema } from '@/domain/entities/team';
import { requestIdFor } from '@/domain/entities/participation-request';
import { boardAccess, boardOwnerOf, boardPostSchema } from '@/domain/rules/boards';
import { userProfileSchema } from '@/domain/entities/user';
import { failureCode } from '@/domain/errors';
import {
  decideReport,
  eventSubject,
  messageSubject,
  postSubject,
  teamSubject,
  userSubject,
  type ReportSubject,
} from '@/domain/rules/staff';
import { actorTransaction, parseDoc, readUnlessRefused, type UseCaseContext } from './context';

/**
 * Reporting (通報) content to staff (docs/staff.md "Reports"), written once for both backends: the
 * subject as it is now, the domain's decision (decideReport), the report in the shape
 * firestore.rules accept.
 */
export function reportsUseCases(ctx: UseCaseContext) {
  /** What is reported, as the reporter may see it (a conversation they are not in: nothing). */
  const subjectOf = async (
    tx: Transaction,
    t: ReportTarget,
    uid: string | null,
  ): Promise<ReportSubject | null> => {
    const read = (path: string) => readUnlessRefused(() => tx.get(path));
    switch (t.type) {
      case 'event':
        return eventSubject(t.id ? parseDoc(sportEventSchema, await read(`events/${t.id}`)) : null);
      case 'team':
        return teamSubject(t.id ? parseDoc(teamSchema, await read(`teams/${t.id}`)) : null);
      case 'user':
        return userSubject(t.id ? parseDoc(userProfileSchema, await read(`users/${t.id}`)) : null);
      case 'message': {
        if (!t.conversationId || !t.messageId) return null;
        const conversation = parseDoc(
          conversationSchema,
          await read(`conversations/${t.conversationId}`),
        );
        const message = conversation
          ? parseDoc(
              messageSchema,
              await read(`conversations/${t.conversationId}/messages/${t.messageId}`),
            )
          : null;
        return messageSubject(conversation, message);
      }
      case 'eventPost':
      case 'teamPost': {
        if (!t.boardId || !t.postId) return null;
        const kind = t.type === 'eventPost' ? 'event' : 'team';
        const post = parseDoc(
          boardPostSchema,
          await read(
            `${kind === 'event' ? 'eventBoards' : 'teamBoards'}/${t.boardId}/posts/${t.postId}`,
          ),
        );
        const found = parseDoc(
          kind === 'event' ? sportEventSchema : teamSchema,
          await read(`${kind === 'event' ? 'events' : 'teams'}/${t.boardId}`),
        );
        const owner = found ? boardOwnerOf(found) : null;
        // A pending requester reads an event's board (boardAccess), so may report on it too.
        const pending =
          kind === 'event' &&
          !!owner &&
          !!uid &&
          boardAccess(owner, uid, false) === 'none' &&
          (await read(`participationRequests/${requestIdFor(t.boardId, uid)}`))?.data.status ===
            'pending';
        return postSubject(post, owner, pending ? uid : null);
      }
    }
  };

  return {
    /**
     * Files a report about an event, a team, a profile or a message, once per person and target.
     * Refusals: loginRequired, accountSuspended, emailNotVerified, reportReasonRequired,
     * reportDetailTooLong, cannotReportOwn, alreadyReported. Missing: reportTargetNotFound (also
     * for a message of a conversation the caller is not in). Fails: throws. Caller: a signed-in
     * user with a verified address, in good standing. Nobody but staff can read the report
     * afterwards, the reporter included.
     */
    async file(target: ReportTarget, input: ReportInput): Promise<void> {
      await actorTransaction(ctx, async (tx, actor) => {
        const subject = await subjectOf(tx, target, actor?.uid ?? null);
        // The rules let a reporter look up only a missing report of their own (nobody but staff
        // reads a report): a refusal therefore means this person reported this target before.
        let alreadyReported = false;
        if (actor) {
          try {
            alreadyReported = (await tx.get(`reports/${reportDocId(target, actor.uid)}`)) !== null;
          } catch (e) {
            if (failureCode(e) !== 'permission-denied') throw e;
            alreadyReported = true;
          }
        }
        const { id, report } = decideReport(actor, target, input, subject, alreadyReported);
        tx.set(`reports/${id}`, { ...report, createdAt: fieldOp.serverTime() });
      });
    },
  };
}
