// ir/grammar/calculation.ts — reading, calculation functions (FunctionType 4, ISO 32000-1 §7.10.5):
// the program text of a `{calculation: {program, domain, range}}` → checked before anything is drawn.
//
// The grammar (a subset of PostScript, Table 42):
//   program   → "{" statement* "}"
//   statement → NUMBER | "true" | "false" | OPERATOR
//             | block "if" | block block "ifelse"
//   block     → "{" statement* "}"
// Operators: arithmetic (abs add atan ceiling cos cvi cvr div exp floor idiv ln log mod mul neg round
// sin sqrt sub truncate), relational, boolean and bitwise (and bitshift eq ge gt le lt ne not or xor),
// stack (copy dup exch index pop roll). `if`/`ifelse` only follow blocks.
//
// Checks, in order, each naming the program's key: braces balanced (counted on the text first, so a
// hostile run of `{` never reaches the recursive parser), no unknown operator, the grammar, then the
// stack: depth simulated from the inputs (domain) through both branches of every conditional, never
// past MAX_STACK (as pdf.js's MAX_STACK_SIZE), never taking from an empty stack, and leaving one value
// per output (range). `n copy`, `n index` and `n j roll` are followed exactly when n is a literal.
// One lexer and one parser instance, recovery off; entry functions return results and never throw.
import type * as Chevrotain from 'chevrotain';
import type { IToken, TokenType } from 'chevrotain';
import { chevrotain } from './load-chevrotain.js';

/** ISO 32000-1 §7.10.5.1 / Annex C: "the operand stack … shall not exceed 100 entries". */
export const MAX_STACK = 100;
/** Braces nest at most this deep (the spec names no limit; a program is a few dozen operators). */
export const MAX_BLOCK_NESTING = 100;

export const OPERATORS: ReadonlySet<string> = new Set([
  'abs',
  'add',
  'atan',
  'ceiling',
  'cos',
  'cvi',
  'cvr',
  'div',
  'exp',
  'floor',
  'idiv',
  'ln',
  'log',
  'mod',
  'mul',
  'neg',
  'round',
  'sin',
  'sqrt',
  'sub',
  'truncate',
  'and',
  'bitshift',
  'eq',
  'ge',
  'gt',
  'le',
  'lt',
  'ne',
  'not',
  'or',
  'xor',
  'copy',
  'dup',
  'exch',
  'index',
  'pop',
  'roll',
]);

/** Operands taken and results given, for the fixed-arity operators (copy, index, roll: see `run`). */
const ARITY: Record<string, [number, number]> = {
  abs: [1, 1],
  add: [2, 1],
  atan: [2, 1],
  ceiling: [1, 1],
  cos: [1, 1],
  cvi: [1, 1],
  cvr: [1, 1],
  div: [2, 1],
  exp: [2, 1],
  floor: [1, 1],
  idiv: [2, 1],
  ln: [1, 1],
  log: [1, 1],
  mod: [2, 1],
  mul: [2, 1],
  neg: [1, 1],
  round: [1, 1],
  sin: [1, 1],
  sqrt: [1, 1],
  sub: [2, 1],
  truncate: [1, 1],
  and: [2, 1],
  bitshift: [2, 1],
  eq: [2, 1],
  ge: [2, 1],
  gt: [2, 1],
  le: [2, 1],
  lt: [2, 1],
  ne: [2, 1],
  not: [1, 1],
  or: [2, 1],
  xor: [2, 1],
  dup: [1, 2],
  exch: [2, 2],
  pop: [1, 0],
};

/** Node kinds of a parsed program (pdf.js postscript/ast.js keeps the same table). */
export type CalcNode =
  | { k: 'num'; v: number }
  | { k: 'bool'; v: boolean }
  | { k: 'op'; name: string; offset: number }
  | { k: 'if'; then: CalcNode[] }
  | { k: 'ifelse'; then: CalcNode[]; else: CalcNode[] };

export type CalcResult =
  | { ok: true; program: CalcNode[]; text: string }
  | { ok: false; kind: 'braces' | 'operator' | 'syntax' | 'depth' | 'underflow' | 'outputs'; detail: string };

/** What parsing needs, built on first use (see `grammar`). */
interface Grammar {
  lexer: Chevrotain.Lexer;
  parser: { input: IToken[]; block(): CalcNode[]; errors: Chevrotain.IRecognitionException[] };
  tokens: Record<'Word' | 'If' | 'IfElse' | 'EOF', TokenType>;
}
let built: Grammar | undefined;

