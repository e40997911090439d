// ir/print.ts — a stable, readable dump of any IR stage for tools/explain and tests: keys sorted,
// maps as sorted objects, bytes as their length and hash, faces by name, expressions in the
// request's own syntax. Two runs on the same input print the same text.
import { createHash } from 'node:crypto';
import { type Expr, printExpr } from './grammar/expr.js';

function isExpr(v: Record<string, unknown>): boolean {
  return typeof v.k === 'string' && (v.k === 'num' || v.k === 'var' || v.k === 'neg' || v.k === 'bin');
}

function plain(v: unknown, seen: WeakSet<object>): unknown {
  if (v === null || typeof v !== 'object') return typeof v === 'bigint' ? String(v) : v;
  if (v instanceof Uint8Array && !(v instanceof Uint16Array)) {
    return `<${v.byteLength} bytes sha256:${createHash('sha256').update(v).digest('hex').slice(0, 12)}>`;
  }
  // Glyph ids and adjustments: one line each, so a dump stays readable.
  if (ArrayBuffer.isView(v)) return Array.from(v as unknown as ArrayLike<number>).join(' ');
  if (seen.has(v)) return '<cycle>';
  seen.add(v);
  try {
    if (v.constructor?.name === 'Face') {
      const f = v as unknown as { ownName: string; key: string; outlines: string };
      return `<face ${f.ownName} ${f.outlines} ${f.key.slice(0, 12)}>`;
    }
    // A supplied PDF (pdf-lib's document) by its page count, not its whole object graph.
    if (v.constructor?.name === 'PDFDocument')
      return `<pdf ${(v as unknown as { getPageCount(): number }).getPageCount()} pages>`;
    if (v.constructor?.name === 'PDFPage') return '<pdf page>';
    // Any other font kind (engines/fonts/: variants, standard, Type 1, Type 3, simple, chains): its kind and identity,
    // never its tables.
    const font = v as { kind?: unknown; key?: unknown; unitsPerEm?: unknown; shape?: unknown };
    if (typeof font.shape === 'function' && typeof font.key === 'string' && typeof font.kind === 'string') {
      return `<${v.constructor?.name ?? 'font'} ${font.kind} ${font.key.replace(/[0-9a-f]{64}/g, (h) => h.slice(0, 12))}>`;
    }
    if (v instanceof Map) {
      const o: Record<string, unknown> = {};
      for (const k of [...v.keys()].map(String).sort()) o[k] = plain(v.get(k) ?? v.get(Number(k)), seen);
      return o;
    }
    if (v instanceof Set) return [...v].map((x) => plain(x, seen));
    if (Array.isArray(v)) return v.map((x) => plain(x, seen));
    const r = v as Record<string, unknown>;
    if (isExpr(r)) return printExpr(r as unknown as Expr);
    const o: Record<string, unknown> = {};
    for (const k of Object.keys(r).sort()) if (r[k] !== undefined) o[k] = plain(r[k], seen);
    return o;
  } finally {
    seen.delete(v);
  }
}

/** The IR as indented JSON text, deterministic. */
export function printIr(ir: unknown): string {
  return JSON.stringify(plain(ir, new WeakSet()), null, 2);
}
