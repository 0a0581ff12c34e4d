import type { Backend } from '@/data/ports/backend';
import { newUserDocument } from '@/domain/entities/user';

/**
 * An account through the real sign-up, with its registration document, never verified; it is
 * left signed in. Returns its uid.
 */
export async function signUpUnverified(
  backend: Backend,
  email: string,
  password: string,
  label: string,
): Promise<string> {
  const user = await backend.auth.signUp(email, password, label);
  await backend.users.create(
    user.uid,
    newUserDocument({ uid: user.uid, email, displayName: label, agreedToTerms: true }),
  );
  return user.uid;
}
