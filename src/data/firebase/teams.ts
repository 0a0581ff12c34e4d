import {
  Timestamp,
  collection,
  doc,
  documentId,
  getDoc,
  getDocs,
  limit,
  orderBy,
  query,
  serverTimestamp,
  setDoc,
  startAfter,
  runTransaction,
  type DocumentSnapshot,
} from 'firebase/firestore';
import { TEAMS_PAGE_SIZE } from '@/domain/constants';
import { assertCanEditTeam, decideTeamCreate } from '@/domain/rules/teams';
import type { TeamsPort } from '@/data/ports/teams';
import { parsedDocs, teamConverter, teamFieldsWrite } from './converters';
import { currentUid, type FirebaseContext } from './context';
import { decodeCursor, encodeCursor } from './cursor';

function cursorOf(snap: DocumentSnapshot): string {
  const created = snap.get('createdAt') as unknown;
  return encodeCursor({ t: created instanceof Timestamp ? created.toMillis() : 0, id: snap.id });
}

/** The team rules live in src/domain/rules/teams.ts; the security rules hold the same line. */
export function createTeamsPort(ctx: FirebaseContext): TeamsPort {
  const teams = collection(ctx.db, 'teams');

  return {
    async list(cursor) {
      const after = decodeCursor(cursor);
      const snap = await getDocs(
        query(
          teams,
          orderBy('createdAt', 'desc'),
          orderBy(documentId(), 'desc'),
          ...(after ? [startAfter(Timestamp.fromMillis(after.t), after.id)] : []),
          limit(TEAMS_PAGE_SIZE + 1),
        ).withConverter(teamConverter),
      );
      const pageDocs = snap.docs.slice(0, TEAMS_PAGE_SIZE);
      const last = pageDocs.at(-1);
      return {
        items: parsedDocs(pageDocs, 'teams.list'),
        nextCursor: snap.docs.length > TEAMS_PAGE_SIZE && last ? cursorOf(last) : null,
      };
    },

    async get(id) {
      if (!id) return null;
      const snap = await getDoc(doc(teams, id).withConverter(teamConverter));
      return snap.exists() ? snap.data() : null;
    },

    async create(input) {
      const owner = decideTeamCreate(await currentUid(ctx));
      const ref = doc(teams);
      await setDoc(ref, {
        ...teamFieldsWrite(input),
        ...owner,
        createdAt: serverTimestamp(),
        updatedAt: serverTimestamp(),
      });
      return ref.id;
    },

    async update(id, patch) {
      const uid = await currentUid(ctx);
      await runTransaction(ctx.db, async (tx) => {
        const snap = await tx.get(doc(teams, id).withConverter(teamConverter));
        assertCanEditTeam(uid, snap.exists() ? snap.data() : null);
        tx.update(doc(teams, id), { ...teamFieldsWrite(patch), updatedAt: serverTimestamp() });
      });
    },
  };
}
