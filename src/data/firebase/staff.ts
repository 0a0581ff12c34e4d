import {
  Timestamp,
  collection,
  doc,
  documentId,
  getCountFromServer,
  getDoc,
  getDocs,
  limit,
  orderBy,
  query,
  runTransaction,
  serverTimestamp,
  startAfter,
  where,
  writeBatch,
  type DocumentData,
  type DocumentReference,
  type DocumentSnapshot,
  type Query,
  type QueryDocumentSnapshot,
  type QueryConstraint,
  type Transaction,
} from 'firebase/firestore';
import type { StaffPort } from '@/data/ports/staff';
import {
  NEW_USERS_WINDOW_DAYS,
  STAFF_EVENT_SCAN_BATCH,
  STAFF_EVENT_SCAN_MAX,
  STAFF_PAGE_SIZE,
} from '@/domain/constants';
import type { NewAuditEntry } from '@/domain/entities/audit';
import type { Page } from '@/domain/entities/common';
import type { UserProfile } from '@/domain/entities/user';
import { keywordMatcher, searchTokenFor } from '@/domain/event-search';
import {
  assertSetupAccount,
  assertStaffRead,
  assertStaffWrite,
  decideAdminInit,
  decideResolveReport,
  decideRoleChange,
  decideStaffCancel,
  customUserIdLookup,
  decideStandingChange,
  onlyHolder,
  staffCancelNotification,
  type StaffCancelNotification,
  userSearch,
  type StaffActor,
} from '@/domain/rules/staff';
import { isSuspended } from '@/domain/rules/standing';
import { scanPage } from '@/lib/scan-page';
import { currentUid, type FirebaseContext } from './context';
import {
  auditConverter,
  eventConverter,
  parsedDocs,
  reportConverter,
  userConverter,
} from './converters';
import { decodeCursor, encodeCursor, type CursorValue } from './cursor';

/** Notifications written in the cancelling transaction; any further ones follow in batches. */
const NOTIFY_IN_TRANSACTION = 400;
/** Sorts after every string in Firestore's UTF-8 order: the upper bound of a prefix range. */
const MAX_CHAR = '\u{10FFFF}';

/** The signed-in account with its role and standing as stored now (null when signed out). */
export async function readStaffActor(
  ctx: FirebaseContext,
  tx?: Transaction,
): Promise<StaffActor | null> {
  const uid = await currentUid(ctx);
  const user = ctx.auth.currentUser;
  if (!uid || !user) return null;
  const ref = doc(ctx.db, 'users', uid).withConverter(userConverter);
  const snap = tx ? await tx.get(ref) : await getDoc(ref);
  const profile = snap.exists() ? snap.data() : null;
  return {
    uid,
    email: user.email ?? '',
    emailVerified: user.emailVerified,
    suspended: isSuspended(profile),
    role: profile?.role ?? 'user',
  };
}

function millis(v: unknown): number {
  return v instanceof Timestamp ? v.toMillis() : 0;
}

/** A page of PAGE+1 documents: the first PAGE parsed, and the cursor after them if more exist. */
function toPage<T>(
  docs: readonly QueryDocumentSnapshot<T>[],
  cursorOf: (d: QueryDocumentSnapshot<T>) => CursorValue,
  context: string,
): Page<T> {
  const page = docs.slice(0, STAFF_PAGE_SIZE);
  const last = page.at(-1);
  return {
    items: parsedDocs(page, context),
    nextCursor: docs.length > STAFF_PAGE_SIZE && last ? encodeCursor(cursorOf(last)) : null,
  };
}

const byCreatedDesc = (d: DocumentSnapshot): CursorValue => ({
  t: millis(d.get('createdAt')),
  id: d.id,
});

