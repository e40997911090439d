// test/support/report-40.ts — issue 23's 40-page report, generated deterministically in the story
// keys of the agreed sketch (a `flow` with `continuation`, block `content`, `styles`, `widows`/`orphans`,
// headings, footnotes, tables, two-column sections and a generated contents page). Read by
// test/report-40.test.ts (rendered and judged by test/support/report-checks.ts) and bench/report-40.ts
// (the same content in pdfmake). `npx tsx test/support/report-40.ts > test/fixtures/report-40.json`
// writes the file the CLI can render; test/report-checks.test.ts keeps the two equal.
//
// The prose is invented but reads as prose: sentences from a small grammar of ordinary words, each
// carrying one made-up word of its own (`kelimoth`, never repeated), so a word found out of order names
// the place; no digit appears in the prose, so a footnote mark or a page number is never mistaken for it.

/** The description's JSON shape, kept loose: the keys are the sketch's, not yet in the schema on main. */
export type Json = Record<string, unknown>;

const SYLLABLES = ['ba', 'ce', 'di', 'fo', 'gu', 'ha', 'ke', 'li', 'mo', 'nu', 'pa', 're', 'si', 'to', 'vu', 'za'];
const ENDINGS = ['th', 'n', 'r', 'l'];

/** The n-th made-up word: three syllables and an ending, all distinct for n < 16 384. */
export function coinedWord(n: number): string {
  const m = (n * 5821 + 1237) & 16383; // an odd multiplier permutes 0…16 383, so neighbours differ
  const s = (k: number) => SYLLABLES[k % 16];
  return s(m >> 10) + s(m >> 6) + s(m >> 2) + ENDINGS[m & 3];
}

/** mulberry32: a small seeded generator, so the report is the same on every machine. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ADJ = [
  'steady',
  'regional',
  'quarterly',
  'modest',
  'careful',
  'recent',
  'broad',
  'early',
  'annual',
  'local',
  'central',
  'shared',
  'careful',
  'open',
  'small',
  'larger',
  'clear',
  'common',
  'usual',
  'remaining',
];
const NOUN = [
  'office',
  'market',
  'figure',
  'team',
  'ledger',
  'supply',
  'account',
  'survey',
  'review',
  'contract',
  'plant',
  'service',
  'budget',
  'customer',
  'route',
  'partner',
  'product',
  'region',
  'measure',
  'schedule',
  'policy',
  'store',
];
const VERB = [
  'rose',
  'fell',
  'held',
  'grew',
  'shifted',
  'settled',
  'improved',
  'slowed',
  'recovered',
  'doubled',
  'narrowed',
  'widened',
  'returned',
  'stayed',
];
const ADV = ['slowly', 'sharply', 'again', 'steadily', 'twice', 'quietly', 'unevenly', 'early', 'late', 'overall'];
const LINK = ['while', 'because', 'although', 'since', 'after', 'before', 'whereas', 'and'];

/** The report's 30 headings: ten chapters (level 1), two sections each (level 2). */
const CHAPTERS: [string, string, string][] = [
  ['Introduction', 'Scope of the study', 'Sources and methods'],
  ['Market overview', 'Demand by region', 'Prices and margins'],
  ['Operations', 'Plants and capacity', 'Logistics'],
  ['Customers', 'Retention', 'Complaints and service'],
  ['Finance', 'Revenue', 'Costs and cash'],
  ['People', 'Hiring', 'Training'],
  ['Technology', 'Systems in use', 'Projects under way'],
  ['Risks', 'Supply risks', 'Legal matters'],
  ['Outlook', 'The coming year', 'Longer term'],
  ['Conclusions', 'Findings', 'Recommendations'],
];

/** Sections whose paragraphs are set in two balanced columns (chapter, section), both 1-based. */
const TWO_COLUMN = new Set(['4.2', '7.1']);
/** Sections that end with a table, and its size (body rows). */
const TABLES: Record<string, number> = { '2.1': 9, '5.1': 44, '8.2': 12 };

export interface Report40Options {
  /** Paragraphs per section (default 8) and sentences per paragraph (default 10): the report's length. */
  paragraphs?: number;
  sentences?: number;
}

