// test/flow-contents.test.ts — issue 23: a story's generated table of contents (`{contents}` block,
// docs/reference.md "flow", Contents). One story of 40 headings (levels 1–3, one long enough to wrap
// in its entry) whose contents, not followed by a break, spills onto page 2 and pushes the first
// headings there: the entries are read back with pdftotext (in order, levels ≤ 2 only, each number the
// page `pdftotext -f N -l N` finds its heading on), their numbers' right edges with -bbox, their links'
// destinations with qpdf --json, and the tagged file (pdfua1 + pdfa2a) with our verifier and poppler's
// reading of the structure tree (TOC, Caption, TOCI, Link).
import { describe, expect, it } from 'vitest';
import { render } from '../src/library.js';
import type { Outcome } from '../src/types.js';
import { NOTO_SANS_B64, NOW } from './support/fixtures.js';
import { deref, pdfStructText, pdfToText, pdfWords, qpdfObjects } from './support/pdf-tools.js';
import { TAGGING_LICENCE } from './support/standards.js';

const RECT = { llx: 56, lly: 100, urx: 300, ury: 780 };
const LONG = 'Heading kappa with a title long enough to wrap onto a second line of its contents entry';

/** Words without digits, so a number on a page is always a page number. */
const NAMES = ['alpha', 'beta', 'gamma', 'delta', 'epsilon', 'zeta', 'eta', 'theta', 'iota', 'kappa'];
function title(i: number): string {
  if (i === 10) return LONG;
  return `Heading ${NAMES[i % 10]} ${NAMES[Math.floor(i / 10)]}${'x'.repeat(i % 3)}`;
}
const level = (i: number) => [1, 2, 2, 3][i % 4];
const HEADINGS = Array.from({ length: 40 }, (_, i) => ({ text: title(i), level: level(i) }));
const LISTED = HEADINGS.filter((h) => h.level <= 2);

function content(): unknown[] {
  const out: unknown[] = [{ contents: { title: 'Contents', levels: 2, leader: '. ' } }];
  HEADINGS.forEach((h, i) => {
    out.push({ heading: h.level, text: h.text, ...(i % 5 === 0 ? { id: `h${i}` } : {}) });
    out.push(`${NAMES.map((n) => `${n}${'o'.repeat(i % 4)}`).join(' ')} `.repeat(3 + (i % 4)).trim());
  });
  return out;
}

function renderStory(extra: Record<string, unknown> = {}): Extract<Outcome, { ok: true }> {
  const r = render({
    description: {
      fonts: [{ name: 'Body', data: NOTO_SANS_B64 }],
      metadata: { title: 'A report with contents' },
      items: [
        {
          type: 'flow',
          id: 'story',
          font: 'Body',
          font_size: 10,
          rect: RECT,
          continuation: RECT,
          styles: {
            h1: { font_size: 15, space_before: 10 },
            h2: { font_size: 12, space_before: 6 },
            contents: { font_size: 13, space_before: 9 },
          },
          content: content(),
        },
      ],
      ...extra,
    },
    now: NOW,
    service: { licence: TAGGING_LICENCE },
  });
  if (!r.ok) throw new Error(`refused ${r.status} ${r.path}: ${r.sentence}`);
  return r;
}

const squeeze = (s: string) => s.replace(/\s+/g, ' ').trim();
const reEscape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The number each listed heading's entry prints, read from the text of the whole file. */
function entryNumbers(text: string): number[] {
  const all = squeeze(text);
  return LISTED.map((h) => {
    const m = new RegExp(`${reEscape(h.text)}[ .]*?(\\d+)`).exec(all);
    return m ? Number(m[1]) : Number.NaN;
  });
}

/** The page whose text holds heading `h` not as a contents entry (not followed by leader dots and a number). */
function headingPage(pages: string[], h: string): number {
  const re = new RegExp(`${reEscape(h)}(?![ .]*\\d)`);
  return pages.findIndex((p) => re.test(squeeze(p))) + 1;
}

