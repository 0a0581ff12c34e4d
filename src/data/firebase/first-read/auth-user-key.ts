/**
 * The key under which Firebase Auth keeps its signed-in user (in its IndexedDB database, or in
 * localStorage where IndexedDB cannot be used), as the persistence src/data/firebase/sdk-backend.ts
 * gives it writes it. Read without loading Auth by stored-session.ts and early-request.ts.
 */
export const authUserKey = (apiKey: string, appName = '[DEFAULT]') =>
  `firebase:authUser:${apiKey}:${appName}`;
