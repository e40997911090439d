// test/story.property.test.ts — stories built at random (issue 23: paragraphs, headings, keeps, breaks,
// footnotes, contents blocks, columns sections, table blocks, `{page_of}` to known and unknown ids, wild
// widows/orphans, small boxes, values out of range) are answered with a PDF or a clean 4xx refusal
// (a word from the closed list, one sentence, no JavaScript internals), never a 500 or a throw; and
// when a PDF comes out, pdftotext reads every paragraph, note and cell word in it exactly once.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { REFUSAL_WORDS } from '../ir/diagnostics.js';
import { render } from '../src/library.js';
import { NOTO_SANS_B64, NOW } from './support/fixtures.js';
import { pdfToText } from './support/pdf-tools.js';

/** What a refusal sentence must never carry: a JavaScript error's words or a stack frame. */
const INTERNALS = /cannot read|undefined|TypeError|RangeError|is not a function|\bat \S+ \(|\.[jt]s:\d+/;

const block = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant('para' as const), words: fc.integer({ min: 0, max: 60 }) }), weight: 8 },
  {
    arbitrary: fc.record({
      kind: fc.constant('heading' as const),
      level: fc.oneof(
        { arbitrary: fc.integer({ min: 1, max: 6 }), weight: 9 },
        { arbitrary: fc.constantFrom(0, 7, 2.5), weight: 1 },
      ),
      keep: fc.boolean(),
    }),
    weight: 3,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('note' as const),
      words: fc.integer({ min: 1, max: 20 }),
      noteWords: fc.integer({ min: 1, max: 120 }),
    }),
    weight: 3,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('break' as const),
      to: fc.constantFrom('page', 'page', 'column', 'column', 'side'),
    }),
    weight: 1,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('contents' as const),
      levels: fc.oneof(
        { arbitrary: fc.integer({ min: 1, max: 6 }), weight: 9 },
        { arbitrary: fc.constantFrom(0, 9), weight: 1 },
      ),
      leader: fc.constantFrom('.', '.', '', '-', '..........'),
      title: fc.constantFrom(undefined, 'Contents', 'Contents', ''),
    }),
    weight: 1,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('columns' as const),
      count: fc.oneof(
        { arbitrary: fc.integer({ min: 2, max: 4 }), weight: 9 },
        { arbitrary: fc.constantFrom(1, 5), weight: 1 },
      ),
      gap: fc.oneof(fc.constant(12), fc.integer({ min: 0, max: 400 })),
      paras: fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 1, maxLength: 4 }),
    }),
    weight: 2,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('table' as const),
      rows: fc.integer({ min: 1, max: 12 }),
      keep: fc.boolean(),
    }),
    weight: 2,
  },
  { arbitrary: fc.record({ kind: fc.constant('ref' as const), known: fc.boolean() }), weight: 1 },
);

const story = fc.record({
  blocks: fc.array(block, { minLength: 1, maxLength: 14 }),
  widows: fc.oneof({ arbitrary: fc.constant(2), weight: 4 }, { arbitrary: fc.integer({ min: 0, max: 40 }), weight: 1 }),
  orphans: fc.oneof(
    { arbitrary: fc.constant(2), weight: 4 },
    { arbitrary: fc.integer({ min: 0, max: 40 }), weight: 1 },
  ),
  continues: fc.boolean(),
  height: fc.oneof(
    { arbitrary: fc.integer({ min: 120, max: 700 }), weight: 4 },
    { arbitrary: fc.integer({ min: 8, max: 120 }), weight: 1 },
  ),
  width: fc.integer({ min: 60, max: 480 }),
});

describe('stories at random (issue 23)', () => {
  it('give a PDF holding every paragraph, note and cell word once, or a clean refusal', () => {
    let serial = 0;
    const stats: Record<string, number> = {};
    fc.assert(
      fc.property(story, (d) => {
        const words: string[] = [];
        /** `n` words never seen before, remembered so the PDF can be searched for each. */
        const fresh = (n: number) => {
          const out: string[] = [];
          for (let i = 0; i < n; i++) out.push(`w${(serial++).toString(36)}x`);
          words.push(...out);
          return out.join(' ');
        };
        let headings = 0;
        const content: unknown[] = d.blocks.map((b) => {
          switch (b.kind) {
            case 'para':
              return fresh(b.words);
            case 'heading':
              // heading words are printed again by a contents block: not counted
              return { heading: b.level, id: `h${headings++}`, text: 'Heading', keep_with_next: b.keep };
            case 'note':
              return { text: [fresh(b.words), { footnote: fresh(b.noteWords) }, '.'] };
            case 'break':
              return { break: b.to };
            case 'contents':
              return {
                contents: { levels: b.levels, leader: b.leader, ...(b.title === undefined ? {} : { title: b.title }) },
              };
            case 'columns':
              return { columns: { count: b.count, gap: b.gap }, content: b.paras.map((n) => fresh(n)) };
            case 'table':
              return {
                table: {
                  columns: [60, { fraction: 1 }],
                  rows: Array.from({ length: b.rows }, (_, i) => ({
                    cells: [fresh(1), fresh(3)],
                    ...(b.keep && i % 2 === 0 ? { keep_with_next: true } : {}),
                  })),
                },
              };
            default: // 'ref'
              return { text: ['See page ', { page_of: b.known && headings ? 'h0' : 'nowhere' }, '.'] };
          }
        });
        const rect = { llx: 40, lly: 800 - d.height, urx: 40 + d.width, ury: 800 };
        const out = render({
          description: {
            fonts: [{ name: 'Body', data: NOTO_SANS_B64 }],
            items: [
              {
                type: 'flow',
                id: 'story',
                font: 'Body',
                font_size: 9,
                rect,
                ...(d.continues ? { continuation: rect } : {}),
                widows: d.widows,
                orphans: d.orphans,
                content,
              },
            ],
          },
          now: NOW,
          service: { clients: { default: { page_ceiling: 40 } } } as never,
        });
        const label = out.ok ? 'pdf' : `${out.status} ${out.key}`;
        stats[label] = (stats[label] ?? 0) + 1;
        if (!out.ok) {
          expect(out.status, out.sentence).toBeGreaterThanOrEqual(400);
          expect(out.status, out.sentence).toBeLessThan(500);
          expect(REFUSAL_WORDS).toContain(out.word);
          expect(out.sentence).not.toMatch(INTERNALS);
          expect(out.sentence).not.toContain('\n');
          expect(out.path.startsWith('/') || out.path === '', out.path).toBe(true);
          return;
        }
        // A story past its one box runs on as the spec lets text run (a remark when it leaves the page):
        // only a story that continues promises every word once.
        if (!d.continues) return;
        const text = pdfToText(out.pdf, ['-raw']).replace(/\s+/g, ' ');
        const seen = new Map<string, number>();
        for (const m of text.matchAll(/w[0-9a-z]+x/g)) seen.set(m[0], (seen.get(m[0]) ?? 0) + 1);
        if (process.env.STORY_DEBUG && words.some((w) => seen.get(w) !== 1)) console.log(JSON.stringify(content), text);
        for (const w of words) expect(seen.get(w) ?? 0, w).toBe(1);
      }),
      { numRuns: Number(process.env.QUIRE_PROPERTY_RUNS ?? 60) },
    );
    if (process.env.STORY_STATS) console.log(stats);
    expect(stats.pdf ?? 0).toBeGreaterThan(10);
  }, 180_000);
});
