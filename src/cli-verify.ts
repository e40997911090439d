// src/cli-verify.ts — `quire verify file.pdf [--standard S]...`: runs the built-in verifier on any PDF
// and prints the verdict first (PASS/FAIL, as ../shared/validators/score.mjs reads it), then one line
// per finding: its veraPDF-style id and message. Exit 0 pass, 1 fail, 2 unreadable or usage.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { findingId } from '../ir/diagnostics.js';
import { claimedStandards, flavourOf, STANDARDS, UnreadablePdf, verify } from '../verifier/index.js';

export const VERIFY_HELP = `Usage: quire verify file.pdf [--standard S]... [--quiet]

Checks a PDF against PDF/A with the verifier the render pipeline runs on its own output. Prints
PASS or FAIL on the first line, then one line per finding (rule id as veraPDF spells it, message).

Options:
  --standard S   ${STANDARDS.join(', ')} (repeatable; default: the PDF/A part and level and the
                 PDF/UA part the file claims in its XMP metadata)
  --quiet        print the verdict line only
  -h, --help     this text

Exit codes: 0 pass, 1 fail, 2 the file is not a readable PDF (or a usage error).
`;

interface Io {
  out: (s: string | Uint8Array) => void;
  err: (s: string) => void;
}

export class VerifyUsageError extends Error {}

export async function verifyCommand(args: readonly string[], io: Io): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...args],
      allowPositionals: true,
      strict: true,
      options: {
        standard: { type: 'string', multiple: true },
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
  if (positionals.length !== 1)
    throw new VerifyUsageError(
      positionals.length ? `unexpected argument "${positionals[1]}"` : 'the PDF file is missing',
    );
  for (const s of values.standard ?? []) {
    if (!flavourOf(s)) throw new VerifyUsageError(`--standard "${s}" is not one of ${STANDARDS.join(', ')}`);
  }
  const file = positionals[0];
  let bytes: Uint8Array;
  try {
    bytes = readFileSync(file);
  } catch (e) {
    throw new VerifyUsageError(`cannot read ${file}: ${e instanceof Error ? e.message : String(e)}`);
  }
  try {
    let standards = [...new Set(values.standard ?? [])];
    if (standards.length === 0) {
      standards = await claimedStandards(bytes);
      if (standards.length === 0) {
        io.out(`FAIL ${file} claims no PDF/A part in its XMP metadata; name one with --standard\n`);
        return 1;
      }
    }
    const findings = await verify(bytes, standards);
    const label = standards.join(',');
    io.out(
      findings.length === 0
        ? `PASS ${label}\n`
        : `FAIL ${label}: ${findings.length} finding${findings.length === 1 ? '' : 's'}\n`,
    );
    if (!values.quiet) for (const f of findings) io.out(`${findingId(f)} ${f.message}\n`);
    return findings.length === 0 ? 0 : 1;
  } catch (e) {
    if (e instanceof UnreadablePdf) {
      io.out(`ERROR ${file} is not a readable PDF: ${e.message.split('\n')[0]}\n`);
      return 2;
    }
    throw e;
  }
}
