/**
 * お知らせ of one event told an hour (docs/board.md): the server's limit
 * (mail/handlers/board-announcements.ts) and what the board tells the organizer. A module of its
 * own, importing nothing, so the Cloud Functions compile it with the handler.
 */
export const ANNOUNCEMENTS_PER_HOUR = 3;
