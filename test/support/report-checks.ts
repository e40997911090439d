// test/support/report-checks.ts — issue 23's "Done when" checks of a flowing report, run on a PDF and
// the description it was rendered from, with poppler's `pdftotext` as the independent reader:
//   words     every word of the description is found exactly once and in reading order;
//   contents  every contents entry's page number is the page its heading is on (`pdftotext -f N -l N`);
//   keeps     no page (box) starts or ends with fewer lines of a paragraph than `widows`/`orphans`
//             (default 2: never a single line), and no heading is the last line of a page (box);
//   notes     each footnote is on the page of its mark;
//   refs      each `{page_of:ID}` prints the page its target is on.
// `checkReport(pdf, description)` returns the problems found, one sentence each (empty: all hold);
// `npx tsx test/support/report-checks.ts report.pdf description.json` prints them.
//
// How the PDF is read. One `pdftotext -bbox-layout` gives every line and word with its box. Per page:
// lines matching the page furniture (text items drawn on every page, or on an object `pages` rule,
// their placeholders read as numbers) are dropped; rows that read `<heading> … <number>` are the
// contents entries; the rest is put in reading order from the geometry, not from poppler's own block
// order, which reads the second of two columns after whatever follows them on the page (seen on a
// two-column section over a footnote). Reading order: lines grouped into rows by their vertical
// overlap; a row split by an empty gutter starts a zone that goes on while the rows below keep that
// gutter clear (and, for a shorter column's last lines, at the zone's own pitch); a zone is read left
// of the gutter, then right of it (recursively, so three or four columns work). A jump upwards in that
// order, or a new page, starts a new box. Footnotes are then found by their text (anywhere on a page,
// as a contiguous run of words, continuing onto the next page if cut) and taken out. What is left is
// matched character by character against the description's story: its text items with explicit pages
// (the title page), then the flow's blocks in order. Between words the PDF must have a space or line
// end; a line ending in a hyphen or soft hyphen (U+00AD, what a hyphenated break extracts as) joins the
// next line; a footnote mark or a page number is read as digits; a table's cells are one group, found
// in any order (poppler reads a table by rows or by columns) but together, its header rows allowed on
// every page the table reaches.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

type Json = Record<string, unknown>;

export interface PdfWord {
  text: string;
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
}
export interface PdfLine {
  page: number;
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
  words: PdfWord[];
  /** Set by reading order: the box (page or column) the line is in, counted across the document. */
  box?: number;
}

// ---------------------------------------------------------------------------------------------------
// The story: what the description says the PDF must hold, in order.

const MARK = '\uE000'; // a footnote mark: digits in the PDF
const NUMBER = '\uE001'; // a page number placeholder: digits in the PDF

export interface StoryBlock {
  kind: 'title' | 'para' | 'heading' | 'contents-title' | 'table';
  id?: string;
  level?: number;
  /** Plain text with MARK and NUMBER characters where the digits go. */
  text: string;
  /** Footnote texts, in the order of the block's marks. */
  notes: string[];
  /** Targets of the block's NUMBER characters (null: `{current_page}` / `{total_pages}`, not checked). */
  refs: (string | null)[];
  /** Tables: header and body cell words. */
  header?: string[];
  body?: string[];
}

export interface Furniture {
  pattern: RegExp;
  /** The item's `pages`: absent or `[]` (every page), or the object rule. */
  pages: unknown;
}

export interface Story {
  blocks: StoryBlock[];
  furniture: Furniture[];
  contents?: { levels: number; title?: string };
  widows: number;
  orphans: number;
}

/** Text of a run list (text item content / a block's `text`), footnotes as MARKs, placeholders as NUMBERs. */
function runsOf(runs: unknown, block: StoryBlock): string {
  const list = Array.isArray(runs) ? runs : [runs];
  let out = '';
  for (const r of list) {
    if (typeof r === 'string') out += placeholders(r, block);
    else if (r && typeof r === 'object') {
      const o = r as Json;
      if (typeof o.footnote === 'string') {
        out += MARK;
        block.notes.push(normalise(o.footnote));
      } else if (typeof o.text === 'string' || Array.isArray(o.text)) out += runsOf(o.text, block);
    }
  }
  return out;
}

