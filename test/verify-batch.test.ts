// test/verify-batch.test.ts — `quire verify` on many files in one process (names, a folder, a list on
// standard input; lines, --json, the exit code of the worst file) and embedded PDFs verified against
// their own claims, recursively and bounded (verifier/attachments.ts), all on hand-built files; and
// veraPDF beside our findings on such files when a `verapdf` command is on PATH (skipped, saying so, when not).
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findingId } from '../ir/diagnostics.js';
import { main } from '../src/cli.js';
import { MAX_ATTACHMENT_DEPTH, MAX_ATTACHMENTS_VERIFIED } from '../verifier/attachments.js';
import { verify, verifyReport } from '../verifier/index.js';
import { buildPdf, type HandPdf, pdfaBase } from './support/pdf-builder.js';

async function cli(args: string[], stdin?: string) {
  let out = '';
  let err = '';
  const code = await main(args, {
    out: (s) => {
      out += String(s);
    },
    err: (s) => {
      err += s;
    },
    env: {},
    stdin: stdin === undefined ? undefined : () => stdin,
  });
  return { code, out, err };
}

const CMYK = '0 0 1 0 k 0 0 5 5 re f'; // DeviceCMYK without an output intent: a PDF/A-2 finding

describe('quire verify, many files', () => {
  const dir = mkdtempSync(join(tmpdir(), 'quire-verify-batch-'));
  const good = join(dir, 'good.pdf');
  const bad = join(dir, 'sub', 'bad.PDF');
  const none = join(dir, 'sub', 'deeper', 'none.pdf');
  mkdirSync(join(dir, 'sub', 'deeper'), { recursive: true });
  mkdirSync(join(dir, '.hidden'));
  writeFileSync(good, buildPdf(pdfaBase(2)));
  writeFileSync(bad, buildPdf(pdfaBase(2, { content: CMYK })));
  writeFileSync(none, 'not a pdf');
  writeFileSync(join(dir, 'sub', 'notes.txt'), 'not named .pdf: left out of a folder walk');
  writeFileSync(join(dir, '.hidden', 'x.pdf'), 'hidden: left out');

  it('one line per file, in the order named, a summary on stderr; the exit code is the worst file’s', async () => {
    let r = await cli(['verify', good, bad]);
    expect(r.code).toBe(1);
    expect(r.out).toBe(`PASS\t${good}\tpdfa2b\t0 findings\nFAIL\t${bad}\tpdfa2b\t1 finding\n`);
    expect(r.err).toBe('quire verify: 2 files: 1 PASS, 1 FAIL, 0 ERROR\n');
    r = await cli(['verify', good, join(dir, 'missing.pdf'), none, '--standard', 'pdfa1b']);
    expect(r.code).toBe(2);
    expect(r.out.split('\n')).toEqual([
      expect.stringMatching(new RegExp(`^(PASS|FAIL)\t${good}\tpdfa1b\t\\d+ findings?$`)),
      `ERROR\t${join(dir, 'missing.pdf')}\tpdfa1b\tcannot be read (ENOENT)`,
      expect.stringMatching(new RegExp(`^ERROR\t${none}\tpdfa1b\tis not a readable PDF`)),
      '',
    ]);
    r = await cli(['verify', good, good]);
    expect(r.code).toBe(0);
  });

  it('a folder is walked recursively for .pdf files in name order, hidden entries left out', async () => {
    const r = await cli(['verify', dir]);
    expect(r.code).toBe(2);
    expect(r.out.split('\n').map((l) => l.split('\t').slice(0, 2))).toEqual([
      ['PASS', good],
      ['FAIL', bad],
      ['ERROR', none],
      [''],
    ]);
  });

  it('"-" reads the paths from standard input; --json writes one object per line', async () => {
    const r = await cli(['verify', '-', '--json'], `${bad}\n\n${good}\n`);
    expect(r.code).toBe(1);
    const lines = r.out.trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    const [b, g] = lines.map((l) => JSON.parse(l));
    expect(b).toMatchObject({ file: bad, verdict: 'FAIL', standards: ['pdfa2b'], notes: [] });
    expect(b.findings).toEqual([
      {
        id: 'ISO_19005_2 6.2.4.3-t02',
        standard: 'ISO_19005_2',
        clause: '6.2.4.3',
        test: 2,
        object: 'PDDeviceCMYK',
        message: expect.stringContaining('DeviceCMYK'),
      },
    ]);
    expect(g).toEqual({ file: good, verdict: 'PASS', standards: ['pdfa2b'], findings: [], notes: [] });
    const one = await cli(['verify', none, '--json']);
    expect(one.code).toBe(2);
    expect(JSON.parse(one.out)).toMatchObject({ file: none, verdict: 'ERROR', error: expect.any(String) });
  });

  it('a file that claims nothing fails with its reason; usage errors exit 2', async () => {
    const bare = join(dir, 'bare.pdf');
    const p = pdfaBase(2);
    p.objects[1] = '<</Type/Catalog/Pages 2 0 R>>';
    writeFileSync(bare, buildPdf(p));
    const r = await cli(['verify', bare, good]);
    expect(r.code).toBe(1);
    expect(r.out.split('\n')[0]).toBe(
      `FAIL\t${bare}\t-\tclaims no PDF/A or PDF/UA part in its XMP metadata; name one with --standard`,
    );
    expect((await cli(['verify'])).code).toBe(2);
    expect((await cli(['verify', '-', '-'], '')).code).toBe(2);
  });
});