export function createStaffPort(ctx: FirebaseContext): StaffPort {
  const users = collection(ctx.db, 'users');
  const events = collection(ctx.db, 'events');
  const reports = collection(ctx.db, 'reports');
  const auditLog = collection(ctx.db, 'auditLog');
  const configAdmin = doc(ctx.db, 'config', 'admin');

  const guardRead = async () => assertStaffRead(await readStaffActor(ctx));
  const count = async (q: Query) => (await getCountFromServer(q)).data().count;

  const readAdmins = async (tx: Transaction): Promise<string[]> => {
    const snap = await tx.get(configAdmin);
    const admins: unknown = snap.exists() ? snap.get('admins') : [];
    return Array.isArray(admins) ? admins.filter((a): a is string => typeof a === 'string') : [];
  };

  const readProfile = async (tx: Transaction, uid: string): Promise<UserProfile | null> => {
    const snap = await tx.get(doc(users, uid).withConverter(userConverter));
    return snap.exists() ? snap.data() : null;
  };

  /** The entry goes into the same transaction; the changed document points at it. */
  const addAudit = (tx: Transaction, entry: NewAuditEntry): string => {
    const ref = doc(auditLog);
    tx.set(ref, { ...entry, createdAt: serverTimestamp() });
    return ref.id;
  };

  const createdDescAfter = (cursor: CursorValue | null): QueryConstraint[] => [
    orderBy('createdAt', 'desc'),
    orderBy(documentId(), 'desc'),
    ...(cursor ? [startAfter(Timestamp.fromMillis(cursor.t), cursor.id)] : []),
  ];

  const notificationRef = (id: string): DocumentReference<DocumentData> =>
    doc(ctx.db, 'notifications', id);

  return {
    async dashboard() {
      await guardRead();
      const now = new Date();
      const since = new Date(now.getTime() - NEW_USERS_WINDOW_DAYS * 86_400_000);
      const today = new Date(now.getFullYear(), now.getMonth(), now.getDate());
      const [userCount, newUsers, openEvents, pendingRequests, openReports] = await Promise.all([
        count(users),
        count(query(users, where('createdAt', '>=', Timestamp.fromDate(since)))),
        count(
          query(
            events,
            where('status', '==', 'open'),
            where('date', '>=', Timestamp.fromDate(today)),
          ),
        ),
        getDoc(doc(ctx.db, 'stats', 'participation')).then((d) =>
          Math.max(0, Number(d.get('pending') ?? 0)),
        ),
        count(query(reports, where('status', '==', 'open'))),
      ]);
      return { users: userCount, newUsers, openEvents, pendingRequests, openReports };
    },

    async searchUsers(text, cursor) {
      await guardRead();
      const search = userSearch(text);
      const after = decodeCursor(cursor);
      const constraints: QueryConstraint[] = search
        ? [
            where(search.field, '>=', search.prefix),
            where(search.field, '<', search.prefix + MAX_CHAR),
            orderBy(search.field),
            orderBy(documentId()),
            ...(after ? [startAfter(after.s ?? '', after.id)] : []),
          ]
        : createdDescAfter(after);
      const snap = await getDocs(
        query(users, ...constraints, limit(STAFF_PAGE_SIZE + 1)).withConverter(userConverter),
      );
      const page = toPage(
        snap.docs,
        (d) =>
          search ? { t: 0, s: String(d.get(search.field) ?? ''), id: d.id } : byCreatedDesc(d),
        'staff.searchUsers',
      );
      return { ...page, items: page.items.map((p) => ({ ...p, email: '' })) };
    },

    async userByCustomId(customUserId) {
      await guardRead();
      const id = customUserIdLookup(customUserId);
      if (!id) return null;
      // The reservation names the one account holding the id; an id given before reservations
      // existed is found on the profiles, and only when exactly one holds it.
      const reserved: unknown = (await getDoc(doc(ctx.db, 'customUserIds', id))).get('uid');
      let holders: UserProfile[];
      if (typeof reserved === 'string') {
        const snap = await getDoc(doc(users, reserved).withConverter(userConverter));
        holders = snap.exists() ? [snap.data()] : [];
      } else {
        const snap = await getDocs(
          query(users, where('customUserId', '==', id), limit(2)).withConverter(userConverter),
        );
        holders = parsedDocs(snap, 'staff.userByCustomId');
      }
      const profile = onlyHolder(holders);
      if (!profile) return null;
      // Staff may read the private account document (firestore.rules).
      const account = await getDoc(doc(users, profile.id, 'private', 'account'));
      const email: unknown = account.exists() ? account.get('email') : '';
      return { ...profile, email: typeof email === 'string' ? email : '' };
    },

    async userActivity(uid) {
      await guardRead();
      const [organizedEvents, joinedEvents, openReportsAbout, reportsFiled] = await Promise.all([
        count(query(events, where('organizerId', '==', uid))),
        count(query(events, where('participants', 'array-contains', uid))),
        count(query(reports, where('subjectUserId', '==', uid), where('status', '==', 'open'))),
        count(query(reports, where('reporterId', '==', uid))),
      ]);
      return { organizedEvents, joinedEvents, openReportsAbout, reportsFiled };
    },

    async setRole(uid, role) {
      await runTransaction(ctx.db, async (tx) => {
        // Checked before reading config/admin, which the rules show to staff only.
        const actor = assertStaffWrite(await readStaffActor(ctx, tx));
        const decision = decideRoleChange(
          actor,
          await readProfile(tx, uid),
          role,
          await readAdmins(tx),
        );
        if (!decision) return;
        const auditId = addAudit(tx, decision.audit);
        tx.update(doc(users, uid), {
          role: decision.role,
          staffAuditId: auditId,
          updatedAt: serverTimestamp(),
        });
        if (decision.admins) {
          tx.update(configAdmin, {
            admins: decision.admins,
            auditId,
            updatedAt: serverTimestamp(),
          });
        }
      });
    },

    async setActive(uid, active, note) {
      await runTransaction(ctx.db, async (tx) => {
        const actor = await readStaffActor(ctx, tx);
        const decision = decideStandingChange(actor, await readProfile(tx, uid), active, note);
        if (!decision) return;
        const auditId = addAudit(tx, decision.audit);
        tx.update(doc(users, uid), {
          isActive: decision.isActive,
          staffAuditId: auditId,
          updatedAt: serverTimestamp(),
        });
      });
    },

    async recentEvents(keyword, cursor) {
      await guardRead();
      // A keyword is looked up by its search token, so only events holding it are read; of
      // those a page examines at most STAFF_EVENT_SCAN_MAX, as the local backend's scan does.
      const token = searchTokenFor(keyword);
      const byToken = token ? [where('searchTokens', 'array-contains', token)] : [];
      const { items, next } = await scanPage({
        after: decodeCursor(cursor),
        read: async (after: CursorValue | null, size) =>
          (
            await getDocs(
              query(events, ...byToken, ...createdDescAfter(after), limit(size)).withConverter(
                eventConverter,
              ),
            )
          ).docs,
        keyOf: byCreatedDesc,
        parse: (d) => parsedDocs([d], 'staff.recentEvents')[0] ?? null,
        matches: keywordMatcher(keyword),
        pageSize: STAFF_PAGE_SIZE,
        batchSize: token ? STAFF_EVENT_SCAN_BATCH : STAFF_PAGE_SIZE + 1,
        maxExamined: STAFF_EVENT_SCAN_MAX,
      });
      return { items, nextCursor: next ? encodeCursor(next) : null };
    },

    async cancelEvent(eventId, reason, note) {
      const later = await runTransaction(ctx.db, async (tx) => {
        const actor = await readStaffActor(ctx, tx);
        const snap = await tx.get(doc(events, eventId).withConverter(eventConverter));
        const event = snap.exists() ? snap.data() : null;
        const decision = decideStaffCancel(actor, event, reason, note);
        const auditId = addAudit(tx, decision.audit);
        tx.update(doc(events, eventId), {
          status: decision.status,
          staffCancelReason: decision.reason,
          staffAuditId: auditId,
          updatedAt: serverTimestamp(),
        });
        const notices = decision.notify.map((uid) =>
          staffCancelNotification(uid, event!, decision.reason),
        );
        for (const n of notices.slice(0, NOTIFY_IN_TRANSACTION)) {
          tx.set(notificationRef(n.id), notifyFields(n.notification));
        }
        return notices.slice(NOTIFY_IN_TRANSACTION);
      });
      // A very large event: the rest of the notices, which the rules allow for a cancelled event.
      for (let i = 0; i < later.length; i += NOTIFY_IN_TRANSACTION) {
        const batch = writeBatch(ctx.db);
        for (const n of later.slice(i, i + NOTIFY_IN_TRANSACTION)) {
          batch.set(notificationRef(n.id), notifyFields(n.notification));
        }
        await batch.commit();
      }
    },

    async reports(status, cursor) {
      await guardRead();
      const snap = await getDocs(
        query(
          reports,
          where('status', '==', status),
          ...createdDescAfter(decodeCursor(cursor)),
          limit(STAFF_PAGE_SIZE + 1),
        ).withConverter(reportConverter),
      );
      return toPage(snap.docs, byCreatedDesc, 'staff.reports');
    },

    async resolveReport(reportId, note) {
      await runTransaction(ctx.db, async (tx) => {
        // Checked before reading the report, which the rules show to staff only.
        const actor = assertStaffWrite(await readStaffActor(ctx, tx));
        const snap = await tx.get(doc(reports, reportId).withConverter(reportConverter));
        const decision = decideResolveReport(actor, snap.exists() ? snap.data() : null, note);
        const auditId = addAudit(tx, decision.audit);
        tx.update(doc(reports, reportId), {
          status: decision.status,
          resolvedBy: decision.resolvedBy,
          resolutionNote: decision.resolutionNote,
          resolvedAt: serverTimestamp(),
          auditId,
        });
      });
    },

    async auditLog(cursor) {
      await guardRead();
      const snap = await getDocs(
        query(
          auditLog,
          ...createdDescAfter(decodeCursor(cursor)),
          limit(STAFF_PAGE_SIZE + 1),
        ).withConverter(auditConverter),
      );
      return toPage(snap.docs, byCreatedDesc, 'staff.auditLog');
    },

    async adminSetup() {
      await guardRead();
      const snap = await getDoc(configAdmin);
      const admins: unknown = snap.exists() ? snap.get('admins') : [];
      return { adminExists: Array.isArray(admins) && admins.length > 0 };
    },

    async initializeAdmin() {
      await runTransaction(ctx.db, async (tx) => {
        const actor = assertSetupAccount(await readStaffActor(ctx, tx));
        const self = await readProfile(tx, actor.uid);
        const decision = decideAdminInit(actor, self, await readAdmins(tx));
        const auditId = addAudit(tx, decision.audit);
        tx.update(doc(users, actor.uid), {
          role: decision.role,
          staffAuditId: auditId,
          updatedAt: serverTimestamp(),
        });
        tx.set(configAdmin, {
          admins: decision.admins,
          auditId,
          createdAt: serverTimestamp(),
          updatedAt: serverTimestamp(),
        });
      });
    },
  };
}

function notifyFields(n: StaffCancelNotification): DocumentData {
  return {
    ...n,
    read: false,
    timestamp: serverTimestamp(),
    clientTimestamp: Timestamp.now(),
  };
}
