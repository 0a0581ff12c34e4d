import type { UsersPort } from '@/data/ports/users';
import {
  profileEditSchema,
  userProfileSchema,
  type NewUserDocument,
  type ProfileEdit,
  type UserProfile,
} from '@/domain/entities/user';
import { assertMayWriteOwn } from '@/domain/rules/standing';
import { currentActor, type LocalContext } from './context';
import type { DocRow } from './db';
import { definedOnly, parseRow, parseRows } from './rows';

export class LocalUsers implements UsersPort {
  private readonly ctx: LocalContext;

  constructor(ctx: LocalContext) {
    this.ctx = ctx;
  }

  async get(uid: string): Promise<UserProfile | null> {
    const row = await this.ctx.db.users.get(uid);
    return row ? parseRow(userProfileSchema, row) : null;
  }

  async getMany(uids: string[]): Promise<UserProfile[]> {
    const unique = [...new Set(uids)];
    const rows = await this.ctx.db.users.bulkGet(unique);
    return parseRows(
      userProfileSchema,
      rows.filter((r): r is DocRow => r !== undefined),
      'users.getMany',
    );
  }

  async create(uid: string, doc: NewUserDocument): Promise<void> {
    const { agreedToTerms, ...fields } = doc;
    const { db } = this.ctx;
    await db.transaction('rw', db.users, db.accounts, async () => {
      assertMayWriteOwn(await currentActor(this.ctx), uid);
      const now = this.ctx.now();
      const existing = await db.users.get(uid);
      await db.users.put({
        // isActive is staff's to write (docs/security.md); a registration keeps what it finds.
        ...(existing?.isActive !== undefined ? { isActive: existing.isActive } : {}),
        id: uid,
        ...fields,
        // The backend's own clock, as serverTimestamp() would be on Firebase.
        agreedAt: agreedToTerms ? now : null,
        createdAt: now,
      });
    });
  }

  async update(uid: string, patch: Partial<ProfileEdit>): Promise<void> {
    // Only the editable fields, validated by the same schema as the form: a caller cannot slip
    // role or email in through a profile edit.
    const fields = definedOnly(profileEditSchema.partial().parse(patch));
    await this.merge(uid, { ...fields, updatedAt: this.ctx.now() });
  }

  async markEmailVerified(uid: string): Promise<void> {
    await this.merge(uid, { emailVerified: true });
  }

  async recordLogin(uid: string): Promise<void> {
    // The sign-in stamp is the one write a suspended account still makes (docs/security.md);
    // isActive is staff's. Like updateDoc: right after sign-up the profile may not exist yet,
    // and a login stamp must not create a nameless profile ahead of users.create.
    if (this.ctx.currentUser()?.uid !== uid) return;
    await this.ctx.db.users.update(uid, { lastLoginAt: this.ctx.now() });
  }

  /** set(..., { merge: true }) semantics: a missing document is created with just these fields. */
  private async merge(uid: string, fields: Record<string, unknown>): Promise<void> {
    const { db } = this.ctx;
    await db.transaction('rw', db.users, db.accounts, async () => {
      assertMayWriteOwn(await currentActor(this.ctx), uid);
      const existing = await db.users.get(uid);
      await db.users.put({ ...(existing ?? {}), ...fields, id: uid });
    });
  }
}