/** Chevrotain is loaded and the grammar built on the first calculation function: most requests carry none, and a fresh worker should start fast and small. */
function grammar(): Grammar {
  if (built) return built;
  const { createToken, EmbeddedActionsParser, EOF, Lexer } = chevrotain();
  const WhiteSpace = createToken({ name: 'WhiteSpace', pattern: /[ \t\r\n\f]+/, group: Lexer.SKIPPED });
  const Num = createToken({ name: 'Num', pattern: /[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?/ });
  const LBrace = createToken({ name: 'LBrace', pattern: '{' });
  const RBrace = createToken({ name: 'RBrace', pattern: '}' });
  const Word = createToken({ name: 'Word', pattern: /[A-Za-z_][A-Za-z0-9_]*/ });
  const IfElse = createToken({ name: 'IfElse', pattern: 'ifelse', longer_alt: Word });
  const If = createToken({ name: 'If', pattern: 'if', longer_alt: [IfElse, Word] as never });
  const True = createToken({ name: 'True', pattern: 'true', longer_alt: Word });
  const False = createToken({ name: 'False', pattern: 'false', longer_alt: Word });
  const ALL: TokenType[] = [WhiteSpace, Num, LBrace, RBrace, IfElse, If, True, False, Word];

  class CalculationParser extends EmbeddedActionsParser {
    constructor() {
      super(ALL, { recoveryEnabled: false, maxLookahead: 3 });
      this.performSelfAnalysis();
    }

    block = this.RULE('block', (): CalcNode[] => {
      const out: CalcNode[] = [];
      this.CONSUME(LBrace);
      this.MANY(() => {
        out.push(this.SUBRULE(this.statement));
      });
      this.CONSUME(RBrace);
      return out;
    });

    // A block is followed by `if`, or by a second block and `ifelse`; the parser looks past the block
    // with a backtracking gate only in that one place.
    statement = this.RULE(
      'statement',
      (): CalcNode =>
        this.OR([
          {
            ALT: () => {
              const t = this.CONSUME(Num);
              return this.ACTION((): CalcNode => ({ k: 'num', v: Number(t.image) }));
            },
          },
          {
            ALT: () => {
              this.CONSUME(True);
              return { k: 'bool', v: true } as CalcNode;
            },
          },
          {
            ALT: () => {
              this.CONSUME(False);
              return { k: 'bool', v: false } as CalcNode;
            },
          },
          {
            ALT: () => {
              const t = this.CONSUME(Word);
              return this.ACTION((): CalcNode => ({ k: 'op', name: t.image, offset: t.startOffset }));
            },
          },
          {
            ALT: () => {
              const then = this.SUBRULE(this.block);
              return this.OR2([
                {
                  ALT: () => {
                    this.CONSUME(If);
                    return { k: 'if', then } as CalcNode;
                  },
                },
                {
                  ALT: () => {
                    const other = this.SUBRULE2(this.block);
                    this.CONSUME(IfElse);
                    return { k: 'ifelse', then, else: other } as CalcNode;
                  },
                },
              ]);
            },
          },
        ]),
    );
  }

  const lexer = new Lexer(ALL, { recoveryEnabled: false, positionTracking: 'onlyOffset' });
  built = { lexer, parser: new CalculationParser(), tokens: { Word, If, IfElse, EOF } };
  return built;
}

/** Parses and checks a program for a function of `inputs` inputs and `outputs` outputs. Never throws. */
export function parseCalculation(src: string, inputs: number, outputs: number): CalcResult {
  try {
    return parse(src, inputs, outputs);
  } catch (e) {
    return {
      ok: false,
      kind: 'syntax',
      detail: `could not be read (${e instanceof Error ? e.message.toLowerCase() : String(e)})`,
    };
  }
}

function parse(src: string, inputs: number, outputs: number): CalcResult {
  let depth = 0;
  for (let i = 0; i < src.length; i++) {
    const c = src[i];
    if (c === '{') {
      if (++depth > MAX_BLOCK_NESTING)
        return { ok: false, kind: 'syntax', detail: `blocks nest deeper than ${MAX_BLOCK_NESTING}` };
    } else if (c === '}' && --depth < 0)
      return { ok: false, kind: 'braces', detail: `a "}" at character ${i + 1} closes no "{"` };
  }
  if (depth > 0)
    return { ok: false, kind: 'braces', detail: `${depth} "{" ${depth === 1 ? 'is' : 'are'} never closed` };
  const {
    lexer,
    parser,
    tokens: { Word },
  } = grammar();
  const lexed = lexer.tokenize(src);
  if (lexed.errors.length) {
    const o = lexed.errors[0].offset;
    return { ok: false, kind: 'syntax', detail: `unexpected ${JSON.stringify(src[o])} at character ${o + 1}` };
  }
  for (const t of lexed.tokens) {
    if (t.tokenType === Word && !OPERATORS.has(t.image)) return { ok: false, kind: 'operator', detail: t.image };
  }
  parser.input = lexed.tokens;
  const program = parser.block();
  const errors = parser.errors;
  parser.input = [];
  if (errors.length) return { ok: false, kind: 'syntax', detail: describe(errors[0].token) };
  const sim = run(program, inputs, []);
  if (typeof sim === 'object' && 'fail' in sim) return { ok: false, kind: sim.fail, detail: sim.detail };
  if (sim.known && sim.depth !== outputs) return { ok: false, kind: 'outputs', detail: `${sim.depth}` };
  return { ok: true, program, text: src.trim() };
}

function describe(t: IToken): string {
  const { EOF, If, IfElse } = grammar().tokens;
  if (t.tokenType === EOF) return 'unexpected end';
  if (t.tokenType === If || t.tokenType === IfElse)
    return `"${t.image}" at character ${t.startOffset + 1} does not follow a block`;
  return `unexpected ${JSON.stringify(t.image)} at character ${t.startOffset + 1}`;
}

type Sim = { depth: number; known: boolean } | { fail: 'depth' | 'underflow'; detail: string };

/**
 * Simulates the stack depth. `lits` holds the literal value on top of the stack where one is known
 * (for copy/index/roll); after an operator whose count is not a literal the depth is unknown and
 * only the checks up to there hold.
 */
function run(
  nodes: CalcNode[],
  start: number,
  lits: (number | undefined)[],
): { depth: number; known: boolean } | { fail: 'depth' | 'underflow'; detail: string } {
  let depth = start;
  const stackLits: (number | undefined)[] = [...lits];
  const push = (n: number, v?: number): Sim | undefined => {
    for (let i = 0; i < n; i++) stackLits.push(i === n - 1 ? v : undefined);
    depth += n;
    if (depth > MAX_STACK) return { fail: 'depth', detail: String(MAX_STACK) };
    return undefined;
  };
  const pop = (n: number, what: string): Sim | undefined => {
    if (depth < n) return { fail: 'underflow', detail: what };
    depth -= n;
    stackLits.length = Math.max(0, stackLits.length - n);
    return undefined;
  };
  for (const node of nodes) {
    let r: Sim | undefined;
    if (node.k === 'num') r = push(1, node.v);
    else if (node.k === 'bool') r = push(1);
    else if (node.k === 'if' || node.k === 'ifelse') {
      r = pop(1, node.k);
      if (r) return r as never;
      const a = run(node.then, depth, stackLits);
      if ('fail' in a) return a;
      const b = node.k === 'ifelse' ? run(node.else, depth, stackLits) : { depth, known: true };
      if ('fail' in b) return b;
      if (!a.known || !b.known || a.depth !== b.depth) return { depth: Math.max(a.depth, b.depth), known: false };
      stackLits.length = 0;
      depth = a.depth;
      continue;
    } else {
      const name = node.name;
      const where = `"${name}" at character ${node.offset + 1}`;
      if (name === 'copy' || name === 'index' || name === 'roll') {
        // `n copy`, `n index`: n on top; `n j roll`: n under j.
        const n = stackLits[stackLits.length - (name === 'roll' ? 2 : 1)];
        r = pop(name === 'roll' ? 2 : 1, where);
        if (r) return r as never;
        if (n === undefined || !Number.isInteger(n)) return { depth, known: false };
        if (name === 'copy') {
          if (depth < n) return { fail: 'underflow', detail: where };
          r = push(n);
        } else if (name === 'index') {
          if (depth < n + 1) return { fail: 'underflow', detail: where };
          r = push(1);
        } else if (depth < Math.abs(n)) return { fail: 'underflow', detail: where };
      } else {
        const [take, give] = ARITY[name];
        r = pop(take, where) ?? push(give);
      }
    }
    if (r) return r as never;
  }
  return { depth, known: true };
}
