import { refusal, refusedAsDone } from '@/test/actors';
import { ADMINS_MAX, REPORT_DETAIL_MAX, STAFF_NOTE_MAX } from '@/domain/constants';
import { sportEventSchema } from '@/domain/entities/event';
import { reportSchema } from '@/domain/entities/report';
import { SPECIAL_ADMIN_EMAIL, userProfileSchema, type Role } from '@/domain/entities/user';
import {
  decideAdminInit,
  decideReport,
  decideResolveReport,
  decideRoleChange,
  decideStaffCancel,
  decideStandingChange,
  isStaff,
  messageSubject,
  staffRank,
  userSearch,
  type StaffActor,
} from './staff';

const actor = (over: Partial<StaffActor> = {}): StaffActor => ({
  uid: 'me',
  email: 'me@example.com',
  emailVerified: true,
  suspended: false,
  role: 'admin',
  ...over,
});

const user = (id: string, role: Role = 'user', isActive = true) =>
  userProfileSchema.parse({ id, displayName: `名前${id}`, role, isActive });

describe('staffRank and isStaff (docs/domain.md "Roles")', () => {
  it('ranks the roles admin and moderator; a user is no staff', () => {
    expect(staffRank({ role: 'admin' })).toBe('admin');
    expect(staffRank({ role: 'moderator' })).toBe('moderator');
    expect(staffRank({ role: 'user', email: 'a@example.com', emailVerified: true })).toBeNull();
    expect(isStaff(null)).toBe(false);
    expect(isStaff(undefined)).toBe(false);
  });

  it('counts the set-up account as a moderator only once its address is verified, whatever the case', () => {
    const setup = { email: SPECIAL_ADMIN_EMAIL.toUpperCase(), role: 'user' as const };
    expect(staffRank({ ...setup, emailVerified: true })).toBe('moderator');
    expect(staffRank({ ...setup, emailVerified: false })).toBeNull();
    expect(staffRank({ ...setup, role: 'admin', emailVerified: true })).toBe('admin');
  });

  it('takes staff rights away from a suspended account', () => {
    expect(staffRank({ role: 'admin', suspended: true })).toBeNull();
  });
});

describe('decideRoleChange', () => {
  it('lets an admin grant moderator and admin, keeping config/admin in step', () => {
    const toMod = decideRoleChange(actor(), user('u1'), 'moderator', ['me']);
    // config/admin changes only when someone becomes or stops being an admin.
    expect(toMod).toMatchObject({ role: 'moderator', admins: null });
    expect(toMod!.audit).toEqual({
      actorId: 'me',
      action: 'role_changed',
      targetType: 'user',
      targetId: 'u1',
      targetLabel: '名前u1',
      from: 'user',
      to: 'moderator',
      reason: '',
      note: '',
    });
    expect(decideRoleChange(actor(), user('u1'), 'admin', ['me'])!.admins).toEqual(['me', 'u1']);
    expect(decideRoleChange(actor(), user('a2', 'admin'), 'user', ['me', 'a2'])!.admins).toEqual([
      'me',
    ]);
  });

  it('refuses every role change by a moderator or the set-up account (so neither grants admin)', () => {
    const mod = actor({ role: 'moderator' });
    expect(refusal(() => decideRoleChange(mod, user('u1'), 'admin', ['a']))).toBe('rolesAdminOnly');
    expect(refusal(() => decideRoleChange(mod, user('u1'), 'moderator', ['a']))).toBe(
      'rolesAdminOnly',
    );
    expect(refusal(() => decideRoleChange(mod, user('a', 'admin'), 'user', ['a']))).toBe(
      'rolesAdminOnly',
    );
    const setup = actor({ role: 'user', email: SPECIAL_ADMIN_EMAIL });
    expect(refusal(() => decideRoleChange(setup, user('me'), 'admin', []))).toBe('rolesAdminOnly');
  });

  it('refuses non-staff, visitors and suspended admins, and unknown roles or users', () => {
    expect(refusal(() => decideRoleChange(actor({ role: 'user' }), user('u1'), 'admin', []))).toBe(
      'staffOnly',
    );
    expect(refusal(() => decideRoleChange(null, user('u1'), 'admin', []))).toBe('loginRequired');
    expect(
      refusal(() => decideRoleChange(actor({ suspended: true }), user('u1'), 'admin', ['me'])),
    ).toBe('accountSuspended');
    expect(refusal(() => decideRoleChange(actor(), user('u1'), 'owner' as Role, ['me']))).toBe(
      'invalidRole',
    );
    expect(refusal(() => decideRoleChange(actor(), null, 'moderator', ['me']))).toBe(
      'userNotFound',
    );
  });

  it('refuses the last admin giving up their own role, allows it when another admin remains', () => {
    expect(refusal(() => decideRoleChange(actor(), user('me', 'admin'), 'moderator', ['me']))).toBe(
      'lastAdmin',
    );
    expect(decideRoleChange(actor(), user('me', 'admin'), 'user', ['me', 'other'])!.admins).toEqual(
      ['other'],
    );
  });

  it('caps the number of admins', () => {
    const full = Array.from({ length: ADMINS_MAX }, (_, i) => `a${i}`);
    expect(refusal(() => decideRoleChange(actor(), user('u1'), 'admin', full))).toBe(
      'tooManyAdmins',
    );
  });

  it('writes nothing when the user already has the role', () => {
    expect(decideRoleChange(actor(), user('u1', 'moderator'), 'moderator', ['me'])).toBeNull();
  });
});

