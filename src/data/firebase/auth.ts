import {
  ActionCodeOperation as FirebaseActionCodeOperation,
  EmailAuthProvider,
  applyActionCode,
  checkActionCode,
  confirmPasswordReset,
  createUserWithEmailAndPassword,
  onAuthStateChanged,
  reauthenticateWithCredential,
  sendEmailVerification,
  sendPasswordResetEmail,
  signInWithEmailAndPassword,
  signOut,
  updatePassword,
  updateProfile,
  type User,
} from 'firebase/auth';
import { FirebaseError } from 'firebase/app';
import { checkPasswordPolicy, emailSchema, normalizeEmail } from '@/domain/auth-forms';
import { AuthError, ERR, normalizeAuthCode } from '@/domain/errors';
import type { ActionCodeInfo, AuthPort, AuthUser } from '@/data/ports/auth';
import { logger } from '@/lib/logger';
import { appOrigin, type FirebaseContext } from './context';

export function toAuthUser(user: User): AuthUser {
  return {
    uid: user.uid,
    email: user.email ?? '',
    displayName: user.displayName ?? '',
    photoURL: user.photoURL ?? '',
    emailVerified: user.emailVerified,
  };
}

/** Firebase's codes become ours; anything that is already an AuthError passes through. */
function toAuthError(e: unknown): unknown {
  if (e instanceof AuthError) return e;
  if (e instanceof FirebaseError) return new AuthError(normalizeAuthCode(e.code));
  return e;
}

async function mapped<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (e) {
    throw toAuthError(e);
  }
}

/** The same policy as the local backend, checked before the service sees the password. */
function assertPasswordPolicy(password: string): void {
  const problem = checkPasswordPolicy(password);
  if (problem) throw new AuthError('auth/weak-password', problem);
}

export function createAuthPort(ctx: FirebaseContext): AuthPort {
  const { auth } = ctx;

  const signedInUser = async (): Promise<User> => {
    await auth.authStateReady();
    const user = auth.currentUser;
    if (!user) throw new AuthError('auth/unauthenticated');
    return user;
  };

  /*
   * Firebase reports the new user as soon as the account exists, before signUp has set its
   * display name (a profile update is no state change, so no second report follows). Reports
   * that arrive while a sign-up runs are held and delivered once it has finished, with the user
   * as it is then, so listeners never see a nameless user mid-registration.
   */
  let signUpsRunning = 0;
  const held = new Set<() => void>();
  const releaseHeld = () => {
    if (signUpsRunning > 0) return;
    const deliveries = [...held];
    held.clear();
    for (const deliver of deliveries) deliver();
  };

  return {
    sessionScope: 'browser',
    onAuthStateChanged(callback) {
      const deliver = () => callback(auth.currentUser ? toAuthUser(auth.currentUser) : null);
      const unsubscribe = onAuthStateChanged(auth, () => {
        if (signUpsRunning > 0) held.add(deliver);
        else deliver();
      });
      return () => {
        held.delete(deliver);
        unsubscribe();
      };
    },

    currentUser() {
      return auth.currentUser ? toAuthUser(auth.currentUser) : null;
    },

    signIn(email, password) {
      return mapped(async () =>
        toAuthUser((await signInWithEmailAndPassword(auth, email.trim(), password)).user),
      );
    },

    async signUp(email, password, displayName) {
      signUpsRunning++;
      try {
        return await mapped(async () => {
          assertPasswordPolicy(password);
          const { user } = await createUserWithEmailAndPassword(auth, email.trim(), password);
          const name = displayName.trim();
          // updateProfile changes the User object in place, so it carries the name from here on.
          if (name) await updateProfile(user, { displayName: name });
          return toAuthUser(user);
        });
      } finally {
        signUpsRunning--;
        releaseHeld();
      }
    },

    signOut() {
      return mapped(() => signOut(auth));
    },

    updateProfile(patch) {
      return mapped(async () => {
        const user = await signedInUser();
        const update: { displayName?: string; photoURL?: string } = {};
        if (patch.displayName !== undefined) update.displayName = patch.displayName;
        if (patch.photoURL !== undefined) update.photoURL = patch.photoURL;
        await updateProfile(user, update);
      });
    },

    sendEmailVerification() {
      return mapped(async () => {
        const user = await signedInUser();
        // The link itself opens /auth/action: that target is set in the console's email template.
        // This is only where the action screen continues to afterwards.
        await sendEmailVerification(user, { url: `${appOrigin()}/registration-complete` });
      });
    },

    async reload() {
      await auth.authStateReady();
      const user = auth.currentUser;
      if (!user) return null;
      await mapped(() => user.reload());
      return auth.currentUser ? toAuthUser(auth.currentUser) : null;
    },

    checkActionCode(code) {
      return mapped(async (): Promise<ActionCodeInfo> => {
        const info = await checkActionCode(auth, code);
        const email = info.data.email ?? '';
        if (info.operation === FirebaseActionCodeOperation.VERIFY_EMAIL)
          return { operation: 'verifyEmail', email };
        if (info.operation === FirebaseActionCodeOperation.PASSWORD_RESET)
          return { operation: 'resetPassword', email };
        // Recovery and email-change links exist in Firebase but not in this product.
        throw new AuthError('auth/invalid-action-code');
      });
    },

    applyActionCode(code) {
      return mapped(() => applyActionCode(auth, code));
    },

    async sendPasswordResetEmail(email) {
      try {
        // The same check as the local backend: a malformed address is refused, not "sent".
        const address = normalizeEmail(email);
        if (!emailSchema.safeParse(address).success) throw new AuthError('auth/invalid-email');
        await sendPasswordResetEmail(auth, address, { url: `${appOrigin()}/reset-complete` });
      } catch (e) {
        // Whether an address has an account is not disclosed: an unknown one is accepted
        // silently, as projects with email-enumeration protection answer anyway.
        if (e instanceof FirebaseError && e.code === 'auth/user-not-found') return;
        // docs/domain.md "Errors": reset-email errors are logged and rethrown.
        logger.error('auth.sendPasswordResetEmail', e);
        throw toAuthError(e);
      }
    },

    confirmPasswordReset(code, newPassword) {
      return mapped(async () => {
        assertPasswordPolicy(newPassword);
        await confirmPasswordReset(auth, code, newPassword);
      });
    },

    async updatePassword(currentPassword, newPassword) {
      try {
        await mapped(async () => {
          await auth.authStateReady();
          const user = auth.currentUser;
          // docs/domain.md "Validation": the password action shows the Japanese "login required" message.
          if (!user || !user.email)
            throw new AuthError('auth/unauthenticated', ERR.passwordAuthRequired);
          assertPasswordPolicy(newPassword);
          await reauthenticateWithCredential(
            user,
            EmailAuthProvider.credential(user.email, currentPassword),
          );
          await updatePassword(user, newPassword);
        });
      } catch (e) {
        // docs/domain.md "Errors": password update errors are logged and rethrown.
        logger.error('auth.updatePassword', e);
        throw e;
      }
    },
  };
}
