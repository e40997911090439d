// test/no-spread.test.ts — the audit of issue 20, point 2: no spread into a call whose length grows
// with the input. `f(...xs)` passes every element of xs as an argument on the stack, and past about
// 100 000 of them V8 throws "Maximum call stack size exceeded" (a 500 from a long text). The source
// of the render path (ir, engines, passes, src, verifier) is parsed with TypeScript and every spread
// into a call or `new` must be listed below as bounded, with why; anything else uses ir/bounded.ts
// (pushAll, maxOf, minOf, latin1). A listed entry no longer found fails too, so the list stays true.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');
const PARTS = ['ir', 'engines', 'passes', 'src', 'verifier'];

/** `file: spread text` → why its length is bounded whatever the input. */
const BOUNDED: Record<string, string> = {
  'engines/images/jpeg.ts: b.subarray(o, o + n)': 'ascii() is called with n ≤ 12 (segment signatures)',
  'engines/images/read-picture.ts: bytes.subarray(8, 12)': 'four bytes',
  'engines/images/icc.ts: b.subarray(36, 40)': 'four bytes',
  'engines/images/icc.ts: b.subarray(16, 20)': 'four bytes',
  'passes/names/graphics.ts: bytes.subarray(36, 40)': 'four bytes',
  'passes/names/graphics.ts: bytes.subarray(16, 20)': 'four bytes',
  'engines/images/resource.ts: maskKeys': 'three keys (soft_mask, stencil_mask, color_key)',
  'engines/images/resource.ts: keyParts': 'a handful of parts of one image declaration',
  'engines/supplied/widgets.ts: xs': 'the four corners of a box',
  'engines/supplied/widgets.ts: ys': 'the four corners of a box',
  'passes/layout/links.ts: xs': 'the four corners of a box',
  'passes/layout/links.ts: ys': 'the four corners of a box',
  "passes/layout/code-text.ts: '0123456789'.split('').map((d) => shapeIn(style(1), d, t.at).width)": 'ten digits',
  'passes/emit/pages/imported-annotations.ts: apply(m, v[i], v[i + 1])': 'one point (two numbers)',
  'passes/emit/pages/imported-annotations.ts: boxOf(pairs(m, rectCorners(r as number[]))).map(round)':
    'one box (four numbers)',
  'engines/pdf/cff-name-keyed.ts: int5(priv.length + 6)': 'five bytes',
  'ir/json-reader.ts: tokens': 'one token per nesting level, capped at MAX_JSON_DEPTH (1000)',
  "passes/cross-refusals/cross-refusals.ts: key.split('.')": 'a dotted key name written in the source (two parts)',
  'engines/pdf/cff-name-keyed.ts: int5(charsetAt)': 'five bytes',
  'engines/pdf/cff-name-keyed.ts: int5(charStringsAt)': 'five bytes',
  'engines/pdf/cff-name-keyed.ts: int5(priv.length)': 'five bytes',
  'engines/pdf/cff-name-keyed.ts: int5(privateAt)': 'five bytes',
  'verifier/checks/cff.ts: topIdx.items[0]': 'one INDEX entry: its [start, end] pair',
  'passes/layout/arrows.ts: headOps(item, a.end, end.tip, h.dir, length)': 'the few operations of one arrow head',
  'passes/layout/arrows.ts: headOps(item, a.start, end.tip, h.dir, length)': 'the few operations of one arrow head',
  'ir/read/unknown-keys.ts: path': 'one token per nesting level of the description, capped at MAX_JSON_DEPTH (1000)',
};

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...sources(p));
    else if (e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') && !e.name.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

/** Every spread into a call or `new` in the render path's source, as `file: spread text`. */
function spreadsIntoCalls(): string[] {
  const found: string[] = [];
  for (const part of PARTS) {
    for (const file of sources(join(ROOT, part))) {
      const src = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
      const rel = relative(ROOT, file);
      const visit = (n: ts.Node): void => {
        if (ts.isSpreadElement(n) && (ts.isCallExpression(n.parent) || ts.isNewExpression(n.parent)))
          found.push(`${rel}: ${n.expression.getText(src)}`);
        ts.forEachChild(n, visit);
      };
      visit(src);
    }
  }
  return found;
}

describe('spreads into calls (issue 20)', () => {
  const found = spreadsIntoCalls();

  it('finds the spreads it is meant to find', () => {
    // The walker itself: a spread it must see (listed above) is seen.
    expect(found).toContain('engines/images/icc.ts: b.subarray(36, 40)');
  });

  it('allows only spreads shown to be bounded', () => {
    expect(found.filter((f) => !(f in BOUNDED))).toEqual([]);
  });

  it('lists no spread that is gone', () => {
    expect(Object.keys(BOUNDED).filter((k) => !found.includes(k))).toEqual([]);
  });
});
