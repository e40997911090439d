// test/report-40.test.ts — issue 23's "Done when": the 40-page report (test/support/report-40.ts: a
// title page, a generated contents page, 30 headings with paragraphs, three tables, footnotes, two-column
// sections) renders, and pdftotext finds what test/support/report-checks.ts asks: every word once and in
// reading order, contents entries on their headings' pages, no widow or orphan line, no heading at a
// page's foot, footnotes on their marks' pages, `{page_of:…}` right.
//
// It skips itself, naming the refusal, only while this build refuses the report's flow (a 400 whose
// path is inside that item: the schema's refusal of block `content`, or of a block shape or placeholder
// the story does not draw yet — the description follows the agreed sketch, so a refusal there means a
// key of the sketch is not built yet). Any other refusal, and any problem the checks find, fails.
import { describe, expect, it } from 'vitest';
import { render } from '../src/library.js';
import type { Outcome } from '../src/types.js';
import { NOW } from './support/fixtures.js';
import { qpdfCheck, qpdfUncompressed } from './support/pdf-tools.js';
import { report40 } from './support/report-40.js';
import { checkReport } from './support/report-checks.js';
import { TAGGING_LICENCE } from './support/standards.js';

const description = report40();
const flowAt = (description.items as { type: string; id?: string }[]).findIndex((i) => i.id === 'report');
const out: Outcome = render({ description, now: NOW });

/** A refusal of the report's flow itself: the build does not draw the sketch's keys yet. */
function notYet(o: Outcome): string | undefined {
  if (o.ok || o.status !== 400) return undefined;
  const inFlow = o.path === `/items/${flowAt}` || o.path.startsWith(`/items/${flowAt}/`);
  return inFlow ? `${o.key} at ${o.path}: ${o.sentence}` : undefined;
}
const skipped = notYet(out);

/**
 * The report without its `{contents}` block (and the page break after it): the part of issue 23 this
 * branch builds (footnotes, with widows, orphans and reading order) judged while the contents block is
 * built elsewhere (branch `contents`).
 */
function withoutContents(d: Record<string, unknown>): Record<string, unknown> {
  const items = (d.items as Record<string, unknown>[]).map((item) => {
    if (item.id !== 'report') return item;
    const content = item.content as unknown[];
    const at = content.findIndex((b) => typeof b === 'object' && b !== null && 'contents' in b);
    const after = content[at + 1] as { break?: string } | undefined;
    return { ...item, content: content.filter((_, i) => i !== at && !(i === at + 1 && after?.break === 'page')) };
  });
  return { ...d, items };
}

describe('the 40-page report without its contents block (issue 23: footnotes)', () => {
  const bare = withoutContents(description);
  // Tagged: the same report cut short (two paragraphs a section, six sentences each), to stay lean; the
  // whole report tagged the same way also gave zero findings and a Note per footnote (run by hand).
  const short = withoutContents(report40({ paragraphs: 2, sentences: 6 }));
  const tagged = {
    ...short,
    accessible: 'pdfua1',
    archive: 'pdfa2a',
    structure: {
      lang: 'en',
      elements: [{ type: 'Document', children: [{ type: 'Sect', children: ['report'] }] }],
    },
  };
  it("renders; every footnote on its mark's page, no widow or orphan, every word once in reading order", () => {
    const r = render({ description: bare, now: NOW });
    if (!r.ok) throw new Error(`refused ${r.status} ${r.path}: ${r.sentence}`);
    const { problems, facts } = checkReport(r.pdf, bare);
    expect(problems).toEqual([]);
    expect(facts.pages).toBeGreaterThanOrEqual(34);
    const notes = JSON.stringify(bare).split('{"footnote":').length - 1;
    expect(notes).toBeGreaterThan(20);
  });
  it('tagged under pdfua1 + pdfa2a: zero findings, a Note (with its ID) per footnote', () => {
    const r = render({ description: tagged, now: NOW, service: { licence: TAGGING_LICENCE } });
    if (!r.ok) throw new Error(`refused ${r.status} ${r.path}: ${r.sentence}`);
    expect(r.findings).toEqual([]);
    const notes = JSON.stringify(short).split('{"footnote":').length - 1;
    expect(notes).toBeGreaterThan(3);
    // read with qpdf (poppler's -struct-text takes half a minute on this tree)
    const qdf = qpdfUncompressed(r.pdf);
    expect(qdf.match(/\/S \/Note\b/g)?.length).toBe(notes);
    expect(qdf.match(/\/S \/Reference\b/g)?.length).toBe(notes);
    for (let n = 1; n <= notes; n++) expect(qdf).toContain(`/ID (report-note-${n})`);
  });
});

describe('the 40-page report (issue 23)', () => {
  it.skipIf(skipped !== undefined)(
    skipped
      ? `renders and passes every check — skipped: this build refuses the story keys: ${skipped}`
      : 'renders and passes every check',
    () => {
      if (!out.ok) throw new Error(`refused ${out.status} ${out.path}: ${out.sentence}`);
      expect(qpdfCheck(out.pdf).code).toBe(0);
      const { problems, facts } = checkReport(out.pdf, description);
      expect(problems).toEqual([]);
      expect(facts.pages).toBeGreaterThanOrEqual(36);
      expect(facts.pages).toBeLessThanOrEqual(44);
      expect(facts.headingPages.size).toBe(30);
      expect(facts.contentsEntries.size).toBe(30);
    },
  );
});
