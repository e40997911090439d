// test/cli.test.ts — the built command line (dist/cli.js, as README's tour runs it) and tools/explain,
// each as a child process: the CLI's PDF equals the library's byte for byte, explain prints the IR
// after reading and after each of the seven passes.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
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
