import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import boundaries from './eslint/boundaries.js';

/**
 * docs/architecture.md: which part of src, mail/ and functions/src may import which is the rule
 * boundaries/zones (eslint/boundaries.js), judged on resolved paths; the packages each zone may
 * use are listed here.
 */
/**
 * Classic zod costs about 25 KiB gzip on every first page against about 9.5 for zod/mini, the same
 * package's functional API; the local build bundles the mail handlers too (docs/architecture.md).
 */
const CLASSIC_ZOD = ['zod', 'zod/v4', 'zod/v3'].map((name) => ({
  name,
  message: "Use 'zod/mini' (import * as z from 'zod/mini'): classic zod is several times larger.",
}));

/** A double click does one thing: every mutation goes through src/lib/use-mutation.ts. */
const ONE_MUTATION_HOOK = {
  name: '@tanstack/react-query',
  importNames: ['useMutation'],
  message: "Use useMutation from '@/lib/use-mutation': it runs a repeated call once.",
};

/**
 * A later entry replaces the rule of an earlier one for the files both match, so every entry
 * carries the zod and mutation restrictions along with its own packages.
 */
const restrict = (...patterns) => ({
  'no-restricted-imports': ['error', { paths: [...CLASSIC_ZOD, ONE_MUTATION_HOOK], patterns }],
});

/**
 * The decisions of the features whose use cases are written once (src/data/use-cases): a
 * backend that called one would be deciding for itself again.
 */
const DECIDED_IN_USE_CASES = [
  {
    group: ['@/domain/rules/headcount', '**/domain/rules/headcount'],
    importNames: ['decideMinHeadcount', 'decideHoldAnyway'],
    message:
      'The minimum headcount is decided in src/data/use-cases/organizing.ts; a backend only stores.',
  },
  {
    group: ['@/domain/rules/participation', '**/domain/rules/participation'],
    importNames: ['decideRequest', 'decideCancel', 'decideApprove', 'decideReject'],
    message:
      'Participation is decided in src/data/use-cases/participation.ts; a backend only stores.',
  },
  {
    group: ['@/domain/rules/conversations', '**/domain/rules/conversations'],
    importNames: [
      'decideOpenConversation',
      'decideCreateConversation',
      'decideSend',
      'decideMarkRead',
      'decideArchive',
    ],
    message:
      'Conversations are decided in src/data/use-cases/conversations.ts; a backend only stores.',
  },
  {
    group: ['@/domain/rules/teams', '**/domain/rules/teams'],
    importNames: [
      'decideTeamCreate',
      'decideTeamUpdate',
      'decideTeamJoinRequest',
      'decideTeamRequestCancel',
      'decideTeamApprove',
      'decideTeamReject',
      'decideTeamLeave',
      'decideTeamMemberRemoval',
    ],
    message: 'Teams are decided in src/data/use-cases/teams.ts; a backend only stores.',
  },
  {
    group: ['@/domain/rules/staff', '**/domain/rules/staff'],
    importNames: [
      'decideRoleChange',
      'decideStandingChange',
      'decideStaffCancel',
      'decideResolveReport',
      'decideAdminInit',
      'decideReport',
    ],
    message:
      'Staff and reports are decided in src/data/use-cases/staff.ts and reports.ts; a backend only stores.',
  },
  {
    group: ['@/domain/rules/events', '**/domain/rules/events'],
    importNames: ['decideCreate', 'decideEventUpdate', 'decideStatusChange'],
    message: 'Events are decided in src/data/use-cases/events.ts; a backend only stores.',
  },
  {
    group: ['@/domain/profile', '**/domain/profile'],
    importNames: ['profileWrites', 'stalePublicFields', 'privateProfileOf'],
    message: 'Profiles are decided in src/data/use-cases/users.ts; a backend only stores.',
  },
  {
    group: ['@/domain/fees', '**/domain/fees'],
    importNames: ['decideDeclare', 'decideWithdraw', 'decideConfirm', 'decideReset'],
    message: 'Fees are decided in src/data/use-cases/fees.ts; a backend only stores.',
  },
  {
    group: ['@/domain/check-in', '**/domain/check-in'],
    importNames: ['decideIssueToken', 'decideCheckIn'],
    message: 'Check-in is decided in src/data/use-cases/check-in.ts; a backend only stores.',
  },
];

const sdk = (why) => [
  { group: ['firebase', 'firebase/*', '@firebase/*'], message: why },
  { group: ['dexie', 'dexie/*'], message: why },
];

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-firebase',
      'node_modules',
      'coverage',
      'functions/lib',
      'playwright-report',
      'test-results',
    ],
  },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    languageOptions: { ecmaVersion: 2022, globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks, boundaries },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-hooks/set-state-in-effect': 'off',
      'no-console': ['error', { allow: ['error', 'warn', 'info'] }],
      'boundaries/zones': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'functions/src/**/*.ts'],
    rules: restrict(),
  },
  {
    files: ['mail/**/*.ts'],
    rules: restrict(
      ...sdk('The mail module runs in the Cloud Functions and in the browser alike.'),
      {
        group: [
          'firebase-admin',
          'firebase-admin/*',
          'firebase-functions',
          'firebase-functions/*',
          'nodemailer',
          'node:*',
        ],
        message: 'The mail module runs in the Cloud Functions and in the browser alike.',
      },
    ),
  },
  {
    files: ['src/domain/**/*.{ts,tsx}'],
    rules: restrict(...sdk('The domain is pure TypeScript.'), {
      group: ['react', 'react-dom', 'react/*', 'react-router-dom', '@tanstack/*'],
      message: 'The domain is pure TypeScript.',
    }),
  },
  {
    files: ['src/data/ports/**/*.ts'],
    rules: restrict(...sdk('Ports are interfaces.')),
  },
  {
    files: ['src/data/storage/**/*.ts', 'src/data/use-cases/**/*.ts'],
    rules: restrict(
      ...sdk('Use cases and the storage interface are written once, for every backend.'),
    ),
  },
  {
    files: ['src/data/demo/**/*.ts'],
    rules: restrict(...sdk('The demo data is a plain description that both backends load.')),
  },
  {
    files: ['src/data/local/**/*.ts'],
    rules: restrict(
      {
        group: ['firebase', 'firebase/*', '@firebase/*'],
        message: 'The local backend never loads Firebase.',
      },
      ...DECIDED_IN_USE_CASES,
    ),
  },
  {
    files: ['src/data/firebase/**/*.ts'],
    rules: restrict(
      {
        group: ['dexie', 'dexie/*'],
        message: 'The Firebase backend never loads Dexie.',
      },
      ...DECIDED_IN_USE_CASES,
    ),
  },
  {
    files: ['src/features/**/*.{ts,tsx}'],
    rules: restrict(...sdk('Features never talk to an SDK directly.')),
  },
  {
    files: ['src/lib/**/*.{ts,tsx}', 'src/components/**/*.{ts,tsx}'],
    rules: restrict(...sdk('Shared code stays backend-neutral.')),
  },
  {
    files: ['src/lib/use-mutation.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: CLASSIC_ZOD, patterns: sdk('Shared code stays backend-neutral.') },
      ],
    },
  },
  {
    files: ['src/app/**/*.{ts,tsx}'],
    rules: restrict(...sdk('The shell loads backends through src/app/backend.ts only.')),
  },
);
