// tsup.config.ts — builds dist/: the library (index), the server and the hosted front behind their
// subpath exports (quire/server, quire/hosted), the `quire` command (cli), the server's render worker
// (loaded by piscina from dist/render-worker.js), the probe port's thread (dist/probe-thread.js), the worker of the async `renderAsync` and the bench
// entry, and dist/ajv/ (ir/schema/precompile.ts). Dependencies stay external (node_modules at run
// time) but pdf-lib's and those of BUNDLED below; declarations are emitted for the three exported entries unless QUIRE_NO_DTS is
// set (tools/build-if-stale.mjs sets it for `npm start`).
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build, defineConfig, type Options } from 'tsup';
import { lazyShaperTables } from './tools/bundle/lazy-fontkit-tables.mjs';

type Plugin = NonNullable<Options['esbuildPlugins']>[number];

// fontkit, fast-xml-parser and svgpath with the packages they import, bundled in: as separate modules
// a fresh process resolved, translated (CommonJS into ES modules) and compiled them one by one, about
// 200 ms of CPU before the first page (bench/README.md, "Start-up, fifth wave")
const BUNDLED = [
  'fontkit',
  'linebreak',
  'restructure',
  'unicode-properties',
  'unicode-trie',
  'tiny-inflate',
  'dfa',
  'clone',
  'fast-deep-equal',
  'base64-js',
  /^@swc\/helpers/,
  'fast-xml-parser',
  'fast-xml-builder',
  '@nodable/entities',
  'is-unsafe',
  'path-expression-matcher',
  'strnum',
  'anynum',
  'xml-naming',
  'svgpath',
];

// Imports replaced in the bundle by files of tools/bundle/ that keep their contract: brotli's decoder
// required on first call, unicode-trie's unpacking done by Node's zlib, pdf-lib's encodings table and
// PNG decoder run on first use, fontkit's shaper tables built on first use (bench/README.md,
// "Start-up, eighth wave")
export const shims: Plugin = {
  name: 'quire-shims',
  setup(build) {
    const shim = (file: string) => ({ path: join(import.meta.dirname, 'tools', 'bundle', file) });
    build.onResolve({ filter: /^brotli\/decompress\.js$/ }, () => shim('brotli-on-call.mjs'));
    build.onResolve({ filter: /^tiny-inflate$/ }, (a) =>
      /[\\/]unicode-trie[\\/]/.test(a.importer) ? shim('native-inflate.cjs') : undefined,
    );
    // pdf-lib's standard-font encodings and its PNG decoder run when first used, not at load
    build.onResolve({ filter: /^\.\/Encoding(\.js)?$/ }, (a) =>
      /[\\/]@pdf-lib[\\/]standard-fonts[\\/]es[\\/]/.test(a.importer) ? shim('lazy-encodings.mjs') : undefined,
    );
    build.onResolve({ filter: /^@pdf-lib\/upng$/ }, () => shim('lazy-upng.mjs'));
    // fontkit's Arabic, Indic and Universal shapers' tries and state machines, and unicode-properties'
    // table, made when first asked for
    build.onLoad({ filter: /[\\/]fontkit[\\/]dist[\\/]module\.mjs$/ }, (a) => ({
      contents: lazyShaperTables(readFileSync(a.path, 'utf8')),
      loader: 'js',
    }));
    build.onLoad({ filter: /[\\/]unicode-properties[\\/]dist[\\/]module\.mjs$/ }, (a) => ({
      contents: lazyShaperTables(readFileSync(a.path, 'utf8'), 1),
      loader: 'js',
    }));
  },
};

// The code written without its comments and layout, and with constant-folded syntax (names kept, so
// stack traces and `.name` read as before; the source maps still lead back to the sources): V8 keeps a
// module's whole source text as long as the process lives, for the functions it compiles lazily, and
// every process parses it — the chunks a render imports 2.9 → 2.1 MB, the CLI bundle 3.7 → 2.5 MB, a
// render's peak RSS ~2.5 MB lower (bench/README.md, "tenth wave: what a process loads").
const COMPACT = { minifyWhitespace: true, minifySyntax: true } as const;

