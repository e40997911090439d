// ir/read/functions.ts — reading, functions (ISO 32000-1 §7.10): the four shapes a gradient, a
// transfer curve or a tint transform states, each as the single key of an object —
// `{exponential|stitching|sampled|calculation: {...}}` → FunctionSpec, with the counts checked
// (stitching bounds and encode, sampled samples, calculation programs through the grammar) so
// nothing a reader would choke on is ever written. `inputs`/`outputs` give a function's arity.
import type * as D from '../description.generated.js';
import { MAX_STACK, parseCalculation } from '../grammar/calculation.js';
import type { FunctionSpec } from '../graphics-types.js';
import { refuse } from '../messages.js';
import { at, type JsonPointer } from '../pointer.js';
import { functionSchema } from '../schema/shadings.js';
import { check, holds, lazyValidator } from './common.js';

const validateFunction = lazyValidator<D.Function>(functionSchema);

/** How many inputs a function takes. */
export function inputsOf(f: FunctionSpec): number {
  return f.domain.length / 2;
}

/** How many values a function gives. */
export function outputsOf(f: FunctionSpec): number {
  switch (f.shape) {
    case 'exponential':
      return f.c0.length;
    case 'stitching':
      return outputsOf(f.functions[0]);
    default:
      return f.range.length / 2;
  }
}

function evenPairs(a: number[], p: JsonPointer): void {
  if (a.length % 2 !== 0)
    refuse('countMismatch', p, {
      key: p,
      count: a.length,
      rule: 'pairs of numbers (low, high)',
      wanted: 'an even count',
    });
}

/** Reads a function at `p`. Throws a refusal naming the key at fault. */
export function readFunction(raw: unknown, p: JsonPointer): FunctionSpec {
  check(validateFunction, raw, p);
  const o = raw;
  if (holds(o, 'exponential')) {
    const e = o.exponential;
    const fp = at(p, 'exponential');
    if (e.low.length !== e.high.length)
      refuse('countMismatch', at(fp, 'high'), {
        key: at(fp, 'high'),
        count: e.high.length,
        rule: at(fp, 'low'),
        wanted: e.low.length,
      });
    if (e.range) evenPairs(e.range, at(fp, 'range'));
    return {
      shape: 'exponential',
      at: fp,
      domain: e.domain ?? [0, 1],
      c0: e.low,
      c1: e.high,
      n: e.exponent ?? 1,
      range: e.range,
    };
  }
  if (holds(o, 'stitching')) {
    const s = o.stitching;
    const fp = at(p, 'stitching');
    const functions = s.functions.map((f, i) => readFunction(f, at(fp, 'functions', i)));
    const k = functions.length;
    if (s.bounds.length !== k - 1)
      refuse('countMismatch', at(fp, 'bounds'), {
        key: at(fp, 'bounds'),
        count: s.bounds.length,
        rule: `${k} functions`,
        wanted: k - 1,
      });
    if (s.encode.length !== 2 * k)
      refuse('countMismatch', at(fp, 'encode'), {
        key: at(fp, 'encode'),
        count: s.encode.length,
        rule: `${k} functions`,
        wanted: 2 * k,
      });
    functions.forEach((f, i) => {
      if (inputsOf(f) !== 1)
        refuse('functionArity', f.at, {
          at: f.at,
          count: inputsOf(f),
          unit: 'inputs',
          user: 'a stitched function',
          wanted: 1,
        });
      if (outputsOf(f) !== outputsOf(functions[0]))
        refuse('functionArity', f.at, {
          at: f.at,
          count: outputsOf(f),
          unit: 'values',
          user: 'every function stitched with the first',
          wanted: outputsOf(functions[0]),
        });
      void i;
    });
    return {
      shape: 'stitching',
      at: fp,
      domain: s.domain ?? [0, 1],
      functions,
      bounds: s.bounds,
      encode: s.encode,
      range: s.range,
    };
  }
  if (holds(o, 'sampled')) {
    const s = o.sampled;
    const fp = at(p, 'sampled');
    evenPairs(s.domain, at(fp, 'domain'));
    evenPairs(s.range, at(fp, 'range'));
    const m = s.domain.length / 2,
      n = s.range.length / 2;
    if (s.size.length !== m)
      refuse('countMismatch', at(fp, 'size'), {
        key: at(fp, 'size'),
        count: s.size.length,
        rule: `${m} inputs (domain)`,
        wanted: m,
      });
    const want = s.size.reduce((a, b) => a * b, 1) * n;
    if (s.samples.length !== want)
      refuse('countMismatch', at(fp, 'samples'), {
        key: at(fp, 'samples'),
        count: s.samples.length,
        rule: 'size × outputs',
        wanted: want,
      });
    const bits = s.bits ?? 8;
    const max = 2 ** bits - 1;
    const bad = s.samples.findIndex((v) => v > max);
    if (bad >= 0)
      refuse('sampleTooLarge', at(fp, 'samples', bad), {
        key: at(fp, 'samples', bad),
        value: s.samples[bad],
        bits,
        max,
      });
    if (s.encode && s.encode.length !== 2 * m)
      refuse('countMismatch', at(fp, 'encode'), {
        key: at(fp, 'encode'),
        count: s.encode.length,
        rule: `${m} inputs`,
        wanted: 2 * m,
      });
    if (s.decode && s.decode.length !== 2 * n)
      refuse('countMismatch', at(fp, 'decode'), {
        key: at(fp, 'decode'),
        count: s.decode.length,
        rule: `${n} outputs`,
        wanted: 2 * n,
      });
    if (s.between === 'cubic' && m !== 1)
      refuse('cubicNeedsOneInput', at(fp, 'between'), { key: at(fp, 'between'), inputs: m });
    return {
      shape: 'sampled',
      at: fp,
      domain: s.domain,
      range: s.range,
      size: s.size,
      bits,
      samples: s.samples,
      decode: s.decode,
      encode: s.encode,
      order: s.between === 'cubic' ? 3 : 1,
    };
  }
  const c = o.calculation;
  const fp = at(p, 'calculation');
  evenPairs(c.domain, at(fp, 'domain'));
  evenPairs(c.range, at(fp, 'range'));
  const pp = at(fp, 'program');
  const r = parseCalculation(c.program, c.domain.length / 2, c.range.length / 2);
  if (!r.ok) {
    switch (r.kind) {
      case 'braces':
        refuse('calcBraces', pp, { at: pp, detail: r.detail });
      case 'operator':
        refuse('calcUnknownOperator', pp, { at: pp, operator: r.detail });
      case 'depth':
        refuse('calcDepth', pp, { at: pp, limit: MAX_STACK });
      case 'underflow':
        refuse('calcUnderflow', pp, { at: pp, position: r.detail });
      case 'outputs':
        refuse('calcOutputs', pp, { at: pp, left: r.detail, outputs: c.range.length / 2 });
      default:
        refuse('calcSyntax', pp, { at: pp, detail: r.detail });
    }
  }
  return { shape: 'calculation', at: fp, domain: c.domain, range: c.range, program: r.text };
}
