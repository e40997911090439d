#!/usr/bin/env node
// src/cli-launch.ts — dist/cli.js, the `quire` program: `render` and `verify` run from
// dist/cli-bundle.cjs through V8's code cache (src/cli-code-cache.ts), so a fresh process neither
// parses nor compiles the pipeline's code again; every other command, and any tree without the bundle
// (sources run by tsx), runs src/cli.ts's `main` as ES modules. Both are the same code: the same
// bytes, refusals and exit codes (bench/README.md, "Start-up, seventh wave").
import module from 'node:module';
import { fileURLToPath } from 'node:url';
import { runCached } from './cli-code-cache.js';

type Main = (args: readonly string[]) => Promise<number | undefined>;

async function run(args: readonly string[]): Promise<number | undefined> {
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
