// engines/text/ascii-breaks.test.ts — the ASCII opportunities are the `linebreak` package's (UAX #14)
// kept after spaces, as line-break.ts keeps them, on generated text of every printable class.
import { createRequire } from 'node:module';
import type LineBreakerType from 'linebreak';
import { describe, expect, it } from 'vitest';
import { asciiBreaks } from './ascii-breaks.js';

const LineBreaker = createRequire(import.meta.url)('linebreak') as typeof LineBreakerType;

/** What line-break.ts's general path keeps for printable ASCII: opportunities after a space, and the end. */
function viaPackage(text: string): number[] {
  const out: number[] = [];
  const b = new LineBreaker(text);
  for (let bk = b.nextBreak(); bk; bk = b.nextBreak()) {
    if (bk.position >= text.length) continue;
    if (bk.required || text.charCodeAt(bk.position - 1) === 32) out.push(bk.position);
  }
  out.push(text.length);
  return out;
}

const positions = (text: string) => asciiBreaks(text)?.map((b) => b.position);

describe('asciiBreaks', () => {
  it('agrees with the package on chosen text', () => {
    for (const t of [
      'with kerning (AVATAR, Ty.) and ligatures (office, difficult) from the font itself.',
      'a ( b',
      'a ) b',
      '" (x) "',
      "it's ' [a] ' { b }",
      'wait ! what ? a / b - c + d $5 10 % #1 & @x',
      '  leading and trailing  ',
      'x',
      '',
    ])
      expect(positions(t), JSON.stringify(t)).toEqual(viaPackage(t));
  });

  it('agrees with the package on generated text of every printable class', () => {
    const alphabet = `${' '.repeat(8)}aZ09()[]{}!?.,;:/"'-+$%#&*@\\^_\`|~<=>`;
    let seed = 7;
    const rnd = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
    for (let k = 0; k < 20_000; k++) {
      let t = '';
      const n = 2 + Math.floor(rnd() * 7);
      for (let i = 0; i < n; i++) t += alphabet[Math.floor(rnd() * alphabet.length)];
      expect(positions(t), JSON.stringify(t)).toEqual(viaPackage(t));
    }
  });

  it('leaves text beyond printable ASCII to the package', () => {
    expect(asciiBreaks('café au lait')).toBeUndefined();
    expect(asciiBreaks('a\tb')).toBeUndefined();
    expect(asciiBreaks('a\nb')).toBeUndefined();
  });
});
