import { readFileSync } from 'node:fs';
import { defineConfig, loadEnv, type ProxyOptions } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath, URL } from 'node:url';

/**
 * Against the emulators, the dev server and the preview rewrite the /api paths to the Functions
 * emulator the way Hosting rewrites them to the functions in production (firebase.json's
 * rewrites, region us-central1), so the app calls its own origin on every setup.
 * FUNCTIONS_EMULATOR_HOST says where the emulator listens (default firebase.json's port).
 */
function functionsRewrites(env: Record<string, string>): Record<string, ProxyOptions> | undefined {
  if (env.VITE_USE_FIREBASE_EMULATORS !== 'true') return undefined;
  const firebaseJson = new URL('./firebase.json', import.meta.url);
  const { hosting } = JSON.parse(readFileSync(firebaseJson, 'utf8')) as {
    hosting: { rewrites: { source: string; function?: string }[] };
  };
  const target = `http://${env.FUNCTIONS_EMULATOR_HOST || '127.0.0.1:5001'}`;
  const project = env.VITE_FIREBASE_PROJECT_ID;
  return Object.fromEntries(
    hosting.rewrites
      .filter((r) => r.function)
      .map((r) => [
        `^${r.source.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\?.*)?$`,
        { target, changeOrigin: true, rewrite: () => `/${project}/us-central1/${r.function}` },
      ]),
  );
}

export default defineConfig(({ mode }) => {
  const proxy = functionsRewrites(loadEnv(mode, process.cwd(), ''));
  return {
    plugins: [react(), tailwindcss()],
    resolve: {
      alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
    },
    server: { port: 5173, proxy },
    preview: { port: 4173, proxy },
    build: { target: 'es2022', sourcemap: false },
  };
});
