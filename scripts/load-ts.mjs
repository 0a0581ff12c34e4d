import { pathToFileURL } from 'node:url';
import { loadConfigFromFile, runnerImport } from 'vite';

/** Loads a TypeScript script that uses the app's @/ imports: Vite runs it, with the app's aliases. */
export async function loadTsScript(path) {
  const { config } = await loadConfigFromFile({ command: 'serve', mode: 'development' });
  const { module } = await runnerImport(path, { resolve: config.resolve, logLevel: 'error' });
  return module;
}

// `node scripts/load-ts.mjs scripts/x.ts [args]`: runs that script's `main(args)`.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [file, ...args] = process.argv.slice(2);
  const { main } = await loadTsScript(`/${file.replace(/^\.?\//, '')}`);
  await main(args);
}
