// @vitest-environment node
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The project's ESLint configuration keeps features and layers apart (docs/architecture.md).
 * Code is linted as if it sat at the given path, so the cases need no files of their own.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd: root });

async function boundaryErrors(filePath: string, specifier: string): Promise<string[]> {
  const code = `import * as m from '${specifier}';\nexport const x = m;\n`;
  const [result] = await eslint.lintText(code, { filePath });
  expect(result!.messages.filter((m) => m.fatal)).toEqual([]);
  return result!.messages.filter((m) => m.ruleId === 'boundaries/zones').map((m) => m.message);
}

const EVENTS_PAGE = 'src/features/events/pages/some-page.tsx';
const DOMAIN_RULE = 'src/domain/rules/some-rule.ts';
const USE_CASE = 'src/data/use-cases/some-feature.ts';

describe('feature boundaries', () => {
  it.each([
    '@/features/participation/participation-panel',
    '../../participation/participation-panel',
    '../../participation/components/request-list.tsx',
  ])('refuses a deep import into another feature: %s', async (specifier) => {
    expect(await boundaryErrors(EVENTS_PAGE, specifier)).toEqual([
      expect.stringContaining(
        'features/events may use features/participation only through features/participation/public.ts',
      ),
    ]);
  });

  it.each([
    '@/features/participation/public',
    '../../participation/public',
    '../components/upcoming-events',
    '@/features/events/event-queries',
    '@/components/ui/avatar',
    '@/lib/logger',
    '@/domain/errors',
    '@/data/ports/backend',
  ])(
    "allows another feature's public.ts, the feature's own files and shared code: %s",
    async (specifier) => {
      expect(await boundaryErrors(EVENTS_PAGE, specifier)).toEqual([]);
    },
  );
});

describe('layers', () => {
  it.each<[string, string]>([
    [DOMAIN_RULE, '@/data/ports/events'],
    [DOMAIN_RULE, '../../data/ports/events'],
    [DOMAIN_RULE, '../../data/local/db'],
    [DOMAIN_RULE, '@/features/events/public'],
    [DOMAIN_RULE, '../../components/ui/button'],
    [DOMAIN_RULE, '@/lib/logger'],
    ['src/data/local/some-table.ts', '../../features/events/public'],
    ['src/data/firebase/some-table.ts', '@/features/auth/public'],
    ['src/data/local/some-table.ts', '../firebase/context'],
    ['src/data/ports/some-port.ts', '../local/db'],
    ['src/components/ui/some-widget.tsx', '../../features/auth/public'],
    ['src/components/ui/some-widget.tsx', '@/features/events/event-queries'],
    ['src/lib/some-helper.ts', '../features/auth/session'],
    [EVENTS_PAGE, '../../../data/local/db'],
    [EVENTS_PAGE, '@/data/firebase/context'],
    [EVENTS_PAGE, '../../../app/routes'],
    [USE_CASE, '@/data/local/db'],
    [USE_CASE, '../firebase/context'],
    [USE_CASE, '@/features/events/public'],
    ['src/data/storage/storage.ts', '@/domain/errors'],
    [EVENTS_PAGE, '@/data/use-cases/participation'],
    [EVENTS_PAGE, '../../../data/storage/storage'],
  ])('refuses %s importing %s', async (file, specifier) => {
    expect(await boundaryErrors(file, specifier)).toHaveLength(1);
  });

  it.each<[string, string]>([
    [DOMAIN_RULE, '../errors'],
    [DOMAIN_RULE, '@/domain/entities/event'],
    ['src/data/local/some-table.ts', '@/lib/logger'],
    ['src/data/local/some-table.ts', './db'],
    ['src/data/local/some-table.ts', '@/data/ports/events'],
    [USE_CASE, '@/data/storage/storage'],
    [USE_CASE, '@/domain/rules/participation'],
    [USE_CASE, '@/data/ports/api'],
    [USE_CASE, '@/lib/side-effects'],
    ['src/data/local/storage.ts', '@/data/storage/storage'],
    ['src/data/firebase/sdk-backend.ts', '@/data/use-cases/participation'],
    ['src/components/ui/some-widget.tsx', './button'],
    ['src/app/some-shell.tsx', '@/features/events/pages/event-list-page'],
    ['src/features/events/some.test.tsx', '@/test/accounts'],
  ])('allows %s importing %s', async (file, specifier) => {
    expect(await boundaryErrors(file, specifier)).toEqual([]);
  });

  it('lets a port take a use case for its types only', async () => {
    const lint = async (code: string) => {
      const [result] = await eslint.lintText(code, { filePath: 'src/data/ports/some-port.ts' });
      return result!.messages.map((m) => m.message);
    };
    const useCase = '@/data/use-cases/events';
    expect(
      await lint(
        `import type { eventUseCases } from '${useCase}';
export type P = ReturnType<typeof eventUseCases>;
`,
      ),
    ).toEqual([]);
    expect(
      await lint(`import { eventUseCases } from '${useCase}';
export const p = eventUseCases;
`),
    ).toEqual(['data/ports may import data/use-cases for its types only (import type).']);
  });
});

