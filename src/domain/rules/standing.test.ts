import { refusal } from '@/test/actors';
import {
  assertMayWrite,
  assertMayWriteOwn,
  isSuspended,
  standingRefusal,
  type Actor,
} from './standing';

const actor = (over: Partial<Actor> = {}): Actor => ({
  uid: 'u1',
  emailVerified: true,
  suspended: false,
  ...over,
});

describe('isSuspended', () => {
  it('suspends only on an explicit isActive false', () => {
    expect(isSuspended({ isActive: false })).toBe(true);
    expect(isSuspended({ isActive: true })).toBe(false);
    expect(isSuspended({})).toBe(false);
    expect(isSuspended({ isActive: null })).toBe(false);
    expect(isSuspended(null)).toBe(false);
  });
});

describe('assertMayWrite', () => {
  it('refuses a visitor with the message the operation names', () => {
    expect(refusal(() => assertMayWrite(null, 'active'))).toBe('loginRequired');
    expect(refusal(() => assertMayWrite(null, 'verified', 'authCreateEvents'))).toBe(
      'authCreateEvents',
    );
  });

  it('refuses a suspended account every write, before looking at verification', () => {
    expect(refusal(() => assertMayWrite(actor({ suspended: true }), 'active'))).toBe(
      'accountSuspended',
    );
    expect(
      refusal(() => assertMayWrite(actor({ suspended: true, emailVerified: false }), 'verified')),
    ).toBe('accountSuspended');
  });

  it('needs a verified address only where the write asks for it', () => {
    const unverified = actor({ emailVerified: false });
    expect(refusal(() => assertMayWrite(unverified, 'verified'))).toBe('emailNotVerified');
    expect(assertMayWrite(unverified, 'active')).toBe(unverified);
    expect(assertMayWrite(actor(), 'verified').uid).toBe('u1');
  });
});

describe('standingRefusal (what screens ask before offering an action)', () => {
  it('names the reason, suspension first, or null', () => {
    expect(standingRefusal(actor(), 'verified')).toBeNull();
    expect(standingRefusal(actor({ emailVerified: false }), 'active')).toBeNull();
    expect(standingRefusal(actor({ emailVerified: false }), 'verified')).toBe('emailNotVerified');
    expect(standingRefusal(actor({ suspended: true, emailVerified: false }), 'verified')).toBe(
      'accountSuspended',
    );
  });
});

describe('assertMayWriteOwn', () => {
  it("lets an active owner write their own documents, nobody else's", () => {
    expect(assertMayWriteOwn(actor(), 'u1').uid).toBe('u1');
    expect(refusal(() => assertMayWriteOwn(actor(), 'u2'))).toBe('noProfileEditPermission');
    expect(refusal(() => assertMayWriteOwn(actor({ suspended: true }), 'u1'))).toBe(
      'accountSuspended',
    );
    expect(refusal(() => assertMayWriteOwn(null, 'u1'))).toBe('loginRequired');
  });
});