function placeholders(s: string, block: StoryBlock): string {
  return s.replace(/\{\{|\}\}|\{(page_of:[^}]+|current_page|total_pages)\}/g, (m, name?: string) => {
    if (m === '{{') return '{';
    if (m === '}}') return '}';
    block.refs.push(name?.startsWith('page_of:') ? name.slice(8) : null);
    return NUMBER;
  });
}

const normalise = (s: string) => s.normalize('NFC').replace(/\s+/g, ' ').trim();

function cellWords(cell: unknown): string[] {
  const b: StoryBlock = { kind: 'para', text: '', notes: [], refs: [] };
  const text = typeof cell === 'object' && cell && !Array.isArray(cell) ? ((cell as Json).text ?? '') : cell;
  return normalise(runsOf(text, b)).split(' ').filter(Boolean);
}

/** Whether page n (of total) is among an object `pages` rule's (or every page, for none). */
function onPage(rule: unknown, n: number, total: number): boolean {
  if (!rule || Array.isArray(rule)) return true;
  const r = rule as { from?: number; to?: number; every?: number; but?: number[] };
  const from = r.from ?? 1;
  return n >= from && n <= (r.to ?? total) && (n - from) % (r.every ?? 1) === 0 && !(r.but ?? []).includes(n);
}

/** Whether an item is drawn on every page (or on an object rule): page furniture. */
const isFurniture = (item: Json) => !Array.isArray(item.pages) || item.pages.length === 0;

function furniturePattern(item: Json): RegExp | undefined {
  const b: StoryBlock = { kind: 'para', text: '', notes: [], refs: [] };
  const text = normalise(runsOf(item.content, b));
  if (!text) return undefined;
  const src = text
    .split(NUMBER)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s+'))
    .join('\\d+');
  return new RegExp(`^${src}$`);
}

/** The story a description tells: its title-page text items, then its flows' blocks, in order. */
export function storyOf(description: Json): Story {
  const items = (description.items ?? []) as Json[];
  const story: Story = { blocks: [], furniture: [], widows: 2, orphans: 2 };
  const placed: { page: number; order: number; item: Json }[] = [];
  items.forEach((item, order) => {
    if (item.type !== 'text' && item.type !== 'flow') return;
    if (isFurniture(item)) {
      const pattern = furniturePattern(item);
      if (pattern) story.furniture.push({ pattern, pages: item.pages });
    } else placed.push({ page: Math.min(...(item.pages as number[])), order, item });
  });
  placed.sort((a, b) => a.page - b.page || a.order - b.order);
  for (const { item } of placed) {
    if (item.type === 'text') {
      const block: StoryBlock = { kind: 'title', text: '', notes: [], refs: [] };
      block.text = normalise(runsOf(item.content, block));
      story.blocks.push(block);
      continue;
    }
    if (typeof item.widows === 'number') story.widows = item.widows;
    if (typeof item.orphans === 'number') story.orphans = item.orphans;
    const content = typeof item.content === 'string' ? item.content.split(/\r\n|\r|\n/) : (item.content as unknown[]);
    addBlocks(content, story);
  }
  return story;
}

function addBlocks(content: unknown[], story: Story): void {
  for (const c of content) {
    const block: StoryBlock = { kind: 'para', text: '', notes: [], refs: [] };
    if (typeof c === 'string') block.text = normalise(runsOf(c, block));
    else if (c && typeof c === 'object') {
      const o = c as Json;
      if (o.table) {
        const t = o.table as Json;
        const rows = (t.rows ?? []) as unknown[];
        const headerRows = typeof t.header_rows === 'number' ? t.header_rows : 0;
        const cells = (row: unknown) =>
          (Array.isArray(row) ? row : (((row as Json).cells ?? []) as unknown[])).flatMap(cellWords);
        block.kind = 'table';
        block.header = rows.slice(0, headerRows).flatMap(cells);
        block.body = rows.slice(headerRows).flatMap(cells);
      } else if (o.columns) {
        addBlocks((o.content ?? []) as unknown[], story);
        continue;
      } else if (o.contents) {
        const t = o.contents as Json;
        // `levels` defaults to 3 (docs/reference.md, "flow", Contents).
        story.contents = { levels: typeof t.levels === 'number' ? t.levels : 3, title: t.title as string | undefined };
        if (!t.title) continue;
        block.kind = 'contents-title';
        block.text = normalise(t.title as string);
      } else if (o.text !== undefined) {
        block.text = normalise(runsOf(o.text, block));
        if (typeof o.heading === 'number') {
          block.kind = 'heading';
          block.level = o.heading;
        }
        if (typeof o.id === 'string') block.id = o.id;
      } else continue; // a break
    }
    if (block.kind === 'table' || block.text) story.blocks.push(block);
  }
}