/** The report description, in the sketch's keys. */
export function report40(options: Report40Options = {}): Json {
  const paragraphsPer = options.paragraphs ?? 8;
  const sentencesPer = options.sentences ?? 10;
  const rnd = prng(23);
  const pick = <T>(a: readonly T[]): T => a[Math.floor(rnd() * a.length)];
  let coined = 0;
  const word = () => coinedWord(coined++);
  const sentence = (): string => {
    const shape = Math.floor(rnd() * 4);
    const w = word();
    const a = `the ${pick(ADJ)} ${pick(NOUN)}`;
    const b = `the ${pick(NOUN)} of the ${w} ${pick(NOUN)}`;
    const c = `${pick(ADJ)} ${pick(NOUN)}s ${pick(VERB)} ${pick(ADV)}`;
    const s =
      shape === 0
        ? `${b} ${pick(VERB)} ${pick(ADV)} ${pick(LINK)} ${a} ${pick(VERB)}`
        : shape === 1
          ? `in the ${pick(ADJ)} ${pick(NOUN)}, ${b} ${pick(VERB)} ${pick(ADV)}`
          : shape === 2
            ? `${a} ${pick(VERB)} ${pick(LINK)} ${c}, as ${b} ${pick(VERB)}`
            : `${b} and ${a} ${pick(VERB)} ${pick(ADV)} ${pick(LINK)} ${c}`;
    return `${s[0].toUpperCase()}${s.slice(1)}.`;
  };
  const paragraph = (n = sentencesPer) => Array.from({ length: n }, sentence).join(' ');

  const content: unknown[] = [{ contents: { levels: 2, leader: '.', title: 'Contents' } }, { break: 'page' }];
  CHAPTERS.forEach(([chapter, ...sections], ci) => {
    content.push({ heading: 1, id: `ch-${ci + 1}`, text: chapter });
    content.push(paragraph(4));
    sections.forEach((section, si) => {
      const key = `${ci + 1}.${si + 1}`;
      content.push({ heading: 2, id: `sec-${ci + 1}-${si + 1}`, text: section });
      const paras: unknown[] = [];
      for (let p = 0; p < paragraphsPer; p++) {
        const text = paragraph();
        const k = (ci * 2 + si) * paragraphsPer + p;
        if (k % 7 === 3) {
          // a footnote in the paragraph, after its second sentence, and a word set in bold before it
          const cut = text.indexOf('. ', text.indexOf('. ') + 2);
          paras.push({
            text: [
              `${text.slice(0, cut)} `,
              { text: `${word()} ${word()}`, font: 'BodyBold' },
              { footnote: `${sentence()} ${sentence()}` },
              text.slice(cut),
            ],
          });
        } else if (k % 11 === 5 && ci > 0) {
          // a cross-reference to a section before this one
          const target = `sec-${ci}-${(k % 2) + 1}`;
          paras.push(`${text} The ${word()} figures are set out on page {page_of:${target}}.`);
        } else if (k % 13 === 8) paras.push({ text: [text], keep_together: true });
        else paras.push(text);
      }
      if (TWO_COLUMN.has(key)) content.push({ columns: { count: 2, gap: 18 }, content: paras });
      else content.push(...paras);
      if (TABLES[key]) content.push({ table: table(TABLES[key], key, word) });
    });
  });

  return {
    metadata: { title: 'Annual operations report', author: 'quire' },
    fonts: [
      { name: 'Body', library: 'noto_serif' },
      { name: 'BodyBold', library: 'noto_serif_bold' },
      { name: 'Bold', library: 'noto_sans_bold' },
      { name: 'Sans', library: 'noto_sans' },
    ],
    items: [
      // the title page
      title(1, 640, 'Annual operations report', 'Bold', 28),
      title(1, 600, 'A review of the year in ten chapters', 'Sans', 14),
      title(1, 560, 'Prepared by the planning office', 'Sans', 11),
      {
        type: 'flow',
        id: 'report',
        pages: [2],
        rect: { llx: 56, lly: 64, urx: 539, ury: 780 },
        continuation: { llx: 56, lly: 64, urx: 539, ury: 780 },
        font: 'Body',
        font_size: 10,
        leading: 13.5,
        align: 'justify',
        space_after: 4,
        widows: 2,
        orphans: 2,
        bookmarks: true,
        styles: {
          h1: { font: 'Bold', font_size: 17, space_before: 18, space_after: 8 },
          h2: { font: 'Bold', font_size: 12.5, space_before: 12, space_after: 5 },
          footnote: { font_size: 8 },
        },
        content,
      },
      // page furniture: a running head from page 2, a folio on every page
      {
        type: 'text',
        pages: { from: 2 },
        rect: { llx: 56, lly: 800, urx: 539, ury: 815 },
        font: 'Sans',
        font_size: 8,
        content: ['Annual operations report'],
      },
      {
        type: 'text',
        rect: { llx: 56, lly: 30, urx: 539, ury: 45 },
        font: 'Sans',
        font_size: 8,
        align: 'center',
        content: ['Page {current_page} of {total_pages}'],
      },
    ],
  };
}

function title(page: number, y: number, text: string, font: string, size: number): Json {
  return {
    type: 'text',
    pages: [page],
    rect: { llx: 56, lly: y - size * 1.6, urx: 539, ury: y },
    font,
    font_size: size,
    align: 'center',
    content: [text],
  };
}

/** A table of `rows` body rows: a made-up name, a region word, and two figures, each cell distinct. */
function table(rows: number, key: string, word: () => string): Json {
  const seed = Number(key.replace('.', ''));
  const body = Array.from({ length: rows }, (_, r) => {
    const a = ((seed * 7919 + r * 104729) % 900000) / 100 + 1000;
    const name = word();
    return [`${name[0].toUpperCase()}${name.slice(1)}`, word(), `${a.toFixed(2)}`, `${(r * 3.7 + seed).toFixed(1)}%`];
  });
  return {
    columns: [{ fraction: 2 }, { fraction: 2 }, 90, 70],
    header_rows: 1,
    font_size: 9,
    rows: [[`Unit ${'ABC'[seed % 3]}`, 'Area', 'Amount', 'Share'], ...body],
  };
}

if (process.argv[1]?.endsWith('support/report-40.ts')) process.stdout.write(`${JSON.stringify(report40(), null, 1)}\n`);
