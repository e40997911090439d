// test/verify.test.ts — the verifier in the product: the `check` key (findings in the outcome and the
// x-svc-findings / x-svc-finding headers, the PDF and the 200 unchanged), its refusals, `quire verify`
// on any file (exit 0 / 1 / 2), tools/verapdf saying plainly when it is skipped, and Apache PDFBox
// Preflight agreeing with us on a PDF/A-1b file (plus every corpus case that claims PDF/A-1b).
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findingId } from '../ir/diagnostics.js';
import { answerOutcome } from '../src/answer.js';
import { main } from '../src/cli.js';
import { render } from '../src/library.js';
import { CORPUS_DIR, CORPUS_NOW, listCases } from '../tools/corpus-lib.js';
import { verify } from '../verifier/index.js';
import { helloDescription, NOW } from './support/fixtures.js';
import { buildPdf, pdfaBase } from './support/pdf-builder.js';

const ROOT = join(import.meta.dirname, '..');
const PREFLIGHT = join(ROOT, 'tools/preflight.sh');

describe('check', () => {
  it('measures the emitted PDF; the bytes and the 200 are those of the same render without check', async () => {
    const plain = render({ description: helloDescription(), now: NOW });
    const checked = render({ description: helloDescription({ check: ['pdfa2b', 'pdfa1b', 'pdfa2b'] }), now: NOW });
    if (!plain.ok || !checked.ok) throw new Error('render refused');
    expect(Buffer.compare(plain.pdf, checked.pdf)).toBe(0);
    expect(plain.findings).toEqual([]);
    const ids = checked.findings.map(findingId);
    // without an archive claim our output carries no XMP nor output intent, and paints in device colours
    // (CID fonts carry their CIDSet always since the fonts work, so PDF/A-1 6.3.5 has nothing to say)
    // in the order `check` names the standards (each once)
    expect(ids).toEqual([
      'ISO_19005_2 6.2.4.3-t01',
      'ISO_19005_2 6.2.4.3-t03',
      'ISO_19005_2 6.6.2.1-t01',
      'ISO_19005_2 6.6.4-t01',
      'ISO_19005_1 6.2.3.3-t02',
      'ISO_19005_1 6.2.3.3-t04',
      'ISO_19005_1 6.7.2-t01',
      'ISO_19005_1 6.7.11-t01',
    ]);
    // the findings of the pipeline (from the emitted graph) are those of the verifier run on the file's bytes
    expect((await verify(checked.pdf, ['pdfa2b', 'pdfa1b'])).map(findingId)).toEqual(ids);
    const answer = answerOutcome(checked, 'test');
    expect(answer.status).toBe(200);
    expect(answer.headers.find(([k]) => k === 'x-svc-findings')?.[1]).toBe(String(ids.length));
    const carried = answer.headers.filter(([k]) => k === 'x-svc-finding').map(([, v]) => v);
    expect(carried.length).toBeGreaterThan(0);
    expect(carried.length).toBeLessThanOrEqual(10);
    expect(carried.join('').length).toBeLessThanOrEqual(1000);
    expect(carried[0]).toBe(
      'ISO_19005_2 6.2.4.3-t01 DeviceRGB is used without an RGB output intent or DefaultRGB (page 1)',
    );
  });

  it('refuses a standard it does not know; measures PDF/UA-1', () => {
    const bad = render({ description: helloDescription({ check: ['pdfx4'] }), now: NOW });
    expect(bad.ok).toBe(false);
    if (!bad.ok) {
      expect([bad.status, bad.word, bad.path]).toEqual([400, 'description', '/check/0']);
      expect(bad.sentence).toMatch(/check/);
    }
    const ua = render({ description: helloDescription({ check: ['pdfua1'] }), now: NOW });
    expect(ua.ok).toBe(true);
    // An untagged document is far from PDF/UA-1: no structure tree, nothing marked.
    if (ua.ok)
      expect(ua.findings.map((f) => `${f.clause}-${f.test}`)).toEqual(expect.arrayContaining(['7.1-3', '7.1-11']));
    const notArray = render({ description: helloDescription({ check: 'pdfa2b' }), now: NOW });
    expect(notArray.ok === false && notArray.path).toBe('/check');
  });
});

