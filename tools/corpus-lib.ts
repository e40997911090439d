// tools/corpus-lib.ts — the golden corpus: every `corpus/<area>/<case>/request.json` (with its
// `parts/` folder) is rendered with a fixed clock and compared with `expected.json`: the status,
// and for a refusal the word, pointer and sentence; for a PDF the pages, remarks, findings and the
// text pdftotext reads off it. PDFs go to corpus/.store/ for external validators.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { render } from '../src/library.js';

export const CORPUS_DIR = join(import.meta.dirname, '..', 'corpus');
export const STORE_DIR = join(CORPUS_DIR, '.store');
/** The clock every corpus case renders at, so outputs are reproducible. */
export const CORPUS_NOW = new Date('2026-01-01T00:00:00Z');

export interface Expected {
  status: number;
  word?: string;
  path?: string;
  sentence?: string;
  pages?: number;
  remarks?: string[];
  findings?: string[];
  /** pdftotext output with runs of white space folded to one space. */
  text?: string;
}

export function listCases(dir = CORPUS_DIR): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    if (name.startsWith('.')) continue;
    const p = join(dir, name);
    if (!statSync(p).isDirectory()) continue;
    if (existsSync(join(p, 'request.json'))) out.push(p);
    else out.push(...listCases(p));
  }
  return out;
}

export function caseName(dir: string): string {
  return relative(CORPUS_DIR, dir);
}

function foldedText(pdf: Uint8Array, name: string): string {
  mkdirSync(STORE_DIR, { recursive: true });
  const file = join(STORE_DIR, name.replace(/[\\/]/g, '__') + '.pdf');
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ').trim();
}

/** Renders one case and returns what its expected.json should say. */
export function runCase(dir: string): Expected {
  const parts = new Map<string, Uint8Array>();
  const partsDir = join(dir, 'parts');
  if (existsSync(partsDir)) for (const n of readdirSync(partsDir).sort()) parts.set(n, readFileSync(join(partsDir, n)));
  const out = render({ description: readFileSync(join(dir, 'request.json')), parts, now: CORPUS_NOW });
  if (!out.ok) return { status: out.status, word: out.word, path: out.path, sentence: out.sentence };
  return {
    status: 200,
    pages: out.pages,
    remarks: out.remarks.map((r) => r.text),
    findings: out.findings.map((f) => `${f.standard} ${f.clause}-t${String(f.test).padStart(2, '0')}`),
    text: foldedText(out.pdf, caseName(dir)),
  };
}

export function readExpected(dir: string): Expected | undefined {
  const p = join(dir, 'expected.json');
  return existsSync(p) ? (JSON.parse(readFileSync(p, 'utf8')) as Expected) : undefined;
}

export function writeExpected(dir: string, e: Expected): void {
  writeFileSync(join(dir, 'expected.json'), JSON.stringify(e, null, 2) + '\n');
}
