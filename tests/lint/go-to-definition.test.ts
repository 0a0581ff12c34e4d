// @vitest-environment node
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * A reader following a call from a screen lands on the use case that runs, not on a second
 * declaration of it (src/data/ports/backend.ts derives the shared ports from the use cases), and
 * the statements they hover over are the use case's own. Asked of TypeScript's language service,
 * as an editor asks it, on one file of the app.
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

function languageService(file: string): ts.LanguageService {
  const config = ts.getParsedCommandLineOfConfigFile(
    path.join(ROOT, 'tsconfig.app.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    },
  )!;
  return ts.createLanguageService({
    getScriptFileNames: () => [file],
    getScriptVersion: () => '1',
    getScriptSnapshot: (f) => {
      const text = ts.sys.readFile(f);
      return text === undefined ? undefined : ts.ScriptSnapshot.fromString(text);
    },
    getCurrentDirectory: () => ROOT,
    getCompilationSettings: () => config.options,
    getDefaultLibFileName: ts.getDefaultLibFilePath,
    fileExists: ts.sys.fileExists,
    readFile: ts.sys.readFile,
    readDirectory: ts.sys.readDirectory,
    directoryExists: ts.sys.directoryExists,
    getDirectories: ts.sys.getDirectories,
  });
}

/** A language service over the whole program: about 5 s alone, several times that on a busy machine. */
const LANGUAGE_SERVICE_MS = 120_000;

describe('go to definition', () => {
  it(
    'leads from a call in a feature to the use case, with its statements',
    () => {
      const file = path.join(ROOT, 'src/features/events/event-queries.ts');
      const call = 'backend.events.get(';
      const text = readFileSync(file, 'utf8');
      expect(text).toContain(call);
      const at = text.indexOf(call) + call.length - 2;
      const service = languageService(file);

      const found = (service.getDefinitionAtPosition(file, at) ?? []).map((d) => ({
        file: path.relative(ROOT, d.fileName),
        name: d.name,
      }));
      expect(found).toEqual([{ file: 'src/data/use-cases/events.ts', name: 'get' }]);
      const hover = ts.displayPartsToString(
        service.getQuickInfoAtPosition(file, at)?.documentation,
      );
      expect(hover).toContain('Missing: null');
    },
    LANGUAGE_SERVICE_MS,
  );
});