// ---------------------------------------------------------------------------------------------------
// Reading the PDF.

/** Every line of the PDF with its words, per page (index 0 is page 1), from `pdftotext -bbox-layout`. */
export function readPdfLines(file: string): PdfLine[][] {
  const html = execFileSync('pdftotext', ['-bbox-layout', file, '-'], { encoding: 'utf8', maxBuffer: 1 << 28 });
  const pages: PdfLine[][] = [];
  const num = (s: string, k: string) => Number(new RegExp(`${k}="([-\\d.]+)"`).exec(s)?.[1]);
  for (const row of html.split('\n')) {
    if (row.includes('<page ')) pages.push([]);
    else if (row.includes('<line ')) {
      const box = { xMin: num(row, 'xMin'), yMin: num(row, 'yMin'), xMax: num(row, 'xMax'), yMax: num(row, 'yMax') };
      pages[pages.length - 1].push({ page: pages.length, ...box, words: [] });
    } else if (row.includes('<word ')) {
      const text = decode(/>(.*)<\/word>/.exec(row)?.[1] ?? '');
      const page = pages[pages.length - 1];
      page[page.length - 1].words.push({
        text,
        xMin: num(row, 'xMin'),
        yMin: num(row, 'yMin'),
        xMax: num(row, 'xMax'),
        yMax: num(row, 'yMax'),
      });
    }
  }
  return pages;
}

const decode = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&')
    .normalize('NFC');

const lineText = (l: PdfLine) => l.words.map((w) => w.text).join(' ');

/** Lines on about the same baseline, left to right: what a reader sees as one row of text. */
function rowsOf(lines: PdfLine[]): PdfLine[][] {
  const sorted = [...lines].sort((a, b) => a.yMin + a.yMax - (b.yMin + b.yMax) || a.xMin - b.xMin);
  const rows: PdfLine[][] = [];
  for (const l of sorted) {
    const row = rows[rows.length - 1];
    const first = row?.[0];
    const overlap = first ? Math.min(first.yMax, l.yMax) - Math.max(first.yMin, l.yMin) : 0;
    if (first && overlap > 0.5 * Math.min(first.yMax - first.yMin, l.yMax - l.yMin)) row.push(l);
    else rows.push([l]);
  }
  for (const r of rows) r.sort((a, b) => a.xMin - b.xMin);
  return rows;
}

const MIN_GUTTER = 4; // points: a narrower gap between two lines of a row is a word gap, not a gutter

/** The lines of a page region in reading order (see the header). */
export function readingOrder(lines: PdfLine[]): PdfLine[] {
  const rows = rowsOf(lines);
  const out: PdfLine[] = [];
  let i = 0;
  while (i < rows.length) {
    const zone = widestZone(rows, i);
    if (!zone) {
      out.push(...rows[i]);
      i++;
      continue;
    }
    const zoneLines = rows.slice(i, zone.end).flat();
    const mid = (zone.a + zone.b) / 2;
    const left = zoneLines.filter((l) => (l.xMin + l.xMax) / 2 < mid);
    const right = zoneLines.filter((l) => (l.xMin + l.xMax) / 2 >= mid);
    out.push(...readingOrder(left), ...readingOrder(right));
    i = zone.end;
  }
  return out;
}

