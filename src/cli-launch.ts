#!/usr/bin/env node
// src/cli-launch.ts — dist/cli.js, the `quire` program: `render` and `verify` run from
// dist/cli-bundle.cjs through V8's code cache (src/cli-code-cache.ts), so a fresh process neither
// parses nor compiles the pipeline's code again; every other command, and any tree without the bundle
// (sources run by tsx), runs src/cli.ts's `main` as ES modules. Both are the same code: the same
// bytes, refusals and exit codes (bench/README.md, "Start-up, seventh wave").
import module from 'node:module';
import { fileURLToPath } from 'node:url';
import { runCached } from './cli-code-cache.js';

/**
 * `quire render` is a process that renders one document and exits: V8's young generation need not
 * grow. By default V8 doubles the semi-spaces (1 → 16 MB, two of them committed) as a render's objects
 * survive scavenges, and a large table reaches the 16 MB maximum within its first pass: 32 MB of the
 * peak RSS of a one-document process. Held at their first size, table-10k peaks ~24 MB lower for the
 * same CPU (bench/README.md, "ninth wave: table-10k memory"). Only the launcher sets it, for `render`,
 * where quire owns the process (never the library, the server or its workers: those size their young
 * generation by `resourceLimits`, src/pool.ts). V8 reads the factor each time it grows new space, so
 * it takes once the process runs (unlike --max-semi-space-size, fixed when the heap is made).
 */
const RENDER_V8_FLAGS = '--semi-space-growth-factor=1';
/** V8's own value (the same in every V8 Node ≥ 20 ships), put back before the code cache is written. */
const DEFAULT_V8_FLAGS = '--semi-space-growth-factor=2';

/**
 * Descriptions from this size on get the flag. A smaller one never grows the young generation far (a
 * one-page render survives a few MB at most), and loading `node:v8` to set it was ~3 ms of every
 * `quire render` (bench/README.md, "tenth wave: what a process loads"). The flag is set once the
 * bundle is compiled: V8's code cache carries a hash of the flags, so it is put back before the cache
 * is written, and every process reads and writes the cache under the flags it started with.
 */
const LARGE_DESCRIPTION_BYTES = 64 * 1024;

/**
 * The pass after which a large render's garbage is collected in full, once. With the semi-spaces held
 * small, what survives two scavenges is promoted, and the description as read, the read IR and
 * pagination's measuring are old-space garbage by the end of pagination that no full collection frees
 * before layout and emit grow the heap further (V8 runs one, in names). One collection there: table-10k
 * peaks ~6 MB lower for ~30 ms of CPU; after layout too, ~3 MB more for ~60 ms more, not taken
 * (bench/README.md, "Eleventh wave: the peak of one render").
 */
const COLLECT_AFTER_PASS = 'pagination';

type V8 = { setFlagsFromString: (flags: string) => void };
type Vm = { runInNewContext: (code: string) => unknown };
type Io = {
  out: (s: string | Uint8Array) => void;
  err: (s: string) => void;
  env: NodeJS.ProcessEnv;
  described?: (bytes: number) => void;
  passed?: (pass: string) => void;
};

/**
 * V8's full collection as a function, without starting node with --expose-gc: a context made while
 * the flag is on gets `gc`, and the flag goes back off at once (the code cache's flag hash never sees it).
 */
function fullCollection(v8: V8): () => void {
  v8.setFlagsFromString('--expose-gc');
  try {
    return (process.getBuiltinModule('node:vm') as Vm).runInNewContext('gc') as () => void;
  } finally {
    v8.setFlagsFromString('--no-expose-gc');
  }
}
type Main = (args: readonly string[], io?: Io) => Promise<number | undefined>;

async function run(args: readonly string[]): Promise<number | undefined> {
  let v8: V8 | undefined;
  let collect: (() => void) | undefined;
  const io: Io = {
    out: (s) => process.stdout.write(s),
    err: (s) => process.stderr.write(s),
    env: process.env,
    described: (bytes) => {
      if (args[0] !== 'render' || bytes < LARGE_DESCRIPTION_BYTES || v8) return;
      v8 = process.getBuiltinModule('node:v8') as V8;
      v8.setFlagsFromString(RENDER_V8_FLAGS);
      collect = fullCollection(v8);
    },
    passed: (pass) => {
      if (pass === COLLECT_AFTER_PASS) collect?.();
    },
  };
  try {
    if (args[0] === 'render' || args[0] === 'verify') {
      // a validator required during a large render compiles under the flags its cache was made with
      const asStarted = <T>(compile: () => T): T => {
        if (!v8) return compile();
        v8.setFlagsFromString(DEFAULT_V8_FLAGS);
        try {
          return compile();
        } finally {
          v8.setFlagsFromString(RENDER_V8_FLAGS);
        }
      };
      const bundle = runCached(
        fileURLToPath(new URL('./cli-bundle.cjs', import.meta.url)),
        args[0],
        process.env,
        asStarted,
      );
      if (bundle) {
        try {
          return await (bundle.exports.main as Main)(args, io);
        } finally {
          v8?.setFlagsFromString(DEFAULT_V8_FLAGS);
          v8 = undefined;
          bundle.save();
        }
      }
    }
    // Node 22.1 and later keep V8's compiled code of the modules loaded from here on (every command's
    // are loaded by dynamic imports) in a cache folder, so the next process skips compiling them; Node
    // 20 has no such cache and goes on without (NODE_DISABLE_COMPILE_CACHE=1 turns it off).
    (module as { enableCompileCache?: () => unknown }).enableCompileCache?.();
    return await ((await import('./cli.js')).main as Main)(args, io);
  } finally {
    v8?.setFlagsFromString(DEFAULT_V8_FLAGS); // Node writes its compile cache at exit
  }
}

run(process.argv.slice(2)).then(
  (code) => {
    if (code !== undefined) process.exitCode = code;
  },
  (e: unknown) => {
    process.stderr.write(`quire: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    process.exitCode = 1;
  },
);