describe('use cases written once', () => {
  async function restricted(filePath: string, code: string): Promise<string[]> {
    const [result] = await eslint.lintText(code, { filePath });
    expect(result!.messages.filter((m) => m.fatal)).toEqual([]);
    return result!.messages
      .filter((m) => m.ruleId === 'no-restricted-imports')
      .map((m) => m.message);
  }
  const decide = (specifier: string) =>
    `import { decideApprove } from '${specifier}';\nexport const x = decideApprove;\n`;

  it.each<[string, string]>([
    ['src/data/local/some-table.ts', '@/domain/rules/participation'],
    ['src/data/firebase/some-table.ts', '@/domain/rules/participation'],
    ['src/data/firebase/some-table.ts', '../../domain/rules/participation'],
  ])('refuses a participation decision in the backend %s (%s)', async (file, specifier) => {
    expect(await restricted(file, decide(specifier))).toEqual([
      expect.stringContaining('src/data/use-cases/participation.ts'),
    ]);
  });

  it.each<[string, string]>([
    ['src/data/local/some-table.ts', '@/domain/rules/conversations'],
    ['src/data/firebase/some-table.ts', '../../domain/rules/conversations'],
  ])('refuses a conversation decision in the backend %s (%s)', async (file, specifier) => {
    const code = `import { decideSend } from '${specifier}';\nexport const x = decideSend;\n`;
    expect(await restricted(file, code)).toEqual([
      expect.stringContaining('src/data/use-cases/conversations.ts'),
    ]);
  });

  it.each<[string, string]>([
    ['src/data/local/some-table.ts', '@/domain/rules/teams'],
    ['src/data/firebase/some-table.ts', '../../domain/rules/teams'],
  ])('refuses a team decision in the backend %s (%s)', async (file, specifier) => {
    const code = `import { decideTeamLeave } from '${specifier}';\nexport const x = decideTeamLeave;\n`;
    expect(await restricted(file, code)).toEqual([
      expect.stringContaining('src/data/use-cases/teams.ts'),
    ]);
  });

  it.each<[string, string]>([
    ['src/data/local/some-table.ts', '@/domain/rules/staff'],
    ['src/data/firebase/some-table.ts', '../../domain/rules/staff'],
  ])('refuses a staff or report decision in the backend %s (%s)', async (file, specifier) => {
    const code = `import { decideStandingChange, decideReport } from '${specifier}';\nexport const x = [decideStandingChange, decideReport];\n`;
    expect(await restricted(file, code)).toEqual([
      expect.stringContaining('src/data/use-cases/staff.ts'),
      expect.stringContaining('src/data/use-cases/staff.ts'),
    ]);
    const other = `import { userSearch } from '${specifier}';\nexport const x = userSearch;\n`;
    expect(await restricted(file, other)).toEqual([]);
  });

  it('lets a backend use what the domain offers besides the decisions, and the use case decide', async () => {
    const other = `import { inOrganizerOrder } from '@/domain/rules/participation';\nexport const x = inOrganizerOrder;\n`;
    expect(await restricted('src/data/local/some-table.ts', other)).toEqual([]);
    expect(await restricted(USE_CASE, decide('@/domain/rules/participation'))).toEqual([]);
  });

  it.each([USE_CASE, 'src/data/storage/storage.ts'])('keeps the SDKs out of %s', async (file) => {
    const code = `import * as m from 'firebase/firestore';\nimport * as d from 'dexie';\nexport const x = [m, d];\n`;
    expect(await restricted(file, code)).toHaveLength(2);
  });
});

