import { loadConfigFromFile, runnerImport } from 'vite';

/** Loads a TypeScript script that uses the app's @/ imports: Vite runs it, with the app's aliases. */
export async function loadTsScript(path) {
  const { config } = await loadConfigFromFile({ command: 'serve', mode: 'development' });
  const { module } = await runnerImport(path, { resolve: config.resolve, logLevel: 'error' });
  return module;
}