/** A PDF/A file of `part` embedding `inner` as "name" (EmbeddedFiles, AF, MIME, F and UF: what 6.8 asks besides). */
function embedding(part: 2 | 3 | 4, inner: Uint8Array | readonly Uint8Array[], name = 'inner.pdf'): Uint8Array {
  const inners = Array.isArray(inner) ? inner : [inner as Uint8Array];
  const names = inners.map((_, i) => `(${i ? `${i}-` : ''}${name}) ${7 + 2 * i} 0 R`).join(' ');
  const refs = inners.map((_, i) => `${7 + 2 * i} 0 R`).join(' ');
  const p: HandPdf = pdfaBase(part, { catalog: `/Names<</EmbeddedFiles<</Names[${names}]>>>>/AF[${refs}]` });
  inners.forEach((bytes, i) => {
    const n = `${i ? `${i}-` : ''}${name}`;
    p.objects[7 + 2 * i] = `<</Type/Filespec/F(${n})/UF(${n})/AFRelationship/Source/EF<</F ${8 + 2 * i} 0 R>>>>`;
    p.objects[8 + 2 * i] = { dict: '<</Type/EmbeddedFile/Subtype/application#2Fpdf>>', stream: bytes };
  });
  return buildPdf(p);
}

describe('embedded PDFs verified against their own claims', () => {
  const conforming2 = buildPdf(pdfaBase(2));
  const broken2 = buildPdf(pdfaBase(2, { content: CMYK }));

  it('PDF/A-2b: a conforming embedded PDF/A-2b gives nothing; a broken one a 6.8 finding naming it', async () => {
    expect(await verify(embedding(2, conforming2), ['pdfa2b'])).toEqual([]);
    const fs = await verify(embedding(2, broken2), ['pdfa2b']);
    expect(fs.map(findingId)).toEqual(['ISO_19005_2 6.8-t01']);
    expect(fs[0].message).toBe(
      'the embedded file "inner.pdf" does not conform to pdfa2b, which it claims: 1 finding, the first ' +
        'ISO_19005_2 6.2.4.3-t02 DeviceCMYK is used without a CMYK output intent or DefaultCMYK (page 1)',
    );
  });

  it('PDF/A-2b: an embedded PDF/A-4 file is not PDF/A-1 or -2; PDF/A-4 accepts it', async () => {
    const four = embedding(2, buildPdf(pdfaBase(4)));
    expect((await verify(four, ['pdfa2b'])).map((f) => f.message)).toEqual([
      'the embedded file "inner.pdf" claims pdfa4, which is neither PDF/A-1 nor PDF/A-2',
    ]);
    const in4 = embedding(4, buildPdf(pdfaBase(4)));
    expect((await verify(in4, ['pdfa4'])).filter((f) => f.clause === '6.9')).toEqual([]);
    const broken4 = embedding(4, broken2);
    expect((await verify(broken4, ['pdfa4'])).map(findingId)).toContain('ISO_19005_4 6.9-t03');
    expect((await verify(broken4, ['pdfa4f'])).map(findingId)).not.toContain('ISO_19005_4 6.9-t03');
  });

  it('PDF/A-3b allows any file: a broken embedded PDF/A-2b is a note, not a finding', async () => {
    const r = await verifyReport(embedding(3, broken2), ['pdfa3b']);
    expect(r.findings).toEqual([]);
    expect(r.notes).toEqual([
      'the embedded file "inner.pdf" claims pdfa2b and does not conform: 1 finding, the first ' +
        'ISO_19005_2 6.2.4.3-t02 DeviceCMYK is used without a CMYK output intent or DefaultCMYK (page 1)',
    ]);
  });

  it(`a chain of embedded PDFs is opened to depth ${MAX_ATTACHMENT_DEPTH}, then a note says where it stopped`, async () => {
    // a broken file at the bottom of a chain twice as deep as the limit: the findings never reach it
    let file = broken2;
    for (let i = 0; i < 2 * MAX_ATTACHMENT_DEPTH; i++)
      file = embedding(2, file, `level-${2 * MAX_ATTACHMENT_DEPTH - i}.pdf`);
    const r = await verifyReport(file, ['pdfa2b']);
    expect(r.findings).toEqual([]);
    const prefix = Array.from(
      { length: MAX_ATTACHMENT_DEPTH },
      (_, i) => `in the embedded file "level-${i + 1}.pdf": `,
    );
    expect(r.notes).toEqual([
      `${prefix.join('')}the embedded file "level-${MAX_ATTACHMENT_DEPTH + 1}.pdf" was not verified: embedded PDFs are opened to a depth of ${MAX_ATTACHMENT_DEPTH}`,
    ]);
    // a chain within the limit is followed to the broken file at its bottom, and the finding names the top
    let short = broken2;
    for (let i = 0; i < MAX_ATTACHMENT_DEPTH - 1; i++) short = embedding(2, short, `short-${i}.pdf`);
    const fs = await verify(embedding(2, short, 'top.pdf'), ['pdfa2b']);
    expect(fs.map((f) => f.message.slice(0, 70))).toEqual([
      expect.stringContaining('the embedded file "top.pdf" does not conform to pdfa2b'),
    ]);
  });

  it(`one verification opens at most ${MAX_ATTACHMENTS_VERIFIED} embedded PDFs`, async () => {
    const many = Array.from({ length: MAX_ATTACHMENTS_VERIFIED + 2 }, (_, i) =>
      buildPdf(pdfaBase(2, { content: `0 0 m ${i} ${i} l` })),
    );
    const r = await verifyReport(embedding(2, many), ['pdfa2b']);
    expect(r.findings).toEqual([]);
    expect(r.notes).toHaveLength(2);
    expect(r.notes[0]).toMatch(/was not verified: one verification opens at most 32 embedded PDFs$/);
  });

  it('quire verify prints the notes of one file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'quire-verify-notes-'));
    const f = join(dir, 'a3.pdf');
    writeFileSync(f, embedding(3, broken2));
    const r = await cli(['verify', f]);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^PASS pdfa3b\nnote: the embedded file "inner.pdf" claims pdfa2b and does not conform/);
    const b = await cli(['verify', f, f]);
    expect(b.out.split('\n')[0]).toBe(`PASS\t${f}\tpdfa3b\t0 findings, 1 note`);
  });
});

