/** Where an organizer's event images are stored (storage.rules allow the organizer there). */
export function eventImageFolder(uid: string): string {
  return `events/${uid}`;
}
