// ir/grammar/coordinate.ts — reading, coordinates: a quoted coordinate value → an Expr node (./expr.ts), evaluated only after pagination.
//
// The grammar (spec, Conventions, "Coordinate value"): numbers, `+ - * / ( )`, and the eight
// variables written in braces. The parser's actions build nodes, never numbers, because
// `{current_page}` and `{total_pages}` are unknown until the pages exist (see expr.ts).
//
// Decisions:
//   • Nesting: only parentheses count towards MAX_NESTING; `((1))` is depth 2. Prefix signs do not
//     nest anything a reader sees, so they do not count; instead the unary rule reads a run of
//     signs in a loop (no recursion per sign) and keeps only its parity — `--3` is the node for
//     `3`, `-+-{llx}` the node for `{llx}` — so a long run of signs builds neither a deep call
//     stack nor a deep tree. (-(-x) is x for every double, so nothing changes numerically.)
//   • Order of checks, each cheap before the next: length (MAX_EXPRESSION_LENGTH), parenthesis
//     depth by a plain scan (so a hostile run of `(` never reaches the recursive parser), lexing,
//     unknown variables, then the grammar. The first failing check is the one reported.
//   • `character N` in a detail counts from 1, as an editor's column does.
//   • Numbers: `12`, `12.5`, `.5`, optionally an exponent `1e3`; `12.` is refused (a dangling dot is
//     more likely a typo than a number). A number too large for a double becomes Infinity here and
//     is refused after evaluation (messages.ts, coordinateNotFinite), like a division by zero.
//   • A variable is a brace pair around anything but braces; the name is checked against the
//     eight after lexing, so `{page_heigth}` and `{ llx }` are reported as unknown variables,
//     written as the request wrote them, while an unclosed `{` is a syntax error.
// One lexer and one parser instance are built on first use and reused: parsing is synchronous, so no two
// calls can interleave. Error recovery is off in both: a coordinate either parses or is refused.
import type * as Chevrotain from 'chevrotain';
import type { IToken, TokenType } from 'chevrotain';
import { quickCoordinate } from './coordinate-quick.js';
import { COORD_VARIABLES, type CoordVariable, type Expr } from './expr.js';
import { chevrotain } from './load-chevrotain.js';

const MAX_NESTING = 100; // spec Conventions: "Maximum nesting depth 100" (also Limits: "Expression depth | 100.")
/**
 * Longest expression read, in UTF-16 characters. The spec names none; real coordinates are a few
 * dozen characters, and the cap bounds the work and the tree (a chain of n operators is n deep).
 */
const MAX_EXPRESSION_LENGTH = 10_000;

export type ParseCoordinateResult =
  | { ok: true; expr: Expr }
  | { ok: false; kind: 'syntax' | 'depth' | 'variable'; detail: string };

const KNOWN_VARIABLES: ReadonlySet<string> = new Set(COORD_VARIABLES);

/** The lexer, the parser and the tokens `parse` looks at, built on first use (see `grammar`). */
interface Grammar {
  lexer: Chevrotain.Lexer;
  parser: { input: IToken[]; expression(): Expr; errors: Chevrotain.IRecognitionException[] };
  Variable: TokenType;
  EOF: TokenType;
}
let built: Grammar | undefined;

/**
 * Chevrotain is loaded and the grammar built on the first quoted coordinate: most descriptions give
 * plain numbers, and a fresh worker or CLI process is ~18 MB smaller and starts faster without it
 * (bench/README.md, table-10k memory). One lexer and one parser instance, then reused.
 */
