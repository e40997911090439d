// tools/verapdf.ts — the independent cross-check of the verifier (design §2.8): renders every corpus
// case that claims (`archive`) or checks (`check`) a PDF/A standard, runs veraPDF on the PDF — through
// a `verapdf` command, or a Docker engine whose image is already present (no network to pull) — and
// compares veraPDF's failed (clause, test) set with our findings. Differences accepted on purpose are
// listed with their reason in tools/verapdf-accepted.txt. When neither runner is usable it says so
// plainly and exits 0, so the suite passes on machines without Java's veraPDF or Docker.
// `--files a.pdf …` does the same for any PDFs (what `quire verify` judges): each against the standards
// it claims, veraPDF's failed rules beside our findings of `verifyReport`.
//   tools/verapdf [case-filter]        env: VERAPDF_IMAGE (default verapdf/cli:latest)
//   tools/verapdf --files a.pdf b.pdf …
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { render } from '../src/library.js';
import { standardsToMeasure } from '../src/verify-step.js';
import { verifyReport } from '../verifier/index.js';
import { flavourOf } from '../verifier/model.js';
import { CORPUS_DIR, CORPUS_NOW, caseName, listCases, STORE_DIR } from './corpus-lib.js';

const IMAGE = process.env.VERAPDF_IMAGE ?? 'verapdf/cli:latest';
const ACCEPTED = join(import.meta.dirname, 'verapdf-accepted.txt');

type Runner = { kind: 'command' } | { kind: 'docker' };

/** A usable veraPDF: the command on PATH, else a Docker engine that answers with the image present. */
export function findRunner(): Runner | undefined {
  if (spawnSync('verapdf', ['--version'], { stdio: 'ignore', timeout: 60000 }).status === 0) return { kind: 'command' };
  const info = spawnSync('docker', ['info'], { stdio: 'ignore', timeout: 20000 });
  if (info.status !== 0) return undefined;
  const image = spawnSync('docker', ['image', 'inspect', IMAGE], { stdio: 'ignore', timeout: 20000 });
  return image.status === 0 ? { kind: 'docker' } : undefined;
}

/** veraPDF's failed rules for one file, as `clause-tNN` keys. */
export function runVerapdf(r: Runner, file: string, flavour: string): Set<string> {
  const args = ['--format', 'xml', '--flavour', flavour];
  const out =
    r.kind === 'command'
      ? execFileSync('verapdf', [...args, file], { encoding: 'utf8', maxBuffer: 64 << 20 })
      : execFileSync(
          'docker',
          [
            'run',
            '--rm',
            '--network',
            'none',
            '-v',
            `${STORE_DIR}:/data:ro`,
            IMAGE,
            ...args,
            `/data/${file.split('/').pop()}`,
          ],
          { encoding: 'utf8', maxBuffer: 64 << 20 },
        );
  const failed = new Set<string>();
  for (const m of out.matchAll(/<rule\b[^>]*>/g)) {
    const tag = m[0];
    if (!/status="failed"/.test(tag)) continue;
    const clause = /clause="([^"]+)"/.exec(tag)?.[1];
    const test = /testNumber="(\d+)"/.exec(tag)?.[1];
    if (clause && test) failed.add(`${clause}-t${test.padStart(2, '0')}`);
  }
  return failed;
}

function accepted(): Set<string> {
  if (!existsSync(ACCEPTED)) return new Set();
  return new Set(
    readFileSync(ACCEPTED, 'utf8')
      .split('\n')
      .map((l) => l.replace(/#.*/, '').trim())
      .filter(Boolean),
  );
}

export async function main(argv: string[]): Promise<number> {
  const filter = argv[0];
  const runner = findRunner();
  if (!runner) {
    console.log('veraPDF: skipped (no verapdf command, no usable Docker engine)');
    return 0;
  }
  if (filter === '--files') return compareFiles(runner, argv.slice(1));
  const ok = accepted();
  mkdirSync(STORE_DIR, { recursive: true });
  let differences = 0;
  let checked = 0;
  for (const dir of listCases(CORPUS_DIR)) {
    const name = caseName(dir);
    if (filter && !name.includes(filter)) continue;
    const request = JSON.parse(readFileSync(join(dir, 'request.json'), 'utf8'));
    const standards = standardsToMeasure({ check: request.check, archive: request.archive } as never);
    if (standards.length === 0) continue;
    const outcome = render({ description: request, parts: readParts(dir), now: CORPUS_NOW });
    if (!outcome.ok) continue;
    const file = join(STORE_DIR, `${name.replace(/[\\/]/g, '__')}.verapdf.pdf`);
    writeFileSync(file, outcome.pdf);
    for (const s of standards) {
      differences += differ(runner, ok, name, file, s, outcome.findings);
      checked++;
    }
  }
  console.log(`veraPDF (${runner.kind}): ${checked} verification(s), ${differences} unexplained difference(s)`);
  return differences ? 1 : 0;
}

/**
 * veraPDF's failed rules and ours for one file and standard, each rule one side has and the other
 * lacks printed (unless listed as accepted): the number of such differences.
 */
function differ(
  runner: Runner,
  ok: Set<string>,
  label: string,
  path: string,
  standard: string,
  findings: readonly { standard: string; clause: string; test: number }[],
): number {
  const fl = flavourOf(standard)!;
  const theirs = runVerapdf(runner, path, fl.verapdf);
  const ours = new Set(
    findings.filter((f) => f.standard === fl.spec).map((f) => `${f.clause}-t${String(f.test).padStart(2, '0')}`),
  );
  let differences = 0;
  for (const k of theirs)
    if (!ours.has(k) && !ok.has(`${standard} ${k}`)) {
      differences++;
      console.log(`${label} ${standard}: veraPDF fails ${k}, we do not`);
    }
  for (const k of ours)
    if (!theirs.has(k) && !ok.has(`${standard} ${k}`)) {
      differences++;
      console.log(`${label} ${standard}: we find ${k}, veraPDF does not`);
    }
  return differences;
}

/** veraPDF beside `verifyReport` on PDFs as they are, each against the standards it claims. */
async function compareFiles(runner: Runner, files: string[]): Promise<number> {
  const ok = accepted();
  let differences = 0;
  let checked = 0;
  for (const file of files) {
    const report = await verifyReport(readFileSync(file));
    let path = file;
    if (runner.kind === 'docker') {
      // the container sees the store folder only
      mkdirSync(STORE_DIR, { recursive: true });
      path = join(STORE_DIR, `file-${checked}-${basename(file)}`);
      writeFileSync(path, readFileSync(file));
    }
    for (const s of report.standards) {
      differences += differ(runner, ok, file, path, s, report.findings);
      checked++;
    }
  }
  console.log(`veraPDF (${runner.kind}): ${checked} verification(s), ${differences} unexplained difference(s)`);
  return differences ? 1 : 0;
}

function readParts(dir: string): Map<string, Uint8Array> {
  const parts = new Map<string, Uint8Array>();
  const pd = join(dir, 'parts');
  if (!existsSync(pd)) return parts;
  for (const n of readdirSync(pd).sort()) parts.set(n, readFileSync(join(pd, n)));
  return parts;
}

if (process.argv[1]?.endsWith('verapdf.ts'))
  main(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
  });
