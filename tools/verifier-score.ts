// tools/verifier-score.ts — runs the built-in verifier in-process over ../shared/corpus/verapdf (the
// manifest with expected verdicts) and prints accuracy per standard plus the rules that lose files.
// The official table (docs/verifier.md) comes from ../shared/validators/score.mjs over `quire verify`;
// this is the fast loop for working on rules.
//   npx tsx tools/verifier-score.ts [--standard PDF_A-1b] [--show N] [--rule 6.7.2-14]
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { findingId } from '../ir/diagnostics.js';
import { verify } from '../verifier/index.js';

const CORPUS = process.env.VERAPDF_CORPUS ?? join(import.meta.dirname, '../../shared/corpus/verapdf');
const FLAVOUR: Record<string, string> = {
  'PDF/A-1b': 'pdfa1b',
  'PDF/A-2b': 'pdfa2b',
  'PDF/A-3b': 'pdfa3b',
  'PDF/A-4': 'pdfa4',
  'PDF/A-4e': 'pdfa4e',
  'PDF/A-4f': 'pdfa4f',
  'PDF/UA-1': 'pdfua1',
};

const { values } = parseArgs({
  options: { standard: { type: 'string' }, show: { type: 'string' }, rule: { type: 'string' } },
});
const rows = readFileSync(join(CORPUS, 'manifest.tsv'), 'utf8')
  .trim()
  .split('\n')
  .slice(1)
  .map((l) => {
    const [path, standard, clause, rule, expected] = l.split('\t');
    return { path, standard, clause, rule, expected };
  });
const stats = new Map<string, { n: number; ok: number; fa: number; fr: number; err: number; ms: number }>();
const lost = new Map<string, string[]>();
for (const r of rows) {
  const fl = FLAVOUR[r.standard];
  if (!fl) continue;
  const set = r.path.split('/')[0];
  if (values.standard && set !== values.standard) continue;
  if (values.rule && r.rule !== values.rule) continue;
  const s = stats.get(set) ?? { n: 0, ok: 0, fa: 0, fr: 0, err: 0, ms: 0 };
  stats.set(set, s);
  s.n++;
  const t0 = performance.now();
  let got: 'pass' | 'fail' | 'error';
  let detail = '';
  try {
    const fs = await verify(readFileSync(join(CORPUS, r.path)), [fl]);
    got = fs.length ? 'fail' : 'pass';
    detail = [...new Set(fs.map((f) => `${findingId(f)} ${f.message}`))].slice(0, 3).join(' | ');
  } catch (e) {
    got = 'error';
    detail = e instanceof Error ? e.message : String(e);
  }
  s.ms += performance.now() - t0;
  if (got === 'error') s.err++;
  const agree = (r.expected === 'pass') === (got === 'pass');
  if (agree) s.ok++;
  else {
    if (r.expected === 'fail') s.fa++;
    else s.fr++;
    const key = `${set} ${r.rule} ${r.expected === 'fail' ? 'FALSE-ACCEPT' : 'FALSE-REJECT'}`;
    const list = lost.get(key) ?? [];
    list.push(`${r.path.split('/').pop()}: ${detail}`);
    lost.set(key, list);
  }
}
for (const [set, s] of stats) {
  console.log(
    `${set.padEnd(10)} n=${s.n} accuracy=${((100 * s.ok) / s.n).toFixed(1)}% false_accepts=${s.fa} false_rejects=${s.fr} errors=${s.err} ms/file=${(s.ms / s.n).toFixed(1)}`,
  );
}
const show = Number(values.show ?? 0);
if (show) {
  const sorted = [...lost].sort((a, b) => b[1].length - a[1].length).slice(0, show);
  for (const [k, v] of sorted) {
    console.log(`\n${k}: ${v.length}`);
    for (const x of v.slice(0, 3)) console.log(`   ${x.slice(0, 300)}`);
  }
}
