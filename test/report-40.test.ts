// test/report-40.test.ts — issue 23's "Done when": the 40-page report (test/support/report-40.ts: a
// title page, a generated contents page, 30 headings with paragraphs, three tables, footnotes, two-column
// sections) renders, and pdftotext finds what test/support/report-checks.ts asks: every word once and in
// reading order, contents entries on their headings' pages, no widow or orphan line, no heading at a
// page's foot, footnotes on their marks' pages, `{page_of:…}` right. The same report claiming PDF/UA-1
// and PDF/A-2a has zero findings from our verifier, with a TOC, and a Note and a Reference per footnote.
import { describe, expect, it } from 'vitest';
import { render } from '../src/library.js';
import { NOW } from './support/fixtures.js';
import { qpdfCheck, qpdfUncompressed } from './support/pdf-tools.js';
import { report40 } from './support/report-40.js';
import { checkReport } from './support/report-checks.js';
import { TAGGING_LICENCE } from './support/standards.js';

const description = report40();
/** How many `{footnote}` runs the report holds (each gives one mark and one note). */
const footnotes = JSON.stringify(description).split('{"footnote":').length - 1;

describe('the 40-page report (issue 23)', () => {
  it('renders and passes every check: words once in reading order, contents = heading pages, keeps, footnotes', () => {
    const out = render({ description, now: NOW });
    if (!out.ok) throw new Error(`refused ${out.status} ${out.path}: ${out.sentence}`);
    expect(qpdfCheck(out.pdf).code).toBe(0);
    const { problems, facts } = checkReport(out.pdf, description);
    expect(problems).toEqual([]);
    expect(facts.pages).toBeGreaterThanOrEqual(36);
    expect(facts.pages).toBeLessThanOrEqual(44);
    expect(facts.headingPages.size).toBe(30);
    expect(facts.contentsEntries.size).toBe(30);
    for (const [heading, [n]] of facts.contentsEntries) expect(n, heading).toBe(facts.headingPages.get(heading));
    expect(footnotes).toBeGreaterThan(20);
  });

  it('claiming pdfua1 + pdfa2a: zero findings; a TOC with a TOCI per entry, a Note (with its ID) and a Reference per footnote', () => {
    const tagged = {
      ...description,
      accessible: 'pdfua1',
      archive: 'pdfa2a',
      structure: {
        lang: 'en',
        elements: [{ type: 'Document', children: [{ type: 'Sect', children: ['report'] }] }],
      },
    };
    const out = render({ description: tagged, now: NOW, service: { licence: TAGGING_LICENCE } });
    if (!out.ok) throw new Error(`refused ${out.status} ${out.path}: ${out.sentence}`);
    expect(out.findings).toEqual([]);
    // read with qpdf (poppler's -struct-text takes half a minute on a tree this size)
    const qdf = qpdfUncompressed(out.pdf);
    expect(qdf.match(/\/S \/TOC\b/g)?.length).toBe(1);
    expect(qdf.match(/\/S \/TOCI\b/g)?.length).toBe(30);
    expect(qdf.match(/\/S \/Note\b/g)?.length).toBe(footnotes);
    expect(qdf.match(/\/S \/Reference\b/g)?.length).toBe(footnotes);
    for (let n = 1; n <= footnotes; n++) expect(qdf).toContain(`/ID (report-note-${n})`);
  });
});