const HAS_VERAPDF = spawnSync('verapdf', ['--version'], { stdio: 'ignore', timeout: 60000 }).status === 0;

describe('veraPDF beside our findings', () => {
  if (!HAS_VERAPDF) console.info('veraPDF cross-check skipped: no verapdf command on PATH');
  it.skipIf(!HAS_VERAPDF)(
    `tools/verapdf --files runs veraPDF on what quire verify judged${HAS_VERAPDF ? '' : ' (skipped: no verapdf command on PATH)'}`,
    () => {
      const dir = mkdtempSync(join(tmpdir(), 'quire-verapdf-files-'));
      const good = join(dir, 'good.pdf');
      const bad = join(dir, 'bad.pdf');
      writeFileSync(good, buildPdf(pdfaBase(2)));
      writeFileSync(bad, buildPdf(pdfaBase(2, { content: CMYK })));
      const r = spawnSync(join(import.meta.dirname, '..', 'tools/verapdf'), ['--files', good, bad], {
        encoding: 'utf8',
        timeout: 300000,
      });
      expect(r.stdout).toContain('veraPDF (command): 2 verification(s)');
      // the conforming file: neither veraPDF nor we find anything
      expect(r.stdout).not.toContain(`${good} pdfa2b`);
      expect(r.status, r.stdout).toBe(0);
    },
  );
});
