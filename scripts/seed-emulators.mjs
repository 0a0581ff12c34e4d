// npm run seed:emulators — empties the running Auth and Firestore emulators and loads the demo
// data (src/data/demo) into them: the same people, events, requests, notifications,
// conversations and teams the local backend starts with. The emulators are found through
// FIREBASE_AUTH_EMULATOR_HOST and FIRESTORE_EMULATOR_HOST (default 127.0.0.1:9099 and :8080, the
// ports of firebase.json); the project through VITE_FIREBASE_PROJECT_ID (default
// demo-sports-community). Times are relative to now, in this machine's time zone.
import { loadTsScript } from './load-ts.mjs';

process.env.FIREBASE_AUTH_EMULATOR_HOST ??= '127.0.0.1:9099';
process.env.FIRESTORE_EMULATOR_HOST ??= '127.0.0.1:8080';
const projectId = process.env.VITE_FIREBASE_PROJECT_ID || 'demo-sports-community';

const { seedFirebaseEmulators } = await loadTsScript('/scripts/firebase-seed.ts');
const seeded = await seedFirebaseEmulators({ projectId, now: new Date(), reset: true });
console.info(
  `Seeded ${projectId}: ${seeded.accounts} accounts into the Auth emulator at ` +
    `${process.env.FIREBASE_AUTH_EMULATOR_HOST}, ${seeded.docs} documents into the Firestore ` +
    `emulator at ${process.env.FIRESTORE_EMULATOR_HOST}.`,
);
