// test/cli-code-cache.test.ts — the code cache dist/cli.js runs its bundle with (src/cli-code-cache.ts)
// only ever makes a process faster: a second run takes the cached code, a damaged file, another
// build's source or a folder that cannot be written leave the script running as without a cache.
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { codeCacheDir, runCached } from '../src/cli-code-cache.js';

function setup(source = 'exports.answer = (n) => n * 2 + Number(require("node:path").sep === "/");') {
  const root = mkdtempSync(join(tmpdir(), 'quire-code-cache-'));
  const file = join(root, 'bundle.cjs');
  writeFileSync(file, source);
  return { root, file, cache: join(root, 'cache'), env: { QUIRE_CACHE_DIR: join(root, 'cache') } };
}

function answer(s: ReturnType<typeof runCached>): number {
  if (!s) throw new Error('the bundle did not run');
  return (s.exports.answer as (n: number) => number)(20);
}

describe('the CLI bundle code cache', () => {
  it('is written after a first run and taken by the next', () => {
    const { file, cache, env } = setup();
    const first = runCached(file, 'render', env);
    expect(first?.cached).toBe(false);
    expect(answer(first)).toBe(41);
    first?.save();
    const files = readdirSync(cache);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^cli-render-[0-9a-f]{40}\.v8$/);
    const second = runCached(file, 'render', env);
    expect(second?.cached).toBe(true);
    expect(answer(second)).toBe(41);
  });

  it('ignores a damaged cache file and writes a whole one again', () => {
    const { file, cache, env } = setup();
    runCached(file, 'verify', env)?.save();
    const path = join(cache, readdirSync(cache)[0]);
    const bytes = readFileSync(path);
    bytes[bytes.length - 1] ^= 0xff;
    writeFileSync(path, bytes);
    const damaged = runCached(file, 'verify', env);
    expect(damaged?.cached).toBe(false);
    expect(answer(damaged)).toBe(41);
    damaged?.save();
    writeFileSync(path, bytes.subarray(0, 10)); // truncated
    expect(runCached(file, 'verify', env)?.cached).toBe(false);
  });

  it('never uses the cache of another build, and removes it when writing its own', () => {
    const { file, cache, env } = setup();
    runCached(file, 'render', env)?.save();
    const before = readdirSync(cache);
    writeFileSync(file, 'exports.answer = (n) => n * 3 + 1;'); // same role, another source
    const other = runCached(file, 'render', env);
    expect(other?.cached).toBe(false);
    expect(answer(other)).toBe(61);
    other?.save();
    const after = readdirSync(cache);
    expect(after).toHaveLength(1);
    expect(after[0]).not.toBe(before[0]);
  });

  it('runs without a cache when its folder cannot be made or written', () => {
    const { root, file } = setup();
    writeFileSync(join(root, 'a-file'), '');
    const env = { QUIRE_CACHE_DIR: join(root, 'a-file', 'cache') }; // a file where a folder should be
    const s = runCached(file, 'render', env);
    expect(answer(s)).toBe(41);
    expect(() => s?.save()).not.toThrow();
    const locked = join(root, 'locked');
    mkdirSync(locked);
    chmodSync(locked, 0o500);
    const t = runCached(file, 'render', { QUIRE_CACHE_DIR: locked });
    expect(() => t?.save()).not.toThrow();
    expect(runCached(file, 'render', { QUIRE_CACHE_DIR: locked })?.exports.answer).toBeTypeOf('function');
  });

  it('is not read nor written in a folder others can write to', () => {
    const { root, file } = setup();
    const shared = join(root, 'shared');
    mkdirSync(shared);
    chmodSync(shared, 0o777);
    const env = { QUIRE_CACHE_DIR: shared };
    runCached(file, 'render', env)?.save();
    expect(readdirSync(shared)).toEqual([]);
    chmodSync(shared, 0o700);
    runCached(file, 'render', env)?.save();
    expect(readdirSync(shared)).toHaveLength(1);
    chmodSync(shared, 0o777);
    expect(runCached(file, 'render', env)?.cached).toBe(false);
  });

  it('is off with QUIRE_CODE_CACHE=0 and answers undefined for a missing bundle', () => {
    expect(codeCacheDir({ QUIRE_CODE_CACHE: '0', QUIRE_CACHE_DIR: '/x' })).toBeUndefined();
    expect(codeCacheDir({ XDG_CACHE_HOME: '/c' })).toBe(join('/c', 'quire'));
    expect(runCached(join(tmpdir(), 'no-such-quire-bundle.cjs'), 'render', {})).toBeUndefined();
  });
});

describe('the validators beside the bundle', () => {
  it('are cached one file each, named by the bundle and their own content, and give the same exports', () => {
    const { root, file, cache, env } = setup('exports.answer = (n) => require("./ajv/vkey.cjs").twice(n) + 1;');
    mkdirSync(join(root, 'ajv'));
    writeFileSync(join(root, 'ajv', 'vkey.cjs'), 'exports.twice = (n) => n * 2;');
    const first = runCached(file, 'render', env);
    expect(answer(first)).toBe(41);
    first?.save();
    const names = readdirSync(cache).sort();
    expect(names).toEqual([
      expect.stringMatching(/^ajv-[0-9a-f]{16}-[0-9a-f]{40}\.v8$/),
      expect.stringMatching(/^cli-render-[0-9a-f]{40}\.v8$/),
    ]);
    expect(names[0].slice(4, 20)).toBe(names[1].slice(11, 27)); // the bundle's hash begins both
  });

  it('are compiled through asStarted (the launcher puts V8 flags back for it), the bundle is not', () => {
    const { root, file, env } = setup('exports.answer = (n) => require("./ajv/vkey.cjs").twice(n) + 1;');
    mkdirSync(join(root, 'ajv'));
    writeFileSync(join(root, 'ajv', 'vkey.cjs'), 'exports.twice = (n) => n * 2;');
    const compiled: string[] = [];
    const asStarted = <T>(compile: () => T): T => {
      compiled.push('validator');
      return compile();
    };
    const script = runCached(file, 'render', env, asStarted);
    expect(compiled).toEqual([]);
    expect(answer(script)).toBe(41);
    expect(compiled).toEqual(['validator']);
  });
});
