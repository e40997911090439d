// test/pdf-name-pool.test.ts — pdf-lib's name pool no longer grows with history (ir/pdf-name-pool.ts,
// issue 20): renders that write distinct subset font names and read supplied PDFs full of distinct
// names leave pdf-lib's own (strong) pool as it was, the weak names are collected once nothing holds
// them, and interning still holds while a name is alive (dicts find their keys).

import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { PDFDict, PDFDocument, PDFName, PDFNumber } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { namePoolSize } from '../ir/pdf-name-pool.js';
import { render } from '../src/library.js';
import { NOW } from './support/fixtures.js';
import { notoLinePdf } from './support/noto-line.js';
import { pdfToText } from './support/pdf-tools.js';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** A one-page PDF whose page carries `count` entries under names of its own (`Quire<tag>N`). */
async function namedPdf(tag: string, count: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([200, 200]);
  const extra = new Map();
  for (let i = 0; i < count; i++) extra.set(PDFName.of(`Quire${tag}${i}`), PDFNumber.of(i));
  page.node.set(PDFName.of(`QuireKey${tag}`), PDFDict.fromMapWithContext(extra, doc.context));
  return doc.save({ useObjectStreams: false });
}

describe("pdf-lib's name pool", () => {
  it('keeps interning while a name is alive: one instance per name, however spelled', () => {
    const a = PDFName.of('QuireHeld A');
    expect(PDFName.of('QuireHeld#20A')).toBe(a);
    expect(PDFName.of('QuireHeld A').toString()).toBe('/QuireHeld#20A');
    expect(PDFName.of('Type')).toBe(PDFName.Type);
    const d = new Map([[a, PDFNumber.of(1)]]);
    expect(d.get(PDFName.of('QuireHeld A'))).toBeDefined();
  });

  it('does not grow with distinct subset names or supplied-PDF names, render after render', async () => {
    notoLinePdf('warm up');
    const parts = await Promise.all(Array.from({ length: 20 }, (_, i) => namedPdf(`P${i}x`, 50)));
    gc();
    const before = namePoolSize();
    expect(before.strong).toBeGreaterThan(0);
    const letters = 'abcdefghijklmnopqrstuvwxyz';
    for (let i = 0; i < 40; i++) notoLinePdf(`${letters[i % 26]}${letters[(i * 7) % 26]}${i}`);
    for (const [i, part] of parts.entries()) {
      const out = render({
        description: { templates: { part: `p${i}` }, items: [] },
        parts: { [`p${i}`]: part },
        now: NOW,
      });
      if (!out.ok) throw new Error(out.sentence);
    }
    expect(pdfToText(Buffer.from(notoLinePdf('still reads'))).trim()).toBe('still reads');
    // pdf-lib's own pool: not one name more (before the weak pool, +40 subset names and +1 000 read).
    expect(namePoolSize().strong).toBe(before.strong);
    parts.length = 0;
    gc();
    await new Promise((r) => setTimeout(r, 10));
    gc();
    await new Promise((r) => setTimeout(r, 10));
    // The weak names nothing holds any more are gone: 1 000 were read and 40 subset names written.
    expect(namePoolSize().weak).toBeLessThan(before.weak + 100);
  });
});
