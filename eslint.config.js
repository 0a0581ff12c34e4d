import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** Layers: app -> features -> data/ports <- data/{firebase,local}; everything may use domain. */
const restrict = (...patterns) => ({
  'no-restricted-imports': ['error', { patterns }],
});

const backendImpl = (why) => [
  {
    group: ['@/data/local/*', '@/data/firebase/*', '**/data/local/*', '**/data/firebase/*'],
    message: why,
  },
];
const appImport = [
  {
    group: ['@/app/*', '**/app/*'],
    message: 'Nothing imports the app shell; it imports everything else.',
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
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-hooks/set-state-in-effect': 'off',
      'no-console': ['error', { allow: ['error', 'warn', 'info'] }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['src/domain/**/*.{ts,tsx}'],
    rules: restrict(
      ...sdk('The domain is pure TypeScript.'),
      {
        group: ['react', 'react-dom', 'react/*', 'react-router-dom', '@tanstack/*'],
        message: 'The domain is pure TypeScript.',
      },
      {
        group: ['@/data/*', '@/features/*', '@/app/*', '@/lib/*', '@/components/*'],
        message: 'The domain depends on nothing else in src.',
      },
    ),
  },
  {
    files: ['src/data/ports/**/*.ts'],
    rules: restrict(...sdk('Ports are interfaces.'), {
      group: ['@/data/local/*', '@/data/firebase/*', '@/features/*', '@/app/*', '@/lib/*'],
      message: 'Ports depend on the domain only.',
    }),
  },
  {
    files: ['src/data/demo/**/*.ts'],
    rules: restrict(...sdk('The demo data is a plain description that both backends load.'), {
      group: ['@/data/*/*', '!@/data/demo/*', '@/features/*', '@/app/*', '@/lib/*'],
      message: 'The demo data depends on the domain only.',
    }),
  },
  {
    files: ['src/data/local/**/*.ts'],
    rules: restrict(
      {
        group: ['firebase', 'firebase/*', '@firebase/*', '@/data/firebase/*'],
        message: 'The local backend never loads Firebase.',
      },
      { group: ['@/features/*', '@/app/*'], message: 'Backends do not know the UI.' },
    ),
  },
  {
    files: ['src/data/firebase/**/*.ts'],
    rules: restrict(
      {
        group: ['dexie', 'dexie/*', '@/data/local/*'],
        message: 'The Firebase backend never loads Dexie.',
      },
      { group: ['@/features/*', '@/app/*'], message: 'Backends do not know the UI.' },
    ),
  },
  {
    files: ['src/features/**/*.{ts,tsx}'],
    rules: restrict(
      ...backendImpl(
        'Features reach data through the ports (useBackend); only src/app picks an implementation.',
      ),
      ...appImport,
      ...sdk('Features never talk to an SDK directly.'),
    ),
  },
  {
    files: ['src/lib/**/*.{ts,tsx}', 'src/components/**/*.{ts,tsx}'],
    rules: restrict(
      ...backendImpl('Shared code stays backend-neutral.'),
      ...appImport,
      { group: ['@/features/*'], message: 'Shared code does not depend on features.' },
      ...sdk('Shared code stays backend-neutral.'),
    ),
  },
  {
    files: ['src/app/**/*.{ts,tsx}'],
    rules: restrict(...sdk('The shell loads backends through src/app/backend.ts only.')),
  },
);