describe('decideStandingChange', () => {
  it('lets a moderator suspend and reactivate a user, recording the note', () => {
    const mod = actor({ role: 'moderator' });
    const d = decideStandingChange(mod, user('u1'), false, '  迷惑行為の通報が続いたため ');
    expect(d).toMatchObject({ isActive: false });
    expect(d!.audit).toMatchObject({
      action: 'account_suspended',
      targetId: 'u1',
      note: '迷惑行為の通報が続いたため',
    });
    expect(decideStandingChange(mod, user('u1', 'user', false), true, '')!.audit.action).toBe(
      'account_reactivated',
    );
  });

  it('lets an admin act on a moderator, but nobody on an admin or on themself', () => {
    expect(decideStandingChange(actor(), user('m1', 'moderator'), false, '')).not.toBeNull();
    const mod = actor({ role: 'moderator' });
    expect(refusal(() => decideStandingChange(mod, user('a1', 'admin'), false, ''))).toBe(
      'noStandingPermission',
    );
    expect(refusal(() => decideStandingChange(mod, user('m2', 'moderator'), false, ''))).toBe(
      'noStandingPermission',
    );
    expect(refusal(() => decideStandingChange(actor(), user('a2', 'admin'), false, ''))).toBe(
      'noStandingPermission',
    );
    expect(
      refusal(() =>
        decideStandingChange(actor({ role: 'moderator', uid: 'u1' }), user('u1'), false, ''),
      ),
    ).toBe('noStandingPermission');
  });

  it('refuses non-staff, a missing user and an overlong note; no change writes nothing', () => {
    expect(
      refusal(() => decideStandingChange(actor({ role: 'user' }), user('u1'), false, '')),
    ).toBe('staffOnly');
    expect(refusal(() => decideStandingChange(actor(), null, false, ''))).toBe('userNotFound');
    expect(
      refusal(() =>
        decideStandingChange(actor(), user('u1'), false, 'あ'.repeat(STAFF_NOTE_MAX + 1)),
      ),
    ).toBe('staffNoteTooLong');
    expect(decideStandingChange(actor(), user('u1'), true, '')).toBeNull();
  });
});

