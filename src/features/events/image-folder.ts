/** Event pictures go to the organizer's own folder (storage.rules). */
export function eventImageFolder(uid: string): string {
  return `events/${uid}`;
}
