// Where the worker script lives and how to start it. From `dist` the compiled `.js` file runs on plain
// Node. From TypeScript source (Vitest, tsx) a tiny bootstrap registers tsx's loader inside the worker
// and then imports the `.ts` file: in Node 20, `--import tsx` in a worker's execArgv does not apply.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

export interface WorkerEntry {
  /** a file URL, or bootstrap source when `eval` is true */
  script: URL | string;
  eval: boolean;
}

export function sandboxWorkerEntry(moduleUrl: string = import.meta.url): WorkerEntry {
  const fromSource = /\.[mc]?ts$/.test(new URL(moduleUrl).pathname);
  if (!fromSource) return { script: new URL('./sandbox-worker.js', moduleUrl), eval: false };
  const tsxDir = dirname(createRequire(moduleUrl).resolve('tsx/package.json'));
  const tsxApi = pathToFileURL(join(tsxDir, 'dist/esm/api/index.mjs')).href;
  const worker = new URL('./sandbox-worker.ts', moduleUrl).href;
  const bootstrap = `import(${JSON.stringify(tsxApi)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(worker)}); });`;
  return { script: bootstrap, eval: true };
}
