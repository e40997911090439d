// tools/verifier-facts.ts — prints the facts the verifier's checks find in one PDF (before any
// standard binds them), for working on rules: npx tsx tools/verifier-facts.ts file.pdf
// With --codes instead of a file, prints the table of fact codes (verifier/facts.ts) with what each states.
import { readFileSync } from 'node:fs';
import { loadPdf } from '../verifier/cos.js';
import { FACTS } from '../verifier/facts.js';
import { collectFacts } from '../verifier/index.js';

if (process.argv[2] === '--codes') {
  for (const [code, states] of Object.entries(FACTS)) console.log(`${code.padEnd(32)} ${states}`);
} else {
  const l = await loadPdf(readFileSync(process.argv[2]));
  for (const f of collectFacts(l)) console.log(f.code, f.object, JSON.stringify(f.args ?? {}), f.where ?? '');
}
