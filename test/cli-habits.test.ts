// test/cli-habits.test.ts — the command line's habits, through its own main(): `--help` on every
// command and subcommand (exit 0, usage on stdout), `render -` reading standard input, `--json`
// for machines (the outcome as one JSON object), and exit code 3, distinct from a refusal's 1, when
// the PDF cannot be written. The PDFs are judged by pdftotext.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXIT_WRITE_FAILED, main } from '../src/cli.js';

const ROOT = join(import.meta.dirname, '..');
const HOSTED = readFileSync(join(ROOT, 'examples/hosted.json'), 'utf8');

async function cli(args: string[], stdin?: string): Promise<{ code: number | undefined; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await main(args, {
    out: (s) => {
      out += typeof s === 'string' ? s : Buffer.from(s).toString('latin1');
    },
    err: (s) => {
      err += s;
    },
    env: {},
    stdin: stdin === undefined ? undefined : () => stdin,
  });
  return { code, out, err };
}

describe('quire --help on every command', () => {
  it.each([
    ['serve'],
    ['render'],
    ['verify'],
    ['licence'],
    ['licence', 'keygen'],
    ['licence', 'issue'],
    ['hosted'],
    ['admin'],
    ['admin', 'key', 'create'],
  ])('quire %s … --help', async (...words) => {
    for (const flag of ['--help', '-h']) {
      const r = await cli([...words, flag]);
      expect(r.code, r.err).toBe(0);
      expect(r.out).toMatch(/^Usage/);
      expect(r.err).toBe('');
    }
  });
});

describe('quire render', () => {
  const dir = mkdtempSync(join(tmpdir(), 'quire-cli-habits-'));

  it('reads the description from standard input with "-"', async () => {
    const file = join(dir, 'stdin.pdf');
    const r = await cli(['render', '-', '-o', file], HOSTED);
    expect(r.code, r.err).toBe(0);
    expect(execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' })).toContain('Hello from quire, hosted');
  });

  it('--json prints the outcome as one JSON object, remarks included', async () => {
    const file = join(dir, 'json.pdf');
    const typo = JSON.stringify({ ...JSON.parse(HOSTED), pgae: { width: 100 } });
    const r = await cli(['render', '-', '-o', file, '--json'], typo);
    expect(r.code, r.err).toBe(0);
    expect(r.err).toBe('');
    const o = JSON.parse(r.out);
    expect(o).toMatchObject({ ok: true, output: file, pages: 1, findings: [] });
    expect(o.bytes).toBe(readFileSync(file).byteLength);
    expect(o.remarks).toEqual([
      {
        code: 'unknown-key',
        path: '/pgae',
        text: '`pgae` at / is not a key of the description; did you mean `page`?',
      },
    ]);
  });

  it('--json gives a refusal its status, word, sentence and path, and exits 1', async () => {
    const r = await cli(['render', '-', '-o', join(dir, 'no.pdf'), '--json'], '{"items": 3}');
    expect(r.code).toBe(1);
    expect(JSON.parse(r.out)).toMatchObject({ ok: false, status: 400, path: '/items' });
  });

  it(`exits ${EXIT_WRITE_FAILED} when the PDF cannot be written, not 1 as a refusal does`, async () => {
    const target = join(dir, 'no-such-folder', 'out.pdf');
    const r = await cli(['render', '-', '-o', target], HOSTED);
    expect(EXIT_WRITE_FAILED).toBe(3);
    expect(r.code).toBe(3);
    expect(r.err).toContain(`cannot write ${target}`);
    const j = await cli(['render', '-', '-o', target, '--json'], HOSTED);
    expect(j.code).toBe(3);
    expect(JSON.parse(j.out)).toMatchObject({ ok: false, written: false, output: target });
  });

  it('refuses --json with -o - (both want stdout) as a usage error', async () => {
    const r = await cli(['render', '-', '-o', '-', '--json'], HOSTED);
    expect(r.code).toBe(2);
    expect(r.err).toContain('--json');
  });
});
