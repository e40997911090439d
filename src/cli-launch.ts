#!/usr/bin/env node
// src/cli-launch.ts — dist/cli.js, the `quire` program: `render` and `verify` run from
// dist/cli-bundle.cjs through V8's code cache (src/cli-code-cache.ts), so a fresh process neither
// parses nor compiles the pipeline's code again; every other command, and any tree without the bundle
// (sources run by tsx), runs src/cli.ts's `main` as ES modules. Both are the same code: the same
// bytes, refusals and exit codes (bench/README.md, "Start-up, seventh wave").
import module from 'node:module';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runCached } from './cli-code-cache.js';

/**
 * `quire render` is a process that renders one document and exits: V8's young generation need not
 * grow. By default V8 doubles the semi-spaces (1 → 16 MB, two of them committed) as a render's objects
 * survive scavenges, and a large table reaches the 16 MB maximum within its first pass: 32 MB of the
 * peak RSS of a one-document process. Held at their first size, table-10k peaks ~28 MB lower for the
 * same CPU (bench/README.md, "ninth wave: table-10k memory"). Only the launcher sets it, for `render`,
 * where quire owns the process (never the library, the server or its workers: those size their young
 * generation by `resourceLimits`, src/pool.ts). V8 reads the factor each time it grows new space, so
 * it takes once the process runs (unlike --max-semi-space-size, fixed when the heap is made).
 */
const RENDER_V8_FLAGS = '--semi-space-growth-factor=1';

type Main = (args: readonly string[]) => Promise<number | undefined>;

async function run(args: readonly string[]): Promise<number | undefined> {
  if (args[0] === 'render') setFlagsFromString(RENDER_V8_FLAGS);
  if (args[0] === 'render' || args[0] === 'verify') {
    const bundle = runCached(fileURLToPath(new URL('./cli-bundle.cjs', import.meta.url)), args[0]);
    if (bundle) {
      try {
        return await (bundle.exports.main as Main)(args);
      } finally {
        bundle.save();
      }
    }
  }
  // Node 22.1 and later keep V8's compiled code of the modules loaded from here on (every command's are
  // loaded by dynamic imports) in a cache folder, so the next process skips compiling them; Node 20
  // has no such cache and goes on without (NODE_DISABLE_COMPILE_CACHE=1 turns it off).
  (module as { enableCompileCache?: () => unknown }).enableCompileCache?.();
  return (await import('./cli.js')).main(args);
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
