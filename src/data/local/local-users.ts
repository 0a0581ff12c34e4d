import Dexie from 'dexie';
import type { UsersPort } from '@/data/ports/users';
import { emailSettingsSchema, type EmailSettings } from '@/domain/entities/email-settings';
import {
  userProfileSchema,
  type NewUserDocument,
  type PrivateProfile,
  type ProfileSave,
  type UserProfile,
} from '@/domain/entities/user';
import { BackendError, DomainError } from '@/domain/errors';
import { privateProfileOf, profileWrites, stalePublicFields } from '@/domain/profile';
import { assertMayWrite } from '@/domain/rules/standing';
import { currentActor, currentUid, type LocalContext } from './context';
import { privateDocId, type DocRow } from './db';
import { parseRow, parseRows } from './rows';

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

  async create(uid: string, doc: NewUserDocument): Promise<boolean> {
    this.assertMe(uid);
    const { agreedToTerms, ...fields } = doc;
    const { db } = this.ctx;
    return db.transaction('rw', db.users, async () => {
      if (await db.users.get(uid)) return false;
      // The address is the signed-in account's own, as Firebase's rules hold it to the ID token's.
      if (doc.email !== this.ctx.currentUser()?.email) throw new BackendError('permission-denied');
      // One account per public id, as Firebase's reservations (customUserIds) hold it.
      if (
        doc.customUserId &&
        (await db.users
          .where('[customUserId+id]')
          .between([doc.customUserId], [doc.customUserId, Dexie.maxKey])
          .first())
      ) {
        throw new DomainError('customUserIdTaken');
      }
      const now = this.ctx.now();
      await db.users.add({
        id: uid,
        ...fields,
        // The backend's own clock, as serverTimestamp() would be on Firebase.
        agreedAt: agreedToTerms ? now : null,
        createdAt: now,
      });
      return true;
    });
  }

  async getPrivateProfile(uid: string): Promise<PrivateProfile> {
    this.assertMe(uid);
    const [stored, profile] = await Promise.all([
      this.ctx.db.privateDocs.get(privateDocId(uid, 'profile')),
      this.get(uid),
    ]);
    return privateProfileOf(stored, profile);
  }

  async saveProfile(uid: string, save: ProfileSave): Promise<void> {
    const { db } = this.ctx;
    await db.transaction('rw', db.users, db.privateDocs, db.accounts, async () => {
      assertMayWrite(await currentActor(this.ctx), 'active');
      this.assertMe(uid);
      const row = await db.users.get(uid);
      if (!row) throw new DomainError('profileNotFound');
      const now = this.ctx.now();
      const { publicFields, privateFields } = profileWrites(uid, save, now);
      await db.users.put({ ...row, ...publicFields, id: uid, updatedAt: now });
      await db.privateDocs.put({
        id: privateDocId(uid, 'profile'),
        ...privateFields,
        updatedAt: now,
      });
    });
  }

  async syncPublicProfile(uid: string): Promise<boolean> {
    this.assertMe(uid);
    const { db } = this.ctx;
    return db.transaction('rw', db.users, db.privateDocs, async () => {
      const row = await db.users.get(uid);
      if (!row) return false;
      const profile = parseRow(userProfileSchema, row);
      const storedId = privateDocId(uid, 'profile');
      const stored = await db.privateDocs.get(storedId);
      const privateProfile = privateProfileOf(stored, profile);
      const now = this.ctx.now();
      const fields = stalePublicFields(profile, privateProfile, now);
      if (!fields) return false;
      // Values an older version left public move to the private document first.
      if (!stored) await db.privateDocs.put({ id: storedId, ...privateProfile, updatedAt: now });
      await db.users.put({ ...row, ...fields, id: uid, updatedAt: now });
      return true;
    });
  }

  async getEmailSettings(uid: string): Promise<EmailSettings> {
    this.assertMe(uid);
    return emailSettingsSchema.parse(
      (await this.ctx.db.privateDocs.get(privateDocId(uid, 'settings'))) ?? null,
    );
  }

  async saveEmailSettings(uid: string, settings: EmailSettings): Promise<void> {
    const { db } = this.ctx;
    await db.transaction('rw', db.privateDocs, db.users, db.accounts, async () => {
      assertMayWrite(await currentActor(this.ctx), 'active');
      this.assertMe(uid);
      await db.privateDocs.put({
        id: privateDocId(uid, 'settings'),
        mail: { ...emailSettingsSchema.parse({ mail: settings }) },
        updatedAt: this.ctx.now(),
      });
    });
  }

  async markEmailVerified(uid: string): Promise<void> {
    await this.updateMine(uid, { emailVerified: true });
  }

  async recordLogin(uid: string): Promise<void> {
    this.assertMe(uid);
    // The sign-in stamp is the one write a suspended account still makes (docs/security.md);
    // isActive is staff's. A missing profile is left alone: a login stamp must not create a
    // nameless one.
    await this.ctx.db.users.update(uid, { lastLoginAt: this.ctx.now() });
  }

  private assertMe(uid: string): void {
    if (!uid || uid !== currentUid(this.ctx)) throw new BackendError('permission-denied');
  }

  /** The caller's own existing profile only; a missing one is refused as Firebase's rules do. */
  private async updateMine(uid: string, fields: Record<string, unknown>): Promise<void> {
    this.assertMe(uid);
    const { db } = this.ctx;
    await db.transaction('rw', db.users, db.accounts, async () => {
      assertMayWrite(await currentActor(this.ctx), 'active');
      if (!(await db.users.get(uid))) throw new BackendError('permission-denied');
      await db.users.update(uid, fields);
    });
  }
}
