// test/gallery.test.ts — the examples gallery (examples/gallery/*.json) renders as README shows it:
// each description renders without a remark, qpdf finds nothing, pdftotext reads what the document
// says, the invoice carries its Factur-X XML (pdfdetach) and meets PDF/A-3b by the built-in verifier,
// the report's pages and outline, the form's fields (qpdf's JSON), and README shows a preview
// docs/examples/<name>.png (written by `npm run gallery`) of every one.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { render } from '../src/library.js';
import { GALLERY_NOW, galleryNames, galleryParts } from '../tools/gallery.js';
import { qpdfCheck } from './support/pdf-tools.js';

const root = join(import.meta.dirname, '..');
const dir = mkdtempSync(join(tmpdir(), 'quire-gallery-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** What pdftotext must read in each document. */
const SAYS: Record<string, string[]> = {
  invoice: ['Rechnung RE-2026-0471', 'Stadtarchiv Musterstadt', 'Gesamtbetrag', '249,90 EUR', 'IBAN'],
  letter: ['Access to the Babbage correspondence', 'Yours faithfully', 'The British Library'],
  certificate: ['Certificate of Completion', 'Grace Brewster Hopper', '27 November 2026'],
  form: ['Membership application', 'Full name', 'privacy notice'],
  report: ['Contents', 'Regional results', 'Figures by month', 'December', 'Page 4 of 4'],
};

function rendered(name: string): string {
  const text = readFileSync(join(root, 'examples', 'gallery', `${name}.json`), 'utf8');
  const o = render({ description: text, parts: galleryParts(text), now: GALLERY_NOW });
  if (!o.ok) throw new Error(`${name}: ${o.status} ${o.path}: ${o.sentence}`);
  expect(o.remarks, name).toEqual([]);
  expect(o.findings, name).toEqual([]);
  expect(qpdfCheck(o.pdf).code, name).toBe(0);
  const file = join(dir, `${name}.pdf`);
  writeFileSync(file, o.pdf);
  return file;
}

describe('examples gallery', () => {
  it('has the documents README promises', () => {
    expect(galleryNames()).toEqual(Object.keys(SAYS).sort());
  });

  it.each(Object.keys(SAYS))('%s renders cleanly and reads as it should', (name) => {
    const file = rendered(name);
    const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
    for (const s of SAYS[name]) expect(text).toContain(s);
  });

  it('the invoice is Factur-X: the XML attached as factur-x.xml', () => {
    const list = execFileSync('pdfdetach', ['-list', join(dir, 'invoice.pdf')], { encoding: 'utf8' });
    expect(list).toContain('factur-x.xml');
  });

  it('the report has four pages, its contents linked to named destinations and in the outline', () => {
    const file = join(dir, 'report.pdf');
    expect(execFileSync('pdfinfo', [file], { encoding: 'utf8' })).toMatch(/Pages:\s+4\n/);
    const q = JSON.parse(execFileSync('qpdf', ['--json', '--json-key=outlines', file], { encoding: 'utf8' }));
    expect((q.outlines as { title: string }[]).map((o) => o.title)).toEqual([
      '1 Summary',
      '2 Regional results',
      '3 Figures by month',
    ]);
    // the contents' three links aim at the named destinations (qpdf writes the file uncompressed)
    const qdf = execFileSync('qpdf', ['--qdf', '--object-streams=disable', file, '-'], { encoding: 'latin1' });
    expect(qdf.match(/\/Subtype \/Link/g)).toHaveLength(3);
    // names are written as text strings: UTF-16BE with its byte order mark, in hex
    const utf16 = (t: string): string =>
      `feff${[...t].map((c) => c.charCodeAt(0).toString(16).padStart(4, '0')).join('')}`;
    for (const n of [1, 2, 3]) expect(qdf).toContain(`/Dest <${utf16(`section-${n}`)}>`);
  });

  it('the form holds its fields', () => {
    const fields = execFileSync('qpdf', ['--json', '--json-key=acroform', join(dir, 'form.pdf')], { encoding: 'utf8' });
    const names = (JSON.parse(fields).acroform.fields as { fullname: string }[]).map((f) => f.fullname);
    for (const n of ['name', 'email', 'plan', 'interests', 'newsletter', 'consent', 'signature'])
      expect(names).toContain(n);
  });

  it('README shows a preview of each, and each preview exists', () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    for (const name of galleryNames()) {
      expect(readme).toContain(`docs/examples/${name}.png`);
      expect(existsSync(join(root, 'docs', 'examples', `${name}.png`)), name).toBe(true);
    }
  });
});
