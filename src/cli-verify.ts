// src/cli-verify.ts — `quire verify`: runs the built-in verifier on any PDF, or on many in one process.
// One file named alone: the verdict first (PASS/FAIL, as ../shared/validators/score.mjs reads it), then
// one line per finding. Several files, a folder (walked recursively) or a list of paths on standard
// input (`-`): one line per file. `--json`: one JSON object per file and line (JSON Lines). The verifier
// (pdf-lib, fontkit…) is loaded when the first file is judged, not for `--help` or a usage error.
import { type Dirent, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { type Finding, findingId } from '../ir/diagnostics.js';
import { flavourOf, STANDARDS } from '../verifier/model.js';

export const VERIFY_HELP = `Usage: quire verify file.pdf|folder|- ... [--standard S]... [--json] [--quiet]

Checks PDFs against PDF/A and PDF/UA with the verifier the render pipeline runs on its own output.

One file named alone: prints PASS or FAIL on the first line, then one line per finding (rule id as
veraPDF spells it, message) and a "note:" line per note (an attachment not opened…).

Several files, a folder or "-": one line per file, tab-separated:
  PASS|FAIL|ERROR <tab> file <tab> standards <tab> counts (or why it could not be judged)
then a summary on stderr. A folder is walked recursively for files ending in .pdf (any case), in
name order; entries whose name starts with "." and symbolic links to folders are not followed. "-"
reads a list of paths from standard input, one per line (a folder in it is walked the same way).

Options:
  --standard S   ${STANDARDS.join(', ')} (repeatable; default: each file's own
                 PDF/A part and level and PDF/UA part, from its XMP metadata)
  --json         one JSON object per file, one per line (JSON Lines): file, verdict, standards,
                 findings (id, standard, clause, test, object, message), notes, and error for ERROR
  --quiet        one file alone: print the verdict line only
  -h, --help     this text

Exit codes: 0 every file passes; 1 a file fails (or claims no standard and none is named) and none is
unreadable; 2 a file cannot be read or is not a PDF, or a usage error. With several files the code is
the highest of theirs; every file is judged either way.
`;

interface Io {
  out: (s: string | Uint8Array) => void;
  err: (s: string) => void;
  /** Standard input, whole (tests give it; the command reads fd 0). */
  stdin?: () => string;
}

export class VerifyUsageError extends Error {}

/** A file's verdict, as the line or the JSON object says it. */
interface Judged {
  file: string;
  verdict: 'PASS' | 'FAIL' | 'ERROR';
  standards: string[];
  findings: Finding[];
  notes: string[];
  /** ERROR: why the file could not be judged; FAIL without findings: why (no claim). */
  reason?: string;
}

const EXIT = { PASS: 0, FAIL: 1, ERROR: 2 } as const;

export async function verifyCommand(args: readonly string[], io: Io): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...args],
      allowPositionals: true,
      strict: true,
      options: {
        standard: { type: 'string', multiple: true },
        json: { type: 'boolean' },
        quiet: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (e) {
    throw new VerifyUsageError(e instanceof Error ? e.message : String(e));
  }
  const { values, positionals } = parsed;
  if (values.help) {
    io.out(VERIFY_HELP);
    return 0;
  }
  if (positionals.length === 0) throw new VerifyUsageError('the PDF file is missing');
  if (positionals.filter((p) => p === '-').length > 1) throw new VerifyUsageError('"-" may be named once');
  for (const s of values.standard ?? []) {
    if (!flavourOf(s)) throw new VerifyUsageError(`--standard "${s}" is not one of ${STANDARDS.join(', ')}`);
  }
  const standards = [...new Set(values.standard ?? [])];
  const single = positionals.length === 1 && positionals[0] !== '-' && !isFolder(positionals[0]);
  if (single && !values.json) return reportOne(positionals[0], standards, values.quiet === true, io);

  let worst = 0;
  const tally = { PASS: 0, FAIL: 0, ERROR: 0 };
  for (const file of files(positionals, io)) {
    const j = await judge(file, standards);
    tally[j.verdict]++;
    worst = Math.max(worst, EXIT[j.verdict]);
    io.out(values.json ? `${JSON.stringify(jsonOf(j))}\n` : `${lineOf(j)}\n`);
  }
  const n = tally.PASS + tally.FAIL + tally.ERROR;
  if (!values.json || !single)
    io.err(
      `quire verify: ${n} file${n === 1 ? '' : 's'}: ${tally.PASS} PASS, ${tally.FAIL} FAIL, ${tally.ERROR} ERROR\n`,
    );
  return worst;
}