/** The gutter of row i that stays clear for the most rows below it: [a, b] and the row after the zone. */
function widestZone(rows: PdfLine[][], i: number): { a: number; b: number; end: number } | undefined {
  const row = rows[i];
  let best: { a: number; b: number; end: number } | undefined;
  for (let k = 1; k < row.length; k++) {
    let a = Math.max(...row.slice(0, k).map((l) => l.xMax));
    let b = Math.min(...row.slice(k).map((l) => l.xMin));
    if (b - a < MIN_GUTTER) continue;
    const pitches: number[] = [];
    let end = i + 1;
    for (; end < rows.length; end++) {
      const r = rows[end];
      const leftOf = r.filter((l) => l.xMax <= b - 0.5 && (l.xMin + l.xMax) / 2 < (a + b) / 2);
      const rightOf = r.filter((l) => l.xMin >= a + 0.5 && (l.xMin + l.xMax) / 2 >= (a + b) / 2);
      if (leftOf.length + rightOf.length !== r.length) break; // a line crosses the gutter
      const pitch = r[0].yMin - rows[end - 1][0].yMin;
      const twoSided = leftOf.length > 0 && rightOf.length > 0;
      if (!twoSided) {
        // a shorter column's last lines: only at the zone's own pitch
        const usual = pitches.length ? pitches.sort((x, y) => x - y)[pitches.length >> 1] : 0;
        if (!usual || pitch > usual * 1.25 + 0.5) break;
      }
      const na = Math.max(a, ...leftOf.map((l) => l.xMax));
      const nb = Math.min(b, ...rightOf.map((l) => l.xMin));
      if (nb - na < MIN_GUTTER) break;
      a = na;
      b = nb;
      pitches.push(pitch);
    }
    if (!best || end > best.end) best = { a, b, end };
  }
  return best;
}

// ---------------------------------------------------------------------------------------------------
// The checks.

export interface ReportFacts {
  /** Page of each heading (by its text), of each block with an id, and the contents entries read. */
  headingPages: Map<string, number>;
  idPages: Map<string, number>;
  contentsEntries: Map<string, number[]>;
  pages: number;
}

export interface ReportCheck {
  problems: string[];
  facts: ReportFacts;
}

