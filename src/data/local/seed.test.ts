import { describe, expect, it } from 'vitest';
import { demoDoc } from '@/data/demo/demo-data';
import { localBackendsPerTest } from '@/test/local-backends';
import { privateDocId } from './db';
import { DEMO_PASSWORD_ITERATIONS, localRows } from './seed';
import { DEFAULT_PBKDF2_ITERATIONS } from './password-hash';
import { seedEventId } from '@/data/demo/events';
import { DEMO_PASSWORD, DEMO_UIDS } from '@/data/demo/people';

const open = localBackendsPerTest('seed', { seed: true });
const seeded = (dbName?: string) => open(dbName ? { dbName } : {});

/** The local seeder itself; what the demo data holds is checked on both backends by tests/contract/demo-seed.contract.ts. */
describe('local demo seed', () => {
  it('maps the Firebase layout to its tables: the account address and private profiles to privateDocs, config/admin to its table, messages beside their conversation', async () => {
    const b = await seeded();
    expect((await b.db.privateDocs.get(privateDocId(DEMO_UIDS.hanako, 'account')))!.email).toBe(
      'hanako@example.com',
    );
    expect((await b.db.users.get(DEMO_UIDS.hanako))!.email).toBeUndefined();
    expect(await b.db.privateDocs.get(privateDocId(DEMO_UIDS.hanako, 'profile'))).toMatchObject({
      gender: 'female',
      birthDate: '1995-09-03',
    });
    expect(await b.db.config.get('admin')).toMatchObject({
      admins: [DEMO_UIDS.admin],
    });
    const conversation = `${DEMO_UIDS.hanako}_${DEMO_UIDS.organizer}`;
    const messages = await b.db.messages.where('conversationId').equals(conversation).toArray();
    expect(messages).toHaveLength(4);
    expect(messages.every((m) => m.senderId && m.sentAt instanceof Date)).toBe(true);
    expect(() => localRows([demoDoc('teams/seed-team-01/members/x', {})])).toThrow(
      'storage: no local table for teams/seed-team-01/members',
    );
  });

  it('seeds only an empty database', async () => {
    const dbName = `once-${crypto.randomUUID()}`;
    const b = await seeded(dbName);
    await b.db.events.delete(seedEventId(1));
    const count = await b.db.events.count();
    const again = await seeded(dbName);
    expect(await again.db.events.count()).toBe(count);
  });

  it('resets the demo data: everything wiped, reseeded, signed out', async () => {
    const b = await seeded();
    await b.auth.signIn('organizer@example.com', DEMO_PASSWORD);
    const extra = await b.organizing.create({
      title: '追加イベント',
      description: '',
      sportType: 'テニス',
      location: '有明テニスの森',
      region: '関東',
      level: '誰でも',
      teamId: '',
      teamName: '',
      date: '2099-01-01',
      startTime: '10:00',
      endTime: '12:00',
      fee: 0,
      capacity: 5,
      imageURL: '',
      imagePath: '',
    });
    await b.roster.join(seedEventId(8));
    await b.auth.sendEmailVerification();
    expect(await b.dev.outbox()).toHaveLength(1);

    await b.dev.resetDemoData();
    expect(b.auth.currentUser()).toBeNull();
    expect(await b.events.get(extra)).toBeNull();
    expect((await b.events.get(seedEventId(8)))!.participants).toEqual([]);
    expect(await b.dev.outbox()).toEqual([]);
    expect((await b.auth.signIn('hanako@example.com', DEMO_PASSWORD)).uid).toBe(DEMO_UIDS.hanako);
  });

  it('hashes the published demo passwords cheaply, and a password changed later at the default', async () => {
    // A backend whose own passwords get the browser default, as the app's does.
    const app = await open({ passwordIterations: undefined });
    const organizer = (await app.db.accounts.get(DEMO_UIDS.organizer))!;
    expect(organizer.iterations).toBe(DEMO_PASSWORD_ITERATIONS);
    expect(JSON.stringify(organizer)).not.toContain(DEMO_PASSWORD);
    await app.auth.signIn('organizer@example.com', DEMO_PASSWORD);
    await app.auth.updatePassword(DEMO_PASSWORD, 'changed1234');
    expect((await app.db.accounts.get(DEMO_UIDS.organizer))!.iterations).toBe(
      DEFAULT_PBKDF2_ITERATIONS,
    );
    await app.auth.signOut();
    await expect(app.auth.signIn('organizer@example.com', DEMO_PASSWORD)).rejects.toMatchObject({
      code: 'auth/invalid-credential',
    });
    expect((await app.auth.signIn('organizer@example.com', 'changed1234')).uid).toBe(
      DEMO_UIDS.organizer,
    );
  });

  it('lists the outbox newest first with its links, and clears it', async () => {
    const b = await seeded();
    await b.auth.sendPasswordResetEmail('hanako@example.com');
    await new Promise((r) => setTimeout(r, 5));
    await b.auth.sendPasswordResetEmail('ichiro@example.com');
    const mails = await b.dev.outbox();
    expect(mails.map((m) => m.to)).toEqual(['ichiro@example.com', 'hanako@example.com']);
    expect(mails[0]!.links[0]).toMatch(
      /^https:\/\/demo\.example\/auth\/action\?mode=resetPassword&oobCode=/,
    );
    expect(mails[0]!.sentAt).toBeInstanceOf(Date);
    await b.dev.clearOutbox();
    expect(await b.dev.outbox()).toEqual([]);
  });
});
