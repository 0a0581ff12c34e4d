/**
 * The key under which Firebase Auth keeps its signed-in user (in its IndexedDB database, or in
 * localStorage where IndexedDB cannot be used), as the persistence create-firebase-backend.ts
 * gives it writes it. Read without loading Auth by stored-session.ts and early-read.ts.
 */
export const authUserKey = (apiKey: string, appName = '[DEFAULT]') =>
  `firebase:authUser:${apiKey}:${appName}`;
