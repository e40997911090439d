// ir/read/functions.ts — reading, functions (ISO 32000-1 §7.10): the four shapes a gradient, a
// transfer curve or a tint transform states, each as the single key of an object —
// `{exponential|stitching|sampled|calculation: {...}}` → FunctionSpec, with the counts checked
// (stitching bounds and encode, sampled samples, calculation programs through the grammar) so
// nothing a reader would choke on is ever written. `inputs`/`outputs` give a function's arity.
import type * as D from '../description.generated.js';
import type { FunctionSpec } from '../graphics-types.js';
import { parseCalculation } from '../grammar/calculation.js';
import { MAX_STACK } from '../grammar/calculation.js';
import { refusal } from '../messages.js';
import { at, type JsonPointer } from '../pointer.js';
import { functionSchema } from '../schema/shadings.js';
import { check, fail, holds, lazyValidator } from './common.js';

const validateFunction = lazyValidator<D.Function>(functionSchema);

/** How many inputs a function takes. */
export function inputsOf(f: FunctionSpec): number {
  return f.domain.length / 2;
}

/** How many values a function gives. */
export function outputsOf(f: FunctionSpec): number {
  switch (f.shape) {
    case 'exponential': return f.c0.length;
    case 'stitching': return outputsOf(f.functions[0]);
    default: return f.range.length / 2;
  }
}

function evenPairs(a: number[], p: JsonPointer): void {
  if (a.length % 2 !== 0) fail(refusal('countMismatch', p, p, a.length, 'pairs of numbers (low, high)', 'an even count'));
}

/** Reads a function at `p`. Throws a refusal naming the key at fault. */
export function readFunction(raw: unknown, p: JsonPointer): FunctionSpec {
  check(validateFunction, raw, p);
  const o = raw;
  if (holds(o, 'exponential')) {
    const e = o.exponential;
    const fp = at(p, 'exponential');
    if (e.low.length !== e.high.length) fail(refusal('countMismatch', at(fp, 'high'), at(fp, 'high'), e.high.length, at(fp, 'low'), e.low.length));
    if (e.range) evenPairs(e.range, at(fp, 'range'));
    return { shape: 'exponential', at: fp, domain: e.domain ?? [0, 1], c0: e.low, c1: e.high, n: e.exponent ?? 1, range: e.range };
  }
  if (holds(o, 'stitching')) {
    const s = o.stitching;
    const fp = at(p, 'stitching');
    const functions = s.functions.map((f, i) => readFunction(f, at(fp, 'functions', i)));
    const k = functions.length;
    if (s.bounds.length !== k - 1) fail(refusal('countMismatch', at(fp, 'bounds'), at(fp, 'bounds'), s.bounds.length, `${k} functions`, k - 1));
    if (s.encode.length !== 2 * k) fail(refusal('countMismatch', at(fp, 'encode'), at(fp, 'encode'), s.encode.length, `${k} functions`, 2 * k));
    functions.forEach((f, i) => {
      if (inputsOf(f) !== 1) fail(refusal('functionArity', f.at, f.at, inputsOf(f), 'inputs', 'a stitched function', 1));
      if (outputsOf(f) !== outputsOf(functions[0])) fail(refusal('functionArity', f.at, f.at, outputsOf(f), 'values', 'every function stitched with the first', outputsOf(functions[0])));
      void i;
    });
    return { shape: 'stitching', at: fp, domain: s.domain ?? [0, 1], functions, bounds: s.bounds, encode: s.encode, range: s.range };
  }
  if (holds(o, 'sampled')) {
    const s = o.sampled;
    const fp = at(p, 'sampled');
    evenPairs(s.domain, at(fp, 'domain'));
    evenPairs(s.range, at(fp, 'range'));
    const m = s.domain.length / 2, n = s.range.length / 2;
    if (s.size.length !== m) fail(refusal('countMismatch', at(fp, 'size'), at(fp, 'size'), s.size.length, `${m} inputs (domain)`, m));
    const want = s.size.reduce((a, b) => a * b, 1) * n;
    if (s.samples.length !== want) fail(refusal('countMismatch', at(fp, 'samples'), at(fp, 'samples'), s.samples.length, 'size × outputs', want));
    const bits = s.bits ?? 8;
    const max = 2 ** bits - 1;
    const bad = s.samples.findIndex((v) => v > max);
    if (bad >= 0) fail(refusal('sampleTooLarge', at(fp, 'samples', bad), at(fp, 'samples', bad), s.samples[bad], bits, max));
    if (s.encode && s.encode.length !== 2 * m) fail(refusal('countMismatch', at(fp, 'encode'), at(fp, 'encode'), s.encode.length, `${m} inputs`, 2 * m));
    if (s.decode && s.decode.length !== 2 * n) fail(refusal('countMismatch', at(fp, 'decode'), at(fp, 'decode'), s.decode.length, `${n} outputs`, 2 * n));
    if (s.between === 'cubic' && m !== 1) fail(refusal('cubicNeedsOneInput', at(fp, 'between'), at(fp, 'between'), m));
    return { shape: 'sampled', at: fp, domain: s.domain, range: s.range, size: s.size, bits, samples: s.samples, decode: s.decode, encode: s.encode, order: s.between === 'cubic' ? 3 : 1 };
  }
  const c = o.calculation;
  const fp = at(p, 'calculation');
  evenPairs(c.domain, at(fp, 'domain'));
  evenPairs(c.range, at(fp, 'range'));
  const pp = at(fp, 'program');
  const r = parseCalculation(c.program, c.domain.length / 2, c.range.length / 2);
  if (!r.ok) {
    switch (r.kind) {
      case 'braces': fail(refusal('calcBraces', pp, pp, r.detail));
      case 'operator': fail(refusal('calcUnknownOperator', pp, pp, r.detail));
      case 'depth': fail(refusal('calcDepth', pp, pp, MAX_STACK));
      case 'underflow': fail(refusal('calcUnderflow', pp, pp, r.detail));
      case 'outputs': fail(refusal('calcOutputs', pp, pp, r.detail, c.range.length / 2));
      default: fail(refusal('calcSyntax', pp, pp, r.detail));
    }
  }
  return { shape: 'calculation', at: fp, domain: c.domain, range: c.range, program: r.text };
}
