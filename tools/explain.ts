// tools/explain.ts — prints the IR after reading and after each pass (`== <pass> ==` with its time),
// then the remarks, stopping at the first refusal. Parts come from a `parts/` folder beside the
// description (the corpus layout) and from --part. Deterministic apart from the times, which
// --no-times drops so two runs diff cleanly.
//   npx tsx tools/explain.ts desc.json [--part name=file]... [--after PASS] [--no-times]
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { printIr } from '../ir/print.js';
import { PASS_IDS } from '../passes/index.js';
import { render } from '../src/library.js';

function main(argv: string[]): number {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      part: { type: 'string', multiple: true },
      after: { type: 'string' },
      'no-times': { type: 'boolean' },
      help: { type: 'boolean' },
    },
  });
  if (values.help || positionals.length !== 1) {
    process.stdout.write(
      `usage: explain desc.json [--part name=file]... [--after ${['read', ...PASS_IDS].join('|')}] [--no-times]\n`,
    );
    return values.help ? 0 : 2;
  }
  if (values.after && !['read', ...PASS_IDS].includes(values.after)) {
    process.stderr.write(`--after must be one of: ${['read', ...PASS_IDS].join(', ')}\n`);
    return 2;
  }
  const parts = new Map<string, Uint8Array>();
  // A description's parts may sit in a `parts/` folder beside it (the corpus layout); --part adds or overrides.
  const partsDir = join(dirname(positionals[0]), 'parts');
  if (existsSync(partsDir)) {
    for (const name of readdirSync(partsDir).sort()) {
      const file = join(partsDir, name);
      if (statSync(file).isFile()) parts.set(name, readFileSync(file));
    }
  }
  for (const p of values.part ?? []) {
    const eq = p.indexOf('=');
    if (eq < 1) {
      process.stderr.write(`--part wants name=file, got ${p}\n`);
      return 2;
    }
    parts.set(p.slice(0, eq), readFileSync(p.slice(eq + 1)));
  }
  const out: string[] = [];
  const outcome = render({
    description: readFileSync(positionals[0]),
    parts,
    now: new Date('2026-01-01T00:00:00Z'),
    trace(pass, ir, ms) {
      if (values.after && values.after !== pass) return;
      out.push(`== ${pass} ==${values['no-times'] ? '' : ` (${ms.toFixed(2)} ms)`}`);
      out.push(pass === 'emit' ? printIr({ ...(ir as object), pdf: (ir as { pdf: Uint8Array }).pdf }) : printIr(ir));
    },
  });
  out.push('== remarks ==', printIr(outcome.remarks));
  if (!outcome.ok)
    out.push(
      '== refusal ==',
      printIr({ status: outcome.status, word: outcome.word, path: outcome.path, sentence: outcome.sentence }),
    );
  process.stdout.write(out.join('\n') + '\n');
  return outcome.ok ? 0 : 1;
}

process.exitCode = main(process.argv.slice(2));