describe('a story with {contents} (issue 23)', () => {
  const r = renderStory();
  const text = pdfToText(r.pdf);
  const pages = text.split('\f').slice(0, -1);
  const words = pdfWords(r.pdf);

  it('lists the headings of level ≤ levels in story order, each with the page pdftotext finds it on', () => {
    // The contents spills onto page 2 and pushes the first headings there: their numbers say 2.
    expect(pages.length).toBeGreaterThan(3);
    expect(squeeze(pages[0]).startsWith('Contents')).toBe(true);
    const numbers = entryNumbers(text);
    const found = LISTED.map((h) => headingPage(pages, h.text));
    expect(numbers).toEqual(found);
    expect(found[0]).toBe(2);
    expect(found.every((n, i) => n >= (found[i - 1] ?? 0))).toBe(true);
    // Each number's page, extracted alone, holds the heading (pdftotext -f N -l N).
    const alone = new Map<number, string>();
    LISTED.forEach((h, i) => {
      const n = numbers[i];
      if (!alone.has(n)) alone.set(n, squeeze(pdfToText(r.pdf, ['-f', String(n), '-l', String(n)])));
      expect(alone.get(n)).toContain(h.text);
    });
    // Level 3 headings are not listed: they appear once (in the body).
    for (const h of HEADINGS.filter((x) => x.level === 3))
      expect(squeeze(text).split(h.text).length - 1, h.text).toBe(1);
    // The long heading's entry wraps, its number on its last line (below its first words).
    const first = words.find((w) => w.text === 'kappa' && w.page === 1)!;
    const long = LISTED.findIndex((h) => h.text === LONG);
    const last = words.filter((w) => w.page === 1 && w.text === 'entry')[0];
    expect(last.yMin).toBeGreaterThan(first.yMin + 5);
    const num = words.find((w) => w.page === 1 && Math.abs(w.yMin - last.yMin) < 2 && /\d$/.test(w.text))!;
    expect(num.text.replace(/^[. ]*/, '')).toBe(String(numbers[long]));
  });

  it('sets every page number flush right: their right edges are equal, the leader runs up to them', () => {
    const nums = words.filter((w) => w.page <= 2 && /\d$/.test(w.text));
    expect(nums.length).toBe(LISTED.length);
    const right = RECT.urx;
    for (const n of nums) expect(Math.abs(n.xMax - right), n.text).toBeLessThan(0.6);
    // The leader's dots are there, between the entry's words and its number.
    expect(text).toMatch(new RegExp(`${reEscape(LISTED[1].text)}( ?\\.)+ ?\\d`));
  });

  it('makes each entry a link to its heading: /Dest [page /XYZ left top zoom] at the heading, described', () => {
    const { objects, trailer } = qpdfObjects(r.pdf);
    const root = deref(objects, trailer['/Root']);
    const pageRefs: string[] = deref(objects, root['/Pages'])['/Kids'];
    const links: { page: number; dest: unknown[]; contents: string; rect: number[] }[] = [];
    pageRefs.forEach((ref, i) => {
      for (const a of deref(objects, objects[ref]['/Annots']) ?? []) {
        const d = deref(objects, a);
        if (d['/Subtype'] === '/Link')
          links.push({ page: i + 1, dest: d['/Dest'], contents: d['/Contents'], rect: d['/Rect'] });
      }
    });
    expect(links.length).toBe(LISTED.length);
    const numbers = entryNumbers(text);
    links.forEach((l, i) => {
      expect(l.page).toBeLessThanOrEqual(2);
      expect(pageRefs.indexOf(l.dest[0] as string) + 1).toBe(numbers[i]);
      expect(l.dest[1]).toBe('/XYZ');
      expect(l.dest[3]).toBeGreaterThan(RECT.lly);
      expect(l.dest[3]).toBeLessThanOrEqual(RECT.ury + 0.01);
      expect(l.contents).toBe(`u:${LISTED[i].text}, page ${numbers[i]}`);
      // the link covers its entry up to the number at the box's right edge
      expect(Math.abs(l.rect[2] - RECT.urx)).toBeLessThan(0.6);
    });
    // The heading's top: its word is just under the destination's top on that page.
    const k = LISTED.length - 3;
    const [, second, third] = LISTED[k].text.split(' ');
    const at = words.findIndex(
      (w, j) =>
        w.page === numbers[k] && w.text === 'Heading' && words[j + 1].text === second && words[j + 2].text === third,
    );
    expect(numbers[k]).toBeGreaterThan(2);
    // poppler's y runs down from the top of the A4 page; the destination's top is the heading's top
    expect(Math.abs(842 - words[at].yMin - (links[k].dest[3] as number))).toBeLessThan(3);
  });

  it('tagged under pdfua1 + pdfa2a: zero findings; a TOC with its Caption and a TOCI > Link per entry', () => {
    const t = renderStory({
      accessible: 'pdfua1',
      archive: 'pdfa2a',
      structure: { lang: 'en', elements: [{ type: 'Document', children: [{ type: 'Sect', children: ['story'] }] }] },
    });
    expect(t.findings).toEqual([]);
    const types: { type: string; text: string }[] = [];
    for (const raw of pdfStructText(t.pdf).split('\n')) {
      const l = raw.trim();
      if (!l || l.startsWith('Object ') || l.startsWith('/')) continue;
      if (l.startsWith('"')) types[types.length - 1].text += l.slice(1, -1);
      else
        types.push({
          type: l
            .replace(/ \(block\)$/, '')
            .replace(/:$/, '')
            .replace(/ \(inline\)$/, ''),
          text: '',
        });
    }
    const toc = types.findIndex((e) => e.type === 'TOC');
    expect(types.slice(0, toc + 2).map((e) => e.type)).toEqual(['Document', 'Sect', 'TOC', 'Caption']);
    expect(types[toc + 1].text).toBe('Contents');
    const entries = types.slice(toc + 2, toc + 2 + 2 * LISTED.length);
    const numbers = entryNumbers(text);
    entries.forEach((e, k) => {
      const i = k >> 1;
      if (k % 2 === 0) expect(e.type).toBe('TOCI');
      else {
        expect(e.type).toBe('Link');
        // poppler joins a wrapped entry's lines without a space: compared without white space
        const nows = (x: string) => x.replace(/\s+/g, '');
        expect(nows(e.text).replace(/\.+(\d+)$/, '$1')).toBe(nows(`${LISTED[i].text}${numbers[i]}`));
      }
    });
    // After the contents, the story's headings as H1–H3 as before.
    expect(types[toc + 2 + 2 * LISTED.length].type).toBe('H1');
  });

  it('by default lists levels 1–3 with dot leaders; `leader: ""` draws none; `styles.contents_title` styles the title', () => {
    const doc = (contents: Record<string, unknown>) => {
      const o = render({
        description: {
          fonts: [{ name: 'Body', data: NOTO_SANS_B64 }],
          items: [
            {
              type: 'flow',
              font: 'Body',
              font_size: 10,
              rect: RECT,
              styles: { contents_title: { font_size: 20 } },
              content: [
                { contents },
                ...[1, 2, 3, 4].flatMap((n) => [{ heading: n, text: `Level ${NAMES[n]}` }, 'words']),
              ],
            },
          ],
        },
        now: NOW,
      });
      if (!o.ok) throw new Error(o.sentence);
      return o.pdf;
    };
    const dotted = squeeze(pdfToText(doc({ title: 'Index' })));
    expect(dotted).toMatch(/^Index Level beta ?\.+ ?1 Level gamma ?\.+ ?1 Level delta ?\.+ ?1 Level beta/);
    expect(dotted).not.toMatch(/Level epsilon \.+/);
    const title = pdfWords(doc({ title: 'Index' })).find((w) => w.text === 'Index')!;
    expect(title.yMax - title.yMin).toBeGreaterThan(18); // 20-point title, not the 10-point body
    // No leader: nothing between an entry's words and its number, which stays on the entry's line.
    const bare = doc({ leader: '' });
    expect(pdfToText(bare)).not.toContain('.');
    const ws = pdfWords(bare);
    const ones = ws.filter((w) => w.text === '1');
    expect(ones.length).toBe(3);
    for (const [k, one] of ones.entries()) {
      const line = ws.filter((w) => Math.abs(w.yMin - one.yMin) < 1 && w !== one).map((w) => w.text);
      expect(line).toEqual(['Level', NAMES[k + 1]]);
      expect(Math.abs(one.xMax - RECT.urx)).toBeLessThan(0.6);
    }
  });
});