describe('quire verify', () => {
  const dir = mkdtempSync(join(tmpdir(), 'quire-verify-'));
  const io = () => {
    const out: string[] = [];
    const err: string[] = [];
    return {
      out,
      err,
      io: { out: (s: string | Uint8Array) => out.push(String(s)), err: (s: string) => err.push(s), env: {} },
    };
  };
  it('PASS on a conforming file (its own claim by default), FAIL with findings, 2 on a file that is no PDF', async () => {
    const good = join(dir, 'good.pdf');
    writeFileSync(good, buildPdf(pdfaBase(2)));
    let r = io();
    expect(await main(['verify', good], r.io)).toBe(0);
    expect(r.out.join('')).toBe('PASS pdfa2b\n');
    const bad = join(dir, 'bad.pdf');
    writeFileSync(bad, buildPdf(pdfaBase(2, { content: '0 0 1 0 k 0 0 5 5 re f' })));
    r = io();
    expect(await main(['verify', bad, '--standard', 'pdfa2b', '--standard', 'pdfa4'], r.io)).toBe(1);
    // under pdfa4 the PDF/A-2 file's Info dictionary (no PieceInfo, Title beside ModDate) adds 6.1.3 t04 and t05
    expect(r.out.join('').split('\n')[0]).toBe('FAIL pdfa2b,pdfa4: 8 findings');
    expect(r.out.join('')).toContain(
      'ISO_19005_2 6.2.4.3-t02 DeviceCMYK is used without a CMYK output intent or DefaultCMYK (page 1)\n',
    );
    const text = join(dir, 'x.pdf');
    writeFileSync(text, 'not a pdf');
    r = io();
    expect(await main(['verify', text, '--standard', 'pdfa1b'], r.io)).toBe(2);
    expect(r.out.join('')).toMatch(/^ERROR .*x\.pdf is not a readable PDF/);
    r = io();
    expect(await main(['verify', good, '--standard', 'pdfz'], r.io)).toBe(2);
    expect(r.err.join('')).toContain('--standard "pdfz" is not one of');
  });
});

describe('independent cross-checks', () => {
  it('tools/verapdf runs veraPDF or says plainly that it is skipped, and never fails the suite for lack of it', () => {
    // with a PATH holding neither verapdf nor docker the harness must report the skip
    const r = spawnSync(join(ROOT, 'tools/verapdf'), [], {
      encoding: 'utf8',
      env: { ...process.env, PATH: '/usr/bin:/bin' },
    });
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('veraPDF: skipped (no verapdf command, no usable Docker engine)');
  });

  it('Preflight and our verifier agree on a PDF/A-1b file and on one that breaks it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'quire-preflight-'));
    const good = buildPdf(pdfaBase(1));
    const bad = buildPdf(pdfaBase(1, { content: '1 0 0 rg 0 0 10 10 re f' }));
    writeFileSync(join(dir, 'good.pdf'), good);
    writeFileSync(join(dir, 'bad.pdf'), bad);
    const out = spawnSync('bash', [PREFLIGHT, join(dir, 'good.pdf'), join(dir, 'bad.pdf')], { encoding: 'utf8' })
      .stdout.trim()
      .split('\n');
    expect(out[0].split('\t')[0]).toBe('PASS');
    expect(out[1].split('\t')[0]).toBe('FAIL');
    expect(await verify(good, ['pdfa1b'])).toEqual([]);
    expect((await verify(bad, ['pdfa1b'])).map(findingId)).toEqual(['ISO_19005_1 6.2.3.3-t02']);
  });

  it('every corpus case claiming PDF/A-1b passes Preflight (its known false 1.2.5 on a lone CR before endstream aside)', () => {
    const cases = listCases(CORPUS_DIR).filter((d) => {
      const req = JSON.parse(readFileSync(join(d, 'request.json'), 'utf8'));
      return req.archive === 'pdfa1b';
    });
    const dir = mkdtempSync(join(tmpdir(), 'quire-corpus-1b-'));
    const files = cases.map((d, i) => {
      const out = render({ description: readFileSync(join(d, 'request.json')), parts: partsOf(d), now: CORPUS_NOW });
      if (!out.ok) throw new Error(`${d} refused: ${out.sentence}`);
      const file = join(dir, `${i}.pdf`);
      writeFileSync(file, out.pdf);
      return file;
    });
    if (files.length === 0) return; // none yet: the standards work adds them (archive: "pdfa1b")
    const lines = execFileSync('bash', [PREFLIGHT, ...files, ...(files.length === 1 ? [files[0]] : [])], {
      encoding: 'utf8',
    })
      .trim()
      .split('\n');
    for (const line of lines) {
      const [verdict, codes, file] = line.split('\t');
      const real = (codes ?? '').split(',').filter((c) => c && c !== '1.2.5');
      expect({ file, verdict: verdict === 'PASS' || real.length === 0 ? 'PASS' : verdict, codes: real }).toEqual({
        file,
        verdict: 'PASS',
        codes: [],
      });
    }
  });
});

function partsOf(dir: string): Map<string, Uint8Array> {
  const pd = join(dir, 'parts');
  const parts = new Map<string, Uint8Array>();
  if (existsSync(pd)) for (const n of readdirSync(pd).sort()) parts.set(n, readFileSync(join(pd, n)));
  return parts;
}
