import type { UsersPort } from '@/data/ports/users';
import {
  profileEditSchema,
  userProfileSchema,
  type NewUserDocument,
  type ProfileEdit,
  type UserProfile,
} from '@/domain/entities/user';
import { BackendError } from '@/domain/errors';
import { currentUid, type LocalContext } from './context';
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
    const unique = [...new Set(uids.filter(Boolean))];
    const rows = await this.ctx.db.users.bulkGet(unique);
    return parseRows(
      userProfileSchema,
      rows.filter((r): r is DocRow => r !== undefined),
      'users.getMany',
    );
  }

  async create(uid: string, doc: NewUserDocument): Promise<void> {
    this.assertMe(uid);
    const { agreedToTerms, ...fields } = doc;
    const now = this.ctx.now();
    await this.ctx.db.users.put({
      id: uid,
      ...fields,
      // The backend's own clock, as serverTimestamp() would be on Firebase.
      agreedAt: agreedToTerms ? now : null,
      createdAt: now,
    });
  }

  async update(uid: string, patch: Partial<ProfileEdit>): Promise<void> {
    // Only the editable fields, validated by the same schema as the form: a caller cannot slip
    // role or email in through a profile edit.
    const fields = definedOnly(profileEditSchema.partial().parse(patch));
    await this.updateMine(uid, { ...fields, updatedAt: this.ctx.now() });
  }

  async markEmailVerified(uid: string): Promise<void> {
    await this.updateMine(uid, { emailVerified: true });
  }

  async recordLogin(uid: string): Promise<void> {
    this.assertMe(uid);
    // A missing profile is left alone: a login stamp must not create a nameless one.
    await this.ctx.db.users.update(uid, { lastLoginAt: this.ctx.now(), isActive: true });
  }

  private assertMe(uid: string): void {
    if (!uid || uid !== currentUid(this.ctx)) throw new BackendError('permission-denied');
  }

  /** The caller's own existing profile only; a missing one is refused as Firebase's rules do. */
  private async updateMine(uid: string, fields: Record<string, unknown>): Promise<void> {
    this.assertMe(uid);
    const { db } = this.ctx;
    await db.transaction('rw', db.users, async () => {
      if (!(await db.users.get(uid))) throw new BackendError('permission-denied');
      await db.users.update(uid, fields);
    });
  }
}