/** Runs every check on a PDF (bytes or a file path) against the description it was rendered from. */
export function checkReport(pdf: Uint8Array | string, description: Json): ReportCheck {
  if (typeof pdf === 'string') return checkFile(pdf, description);
  const dir = mkdtempSync(join(tmpdir(), 'quire-report-'));
  try {
    const file = join(dir, 'report.pdf');
    writeFileSync(file, pdf);
    return checkFile(file, description);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

interface Token {
  text: string;
  line: PdfLine;
}

function checkFile(file: string, description: Json): ReportCheck {
  const story = storyOf(description);
  const problems: string[] = [];
  const pages = readPdfLines(file);
  const headings = story.blocks.filter((b) => b.kind === 'heading');
  const listed = headings.filter((h) => story.contents && (h.level ?? 1) <= story.contents.levels);
  const contentsEntries = new Map<string, number[]>();

  // 1. furniture and contents entries out; the rest in reading order, boxes numbered.
  const body: PdfLine[] = [];
  let box = 0;
  for (const [index, lines] of pages.entries()) {
    const furniture = story.furniture.filter((f) => onPage(f.pages, index + 1, pages.length));
    let kept = lines.filter((l) => !furniture.some((f) => f.pattern.test(lineText(l))));
    if (listed.length) {
      const entryLines = new Set<PdfLine>();
      for (const row of rowsOf(kept)) {
        const text = row.map(lineText).join(' ');
        const m = /^(.*?)[\s.·…]*?(\d+)$/.exec(text);
        if (!m) continue;
        const title = m[1].replace(/[\s.·…]+$/, '');
        const h = listed.find((x) => x.text === title);
        if (!h) continue;
        contentsEntries.set(h.text, [...(contentsEntries.get(h.text) ?? []), Number(m[2])]);
        for (const l of row) entryLines.add(l);
      }
      kept = kept.filter((l) => !entryLines.has(l));
    }
    let lastY = Number.POSITIVE_INFINITY;
    box++;
    for (const l of readingOrder(kept)) {
      if (l.yMin < lastY - 1 && lastY !== Number.POSITIVE_INFINITY) box++;
      lastY = l.yMin;
      l.box = box;
      body.push(l);
    }
  }

  // 2. footnotes out, each found by its words; the page it starts on kept.
  const tokens: Token[] = body.flatMap((line) => line.words.map((w) => ({ text: w.text, line })));
  const noteBlocks = story.blocks.flatMap((b) => b.notes.map((note) => ({ b, note })));
  const notePages: { page: number; number: string }[] = [];
  for (const { note } of noteBlocks) {
    const found = takeNote(tokens, note.split(' '));
    if (!found) problems.push(`notes: the footnote "${clip(note)}" is not found whole in the PDF.`);
    notePages.push(found ?? { page: 0, number: '' });
  }

  // 3. the words, in order.
  const match = matchStory(story, tokens);
  if (match.problem) problems.push(match.problem);

  // 4. contents entries against the heading pages, and `pdftotext -f N -l N` of each.
  const headingPages = new Map<string, number>();
  for (const h of headings) {
    const p = match.blockPages.get(h);
    if (p) headingPages.set(h.text, p);
  }
  const pageText = new Map<number, string[]>();
  const linesOfPage = (n: number) => {
    if (!pageText.has(n))
      pageText.set(
        n,
        execFileSync('pdftotext', ['-f', String(n), '-l', String(n), file, '-'], { encoding: 'utf8' })
          .split('\n')
          .map(normalise),
      );
    return pageText.get(n) ?? [];
  };
  for (const h of listed) {
    const entries = contentsEntries.get(h.text) ?? [];
    if (entries.length !== 1) {
      problems.push(`contents: the heading "${h.text}" has ${entries.length} contents entries, not one.`);
      continue;
    }
    const [n] = entries;
    const at = headingPages.get(h.text);
    if (at === undefined && match.problem) continue; // the words stopped before it: already said
    if (n !== at) problems.push(`contents: "${h.text}" is listed on page ${n} but is on page ${at ?? '?'}.`);
    if (n >= 1 && n <= pages.length && !linesOfPage(n).includes(h.text))
      problems.push(`contents: pdftotext -f ${n} -l ${n} has no line "${h.text}".`);
  }

  // 5. keeps: widows, orphans, headings at the foot of a box.
  const lineBlock = match.lineBlocks;
  const ordered = body.filter((l) => lineBlock.has(l));
  const linesOf = new Map<StoryBlock, PdfLine[]>();
  for (const l of ordered) {
    const b = lineBlock.get(l) as StoryBlock;
    linesOf.set(b, [...(linesOf.get(b) ?? []), l]);
  }
  for (const [b, ls] of linesOf) {
    if (b.kind !== 'para') continue;
    // lines per box, counted as rows (poppler may cut one justified line at a wide space)
    const groups: PdfLine[][] = [];
    for (const l of ls) {
      const g = groups[groups.length - 1];
      if (!g || g[0].box !== l.box) groups.push([l]);
      else if (!g.some((x) => Math.abs(x.yMin - l.yMin) < 1)) g.push(l);
    }
    if (groups.length < 2) continue;
    const first = groups[0];
    const last = groups[groups.length - 1];
    if (first.length < story.orphans)
      problems.push(
        `keeps: page ${first[0].page} ends with ${first.length} line of the paragraph "${clip(b.text)}" (orphans ${story.orphans}).`,
      );
    if (last.length < story.widows)
      problems.push(
        `keeps: page ${last[0].page} starts with ${last.length} line of the paragraph "${clip(b.text)}" (widows ${story.widows}).`,
      );
  }
  for (const h of headings) {
    const ls = linesOf.get(h);
    if (!ls) continue;
    const last = ls[ls.length - 1];
    const next = ordered[ordered.indexOf(last) + 1];
    if (!next || next.box !== last.box)
      problems.push(`keeps: the heading "${h.text}" is the last line of page ${last.page} (or of a column there).`);
  }

  // 6. footnotes on the page of their marks; references on their targets' pages.
  noteBlocks.forEach(({ b, note }, k) => {
    const mark = match.marks.get(b)?.[b.notes.indexOf(note)];
    const at = notePages[k];
    if (!mark || !at.page) return;
    if (mark.page !== at.page)
      problems.push(`notes: the mark of "${clip(note)}" is on page ${mark.page}, its note on page ${at.page}.`);
    if (at.number && mark.number !== at.number)
      problems.push(`notes: the mark ${mark.number} on page ${mark.page} opens the note numbered ${at.number}.`);
  });
  const idPages = new Map<string, number>();
  for (const [b, p] of match.blockPages) if (b.id) idPages.set(b.id, p);
  for (const [b, numbers] of match.numbers)
    b.refs.forEach((ref, k) => {
      if (ref === null || numbers[k] === undefined) return;
      const at = idPages.get(ref);
      if (at === undefined) problems.push(`refs: {page_of:${ref}} names no heading or block found in the PDF.`);
      else if (numbers[k] !== at)
        problems.push(`refs: {page_of:${ref}} prints ${numbers[k]} in "${clip(b.text)}" but ${ref} is on page ${at}.`);
    });

  return { problems, facts: { headingPages, idPages, contentsEntries, pages: pages.length } };
}

const clip = (s: string) => {
  const t = s.replace(new RegExp(`[${MARK}${NUMBER}]`, 'g'), '#');
  return t.length > 60 ? `${t.slice(0, 57)}…` : t;
};

/** Finds a footnote's words as a contiguous run (its number before or glued to its first word), takes them out. */
function takeNote(tokens: Token[], words: string[]): { page: number; number: string } | undefined {
  for (let i = 0; i < tokens.length; i++) {
    let first = tokens[i].text;
    let number = '';
    const glued = /^(\d+)(.+)$/.exec(first);
    if (first !== words[0] && glued && glued[2] === words[0]) {
      number = glued[1];
      first = glued[2];
    }
    if (first !== words[0]) continue;
    let j = 1;
    while (j < words.length && i + j < tokens.length && tokens[i + j].text === words[j]) j++;
    const page = tokens[i].line.page;
    if (j < words.length) {
      // cut at the foot of a page: the rest must open a run on the next page
      if (j < 3 || i + j >= tokens.length || tokens[i + j].line.page === page) continue;
      const rest = words.slice(j);
      const k = tokens.findIndex((t, x) => t.line.page === page + 1 && rest.every((w, y) => tokens[x + y]?.text === w));
      if (k < 0) continue;
      tokens.splice(k, rest.length);
    }
    const before = tokens[i - 1];
    // the note's number: glued, or the word before it on the page (a raised number may be a line of its own)
    const start = !number && before && /^\d+$/.test(before.text) && before.line.page === page ? i - 1 : i;
    if (start === i - 1) number = before.text;
    tokens.splice(start, i + Math.min(j, words.length) - start);
    return { page, number };
  }
  return undefined;
}

interface StoryMatch {
  problem?: string;
  blockPages: Map<StoryBlock, number>;
  lineBlocks: Map<PdfLine, StoryBlock>;
  marks: Map<StoryBlock, { page: number; number: string }[]>;
  numbers: Map<StoryBlock, number[]>;
}

/** Matches the PDF's words, in reading order, against the story's, character by character. */
function matchStory(story: Story, tokens: Token[]): StoryMatch {
  const result: StoryMatch = { blockPages: new Map(), lineBlocks: new Map(), marks: new Map(), numbers: new Map() };
  // The PDF as one string: a space between words of a line, a newline between lines.
  let text = '';
  const lineAt: PdfLine[] = [];
  tokens.forEach((t, k) => {
    const sep = k === 0 ? '' : t.line === tokens[k - 1].line ? ' ' : '\n';
    for (const ch of sep + t.text) {
      text += ch;
      lineAt.push(t.line);
    }
  });
  let pos = 0;
  const skipSpace = () => {
    while (pos < text.length && (text[pos] === ' ' || text[pos] === '\n')) pos++;
  };
  const context = () => JSON.stringify(text.slice(Math.max(0, pos - 40), pos + 40));
  const pageAt = () => lineAt[Math.min(pos, lineAt.length - 1)]?.page ?? '?';
  const claim = (b: StoryBlock, from: number) => {
    for (let k = from; k < pos; k++) if (text[k] !== ' ' && text[k] !== '\n') result.lineBlocks.set(lineAt[k], b);
    if (!result.blockPages.has(b) && lineAt[from]) result.blockPages.set(b, lineAt[from].page);
  };
  const digits = (): string => {
    const m = /^\d+/.exec(text.slice(pos, pos + 12));
    if (!m) return '';
    pos += m[0].length;
    return m[0];
  };

  for (const b of story.blocks) {
    skipSpace();
    const from = pos;
    if (b.kind === 'table') {
      const need = new Map<string, number>();
      for (const w of b.body ?? []) need.set(w, (need.get(w) ?? 0) + 1);
      const header = new Set(b.header ?? []);
      let left = b.body?.length ?? 0;
      while (left > 0) {
        skipSpace();
        const m = /^[^ \n]+/.exec(text.slice(pos, pos + 200));
        const w = m?.[0] ?? '';
        if ((need.get(w) ?? 0) > 0) {
          need.set(w, (need.get(w) ?? 0) - 1);
          left--;
        } else if (!header.has(w)) {
          const missing = [...need].filter(([, n]) => n > 0).map(([x]) => x);
          result.problem = `words: the table opening "${clip((b.header ?? b.body ?? []).join(' '))}" is not whole where it is read (page ${pageAt()}): "${w}" comes before ${missing.length} of its cells (${missing.slice(0, 5).join(', ')}…), at ${context()}.`;
          return result;
        }
        pos += w.length;
      }
      claim(b, from);
      continue;
    }
    const marks: { page: number; number: string }[] = [];
    const numbers: number[] = [];
    const words = b.text.split(' ');
    for (let wi = 0; wi < words.length; wi++) {
      const word = words[wi];
      if (wi > 0) {
        if (pos < text.length && text[pos] !== ' ' && text[pos] !== '\n') {
          result.problem = `words: no space before "${clip(word)}" in "${clip(b.text)}" (page ${pageAt()}), at ${context()}.`;
          return result;
        }
        skipSpace();
      }
      for (let ci = 0; ci < word.length; ci++) {
        const c = word[ci];
        if (c === MARK || c === NUMBER) {
          const before = pos;
          skipSpace();
          const page = pageAt();
          const d = digits();
          if (!d) {
            pos = before;
            result.problem = `words: no ${c === MARK ? 'footnote mark' : 'page number'} after "${clip(word.slice(0, ci))}" in "${clip(b.text)}" (page ${pageAt()}), at ${context()}.`;
            return result;
          }
          if (c === MARK) marks.push({ page: Number(page), number: d });
          else numbers.push(Number(d));
          if (ci + 1 < word.length) skipSpace(); // poppler may set what follows a mark as a word of its own
          continue;
        }
        if (text[pos] === c) {
          pos++;
          if (c === '-' && text[pos] === '\n' && ci + 1 < word.length) pos++; // broken after a hard hyphen
          continue;
        }
        if ((text[pos] === '\u00AD' || text[pos] === '-') && text[pos + 1] === '\n') {
          pos += 2; // a hyphenated line end
          ci--;
          continue;
        }
        if (text[pos] === '\u00AD') {
          pos++;
          ci--;
          continue;
        }
        const found = pos >= text.length ? 'the end of the text' : JSON.stringify(text.slice(pos, pos + 20));
        result.problem = `words: expected "${clip(word)}" of "${clip(b.text)}" on page ${pageAt()} but found ${found}, at ${context()}.`;
        return result;
      }
    }
    claim(b, from);
    if (marks.length) result.marks.set(b, marks);
    if (numbers.length) result.numbers.set(b, numbers);
  }
  skipSpace();
  if (pos < text.length)
    result.problem = `words: the PDF has more text after the story's last word (page ${pageAt()}): ${JSON.stringify(text.slice(pos, pos + 60))}.`;
  return result;
}

// `npx tsx test/support/report-checks.ts report.pdf description.json`: the checks from the command line
// (the description as rendered, e.g. test/fixtures/report-40.json); exit 1 when a problem is found.
if (process.argv[1]?.endsWith('support/report-checks.ts')) {
  const [pdfFile, descriptionFile] = process.argv.slice(2);
  const { readFileSync } = await import('node:fs');
  const { problems, facts } = checkReport(pdfFile, JSON.parse(readFileSync(descriptionFile, 'utf8')));
  for (const p of problems) console.log(p);
  console.log(`${facts.pages} pages, ${facts.headingPages.size} headings found, ${problems.length} problems`);
  process.exitCode = problems.length ? 1 : 0;
}