describe('decideStaffCancel', () => {
  const event = (over: Record<string, unknown> = {}) =>
    sportEventSchema.parse({
      id: 'e1',
      title: '週末フットサル',
      organizerId: 'org',
      participants: ['p1', 'p2', 'me'],
      status: 'open',
      ...over,
    });

  it('cancels an open or closed event and notifies the organizer and participants, not the actor', () => {
    const d = decideStaffCancel(actor({ role: 'moderator' }), event(), 'fraud', '');
    expect(d.status).toBe('cancelled');
    expect(d.notify).toEqual(['org', 'p1', 'p2']);
    expect(d.audit).toMatchObject({
      action: 'event_cancelled',
      targetType: 'event',
      targetId: 'e1',
      targetLabel: '週末フットサル',
      reason: 'fraud',
    });
    expect(decideStaffCancel(actor(), event({ status: 'closed' }), 'other', '').status).toBe(
      'cancelled',
    );
  });

  it('refuses a finished or cancelled event, a missing one, an unknown reason, and non-staff', () => {
    expect(
      refusal(() => decideStaffCancel(actor(), event({ status: 'finished' }), 'fraud', '')),
    ).toBe('eventAlreadyOver');
    expect(
      refusal(() => decideStaffCancel(actor(), event({ status: 'cancelled' }), 'fraud', '')),
    ).toBe('eventAlreadyOver');
    expect(refusal(() => decideStaffCancel(actor(), null, 'fraud', ''))).toBe('eventNotFound');
    expect(refusal(() => decideStaffCancel(actor(), event(), '', ''))).toBe('cancelReasonRequired');
    expect(refusal(() => decideStaffCancel(actor({ role: 'user' }), event(), 'fraud', ''))).toBe(
      'staffOnly',
    );
  });
});

describe('decideResolveReport', () => {
  const report = (status: 'open' | 'resolved' = 'open') =>
    reportSchema.parse({ id: 'r1', targetLabel: '週末フットサル', status });

  it('resolves an open report once, with a note', () => {
    const d = decideResolveReport(actor({ role: 'moderator' }), report(), ' 主催者に注意しました ');
    expect(d).toMatchObject({
      status: 'resolved',
      resolvedBy: 'me',
      resolutionNote: '主催者に注意しました',
    });
    expect(d.audit).toMatchObject({
      action: 'report_resolved',
      targetType: 'report',
      targetId: 'r1',
    });
    expect(refusal(() => decideResolveReport(actor(), report('resolved'), 'x'))).toBe(
      'reportAlreadyResolved',
    );
  });

  it('names the report by its label when it fits the log, else by its id alone', () => {
    const label = (l: string) =>
      decideResolveReport(
        actor({ role: 'moderator' }),
        reportSchema.parse({ id: 'r1', targetLabel: l, status: 'open' }),
        'x',
      ).audit.targetLabel;
    expect(label('あ'.repeat(100))).toBe('あ'.repeat(100));
    expect(label('あ'.repeat(101))).toBe('');
  });

  it('needs a note, a report and staff', () => {
    expect(refusal(() => decideResolveReport(actor(), report(), '   '))).toBe(
      'resolutionNoteRequired',
    );
    expect(refusal(() => decideResolveReport(actor(), null, 'x'))).toBe('reportNotFound');
    expect(refusal(() => decideResolveReport(actor({ role: 'user' }), report(), 'x'))).toBe(
      'staffOnly',
    );
  });
});

describe('decideAdminInit', () => {
  const setup = actor({ uid: 's', email: SPECIAL_ADMIN_EMAIL, role: 'user' });

  it('makes the verified set-up account the first admin', () => {
    const d = decideAdminInit(setup, user('s'), []);
    expect(d).toMatchObject({ role: 'admin', admins: ['s'] });
    expect(d.audit).toMatchObject({
      action: 'admin_initialized',
      targetId: 's',
      from: 'user',
      to: 'admin',
    });
  });

  it('refuses once an admin exists, any other account, and an unverified set-up account', () => {
    expect(refusal(() => decideAdminInit(setup, user('s'), ['a1']))).toBe('adminAlreadyExists');
    expect(refusal(() => decideAdminInit(actor({ role: 'user' }), user('me'), []))).toBe(
      'setupAccountOnly',
    );
    expect(refusal(() => decideAdminInit({ ...setup, emailVerified: false }, user('s'), []))).toBe(
      'emailNotVerified',
    );
  });
});

