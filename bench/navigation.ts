// bench/navigation.ts — what navigation costs (issue 9): a 1 000-page document rendered bare, then
// with a link on every page, 5 000 bookmarks (nested three deep), 5 000 named destinations, an
// article thread of 1 000 beads and per-page settings. Prints the median of each and the difference.
// Run: npx tsx bench/navigation.ts
import { render } from '../src/library.js';

const PAGES = 1000;
const RUNS = 7;

const bare = {
  items: [
    {
      type: 'rect',
      rect: { llx: 50, lly: 50, urx: 100, ury: 100 },
      fill: [0.5],
      pages: Array.from({ length: PAGES }, (_, i) => i + 1),
    },
  ],
};
const bookmarks = Array.from({ length: 50 }, (_, a) => ({
  title: `Part ${a + 1}`,
  page: 1 + a * 20,
  open: a % 2 === 0,
  children: Array.from({ length: 10 }, (_, b) => ({
    title: `Chapter ${a + 1}.${b + 1} — ünïcødé`,
    page: 1 + a * 20 + b,
    children: Array.from({ length: 9 }, (_, c) => ({
      title: `Section ${c}`,
      destination: `d${(a * 100 + b * 10 + c) % 5000}`,
    })),
  })),
}));
const full = {
  ...bare,
  items: [
    ...bare.items,
    { type: 'link', rect: { llx: 50, lly: 50, urx: 100, ury: 100 }, page: 1, view: { top: '{page_height}' } },
    { type: 'link', rect: { llx: 100, lly: 50, urx: 150, ury: 100 }, rotate: 10, uri: 'https://example.com/über' },
  ],
  bookmarks,
  destinations: Array.from({ length: 5000 }, (_, i) => ({
    name: `d${i}`,
    page: 1 + (i % PAGES),
    view: { fit: 'fit_width', top: '{page_height} - 72' },
  })),
  articles: [
    {
      title: 'Thread',
      beads: Array.from({ length: PAGES }, (_, i) => ({ page: i + 1, rect: { llx: 50, lly: 50, urx: 300, ury: 700 } })),
    },
  ],
  reader: { page_layout: 'one_column', open_on: { destination: 'd0' } },
  page_boxes: Array.from({ length: PAGES }, (_, i) => ({
    page: i + 1,
    trim: { llx: 10, lly: 10, urx: 585, ury: 831 },
  })),
  page_shows: Array.from({ length: PAGES }, (_, i) => ({ page: i + 1, style: 'dissolve', display_duration: 3 })),
};

function median(description: unknown): { ms: number; bytes: number } {
  const times: number[] = [];
  let bytes = 0;
  for (let r = 0; r < RUNS + 1; r++) {
    const t = performance.now();
    const out = render({ description: JSON.stringify(description), now: new Date(0) });
    if (!out.ok) throw new Error(out.sentence);
    bytes = out.pdf.length;
    if (r > 0) times.push(performance.now() - t); // the first run warms the JIT
  }
  times.sort((a, b) => a - b);
  return { ms: times[times.length >> 1], bytes };
}

const a = median(bare);
const b = median(full);
console.log(`${PAGES} pages bare: ${a.ms.toFixed(0)} ms, ${a.bytes} bytes`);
console.log(
  `with 2 000 links, 5 000 bookmarks, 5 000 destinations, 1 000 beads, boxes and transitions on every page: ${b.ms.toFixed(0)} ms, ${b.bytes} bytes`,
);
console.log(
  `navigation costs ${(b.ms - a.ms).toFixed(0)} ms (${(((b.ms - a.ms) / PAGES) * 1000).toFixed(0)} µs a page)`,
);
