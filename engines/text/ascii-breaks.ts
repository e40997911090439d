// engines/text/ascii-breaks.ts — where UAX #14 allows a break after spaces in printable ASCII text,
// without the `linebreak` package: its first use in a process loads it and unpacks its Unicode table
// (~40–60 ms of a fresh CLI process for hello's "(AVATAR, Ty.)", bench/README.md "Start-up, sixth
// wave"). The engine keeps only opportunities after spaces (line-break.ts), and in ASCII the rules
// that forbid one there are few: none before a space (LB7); none before `) ] } ! ? . , ; : /`
// (LB13: classes CP, CL, EX, IS, SY); none after an opening bracket `( [ {` and the spaces after it
// (LB14); none before an opening bracket after a quote `" '` and spaces (LB15). Everything else
// after a run of spaces breaks (LB18). Checked against the package on generated text by
// ascii-breaks.test.ts.
import type { BreakAt } from './line-break.js';

/** LB13's classes in ASCII: nothing breaks before them. */
const NO_BREAK_BEFORE = new Set(')]}!?.,;:/'.split('').map((c) => c.charCodeAt(0)));
const OPENING = new Set('([{'.split('').map((c) => c.charCodeAt(0)));
const QUOTE = new Set(`"'`.split('').map((c) => c.charCodeAt(0)));

/** UAX #14's opportunities after spaces in `text` (the end included), or undefined when it is not all printable ASCII. */
export function asciiBreaks(text: string): BreakAt[] | undefined {
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x20 || c > 0x7e) return undefined;
  }
  const out: BreakAt[] = [];
  // the last character before the current run of spaces (0: none yet)
  let before = 0;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c !== 32) {
      before = c;
      continue;
    }
    if (i + 1 >= n) continue;
    const next = text.charCodeAt(i + 1);
    if (next === 32 || NO_BREAK_BEFORE.has(next) || OPENING.has(before)) continue;
    if (QUOTE.has(before) && OPENING.has(next)) continue;
    out.push({ position: i + 1, required: false });
  }
  out.push({ position: n, required: false });
  return out;
}