describe('the mail module and the Functions', () => {
  const LOCAL_API = 'src/data/local/some-api.ts';
  const HANDLER = 'mail/handlers/some-handler.ts';
  const FUNCTION = 'functions/src/some-entry.ts';

  it.each<[string, string]>([
    // The Functions' internals, under their alias or a relative path, from anywhere in the app.
    [LOCAL_API, '@functions/firestore-deps'],
    [LOCAL_API, '../../../functions/src/mail/transport.js'],
    ['src/data/ports/some-port.ts', '@functions/http'],
    [EVENTS_PAGE, '@functions/index'],
    [DOMAIN_RULE, '../../../functions/src/rate-limit.js'],
    // The domain depends on nothing outside itself, the mail module included.
    [DOMAIN_RULE, '@mail/policy'],
    ['src/domain/entities/some-entity.ts', '../../../mail/templates.js'],
    // Only the local backend runs the handlers; screens and shared code do not.
    [EVENTS_PAGE, '@mail/templates'],
    ['src/lib/some-helper.ts', '@mail/handlers/common'],
    ['src/data/firebase/some-table.ts', '@mail/policy'],
    // The mail module knows neither the Functions nor the app's backends.
    [HANDLER, '../../functions/src/rate-limit.js'],
    [HANDLER, '../../src/data/local/db'],
    ['mail/some-policy.ts', '@/lib/logger'],
    // The Functions reach the app only through the mail module.
    [FUNCTION, '../../src/data/local/db'],
    [FUNCTION, '../../src/domain/errors.js'],
  ])('refuses %s importing %s', async (file, specifier) => {
    expect(await boundaryErrors(file, specifier)).toHaveLength(1);
  });

  it.each<[string, string]>([
    [LOCAL_API, '@mail/handlers/send-email'],
    [LOCAL_API, '../../../mail/policy.js'],
    ['src/data/ports/some-port.ts', '@mail/handlers/track-unread-message'],
    [HANDLER, '../policy.js'],
    ['mail/some-policy.ts', '../src/domain/entities/email-settings.js'],
    [FUNCTION, '../../mail/handlers/send-email.js'],
    [FUNCTION, './http.js'],
  ])('allows %s importing %s', async (file, specifier) => {
    expect(await boundaryErrors(file, specifier)).toEqual([]);
  });
});

describe('zod', () => {
  async function importErrors(filePath: string, specifier: string): Promise<string[]> {
    const code = `import * as m from '${specifier}';\nexport const x = m;\n`;
    const [result] = await eslint.lintText(code, { filePath });
    return result!.messages
      .filter((m) => m.ruleId === 'no-restricted-imports')
      .map((m) => m.message);
  }

  it.each<[string, string]>([
    [DOMAIN_RULE, 'zod'],
    [DOMAIN_RULE, 'zod/v4'],
    ['src/components/ui/some-widget.tsx', 'zod'],
    [EVENTS_PAGE, 'zod'],
    ['src/data/local/some-table.ts', 'zod'],
    ['src/app/some-shell.tsx', 'zod'],
    ['functions/src/handlers/some-handler.ts', 'zod'],
  ])('refuses classic zod in %s (%s)', async (file, specifier) => {
    expect(await importErrors(file, specifier)).toEqual([expect.stringContaining("'zod/mini'")]);
  });

  it.each([DOMAIN_RULE, 'src/components/ui/some-widget.tsx', 'functions/src/handlers/x.ts'])(
    'allows zod/mini in %s',
    async (file) => {
      expect(await importErrors(file, 'zod/mini')).toEqual([]);
    },
  );
});
