import Dexie from 'dexie';
import { afterEach, expect, it } from 'vitest';
import { createLocalBackend, type LocalBackend } from './create-local-backend';
import { DEMO_PASSWORD, DEMO_UIDS } from './seed';
import { STAFF_SEED_IDS } from './seed-staff';

let backend: LocalBackend | null = null;

afterEach(async () => {
  if (!backend) return;
  await backend.auth.signOut();
  backend.close();
  await Dexie.delete(backend.db.name);
  backend = null;
});

it('seeds a moderator, the admin in config/admin, reports named after their targets and their audit entries', async () => {
  backend = await createLocalBackend({
    dbName: `seed-staff-${crypto.randomUUID()}`,
    origin: 'https://demo.example',
    passwordIterations: 1000,
  });
  await backend.auth.signIn('moderator@example.com', DEMO_PASSWORD);
  expect((await backend.users.get(DEMO_UIDS.moderator))!.role).toBe('moderator');
  expect(await backend.staff.adminSetup()).toEqual({ adminExists: true });

  const open = (await backend.staff.reports('open')).items;
  expect(open.map((r) => r.id)).toEqual([
    STAFF_SEED_IDS.openEventReport,
    STAFF_SEED_IDS.openUserReport,
  ]);
  for (const r of open) {
    const label =
      r.targetType === 'event'
        ? (await backend.events.get(r.targetId))!.title
        : (await backend.users.get(r.targetId))!.displayName;
    expect(r.targetLabel).toBe(label);
  }
  const [resolved] = (await backend.staff.reports('resolved')).items;
  expect(resolved).toMatchObject({
    id: STAFF_SEED_IDS.resolvedReport,
    resolvedBy: DEMO_UIDS.moderator,
  });
  expect((await backend.staff.auditLog()).items.map((e) => e.action)).toEqual([
    'report_resolved',
    'role_changed',
  ]);

  // The seeded admin can change roles: config/admin lists them.
  await backend.auth.signIn('admin@example.com', DEMO_PASSWORD);
  await backend.staff.setRole(DEMO_UIDS.hanako, 'moderator');
  expect((await backend.users.get(DEMO_UIDS.hanako))!.role).toBe('moderator');
});
