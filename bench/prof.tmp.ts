import { readDescription } from '../ir/read.js';
import { readJson } from '../ir/json-reader.js';
import { resolveClient } from '../src/clients.js';
import { PASSES } from '../passes/index.js';
import { NOTO_SANS_B64 } from '../test/support/fixtures.js';
const items = [];
for (let i = 0; i < 10000; i++) { const y = 800 - (i % 50) * 15; items.push(i % 2 ? { type: 'rect', rect: { llx: 50, lly: y, urx: '{page_width} - 50', ury: y + 10 }, fill: [0.9, 0.9, 0.9], pages: [1 + Math.floor(i / 50)] } : { type: 'text', rect: { llx: 50, lly: y, urx: 545, ury: y + 12 }, content: [`row ${i}: the quick brown fox`], font: 'Body', font_size: 9, pages: [1 + Math.floor(i / 50)] }); }
const bytes = Buffer.from(JSON.stringify({ fonts: [{ name: 'Body', data: NOTO_SANS_B64 }], items }));
const vp = PASSES.slice(0, PASSES.findIndex((p) => p.id === 'pagination'));
for (let r = 0; r < 8; r++) {
  const t0 = performance.now(); readJson(bytes); const t1 = performance.now();
  let ir: unknown = readDescription(bytes); const t2 = performance.now();
  const ctx = { parts: new Map(), client: resolveClient(undefined, undefined, undefined, new Date()), now: new Date(), remarks: [] } as never;
  const ts: string[] = [];
  for (const p of vp) { const a = performance.now(); ir = p.run(ir, ctx); ts.push(`${p.id} ${(performance.now() - a).toFixed(1)}`); }
  console.log(`json ${(t1 - t0).toFixed(1)} read(all) ${(t2 - t1).toFixed(1)} ${ts.join(' ')}`);
}
