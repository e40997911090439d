// ir/grammar/coordinate-quick.ts — reading, coordinates: the same grammar as ./coordinate.ts, read by
// hand for the expressions that parse, so a process whose coordinates are all well formed never loads
// chevrotain nor builds its parser (~40–80 ms of a cold `quire render`, bench/README.md "Start-up").
//
// It answers the very node ./coordinate.ts's parser builds, or undefined whenever that parser would
// refuse (a character no token matches, an unknown variable, a grammar error, input left over) or
// this reader is unsure: the caller then asks the full parser, whose refusal and detail stay the only
// ones a user sees. coordinate-quick.test.ts checks the two agree on generated expressions.
//
// Tokens, tried in the order the full lexer tries them at each position: white space [ \t\r\n]+
// (skipped), a number (the same pattern), a variable `{…}` (anything but braces), + - * / ( ).
// Grammar: additive → multiplicative → unary (a run of signs, parity kept) → atomic. Callers have
// checked the length and the parenthesis depth (≤ 100) first, so the recursion is bounded.
import { COORD_VARIABLES, type CoordVariable, type Expr } from './expr.js';

const KNOWN: ReadonlySet<string> = new Set(COORD_VARIABLES);
const NUMBER = /(?:\d+(?:\.\d+)?|\.\d+)(?:[eE][+-]?\d+)?/y;
const VARIABLE = /\{[^{}]*\}/y;

/** Token kinds: a number or variable carries its node; the rest are single characters. */
type Token = Expr | '+' | '-' | '*' | '/' | '(' | ')';

/** The expression's node as ./coordinate.ts's parser builds it, or undefined (ask that parser). */
export function quickCoordinate(src: string): Expr | undefined {
  const tokens = lex(src);
  if (!tokens) return undefined;
  const r = new Reader(tokens);
  const e = r.additive();
  return e !== undefined && r.at === tokens.length ? e : undefined;
}

function lex(src: string): Token[] | undefined {
  const out: Token[] = [];
  let i = 0;
  while (i < src.length) {
    const c = src.charCodeAt(i);
    if (c === 0x20 || c === 0x09 || c === 0x0d || c === 0x0a) {
      i++;
      continue;
    }
    if ((c >= 0x30 && c <= 0x39) || c === 0x2e) {
      NUMBER.lastIndex = i;
      const m = NUMBER.exec(src);
      if (!m) return undefined;
      out.push({ k: 'num', v: Number(m[0]) });
      i += m[0].length;
      continue;
    }
    if (c === 0x7b) {
      VARIABLE.lastIndex = i;
      const m = VARIABLE.exec(src);
      if (!m) return undefined;
      const name = m[0].slice(1, -1);
      if (!KNOWN.has(name)) return undefined;
      out.push({ k: 'var', name: name as CoordVariable });
      i += m[0].length;
      continue;
    }
    const ch = src[i];
    if (ch === '+' || ch === '-' || ch === '*' || ch === '/' || ch === '(' || ch === ')') {
      out.push(ch);
      i++;
      continue;
    }
    return undefined;
  }
  return out;
}

class Reader {
  at = 0;
  constructor(private readonly tokens: Token[]) {}

  additive(): Expr | undefined {
    let left = this.multiplicative();
    if (left === undefined) return undefined;
    for (;;) {
      const op = this.tokens[this.at];
      if (op !== '+' && op !== '-') return left;
      this.at++;
      const right = this.multiplicative();
      if (right === undefined) return undefined;
      left = { k: 'bin', op, l: left, r: right };
    }
  }

  multiplicative(): Expr | undefined {
    let left = this.unary();
    if (left === undefined) return undefined;
    for (;;) {
      const op = this.tokens[this.at];
      if (op !== '*' && op !== '/') return left;
      this.at++;
      const right = this.unary();
      if (right === undefined) return undefined;
      left = { k: 'bin', op, l: left, r: right };
    }
  }

  unary(): Expr | undefined {
    let negative = false;
    for (let t = this.tokens[this.at]; t === '+' || t === '-'; t = this.tokens[++this.at]) {
      if (t === '-') negative = !negative;
    }
    const operand = this.atomic();
    if (operand === undefined) return undefined;
    return negative ? { k: 'neg', e: operand } : operand;
  }

  atomic(): Expr | undefined {
    const t = this.tokens[this.at];
    if (t === undefined) return undefined;
    if (typeof t === 'object') {
      this.at++;
      return t;
    }
    if (t !== '(') return undefined;
    this.at++;
    const inner = this.additive();
    if (inner === undefined || this.tokens[this.at] !== ')') return undefined;
    this.at++;
    return inner;
  }
}
