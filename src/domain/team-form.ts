import * as z from 'zod/mini';
import { LEVELS, REGIONS, SPORT_TYPES } from '@/domain/entities/event';
import {
  TEAM_ACTIVITY_MAX,
  TEAM_DESCRIPTION_MAX,
  TEAM_MEMBER_LIMIT_MAX,
  TEAM_MEMBER_LIMIT_MIN,
  TEAM_NAME_MAX,
} from '@/domain/entities/team';

const LIMIT_MESSAGE = `上限人数は${TEAM_MEMBER_LIMIT_MIN}〜${TEAM_MEMBER_LIMIT_MAX}人で入力してください`;

/**
 * The team form, and what both backends accept: field names match TeamInput of the teams port,
 * so the parsed form is what the port takes (the backends parse with it again).
 */
export const teamFormSchema = z.object({
  name: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'チーム名を入力してください'),
      z.maxLength(TEAM_NAME_MAX, `チーム名は${TEAM_NAME_MAX}文字以内で入力してください`),
    ),
  description: z
    .string()
    .check(
      z.trim(),
      z.maxLength(
        TEAM_DESCRIPTION_MAX,
        `紹介文は${TEAM_DESCRIPTION_MAX}文字以内で入力してください`,
      ),
    ),
  sportType: z.enum(SPORT_TYPES, { error: '種目を選択してください' }),
  region: z.union([z.literal(''), z.enum(REGIONS)], { error: '地域を一覧から選択してください' }),
  level: z.enum(LEVELS, { error: 'レベルを選択してください' }),
  activity: z
    .string()
    .check(
      z.trim(),
      z.maxLength(
        TEAM_ACTIVITY_MAX,
        `活動日・頻度は${TEAM_ACTIVITY_MAX}文字以内で入力してください`,
      ),
    ),
  maxMembers: z.coerce
    .number({ error: '上限人数は半角数字で入力してください' })
    .check(
      z.int('上限人数は整数で入力してください'),
      z.gte(TEAM_MEMBER_LIMIT_MIN, LIMIT_MESSAGE),
      z.lte(TEAM_MEMBER_LIMIT_MAX, LIMIT_MESSAGE),
    ),
  recruiting: z.boolean(),
  imageURL: z.string(),
  imagePath: z.string(),
});

/** What the form holds (the member limit may still be a string from its input). */
export type TeamFormInput = z.input<typeof teamFormSchema>;
/** What the form submits: the shape of TeamInput. */
export type TeamFormValues = z.output<typeof teamFormSchema>;

/** The content fields a team edit may change, each checked as the form checks it. */
export const teamPatchSchema = z.partial(teamFormSchema);
