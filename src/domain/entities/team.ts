import { z } from 'zod';
import { count, optionalTime, text } from './common';

/** SPEC §3 leaves team fields open; these are the ones the team screens use. */
export const teamSchema = z.object({
  id: z.string(),
  name: text(),
  description: text(),
  sportType: text(),
  region: text(),
  level: text('誰でも'),
  ownerId: text(),
  members: z
    .array(z.string())
    .nullish()
    .transform((v) => v ?? []),
  maxMembers: count,
  imageURL: text(),
  imagePath: text(),
  createdAt: optionalTime,
  updatedAt: optionalTime,
});

export type Team = z.output<typeof teamSchema>;
