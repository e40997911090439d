// ir/grammar/load-chevrotain.ts — reading, the grammars' parser library, loaded on first use: most
// descriptions give plain-number coordinates and no calculation functions, and a fresh worker or CLI
// process is ~12 MB smaller and starts faster without it (bench/README.md, table-10k memory).
//
// Parsing is synchronous, so the library is loaded with `require`. chevrotain is ESM only; its
// one-file bundle (lib/chevrotain.mjs, importing nothing) loads through Node 20's require of ES
// modules and through tsx's require hook alike, which the package entry's own ESM-only dependencies
// (@chevrotain/utils, …) do not under tsx (tools/explain).
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type * as Chevrotain from 'chevrotain';

const require = createRequire(import.meta.url);
let lib: typeof Chevrotain | undefined;

export function chevrotain(): typeof Chevrotain {
  lib ??= require(join(dirname(require.resolve('chevrotain')), '..', 'chevrotain.mjs')) as typeof Chevrotain;
  return lib;
}