function grammar(): Grammar {
  if (built) return built;
  const { createToken, EmbeddedActionsParser, EOF, Lexer } = chevrotain();
  // — tokens —
  const WhiteSpace = createToken({ name: 'WhiteSpace', pattern: /[ \t\r\n]+/, group: Lexer.SKIPPED });
  const NumberLiteral = createToken({ name: 'NumberLiteral', pattern: /(?:\d+(?:\.\d+)?|\.\d+)(?:[eE][+-]?\d+)?/ });
  const Variable = createToken({ name: 'Variable', pattern: /\{[^{}]*\}/ });
  // Categories let a rule consume "either operator" in one step instead of an OR of two
  // alternatives, which is most of the parser's time on long chains.
  const AdditiveOp = createToken({ name: 'AdditiveOp', pattern: Lexer.NA });
  const MultiplicativeOp = createToken({ name: 'MultiplicativeOp', pattern: Lexer.NA });
  const Plus = createToken({ name: 'Plus', pattern: '+', categories: AdditiveOp });
  const Minus = createToken({ name: 'Minus', pattern: '-', categories: AdditiveOp });
  const Star = createToken({ name: 'Star', pattern: '*', categories: MultiplicativeOp });
  const Slash = createToken({ name: 'Slash', pattern: '/', categories: MultiplicativeOp });
  const LParen = createToken({ name: 'LParen', pattern: '(' });
  const RParen = createToken({ name: 'RParen', pattern: ')' });

  const ALL_TOKENS: TokenType[] = [
    WhiteSpace,
    NumberLiteral,
    Variable,
    AdditiveOp,
    MultiplicativeOp,
    Plus,
    Minus,
    Star,
    Slash,
    LParen,
    RParen,
  ];

  const lexer = new Lexer(ALL_TOKENS, {
    recoveryEnabled: false, // stop at the first character no token matches
    positionTracking: 'onlyOffset', // offsets are all a detail needs
    ensureOptimizations: true, // fail at load, not slowly at run time, if a pattern defeats Chevrotain's first-character index
  });

  class CoordinateParser extends EmbeddedActionsParser {
    constructor() {
      super(ALL_TOKENS, { recoveryEnabled: false, maxLookahead: 1 });
      this.performSelfAnalysis();
    }

    // Precedence, loosest to tightest — each rule hands the tighter one its operands:
    //   expression → additive (+ -, left-assoc) → multiplicative (* /, left-assoc)
    //              → unary (prefix + -) → atomic (number, {variable}, ( expression ))
    // Left associativity comes from the MANY loops folding each new operand onto the left.

    expression = this.RULE('expression', (): Expr => this.SUBRULE(this.additive));

    additive = this.RULE('additive', (): Expr => {
      let left = this.SUBRULE(this.multiplicative);
      this.MANY(() => {
        const op = this.CONSUME(AdditiveOp);
        const right = this.SUBRULE2(this.multiplicative);
        left = this.ACTION((): Expr => ({ k: 'bin', op: op.tokenType === Plus ? '+' : '-', l: left, r: right }));
      });
      return left;
    });

    multiplicative = this.RULE('multiplicative', (): Expr => {
      let left = this.SUBRULE(this.unary);
      this.MANY(() => {
        const op = this.CONSUME(MultiplicativeOp);
        const right = this.SUBRULE2(this.unary);
        left = this.ACTION((): Expr => ({ k: 'bin', op: op.tokenType === Star ? '*' : '/', l: left, r: right }));
      });
      return left;
    });

    // A run of signs is read in a loop and only its parity kept (see the header).
    unary = this.RULE('unary', (): Expr => {
      let negative = false;
      this.MANY(() => {
        const sign = this.CONSUME(AdditiveOp);
        this.ACTION(() => {
          if (sign.tokenType === Minus) negative = !negative;
        });
      });
      const operand = this.SUBRULE(this.atomic);
      return this.ACTION((): Expr => (negative ? { k: 'neg', e: operand } : operand));
    });

    atomic = this.RULE(
      'atomic',
      (): Expr =>
        this.OR([
          {
            ALT: () => {
              const t = this.CONSUME(NumberLiteral);
              return this.ACTION((): Expr => ({ k: 'num', v: Number(t.image) }));
            },
          },
          {
            ALT: () => {
              const t = this.CONSUME(Variable);
              // Names were checked against the eight before parsing, so the cast holds.
              return this.ACTION((): Expr => ({ k: 'var', name: t.image.slice(1, -1) as CoordVariable }));
            },
          },
          {
            ALT: () => {
              this.CONSUME(LParen);
              const inner = this.SUBRULE(this.expression);
              this.CONSUME(RParen);
              return inner;
            },
          },
        ]),
    );
  }

  built = { lexer, parser: new CoordinateParser(), Variable, EOF };
  return built;
}

