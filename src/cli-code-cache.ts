// src/cli-code-cache.ts — runs dist/cli-bundle.cjs (one CommonJS script, src/cli-bundle.ts) with V8's
// code cache: the first process compiles the script and, once its command is done, writes V8's cached
// data of every function it compiled to a per-user cache folder; the next process hands that data to
// `vm.Script` and skips the parsing and compiling (bench/README.md, "Start-up, seventh wave").
// The cache only ever makes a process faster or leaves it as it was:
// - its file is named by the script's SHA-1 with Node's version and architecture, so another build or
//   another Node never reads it (and V8 itself refuses data made for another source, version or flags);
// - each file carries the SHA-1 of its data, checked before use: a damaged file is ignored;
// - it is written to a file of its own and renamed into place, so concurrent processes never see a
//   half-written cache (the last rename wins; both are whole);
// - a folder that cannot be made, read or written means no cache: the command runs as without;
// - so does a folder another user can write to (cached code is run as it is).
// Folder: $QUIRE_CACHE_DIR, else $XDG_CACHE_HOME/quire, else ~/.cache/quire; QUIRE_CODE_CACHE=0 (or
// NODE_DISABLE_COMPILE_CACHE, Node's own switch) turns it off.
import { isAscii } from 'node:buffer';
import { createHash } from 'node:crypto';
import {
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  type Stats,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import Module, { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { dirname, join, sep } from 'node:path';
import vm from 'node:vm';

/** A script run from its bundle: its exports, and `save()` to write the code cache when it had none. */
export interface CachedScript {
  exports: Record<string, unknown>;
  /** True when V8 took the cached code (false: none, damaged, or refused by V8). */
  cached: boolean;
  /** Writes the compiled code to the cache when none was used; never throws. */
  save: () => void;
}

/** The cache folder, or undefined when the cache is off or no folder can be named. */
export function codeCacheDir(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.QUIRE_CODE_CACHE === '0' || env.NODE_DISABLE_COMPILE_CACHE) return undefined;
  if (env.QUIRE_CACHE_DIR) return env.QUIRE_CACHE_DIR;
  if (env.XDG_CACHE_HOME) return join(env.XDG_CACHE_HOME, 'quire');
  try {
    const home = homedir();
    return home ? join(home, '.cache', 'quire') : undefined;
  } catch {
    return undefined;
  }
}

/**
 * False for a folder another user could write to (not ours, or writable by group or others): cached
 * code is run as is, so it must come from this user alone. A folder not made yet is made 0700.
 */
export function privateDir(dir: string): boolean {
  let st: Stats;
  try {
    st = statSync(dir);
  } catch {
    return true; // made by writeCache, owner-only
  }
  if (!st.isDirectory()) return false;
  if (process.platform === 'win32' || typeof process.getuid !== 'function') return true;
  return st.uid === process.getuid() && (st.mode & 0o022) === 0;
}

const DIGEST = 20; // SHA-1

/** The cached data of a cache file when it is whole (its SHA-1 matches), else undefined. */
function readCache(path: string): Buffer | undefined {
  let file: Buffer;
  try {
    file = readFileSync(path);
  } catch {
    return undefined;
  }
  if (file.length <= DIGEST) return undefined;
  const data = file.subarray(DIGEST);
  return createHash('sha1').update(data).digest().equals(file.subarray(0, DIGEST)) ? data : undefined;
}

/** Writes a cache file whole or not at all, and removes the files `stale` names (other builds'). */
function writeCache(dir: string, name: string, stale: (file: string) => boolean, data: Buffer): void {
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const tmp = join(dir, `.${name}.${process.pid}.${Date.now()}.tmp`);
    writeFileSync(tmp, Buffer.concat([createHash('sha1').update(data).digest(), data]), { mode: 0o600 });
    try {
      renameSync(tmp, join(dir, name));
    } catch {
      unlinkSync(tmp);
      return;
    }
    for (const f of readdirSync(dir))
      if (f !== name && f.endsWith('.v8') && stale(f))
        try {
          unlinkSync(join(dir, f));
        } catch {
          // another process removed it, or it cannot be: harmless
        }
  } catch {
    // no folder, no permission, disk full: the next process compiles again
  }
}

