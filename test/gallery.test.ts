// test/gallery.test.ts — the examples gallery (examples/gallery/*.json) renders as README shows it:
// each description renders without a remark, qpdf finds nothing, pdftotext reads what the document
// says, the invoice carries its Factur-X XML (pdfdetach) and meets PDF/A-3b by the built-in verifier,
// the form's fields are there (pdf.js-independent: qpdf's form listing), and README shows a preview
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