/**
 * Expressions already parsed, by their text. Descriptions repeat the same few expressions thousands
 * of times (`{page_width} - 50` on every row), and the nodes are never mutated, so one parse serves
 * them all. Bounded: cleared when full.
 */
const memo = new Map<string, ParseCoordinateResult>();
const MEMO_SIZE = 4096;

/** Parses one coordinate expression. Never throws. */
export function parseCoordinate(src: string): ParseCoordinateResult {
  const hit = memo.get(src);
  if (hit) return hit;
  const r = parseFresh(src);
  if (typeof src === 'string' && src.length <= 200) {
    if (memo.size >= MEMO_SIZE) memo.clear();
    memo.set(src, r);
  }
  return r;
}

function parseFresh(src: string): ParseCoordinateResult {
  try {
    return parse(src);
  } catch (e) {
    // Defence only: every expected failure is a result below.
    const why = e instanceof Error ? e.message : String(e);
    return { ok: false, kind: 'syntax', detail: `could not be read (${why.toLowerCase()})` };
  }
}

/** The chevrotain parser alone, without ./coordinate-quick.ts: for the test that checks the two agree. */
export function parseCoordinateFully(src: string): ParseCoordinateResult {
  return parse(src, false);
}

function parse(src: string, quick = true): ParseCoordinateResult {
  if (typeof src !== 'string') return syntax('not a string');
  if (src.length > MAX_EXPRESSION_LENGTH) return syntax(`longer than ${MAX_EXPRESSION_LENGTH} characters`);

  // Parenthesis depth, counted on the raw text before any recursion. Up to the first unmatched `)`
  // (a syntax error the parser stops at) this is exactly the depth the parser would reach.
  let depth = 0;
  for (let i = 0; i < src.length; i++) {
    const c = src.charCodeAt(i);
    if (c === 0x28 /* ( */) {
      if (++depth > MAX_NESTING) return { ok: false, kind: 'depth', detail: String(MAX_NESTING) };
    } else if (c === 0x29 /* ) */) {
      depth--;
    }
  }

  // a well-formed expression is read by hand, and chevrotain never loaded (./coordinate-quick.ts)
  const read = quick ? quickCoordinate(src) : undefined;
  if (read) return { ok: true, expr: read };

  const { lexer, parser, Variable } = grammar();
  const lexed = lexer.tokenize(src);
  if (lexed.errors.length > 0) {
    const at = lexed.errors[0].offset;
    const ch = String.fromCodePoint(src.codePointAt(at) ?? 0xfffd);
    return syntax(
      ch === '{' ? `unclosed "{" at character ${at + 1}` : `unexpected ${JSON.stringify(ch)} at character ${at + 1}`,
    );
  }
  for (const t of lexed.tokens) {
    if (t.tokenType === Variable && !KNOWN_VARIABLES.has(t.image.slice(1, -1)))
      return { ok: false, kind: 'variable', detail: t.image };
  }

  parser.input = lexed.tokens;
  const expr = parser.expression();
  const errors = parser.errors;
  parser.input = []; // let the shared parser drop this call's tokens
  if (errors.length > 0) return syntax(describe(errors[0].token));
  return { ok: true, expr };
}

/** The token a grammar error stopped at, as a detail. */
function describe(t: IToken): string {
  if (t.tokenType === grammar().EOF) return 'unexpected end';
  return `unexpected ${JSON.stringify(t.image)} at character ${t.startOffset + 1}`;
}

function syntax(detail: string): ParseCoordinateResult {
  return { ok: false, kind: 'syntax', detail };
}
