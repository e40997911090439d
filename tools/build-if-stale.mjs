// tools/build-if-stale.mjs — builds dist/ only when a source is newer than it, so `npm start` does not
// rebuild everything on every start. Plain Node (no tsx), since `npm start` and `prepare` run it
// before anything else. `--declarations` also wants the .d.ts files (the package's types): `prepare`
// (npm ci, npm pack, a git install) and `npm test` ask for them; `npm start` does not, and its build
// leaves them out (QUIRE_NO_DTS, read by tsup.config.ts), which is most of a full build's time.
//   node tools/build-if-stale.mjs [--declarations]
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const SOURCES = [
  'src',
  'ir',
  'engines',
  'passes',
  'verifier',
  'types',
  'tools/bundle',
  'package.json',
  'tsup.config.ts',
];
const declarations = process.argv.includes('--declarations');

/** The newest modification time under a file or folder (0 when it is missing). */
function newest(path) {
  if (!existsSync(path)) return 0;
  const s = statSync(path);
  if (!s.isDirectory()) return s.mtimeMs;
  let t = 0;
  for (const e of readdirSync(path)) t = Math.max(t, newest(join(path, e)));
  return t;
}

/** When dist/ was last built: its oldest entry point (a build writes them all). */
function builtAt() {
  const wanted = ['cli.js', 'index.js', 'server.js', 'hosted.js', 'render-worker.js'];
  if (declarations) wanted.push('index.d.ts', 'server.d.ts', 'hosted.d.ts');
  let t = Number.POSITIVE_INFINITY;
  for (const f of wanted) {
    const p = join(root, 'dist', f);
    if (!existsSync(p)) return 0;
    t = Math.min(t, statSync(p).mtimeMs);
  }
  return t;
}

const sources = Math.max(...SOURCES.map((s) => newest(join(root, s))));
if (sources > builtAt()) {
  const env = declarations ? process.env : { ...process.env, QUIRE_NO_DTS: '1' };
  const tsup = join(root, 'node_modules', '.bin', 'tsup');
  if (!existsSync(tsup)) {
    // an install without devDependencies (npm ci --omit=dev) cannot build: dist/ must come built
    console.error('dist/ is missing or older than the sources, and tsup is not installed (npm ci installs it)');
    process.exit(existsSync(join(root, 'dist', 'cli.js')) ? 0 : 1);
  }
  const r = spawnSync(tsup, [], { cwd: root, env, stdio: 'inherit' });
  process.exit(r.status ?? 1);
}