/** One file named alone, without --json: the report score.mjs and people read. */
async function reportOne(file: string, standards: string[], quiet: boolean, io: Io): Promise<number> {
  let bytes: Uint8Array;
  try {
    bytes = readFileSync(file);
  } catch (e) {
    throw new VerifyUsageError(`cannot read ${file}: ${e instanceof Error ? e.message : String(e)}`);
  }
  const j = await judgeBytes(file, bytes, standards);
  if (j.verdict === 'ERROR') {
    io.out(`ERROR ${file} ${j.reason}\n`);
    return 2;
  }
  if (j.standards.length === 0) {
    io.out(`FAIL ${file} claims no PDF/A part in its XMP metadata; name one with --standard\n`);
    return 1;
  }
  const label = j.standards.join(',');
  const n = j.findings.length;
  io.out(n === 0 ? `PASS ${label}\n` : `FAIL ${label}: ${n} finding${n === 1 ? '' : 's'}\n`);
  if (!quiet) {
    for (const f of j.findings) io.out(`${findingId(f)} ${f.message}\n`);
    for (const note of j.notes) io.out(`note: ${note}\n`);
  }
  return EXIT[j.verdict];
}

async function judge(file: string, standards: string[]): Promise<Judged> {
  let bytes: Uint8Array;
  try {
    bytes = readFileSync(file);
  } catch (e) {
    const why = (e as NodeJS.ErrnoException).code ?? (e instanceof Error ? e.message : String(e));
    return { file, verdict: 'ERROR', standards, findings: [], notes: [], reason: `cannot be read (${why})` };
  }
  return judgeBytes(file, bytes, standards);
}

async function judgeBytes(file: string, bytes: Uint8Array, standards: string[]): Promise<Judged> {
  const { UnreadablePdf, verifyReport } = await import('../verifier/index.js');
  try {
    const r = await verifyReport(bytes, standards);
    if (r.standards.length === 0)
      return {
        file,
        verdict: 'FAIL',
        standards: [],
        findings: [],
        notes: [],
        reason: 'claims no PDF/A or PDF/UA part in its XMP metadata; name one with --standard',
      };
    return { file, verdict: r.findings.length ? 'FAIL' : 'PASS', ...r };
  } catch (e) {
    if (e instanceof UnreadablePdf)
      return {
        file,
        verdict: 'ERROR',
        standards,
        findings: [],
        notes: [],
        reason: `is not a readable PDF: ${e.message.split('\n')[0]}`,
      };
    throw e;
  }
}

function lineOf(j: Judged): string {
  const n = j.findings.length;
  const counts =
    j.reason ??
    `${n} finding${n === 1 ? '' : 's'}${j.notes.length ? `, ${j.notes.length} note${j.notes.length === 1 ? '' : 's'}` : ''}`;
  return [j.verdict, j.file, j.standards.join(',') || '-', counts].join('\t');
}

function jsonOf(j: Judged): object {
  return {
    file: j.file,
    verdict: j.verdict,
    standards: j.standards,
    findings: j.findings.map((f) => ({
      id: findingId(f),
      standard: f.standard,
      clause: f.clause,
      test: f.test,
      object: f.object,
      message: f.message,
    })),
    notes: j.notes,
    ...(j.reason ? { [j.verdict === 'ERROR' ? 'error' : 'reason']: j.reason } : {}),
  };
}

function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** The files the arguments name, in order: files as named, folders walked, "-" a list on standard input. */
function* files(args: readonly string[], io: Io): Generator<string> {
  for (const a of args) {
    if (a === '-') {
      const list = io.stdin ? io.stdin() : readFileSync(0, 'utf8');
      for (const line of list.split(/\r?\n/)) if (line.trim()) yield* expand(line);
    } else yield* expand(a);
  }
}

function* expand(path: string): Generator<string> {
  if (isFolder(path)) yield* walk(path);
  else yield path;
}

/** The .pdf files under a folder, recursively, in name order; hidden entries and linked folders left out. */
function* walk(dir: string): Generator<string> {
  let entries: Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    yield dir; // judged as a file: its ERROR line says it cannot be read
    return;
  }
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const e of entries) {
    if (e.name.startsWith('.')) continue;
    const p = join(dir, e.name);
    if (e.isDirectory()) yield* walk(p);
    else if (/\.pdf$/i.test(e.name) && (e.isFile() || (e.isSymbolicLink() && isFile(p)))) yield p;
  }
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}
