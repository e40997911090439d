// test/cli.test.ts — the built command line (dist/cli.js, as README's tour runs it) and tools/explain,
// each as a child process: the CLI's PDF equals the library's byte for byte, explain prints the IR
// after reading and after each of the seven passes.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PASS_IDS } from '../passes/index.js';
import { render } from '../src/library.js';

const ROOT = join(import.meta.dirname, '..');
const HELLO = join(ROOT, 'examples/hello.json');
const FONT_PART = join(ROOT, 'examples/parts/NotoSans-Regular.ttf');
const NOW = '2026-11-22T12:00:00Z';

describe('quire render (dist/cli.js)', () => {
  it('writes the same bytes as the library for the same input and clock', () => {
    expect(existsSync(join(ROOT, 'dist/cli.js')), 'npm test builds dist/ first').toBe(true);
    const out = join(mkdtempSync(join(tmpdir(), 'quire-cli-')), 'hello.pdf');
    const r = spawnSync(
      'node',
      [
        join(ROOT, 'dist/cli.js'),
        'render',
        HELLO,
        '--part',
        `NotoSans-Regular.ttf=${FONT_PART}`,
        '-o',
        out,
        '--now',
        NOW,
      ],
      { encoding: 'utf8' },
    );
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toContain('1 page');
    const lib = render({
      description: readFileSync(HELLO),
      parts: new Map([['NotoSans-Regular.ttf', readFileSync(FONT_PART)]]),
      now: new Date(NOW),
    });
    expect(lib.ok).toBe(true);
    if (lib.ok) expect(readFileSync(out).equals(Buffer.from(lib.pdf))).toBe(true);
  });

  it("renders a description of 64 KiB or more (src/cli-launch.ts: V8 flags, a full collection, the bytes let go once read) to the library's bytes, and puts the flags back for the code cache", () => {
    const dir = mkdtempSync(join(tmpdir(), 'quire-cli-'));
    const file = join(dir, 'large.json');
    // hello.json with an unknown key of 80 KB: one remark more, the same drawing
    const description = JSON.stringify({ ...JSON.parse(readFileSync(HELLO, 'utf8')), padding: 'x'.repeat(80_000) });
    writeFileSync(file, description);
    const env = { ...process.env, QUIRE_CACHE_DIR: join(dir, 'cache') };
    const run = (n: number) => {
      const out = join(dir, `large-${n}.pdf`);
      const r = spawnSync(
        'node',
        [
          join(ROOT, 'dist/cli.js'),
          'render',
          file,
          '--part',
          `NotoSans-Regular.ttf=${FONT_PART}`,
          '-o',
          out,
          '--now',
          NOW,
        ],
        { encoding: 'utf8', env },
      );
      expect(r.status, r.stderr).toBe(0);
      expect(r.stderr).toContain('`padding` at / is not a key of the description');
      return readFileSync(out);
    };
    const cached = () => {
      const name = readdirSync(join(dir, 'cache')).find((f) => f.startsWith('cli-render-'));
      expect(name).toBeDefined();
      return statSync(join(dir, 'cache', name ?? '')).ino;
    };
    const first = run(1);
    const written = cached();
    const lib = render({
      description: Buffer.from(description),
      parts: new Map([['NotoSans-Regular.ttf', readFileSync(FONT_PART)]]),
      now: new Date(NOW),
    });
    expect(lib.ok).toBe(true);
    if (lib.ok) expect(first.equals(Buffer.from(lib.pdf))).toBe(true);
    // the second process takes the first one's cache (V8 refuses data made under other flags, and a
    // refused cache is written again: a new file)
    expect(run(2).equals(first)).toBe(true);
    expect(cached()).toBe(written);
  });

  it('prints a refusal and exits 1', () => {
    const out = join(mkdtempSync(join(tmpdir(), 'quire-cli-')), 'x.pdf');
    const r = spawnSync('node', [join(ROOT, 'dist/cli.js'), 'render', HELLO, '-o', out], { encoding: 'utf8' });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(
      /^refused 400 description: the part "NotoSans-Regular.ttf" named by \/fonts\/0\/part was not sent/m,
    );
  });
});

describe('tools/explain', () => {
  it('prints the IR after reading and after each of the seven passes, the same twice', () => {
    const run = () => execFileSync(join(ROOT, 'tools/explain'), [HELLO, '--no-times'], { encoding: 'utf8' });
    const text = run();
    const heads = text
      .split('\n')
      .filter((l) => l.startsWith('== '))
      .map((l) => l.slice(3, -3));
    expect(heads).toEqual(['read', ...PASS_IDS, 'remarks']);
    expect(PASS_IDS).toEqual(['names', 'cross-refusals', 'licences', 'pagination', 'layout', 'dedupe', 'emit']);
    expect(text).toContain('"expr": "({page_width} - 56)"');
    expect(text).toContain('<face NotoSans-Regular truetype');
    expect(run()).toBe(text);
  });

  it('prints one pass with --after, and stops at a refusal', () => {
    const one = execFileSync(join(ROOT, 'tools/explain'), [HELLO, '--no-times', '--after', 'dedupe'], {
      encoding: 'utf8',
    });
    expect(
      one
        .split('\n')
        .filter((l) => l.startsWith('== '))
        .map((l) => l.slice(3, -3)),
    ).toEqual(['dedupe', 'remarks']);
    expect(one).toContain('"resName": "F1"');
  });
});
