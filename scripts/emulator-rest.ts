/**
 * The emulators' own REST endpoints (not product APIs): wiping the Auth and Firestore emulators
 * and reading the mail the Auth emulator would have sent. Hosts come from the usual variables
 * (FIREBASE_AUTH_EMULATOR_HOST, FIRESTORE_EMULATOR_HOST), as `firebase emulators:exec` and
 * scripts/test-firebase.sh announce them.
 */

export interface EmulatorHosts {
  /** host:port of the Auth emulator */
  auth?: string;
  /** host:port of the Firestore emulator */
  firestore?: string;
}

export function emulatorHostsFromEnv(env: NodeJS.ProcessEnv = process.env): EmulatorHosts {
  return { auth: env.FIREBASE_AUTH_EMULATOR_HOST, firestore: env.FIRESTORE_EMULATOR_HOST };
}

/** The emulators refuse nothing to the "owner" token; only ever sent to an emulator. */
async function emulatorCall(url: string, method: 'GET' | 'DELETE'): Promise<unknown> {
  const res = await fetch(url, { method, headers: { Authorization: 'Bearer owner' } });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return res.json().catch(() => null);
}

/** Deletes every account and every document of the project in the emulators that are given. */
export async function resetEmulators(projectId: string, hosts: EmulatorHosts): Promise<void> {
  if (hosts.auth) {
    await emulatorCall(`http://${hosts.auth}/emulator/v1/projects/${projectId}/accounts`, 'DELETE');
  }
  if (hosts.firestore) {
    await emulatorCall(
      `http://${hosts.firestore}/emulator/v1/projects/${projectId}/databases/(default)/documents`,
      'DELETE',
    );
  }
}

/** A verification or password-reset mail, as the Auth emulator keeps it. */
export interface OobCode {
  email: string;
  oobCode: string;
  oobLink: string;
  requestType: 'VERIFY_EMAIL' | 'PASSWORD_RESET' | string;
}

/** Every out-of-band code the Auth emulator issued, oldest first. */
export async function oobCodes(projectId: string, authHost: string): Promise<OobCode[]> {
  const body = (await emulatorCall(
    `http://${authHost}/emulator/v1/projects/${projectId}/oobCodes`,
    'GET',
  )) as { oobCodes?: OobCode[] } | null;
  return body?.oobCodes ?? [];
}
