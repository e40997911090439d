// src/warm-up.ts — a render worker's warm-up (issue 20: a server fast from its first real call). A
// fresh worker renders its first few hundred calls at a third more CPU each: V8 has not yet gathered
// type feedback for the hot code nor optimised it, and the JSON reader, the form reader and the font
// subsetter run unoptimised (bench/README.md, "A quiet window after the ninth wave": 11.3 ms of CPU
// a call after 32 calls, 8.0 after 800). So each worker, before it takes any work, renders a
// built-in document the way a call arrives — a multipart body in 64 KiB chunks read by the worker's
// form reader, fonts supplied inline as base64 (the library's Noto Sans, regular and bold: no file
// of the caller's, no network), text, a flow, a table with a header row and spans, rectangles, lines
// and a polygon — `count` times, or for WARM_UP_MAX_MS at most. Nothing it renders is kept but what
// any call leaves in the worker's caches (the fonts by content hash, the word caches, V8's code):
// a call's PDF never depends on what rendered before it (test/server-warm-up.test.ts).
import { libraryFile } from '../engines/fonts/library.js';
import type { RenderTask } from './render-worker.js';
import { WARM_UP_MAX_MS, warmRenderDone, workerWarmed } from './server/warm-state.js';
import type { Outcome } from './types.js';

const BOUNDARY = 'quire-warm-up-boundary';
/** Different warm-up documents (their numbers differ), rendered in turn. */
const VARIANTS = 4;

/** The warm-up description; `n` varies its numbers a little, as one invoice differs from the next. */
export function warmUpDescription(n: number, regular: string, bold: string): string {
  const money = (cents: number) => `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, '0')} EUR`;
  const lines = Array.from({ length: 12 }, (_, i) => {
    const qty = 1 + ((n + i * 7) % 40);
    const price = 150 + ((n * 13 + i * 97) % 9000);
    return [
      String(i + 1),
      `Article ${i + 1}: archive box A4, acid-free, ${60 + i} mm spine`,
      String(qty),
      'pcs',
      money(price),
      money(qty * price),
    ];
  });
  const total = lines.reduce((t, l) => t + Number(l[2]) * Number.parseInt(l[4].replace(',', ''), 10), 0);
  const doc = {
    metadata: { title: `Warm-up ${n}`, author: 'quire' },
    fonts: [
      { name: 'regular', data: regular },
      { name: 'bold', data: bold },
    ],
    items: [
      { type: 'rect', rect: { llx: 50, lly: 760, urx: 94, ury: 804 }, fill: [0.1, 0.2, 0.45] },
      {
        type: 'polygon',
        points: [
          [80, 804],
          [94, 804],
          [94, 790],
        ],
        fill: [1],
      },
      {
        type: 'text',
        rect: { llx: 50, lly: 760, urx: 94, ury: 798 },
        content: ['QW'],
        font: 'bold',
        font_size: 18,
        color: [1, 1, 1],
        align: 'center',
      },
      {
        type: 'text',
        rect: { llx: 104, lly: 776, urx: 360, ury: 804 },
        content: ['ACME Widgets GmbH'],
        font: 'bold',
        font_size: 16,
      },
      {
        type: 'text',
        rect: { llx: 380, lly: 744, urx: 545, ury: 804 },
        content: [`Industriestrasse 12\n70565 Stuttgart\n+49 711 ${1000 + n}\ninvoice@example.com`],
        font: 'regular',
        font_size: 8,
        align: 'right',
        color: [0.3],
      },
      { type: 'line', stroke: { color: [0.1, 0.2, 0.45], width: 1.5 }, from: [50, 735], to: [545, 735] },
      {
        type: 'flow',
        rect: { llx: 50, lly: 640, urx: 270, ury: 720 },
        content: `Customer ${n}\nRathausplatz 1\n12345 Musterstadt\nGermany\nVAT ID DE${123456789 + n}`,
        font: 'regular',
        font_size: 9,
        leading: 11,
        align: 'left',
      },
      {
        type: 'text',
        rect: { llx: 360, lly: 640, urx: 545, ury: 720 },
        content: [`Invoice\tINV-2026-${String(n).padStart(5, '0')}\nDate\t28.11.2026\nCustomer\tK-${20000 + n}`],
        font: 'regular',
        font_size: 9,
      },
      {
        type: 'text',
        rect: { llx: 50, lly: 600, urx: 545, ury: 625 },
        content: [`Invoice INV-2026-${String(n).padStart(5, '0')}`],
        font: 'bold',
        font_size: 16,
      },
      {
        type: 'table',
        pages: [1],
        rect: { llx: 50, lly: 240, urx: 545, ury: 590 },
        font: 'regular',
        font_size: 9,
        padding: { left: 4, right: 4, top: 3, bottom: 3 },
        columns: [
          24,
          { fraction: 1 },
          { width: 36, align: 'right' },
          { width: 30 },
          { width: 70, align: 'right' },
          { width: 80, align: 'right' },
        ],
        header_rows: 1,
        stripes: [[1], [0.96]],
        border: { bottom: { width: 0.4, color: [0.75] } },
        rows: [
          {
            cells: ['#', 'Article', 'Qty', 'Unit', 'Price', 'Amount'],
            font: 'bold',
            fill: [0.1, 0.2, 0.45],
            color: [1, 1, 1],
          },
          ...lines,
          { cells: [{ text: 'Total', col_span: 5, align: 'right' }, money(total)], font: 'bold' },
        ],
      },
      {
        type: 'flow',
        rect: { llx: 50, lly: 120, urx: 545, ury: 220 },
        font: 'regular',
        font_size: 9.5,
        content:
          'Payable without deduction within 30 days to the account below, quoting the invoice number.\nThank you for your order. Questions about this invoice? Write to us at the address above, or call us on weekdays between nine and five.',
      },
      { type: 'rect', rect: { llx: 50, lly: 92, urx: 545, ury: 92.5 }, fill: [0.7] },
      {
        type: 'text',
        rect: { llx: 50, lly: 40, urx: 300, ury: 88 },
        content: [
          'ACME Widgets GmbH · Registered in Stuttgart, HRB 12345\nIBAN DE02 7015 0000 0000 5949 37 · BIC GENODEF1M01',
        ],
        font: 'regular',
        font_size: 7,
        color: [0.4],
      },
    ],
  };
  return JSON.stringify(doc);
}

