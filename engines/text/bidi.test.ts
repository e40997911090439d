// engines/text/bidi.test.ts — UAX #9 runs in visual order for mixed-direction lines.
import { describe, expect, it } from 'vitest';
import { isAllLeftToRight, mirror, resolveParagraph, visualRuns } from './bidi.js';

describe('bidi', () => {
  it('leaves left-to-right text as one run', () => {
    const p = resolveParagraph('plain text', 'auto');
    expect(isAllLeftToRight(p)).toBe(true);
    expect(visualRuns(p, 0, p.text.length)).toEqual([{ start: 0, end: 10, rtl: false, text: 'plain text' }]);
  });

  it('puts a Hebrew word inside English in its own right-to-left run, in place', () => {
    const t = 'abc \u05D0\u05D1\u05D2 def';
    const p = resolveParagraph(t, 'ltr');
    expect(p.rtl).toBe(false);
    expect(visualRuns(p, 0, t.length).map((r) => [r.text, r.rtl])).toEqual([
      ['abc ', false],
      ['\u05D0\u05D1\u05D2', true],
      [' def', false],
    ]);
  });

  it('orders an Arabic paragraph right to left, with an embedded number left to right', () => {
    const t = '\u0645\u0631\u062D\u0628\u0627 123 \u0639\u0627\u0644\u0645';
    const p = resolveParagraph(t, 'auto');
    expect(p.rtl).toBe(true);
    const runs = visualRuns(p, 0, t.length);
    // Visually, left to right: the last Arabic word (with the space before it, at the paragraph's
    // level), the number (left to right, one level up), then the first word.
    expect(runs.map((r) => [r.text, r.rtl])).toEqual([
      [' \u0639\u0627\u0644\u0645', true],
      ['123', false],
      ['\u0645\u0631\u062D\u0628\u0627 ', true],
    ]);
  });

  it('cuts a line out of a paragraph', () => {
    const t = 'one \u05D0\u05D1 two \u05D2\u05D3 three';
    const p = resolveParagraph(t, 'ltr');
    const line = visualRuns(p, 4, 13); // the line "אב two גד"
    expect(line.map((r) => r.text).join('|')).toBe('\u05D0\u05D1| two |\u05D2\u05D3');
  });

  it('mirrors brackets in right-to-left runs', () => {
    expect(mirror('(a)[b]')).toBe(')a(]b[');
  });
});
