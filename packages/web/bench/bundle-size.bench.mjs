// Initial route JavaScript, gzipped: what the browser must fetch before the first page renders. That is the entry
// chunk(s) named by dist/index.html (module scripts and modulepreload links) plus every chunk they import
// statically, transitively. Lazy chunks (dynamic import(), e.g. the code editor) are reported apart and do not
// count. Target: ≤ 350 kB gzipped (issue 5). Reads the built UI: run `npm run build` first (npm run bench does).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants, gzipSync } from 'node:zlib';

const TARGET_KB = 350;
const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const indexPath = join(dist, 'index.html');
if (!existsSync(indexPath)) {
  console.error(
    `bundle-size: ${relative(process.cwd(), indexPath)} not found — run \`npm run build\` first.`,
  );
  process.exit(1);
}

/** A URL from index.html or an import specifier, as a path under dist (null when it leaves dist). */
function toDistPath(specifier, fromFile) {
  if (/^[a-z]+:/i.test(specifier) || specifier.startsWith('//')) return null;
  const base = specifier.startsWith('/') ? '' : posix.dirname(fromFile);
  const path = posix.normalize(posix.join(base, specifier.split(/[?#]/)[0])).replace(/^\/+/, '');
  return path.startsWith('..') ? null : path;
}

const html = readFileSync(indexPath, 'utf8');
const entries = new Set();
for (const tag of html.match(/<(script|link)\b[^>]*>/gi) ?? []) {
  const attr = (name) => new RegExp(`\\b${name}\\s*=\\s*["']([^"']+)["']`, 'i').exec(tag)?.[1];
  const isModuleScript = /^<script/i.test(tag) && attr('type') === 'module' && attr('src');
  const isPreload = /^<link/i.test(tag) && attr('rel') === 'modulepreload' && attr('href');
  const url = isModuleScript ? attr('src') : isPreload ? attr('href') : null;
  const path = url && toDistPath(url, 'index.html');
  if (path?.endsWith('.js')) entries.add(path);
}
if (entries.size === 0) {
  console.error('bundle-size: index.html names no module script');
  process.exit(1);
}

// Static imports in minified ESM: `import{a}from"./x.js"`, `import"./x.js"`, `export*from"./x.js"`, with any
// quote style. `import(` (dynamic) is deliberately not matched.
const STATIC_IMPORT =
  /(?:^|[;}\s])(?:import|export)\s*(?:[\w$*{][^'"`;()]*?\bfrom\s*)?(['"`])(\.{1,2}\/[^'"`]+|\/[^'"`]+)\1/g;
const DYNAMIC_IMPORT = /\bimport\(\s*(['"`])(\.{1,2}\/[^'"`]+|\/[^'"`]+)\1\s*\)/g;

const initial = new Set();
const lazy = new Set();
const queue = [...entries];
while (queue.length) {
  const file = queue.shift();
  if (initial.has(file)) continue;
  initial.add(file);
  const code = readFileSync(join(dist, file), 'utf8');
  for (const match of code.matchAll(STATIC_IMPORT)) {
    const target = toDistPath(match[2], file);
    if (target?.endsWith('.js') && existsSync(join(dist, target))) queue.push(target);
  }
  for (const match of code.matchAll(DYNAMIC_IMPORT)) {
    const target = toDistPath(match[2], file);
    if (target?.endsWith('.js')) lazy.add(target);
  }
}
for (const file of initial) lazy.delete(file);

const gzipSize = (file) =>
  gzipSync(readFileSync(join(dist, file)), { level: constants.Z_DEFAULT_COMPRESSION }).length;
// kB = 1000 bytes, as Vite's build report prints them.
const kb = (bytes) => (bytes / 1000).toFixed(1);
const rawSize = (file) => readFileSync(join(dist, file)).length;

let total = 0;
console.log('initial route JavaScript (entry + static imports):');
for (const file of initial) {
  const size = gzipSize(file);
  total += size;
  console.log(
    `  ${file.padEnd(44)} ${kb(rawSize(file)).padStart(8)} kB raw  ${kb(size).padStart(7)} kB gzip`,
  );
}
if (lazy.size) {
  console.log('lazy chunks (not counted):');
  for (const file of lazy) {
    console.log(
      `  ${file.padEnd(44)} ${kb(rawSize(file)).padStart(8)} kB raw  ${kb(gzipSize(file)).padStart(7)} kB gzip`,
    );
  }
}
const allJs = readdirSync(join(dist, 'assets')).filter((f) => f.endsWith('.js'));
const unaccounted = allJs.map((f) => `assets/${f}`).filter((f) => !initial.has(f) && !lazy.has(f));
if (unaccounted.length)
  console.log(`other chunks (reached only through other lazy chunks): ${unaccounted.join(', ')}`);

const ratio = total / 1000 / TARGET_KB;
const verdict = total / 1000 <= TARGET_KB ? 'within target' : 'OVER TARGET';
console.log(
  `initial route JS gzipped: ${kb(total)} kB (target ≤ ${TARGET_KB} kB; ${(ratio * 100).toFixed(0)}% of the target) — ${verdict}`,
);
if (total / 1000 > TARGET_KB) process.exitCode = 1;