/** A warm-up call's body as the server hands it to a worker: a multipart form in 64 KiB chunks. */
export function warmUpForm(json: string): NonNullable<RenderTask['form']> {
  const body = Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="json_data"\r\nContent-Type: application/json\r\n\r\n`,
    ),
    Buffer.from(json),
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
  const chunks: Uint8Array[] = [];
  for (let at = 0; at < body.byteLength; at += 65536) chunks.push(body.subarray(at, at + 65536));
  return { body: new Uint8Array(0), chunks, contentType: `multipart/form-data; boundary=${BOUNDARY}` };
}

/**
 * Renders the warm-up document `count` times (WARM_UP_MAX_MS at most) with `run` — the worker's own
 * task function — then marks this worker warmed in `state`. Never throws: a warm-up that fails
 * (a document refused, a missing font file) ends early and the worker serves as it is.
 */
export async function warmUp(
  count: number,
  state: SharedArrayBuffer | undefined,
  run: (task: RenderTask) => Promise<Outcome>,
): Promise<void> {
  const began = performance.now();
  try {
    if (count > 0) {
      const [regular, bold] = ['noto_sans', 'noto_sans_bold'].map((f) => {
        const bytes = libraryFile(f);
        if (!bytes) throw new Error(`the library face ${f} is not installed`);
        return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
      });
      // A few variants made once and taken in turn: making a 1.5 MB body a render would cost more
      // than the render (the chunks are only read: the worker joins them into a buffer of its own).
      const forms = Array.from({ length: VARIANTS }, (_, n) => warmUpForm(warmUpDescription(n, regular, bold)));
      for (let n = 0; n < count && performance.now() - began < WARM_UP_MAX_MS; n++) {
        const outcome = await run({ form: forms[n % VARIANTS], now: Date.UTC(2026, 10, 28) });
        if (!outcome.ok) break;
        if (state) warmRenderDone(state);
      }
    }
  } catch {
    // the worker serves unwarmed
  } finally {
    if (state) workerWarmed(state, performance.now() - began);
  }
}