describe('decideReport', () => {
  const reporter = { uid: 'rep', emailVerified: true, suspended: false };
  const subject = { label: '週末フットサル', subjectUserId: 'org' };
  const target = { type: 'event' as const, id: 'e1' };

  it('files one report per person and target, open, with the target named', () => {
    const d = decideReport(
      reporter,
      target,
      { reason: 'fraud', detail: ' 参加費だけ集めて… ' },
      subject,
      false,
    );
    expect(d.id).toBe('event-e1-rep');
    expect(d.report).toEqual({
      reporterId: 'rep',
      targetType: 'event',
      targetId: 'e1',
      conversationId: '',
      targetLabel: '週末フットサル',
      subjectUserId: 'org',
      reason: 'fraud',
      detail: '参加費だけ集めて…',
      status: 'open',
    });
    expect(
      refusal(() => decideReport(reporter, target, { reason: 'fraud', detail: '' }, subject, true)),
    ).toBe('alreadyReported');
    // Each target once per person: the earlier report is this one again.
    expect(
      refusedAsDone(() =>
        decideReport(reporter, target, { reason: 'fraud', detail: '' }, subject, true),
      ),
    ).toBe(true);
  });

  it('reports a message only from its conversation, naming it by its text and sender', () => {
    const conv = { id: 'a_rep', participants: ['a', 'rep'] } as never;
    const msg = { id: 'm1', senderId: 'a', content: 'ひどい言葉' } as never;
    const s = messageSubject(conv, msg);
    const t = { type: 'message' as const, conversationId: 'a_rep', messageId: 'm1' };
    const d = decideReport(reporter, t, { reason: 'harassment', detail: '' }, s, false);
    expect(d.id).toBe('message-m1-rep');
    expect(d.report).toMatchObject({
      targetId: 'm1',
      conversationId: 'a_rep',
      targetLabel: 'ひどい言葉',
      subjectUserId: 'a',
    });
    const outsider = { ...reporter, uid: 'x' };
    expect(
      refusal(() => decideReport(outsider, t, { reason: 'harassment', detail: '' }, s, false)),
    ).toBe('reportTargetNotFound');
  });

  it('refuses own content, a missing target, a bad reason or detail, and unverified or suspended users', () => {
    const input = { reason: 'spam' as const, detail: '' };
    expect(
      refusal(() => decideReport({ ...reporter, uid: 'org' }, target, input, subject, false)),
    ).toBe('cannotReportOwn');
    expect(refusal(() => decideReport(reporter, target, input, null, false))).toBe(
      'reportTargetNotFound',
    );
    expect(
      refusal(() =>
        decideReport(reporter, target, { reason: 'x' as never, detail: '' }, subject, false),
      ),
    ).toBe('reportReasonRequired');
    expect(
      refusal(() =>
        decideReport(
          reporter,
          target,
          { reason: 'spam', detail: 'あ'.repeat(REPORT_DETAIL_MAX + 1) },
          subject,
          false,
        ),
      ),
    ).toBe('reportDetailTooLong');
    expect(
      refusal(() =>
        decideReport({ ...reporter, emailVerified: false }, target, input, subject, false),
      ),
    ).toBe('emailNotVerified');
    expect(
      refusal(() => decideReport({ ...reporter, suspended: true }, target, input, subject, false)),
    ).toBe('accountSuspended');
    expect(refusal(() => decideReport(null, target, input, subject, false))).toBe('loginRequired');
  });
});

describe('userSearch', () => {
  it('searches customUserId for "user_…" (full-width typing included), display names otherwise', () => {
    expect(userSearch(' user_yam ')).toEqual({ field: 'customUserId', prefix: 'user_yam' });
    expect(userSearch('ｕｓｅｒ＿ｙａ')).toEqual({ field: 'customUserId', prefix: 'user_ya' });
    expect(userSearch('山田')).toEqual({ field: 'displayName', prefix: '山田' });
    expect(userSearch('   ')).toBeNull();
  });
});