const sha1 = (...parts: (string | Buffer)[]): string => {
  const h = createHash('sha1');
  for (const p of parts) h.update(p);
  return h.digest('hex');
};

/** A CommonJS script's source: read as one-byte text when it is ASCII (the build writes the bundle so). */
const text = (bytes: Buffer): string => bytes.toString(isAscii(bytes) ? 'latin1' : 'utf8');

/** Compiles a CommonJS file's source with cached data and runs it as Node would, as `module`. */
function compileAndRun(source: string, file: string, cachedData: Buffer | undefined, module: object): vm.Script {
  const script = new vm.Script(Module.wrap(source), {
    filename: file,
    cachedData,
    // the bundle's `import()` of a dependency goes to Node's own loader (Node 20.12 and later)
    importModuleDynamically: (vm.constants as Partial<typeof vm.constants> | undefined)
      ?.USE_MAIN_CONTEXT_DEFAULT_LOADER as never,
  });
  const exports = (module as { exports: unknown }).exports;
  (script.runInThisContext() as (...a: unknown[]) => void).call(
    exports,
    exports,
    createRequire(file),
    module,
    file,
    dirname(file),
  );
  return script;
}

type Loader = (module: { exports: unknown }, filename: string) => void;

/**
 * Runs a CommonJS bundle with V8's code cache, `role` naming the cache (one per command, since each
 * compiles other functions). The `.cjs` files of `ajv/` beside the bundle (the validators precompiled
 * at build time, required on first use) get a cache each, named by the bundle's hash and their own.
 * Undefined when the bundle cannot be read: the caller runs its own modules. `asStarted` runs a
 * validator's compiling under the V8 flags the process started with, when the caller changes them
 * while the script runs (V8's cached data carries a hash of the flags, and is refused under others).
 */
export function runCached(
  file: string,
  role: string,
  env: NodeJS.ProcessEnv = process.env,
  asStarted: <T>(compile: () => T) => T = (compile) => compile(),
): CachedScript | undefined {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch {
    return undefined;
  }
  const named = codeCacheDir(env);
  const dir = named && privateDir(named) ? named : undefined;
  const build = sha1(`${process.version} ${process.arch}\n`, bytes);
  const name = `cli-${role}-${build}.v8`;
  const cachedData = dir ? readCache(join(dir, name)) : undefined;
  const unsaved: { name: string; script: vm.Script }[] = [];
  const validators = join(dirname(file), 'ajv') + sep;
  const extensions = (Module as unknown as { _extensions: Record<string, Loader> })._extensions;
  const plain = extensions['.cjs'] ?? extensions['.js']; // Node 20 loads .cjs with the .js loader
  if (dir && plain)
    extensions['.cjs'] = (module, filename) => {
      if (!filename.startsWith(validators)) return plain(module, filename);
      const source = readFileSync(filename);
      const cacheName = `ajv-${build.slice(0, 16)}-${sha1(source)}.v8`;
      const data = readCache(join(dir, cacheName));
      const script = asStarted(() => compileAndRun(text(source), filename, data, module));
      if (!data || script.cachedDataRejected) unsaved.push({ name: cacheName, script });
    };
  const module = { exports: {} as Record<string, unknown>, filename: file, id: file, loaded: false };
  const script = compileAndRun(text(bytes), file, cachedData, module);
  module.loaded = true;
  if (!cachedData || script.cachedDataRejected) unsaved.push({ name, script });
  return {
    exports: module.exports,
    cached: cachedData !== undefined && !script.cachedDataRejected,
    save: () => {
      if (!dir) return;
      for (const u of unsaved) {
        const stale = u.name.startsWith('ajv-')
          ? (f: string) => f.startsWith('ajv-') && !f.startsWith(`ajv-${build.slice(0, 16)}-`)
          : (f: string) => f.startsWith(`cli-${role}-`);
        try {
          writeCache(dir, u.name, stale, u.script.createCachedData());
        } catch {
          // V8 could not serialise: no cache this time
        }
      }
      unsaved.length = 0;
    },
  };
}
