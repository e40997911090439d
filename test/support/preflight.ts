// test/support/preflight.ts — Apache PDFBox Preflight (PDF/A-1b) over PDFs held in memory, through
// tools/preflight.sh (the project's copy of ../shared/validators/preflight.sh) in batch mode (one JVM for all files). Returns each file's
// distinct Preflight error codes, or undefined when the validator is not installed here.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const SCRIPT = join(import.meta.dirname, '..', '..', 'tools', 'preflight.sh');

export function preflightAvailable(): boolean {
  return (
    existsSync(SCRIPT) && spawnSync('java', ['-version']).status === 0 && existsSync('/usr/share/java/preflight.jar')
  );
}

/** Preflight error codes per PDF (same order), e.g. ['7.1', '2.4.3']; [] for a valid file. */
export function preflightCodes(pdfs: readonly Uint8Array[]): string[][] {
  const dir = mkdtempSync(join(tmpdir(), 'quire-pf-'));
  try {
    // Two files at least, so the script runs its batch mode (one line per file).
    const files = [...pdfs, ...(pdfs.length === 1 ? [pdfs[0]] : [])].map((pdf, i) => {
      const f = join(dir, `doc${i}.pdf`);
      writeFileSync(f, pdf);
      return f;
    });
    const r = spawnSync('bash', [SCRIPT, ...files], { encoding: 'utf8', maxBuffer: 1 << 24 });
    const lines = (r.stdout ?? '').split('\n').filter((l) => /^(PASS|FAIL|ERROR)\t/.test(l));
    if (lines.length < pdfs.length)
      throw new Error(`preflight answered ${lines.length} lines for ${pdfs.length} files: ${r.stdout}${r.stderr}`);
    return lines.slice(0, pdfs.length).map((l) => {
      const [verdict, codes] = l.split('\t');
      if (verdict === 'ERROR') throw new Error(`preflight could not check a file: ${l}`);
      return codes ? codes.split(',') : [];
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
