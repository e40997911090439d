// bench/security.ts — what encryption and signing cost (issue 24): the gallery's four-page report
// rendered plain, encrypted with AES-256 (R6) and AES-128 (R4, version 1.6), and with a signed
// signature field (a 2048-bit RSA key in a PKCS#12 made by node-forge, 3DES). Prints the median of
// seven renders after a warm-up, and the file size.
// Run: npx tsx bench/security.ts
import { readFileSync } from 'node:fs';
import { render } from '../src/library.js';
import { makeP12 } from '../test/support/signing.js';

const RUNS = 7;
const base = JSON.parse(readFileSync(new URL('../examples/gallery/report.json', import.meta.url), 'utf8'));
const p12 = makeP12('Bench Signer', 'pw');
const now = new Date('2026-01-01T00:00:00Z');
const variants: Record<string, (d: Record<string, unknown>) => Record<string, unknown>> = {
  plain: (d) => d,
  'plain, version 1.6': (d) => ({ ...d, version: '1.6' }),
  'aes-256': (d) => ({ ...d, encryption: { user_password: 'u', owner_password: 'o' } }),
  'aes-128': (d) => ({ ...d, version: '1.6', encryption: { user_password: 'u', owner_password: 'o' } }),
  signed: (d) => ({
    ...d,
    items: [
      ...(d.items as unknown[]),
      {
        type: 'signature_field',
        name: 'sig',
        pages: [1],
        rect: { llx: 300, lly: 40, urx: 540, ury: 90 },
        sign: { p12: 'key.p12', password: 'pw' },
      },
    ],
  }),
};
for (const [name, make] of Object.entries(variants)) {
  const run = () => render({ description: make(structuredClone(base)), parts: { 'key.p12': p12 }, now });
  run();
  const times: number[] = [];
  let bytes = 0;
  for (let k = 0; k < RUNS; k++) {
    const t = performance.now();
    const out = run();
    times.push(performance.now() - t);
    if (!out.ok) throw new Error(out.sentence);
    bytes = out.pdf.length;
  }
  times.sort((a, b) => a - b);
  console.log(`${name}: median ${times[RUNS >> 1].toFixed(0)} ms, ${bytes} bytes`);
}
