// ir/grammar/expr.ts — the expression node a coordinate value parses into. Parsing happens once, in
// the reader; evaluation waits until the variables are bound (`{current_page}` after pagination,
// `{total_pages}` once the last page exists), so the IR carries the node, not a number.

/** The eight variables of the spec's Conventions table. */
export const COORD_VARIABLES = [
  'page_width',
  'page_height',
  'current_page',
  'total_pages',
  'llx',
  'lly',
  'urx',
  'ury',
] as const;
export type CoordVariable = (typeof COORD_VARIABLES)[number];

export type Expr =
  | { k: 'num'; v: number }
  | { k: 'var'; name: CoordVariable }
  | { k: 'neg'; e: Expr }
  | { k: 'bin'; op: '+' | '-' | '*' | '/'; l: Expr; r: Expr };

/** Values for every variable; `llx`… are the corners of the box the item is placed in (docs/reference.md). */
export type CoordBindings = Record<CoordVariable, number>;

/** Evaluates an expression. Division by zero gives a non-finite number; the caller refuses it. */
export function evaluate(e: Expr, b: CoordBindings): number {
  switch (e.k) {
    case 'num':
      return e.v;
    case 'var':
      return b[e.name];
    case 'neg':
      return -evaluate(e.e, b);
    case 'bin': {
      const l = evaluate(e.l, b);
      const r = evaluate(e.r, b);
      switch (e.op) {
        case '+':
          return l + r;
        case '-':
          return l - r;
        case '*':
          return l * r;
        case '/':
          return l / r;
      }
    }
  }
}

/** The variables an expression reads; lets a pass know whether a value is page-dependent. */
export function variablesOf(e: Expr, into: Set<CoordVariable> = new Set()): Set<CoordVariable> {
  switch (e.k) {
    case 'var':
      into.add(e.name);
      break;
    case 'neg':
      variablesOf(e.e, into);
      break;
    case 'bin':
      variablesOf(e.l, into);
      variablesOf(e.r, into);
      break;
    default:
      break;
  }
  return into;
}

/** Prints an expression back in the request's own syntax (for tools/explain and messages). */
export function printExpr(e: Expr): string {
  switch (e.k) {
    case 'num':
      return String(e.v);
    case 'var':
      return `{${e.name}}`;
    case 'neg':
      return `-(${printExpr(e.e)})`;
    case 'bin':
      return `(${printExpr(e.l)} ${e.op} ${printExpr(e.r)})`;
  }
}