// The command line again as one CommonJS script, dist/cli-bundle.cjs (src/cli-bundle.ts), which dist/cli.js
// runs for `render` and `verify` with V8's code cache (src/cli-code-cache.ts): Node 20 caches no
// compiled code of ES modules. Same sources, same bundled packages, `import.meta` of a module standing
// for the script's file (bench/README.md, "Start-up, seventh wave").
async function buildCliBundle(): Promise<void> {
  await build({
    config: false,
    entry: { 'cli-bundle': 'src/cli-bundle.ts' },
    format: ['cjs'],
    outExtension: () => ({ js: '.cjs' }),
    target: 'node20',
    platform: 'node',
    sourcemap: true,
    clean: false,
    dts: false,
    splitting: false,
    silent: true,
    external: ['better-sqlite3', 'pg'],
    noExternal: ['pdf-lib', /^@pdf-lib\//, 'pako', ...BUNDLED],
    esbuildPlugins: [shims],
    ...COMPACT,
    define: { 'import.meta.url': '__quireModuleUrl', 'import.meta.dirname': '__dirname' },
    banner: { js: 'var __quireModuleUrl = require("node:url").pathToFileURL(__filename).href;' },
  });
  // ASCII only, so the launcher reads it as a one-byte string (no UTF-8 decoding of 3.5 MB): esbuild
  // escapes strings, regular expressions and names already, what is left is comments, where an escape
  // reads the same (and would mean the same character anywhere else)
  const file = join(import.meta.dirname, 'dist', 'cli-bundle.cjs');
  const text = readFileSync(file, 'utf8');
  writeFileSync(
    file,
    text.replace(/[^\0-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`),
  );
}

// The ES module files of dist/ in ASCII only, as the CLI bundle below: V8 holds a module's source for
// as long as the process lives, and one non-ASCII character (all in comments: esbuild escapes the
// rest) makes the whole file a two-byte string — 3 MB more heap in every process that imports quire
// (bench/README.md, "table-10k, eighth wave: memory"). An escape in a comment reads the same.
function asciiOnlyChunks(): void {
  const dist = join(import.meta.dirname, 'dist');
  for (const name of readdirSync(dist)) {
    if (!name.endsWith('.js')) continue;
    const file = join(dist, name);
    const text = readFileSync(file, 'utf8');
    const ascii = text.replace(/[^\0-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
    if (ascii !== text) writeFileSync(file, ascii);
  }
}

const exported = { index: 'src/index.ts', server: 'src/server.ts', hosted: 'src/hosted/index.ts' };

export default defineConfig({
  entry: {
    ...exported,
    cli: 'src/cli-launch.ts',
    'bench-entry': 'src/bench-entry.ts',
    'render-worker': 'src/render-worker.ts',
    'async-worker': 'src/async-worker.ts',
    // the probe port's thread (src/server/probe.ts), plain JavaScript so the sources run it as well
    'probe-thread': 'src/server/probe-thread.mjs',
  },
  format: ['esm'],
  target: 'node20',
  platform: 'node',
  sourcemap: true,
  // a build without declarations (npm start) leaves the last ones in place rather than wiping dist/;
  // tools/build-if-stale.mjs still sees them as stale, so prepare and npm test rebuild them
  clean: !process.env.QUIRE_NO_DTS,
  dts: process.env.QUIRE_NO_DTS ? false : { entry: exported },
  splitting: true,
  ...COMPACT,
  // the optional database drivers stay imports (tsup externalises dependencies, not optionalDependencies):
  // better-sqlite3 is native and pg is loaded only when a PostgreSQL store opens
  external: ['better-sqlite3', 'pg'],
  // pdf-lib (with its pako and @pdf-lib/* helpers) bundled in: 170 CommonJS files a process resolved,
  // read and wrapped one by one were a quarter of a fresh CLI process's CPU (bench/README.md, "Start-up")
  noExternal: ['pdf-lib', /^@pdf-lib\//, 'pako', ...BUNDLED],
  esbuildPlugins: [shims],
  // the description's schemas precompiled to standalone validators beside the bundle, which
  // ir/schema/ajv.ts loads instead of compiling them at start-up (bench/README.md, "Start-up")
  onSuccess: async () => {
    const tsx = join(import.meta.dirname, 'node_modules', '.bin', 'tsx');
    const r = spawnSync(tsx, ['ir/schema/precompile.ts', 'dist/ajv'], {
      cwd: import.meta.dirname,
      env: { ...process.env, QUIRE_AJV_RUNTIME: '1' },
      stdio: 'inherit',
    });
    if (r.status !== 0) throw new Error('ir/schema/precompile.ts failed');
    asciiOnlyChunks();
    await buildCliBundle();
  },
});
