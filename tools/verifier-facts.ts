// tools/verifier-facts.ts — prints the facts the verifier's checks find in one PDF (before any
// standard binds them), for working on rules: npx tsx tools/verifier-facts.ts file.pdf
import { readFileSync } from 'node:fs';
import { loadPdf } from '../verifier/cos.js';
import { collectFacts } from '../verifier/index.js';

const l = await loadPdf(readFileSync(process.argv[2]));
for (const f of collectFacts(l)) console.log(f.code, f.object, JSON.stringify(f.args ?? {}), f.where ?? '');
