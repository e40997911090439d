// bench/lib/invoice-scenario.ts — the invoice scenario of ../shared/bench for the server benches;
// while this build refuses it, a one-page text stand-in (examples/hello.json with its font inline),
// said so on the console so a figure is never mistaken for the invoice's.
import { readFileSync } from 'node:fs';
import { render } from '../../src/library.js';

export function invoiceScenario(): { name: string; json: string } {
  const invoice = readFileSync(new URL('../../../shared/bench/scenarios/invoice.json', import.meta.url), 'utf8');
  const out = render({ description: invoice });
  if (out.ok) return { name: 'invoice', json: invoice };
  console.log(
    `note: this build refuses the invoice scenario (${out.sentence}); using examples/hello.json with its font inline instead`,
  );
  const hello = JSON.parse(readFileSync(new URL('../../examples/hello.json', import.meta.url), 'utf8')) as {
    fonts: { part?: string; data?: string }[];
  };
  for (const f of hello.fonts)
    if (f.part) {
      f.data = readFileSync(new URL(`../../examples/parts/${f.part}`, import.meta.url)).toString('base64');
      delete f.part;
    }
  return { name: 'hello (stand-in)', json: JSON.stringify(hello) };
}
