// bench/verifier.ts — what the built-in verifier costs: the 100-page report of ../shared/bench
// (its flow items set as text items while this build lacks flow, its metadata dropped) rendered
// without `check` and with `check: ["pdfa2b"]`, and `verify()` on the finished bytes (the path of
// `quire verify`, which parses the file first). Prints medians; never asserts a time.
//   npx tsx bench/verifier.ts [runs]
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { render } from '../src/library.js';
import { verify, verifyEmitted } from '../verifier/index.js';

const RUNS = Number(process.argv[2] ?? 9);
const scenario = JSON.parse(
  readFileSync(join(import.meta.dirname, '../../shared/bench/scenarios/report-100.json'), 'utf8'),
);
const description = {
  fonts: scenario.fonts,
  items: (scenario.items as Record<string, unknown>[]).map((it) => {
    const {
      type,
      content,
      align: _a,
      first_line_indent: _f,
      space_after: _s,
      space_before: _b,
      ...rest
    } = it as Record<string, unknown>;
    return type === 'flow' ? { ...rest, type: 'text', content: [String(content)] } : { type, content, ...rest };
  }),
};
const now = new Date('2026-01-01T00:00:00Z');
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const time = (f: () => void): number => {
  const t = performance.now();
  f();
  return performance.now() - t;
};

const plain: number[] = [];
const checked: number[] = [];
let pdf: Uint8Array = new Uint8Array();
let findings = 0;
for (let i = 0; i < RUNS; i++) {
  plain.push(
    time(() => {
      const o = render({ description, now });
      if (!o.ok) throw new Error(o.sentence);
      pdf = o.pdf;
    }),
  );
  checked.push(
    time(() => {
      const o = render({ description: { ...description, check: ['pdfa2b'] }, now });
      if (!o.ok) throw new Error(o.sentence);
      findings = o.findings.length;
    }),
  );
}
const fromBytes: number[] = [];
for (let i = 0; i < RUNS; i++) {
  const t = performance.now();
  await verify(pdf, ['pdfa2b']);
  fromBytes.push(performance.now() - t);
}
// the verifier alone on an object graph already in memory (the pipeline's path, without the render's
// own noise): a fresh graph view each run, so streams are inflated and parsed every time
const graph = (await PDFDocument.load(pdf, { updateMetadata: false })).context;
const alone: number[] = [];
for (let i = 0; i < RUNS; i++)
  alone.push(
    time(() => {
      verifyEmitted(pdf, graph, ['pdfa2b']);
    }),
  );
const pages = (pdf.length && render({ description, now })) as { pages: number };
console.log(
  `report-100: ${pages.pages} pages, ${(pdf.length / 1024).toFixed(0)} KB, ${findings} findings against pdfa2b`,
);
console.log(`render without check      median ${median(plain).toFixed(1)} ms`);
console.log(
  `render with check pdfa2b  median ${median(checked).toFixed(1)} ms  (verifier on the emitted graph: +${(median(checked) - median(plain)).toFixed(1)} ms)`,
);
console.log(`verifyEmitted on a graph    median ${median(alone).toFixed(1)} ms  (the verifier alone)`);
console.log(
  `verify(bytes) from a file median ${median(fromBytes).toFixed(1)} ms  (parse + checks, quire verify's path)`,
);
