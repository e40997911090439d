// engines/supplied/words.ts — counts the words an imported page shows of its own (spec Limits:
// "Imported page words: more than 10 000 words needs a licence"). The page's content stream (and
// the form XObjects it draws, to any depth) is tokenised; every text-showing operator's string is
// decoded through its font: a ToUnicode CMap when the font has one; for simple fonts without one,
// the one-byte code 32 (or the glyph named `space`) is a space. A word is a run of characters that
// are not white space, ended by white space, by a text-positioning operator (Td, TD, Tm, T*, ', ",
// BT, ET) or by a TJ gap wider than a quarter em. A composite (Type 0) font without ToUnicode has
// codes that say nothing of the characters: its words cannot be counted.
import { PDFArray, type PDFContext, PDFDict, PDFName, PDFNumber, PDFRef, PDFStream } from 'pdf-lib';
import { decodeBounded } from './guard.js';

/** TJ gaps (thousandths of an em, negative moves right) wider than this end a word. */
const WORD_GAP = 250;
/** Form XObjects nest at most this deep (a loop of forms is cut). */
const MAX_FORM_DEPTH = 12;

export type WordCount = { ok: true; words: number } | { ok: false; why: string };

interface FontDecoder {
  bytes: 1 | 2 | 'cmap';
  ranges?: [number, number, number][] /* lo, hi, byte length */;
  spaces: Set<number>;
  countable: boolean;
  why?: string;
}

class Uncountable extends Error {}

/** Counts the words of a page (its resources and decoded contents), stopping once past `stop`. */
export function countPageWords(
  context: PDFContext,
  contents: Uint8Array,
  resources: PDFDict | undefined,
  limit: number,
  stop: number,
): WordCount {
  const state = { words: 0, inWord: false, stop };
  try {
    walk(context, contents, resources, limit, state, 0, new Set());
  } catch (e) {
    if (e instanceof Uncountable) return { ok: false, why: e.message };
    if (e instanceof StopCounting) return { ok: true, words: state.words };
    throw e;
  }
  return { ok: true, words: state.words };
}

class StopCounting extends Error {}

interface State {
  words: number;
  inWord: boolean;
  stop: number;
}

function lookupDict(context: PDFContext, v: unknown): PDFDict | undefined {
  const o = v instanceof PDFRef ? context.lookup(v) : v;
  return o instanceof PDFDict ? o : undefined;
}

function walk(
  context: PDFContext,
  bytes: Uint8Array,
  resources: PDFDict | undefined,
  limit: number,
  st: State,
  depth: number,
  seen: Set<unknown>,
): void {
  const fonts = lookupDict(context, resources?.get(PDFName.of('Font')));
  const xobjects = lookupDict(context, resources?.get(PDFName.of('XObject')));
  const decoders = new Map<string, FontDecoder>();
  let font: FontDecoder | undefined;
  const stack: Token[] = [];
  const brk = () => {
    st.inWord = false;
  };
  const show = (s: Uint8Array) => {
    if (!font) throw new Uncountable('text is shown with no font selected');
    if (!font.countable) throw new Uncountable(font.why!);
    let i = 0;
    while (i < s.length) {
      let code: number, n: number;
      if (font.bytes === 1) {
        code = s[i];
        n = 1;
      } else if (font.bytes === 2) {
        code = (s[i] << 8) | (s[i + 1] ?? 0);
        n = 2;
      } else {
        n = 1;
        code = s[i];
        for (const [lo, hi, len] of font.ranges!) {
          let c = 0;
          for (let k = 0; k < len; k++) c = (c << 8) | (s[i + k] ?? 0);
          if (c >= lo && c <= hi) {
            code = c;
            n = len;
            break;
          }
        }
      }
      i += n;
      if (font.spaces.has(code)) brk();
      else if (!st.inWord) {
        st.inWord = true;
        if (++st.words > st.stop) throw new StopCounting();
      }
    }
  };
  for (const tok of tokens(bytes)) {
    if (tok.k !== 'op') {
      stack.push(tok);
      continue;
    }
    switch (tok.v) {
      case 'Tf': {
        const name = stack[stack.length - 2];
        if (name?.k === 'name') {
          let d = decoders.get(name.v);
          if (!d) {
            d = fontDecoder(lookupDict(context, fonts?.get(PDFName.of(name.v))), limit);
            decoders.set(name.v, d);
          }
          font = d;
        }
        break;
      }
      case 'Tj': {
        const s = stack[stack.length - 1];
        if (s?.k === 'str') show(s.v);
        break;
      }
      case "'":
      case '"': {
        brk();
        const s = stack[stack.length - 1];
        if (s?.k === 'str') show(s.v);
        break;
      }
      case 'TJ': {
        const a = stack[stack.length - 1];
        if (a?.k === 'arr')
          for (const e of a.v) {
            if (e.k === 'str') show(e.v);
            else if (e.k === 'num' && e.v < -WORD_GAP) brk();
          }
        break;
      }
      case 'Td':
      case 'TD':
      case 'Tm':
      case 'T*':
      case 'BT':
      case 'ET':
        brk();
        break;
      case 'Do': {
        const name = stack[stack.length - 1];
        if (name?.k !== 'name' || depth >= MAX_FORM_DEPTH) break;
        const ref = xobjects?.get(PDFName.of(name.v));
        const xo = ref instanceof PDFRef ? context.lookup(ref) : ref;
        if (!(xo instanceof PDFStream) || seen.has(xo)) break;
        if (xo.dict.lookup(PDFName.of('Subtype')) !== PDFName.of('Form')) break;
        seen.add(xo);
        brk();
        walk(
          context,
          decodeBounded(xo, limit),
          lookupDict(context, xo.dict.get(PDFName.of('Resources'))) ?? resources,
          limit,
          st,
          depth + 1,
          seen,
        );
        seen.delete(xo);
        brk();
        break;
      }
      default:
        break;
    }
    stack.length = 0;
  }
}

/** How a font's codes are read for counting. */
function fontDecoder(font: PDFDict | undefined, limit: number): FontDecoder {
  if (!font)
    return {
      bytes: 1,
      spaces: new Set([32]),
      countable: false,
      why: 'a font the page names is missing from its resources',
    };
  const sub = font.lookup(PDFName.of('Subtype'));
  const composite = sub === PDFName.of('Type0');
  const tu = font.lookup(PDFName.of('ToUnicode'));
  if (tu instanceof PDFStream) {
    const cmap = Buffer.from(decodeBounded(tu, limit)).toString('latin1');
    return parseToUnicode(cmap, composite);
  }
  if (composite)
    return { bytes: 2, spaces: new Set(), countable: false, why: 'a composite font without a ToUnicode map' };
  const spaces = new Set([32]);
  const enc = font.lookup(PDFName.of('Encoding'));
  if (enc instanceof PDFDict) {
    const diffs = enc.lookup(PDFName.of('Differences'));
    if (diffs instanceof PDFArray) {
      let code = 0;
      for (const e of diffs.asArray()) {
        if (e instanceof PDFNumber) code = e.asNumber();
        else if (e instanceof PDFName) {
          if (e.decodeText() === 'space') spaces.add(code);
          else spaces.delete(code);
          code++;
        }
      }
    }
  }
  return { bytes: 1, spaces, countable: true };
}

function hexNum(h: string): number {
  return parseInt(h, 16);
}

/** The parts of a ToUnicode CMap counting needs: code lengths (codespace ranges) and which codes are white space. */
function parseToUnicode(cmap: string, composite: boolean): FontDecoder {
  const ranges: [number, number, number][] = [];
  for (const block of cmap.matchAll(/begincodespacerange([\s\S]*?)endcodespacerange/g)) {
    for (const m of block[1].matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g))
      ranges.push([hexNum(m[1]), hexNum(m[2]), m[1].length / 2]);
  }
  const spaces = new Set<number>();
  const isSpace = (hex: string) => /^(0020|0009|000a|000d|00a0|3000|200[0-9a])+$/i.test(hex);
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const m of block[1].matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]*)>/g))
      if (isSpace(m[2])) spaces.add(hexNum(m[1]));
  }
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const m of block[1].matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(<([0-9a-fA-F]+)>|\[([^\]]*)\])/g)) {
      const lo = hexNum(m[1]),
        hi = hexNum(m[2]);
      if (m[4] !== undefined) {
        const base = hexNum(m[4].slice(-4));
        for (let c = lo; c <= hi && c - lo < 65536; c++)
          if ([0x20, 0x09, 0x0a, 0x0d, 0xa0, 0x3000].includes(base + c - lo)) spaces.add(c);
      } else {
        let c = lo;
        for (const d of m[5].matchAll(/<([0-9a-fA-F]*)>/g)) {
          if (isSpace(d[1])) spaces.add(c);
          c++;
        }
      }
    }
  }
  if (!ranges.length) return { bytes: composite ? 2 : 1, spaces, countable: true };
  ranges.sort((a, b) => a[2] - b[2]);
  return { bytes: 'cmap', ranges, spaces, countable: true };
}

// ───────────── content stream tokens (ISO 32000-1 §7.2, §8.9.7 inline images) ─────────────

type Token =
  | { k: 'num'; v: number }
  | { k: 'str'; v: Uint8Array }
  | { k: 'name'; v: string }
  | { k: 'arr'; v: Token[] }
  | { k: 'op'; v: string }
  | { k: 'other' };

const WS = new Set([0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]);
const DELIM = new Set([0x28, 0x29, 0x3c, 0x3e, 0x5b, 0x5d, 0x7b, 0x7d, 0x2f, 0x25]);

function* tokens(b: Uint8Array): Generator<Token> {
  let i = 0;
  const n = b.length;
  const arrays: Token[][] = [];
  const emit = function* (t: Token): Generator<Token> {
    if (arrays.length) arrays[arrays.length - 1].push(t);
    else yield t;
  };
  while (i < n) {
    const c = b[i];
    if (WS.has(c)) {
      i++;
      continue;
    }
    if (c === 0x25) {
      while (i < n && b[i] !== 0x0a && b[i] !== 0x0d) i++;
      continue;
    }
    if (c === 0x28) {
      // literal string
      const out: number[] = [];
      let depth = 1;
      i++;
      while (i < n && depth > 0) {
        const d = b[i++];
        if (d === 0x5c) {
          const e = b[i++];
          if (e >= 0x30 && e <= 0x37) {
            let v = e - 0x30;
            for (let k = 0; k < 2 && b[i] >= 0x30 && b[i] <= 0x37; k++) v = v * 8 + (b[i++] - 0x30);
            out.push(v & 0xff);
          } else if (e === 0x6e) out.push(0x0a);
          else if (e === 0x72) out.push(0x0d);
          else if (e === 0x74) out.push(0x09);
          else if (e === 0x62) out.push(0x08);
          else if (e === 0x66) out.push(0x0c);
          else if (e === 0x0d) {
            if (b[i] === 0x0a) i++;
          } else if (e === 0x0a) {
            /* line continuation */
          } else out.push(e);
          continue;
        }
        if (d === 0x28) depth++;
        if (d === 0x29 && --depth === 0) break;
        out.push(d);
      }
      yield* emit({ k: 'str', v: Uint8Array.from(out) });
      continue;
    }
    if (c === 0x3c && b[i + 1] === 0x3c) {
      i += 2;
      yield* emit({ k: 'other' });
      continue;
    } // dict open (inline image params)
    if (c === 0x3e && b[i + 1] === 0x3e) {
      i += 2;
      yield* emit({ k: 'other' });
      continue;
    }
    if (c === 0x3c) {
      // hex string
      let j = i + 1;
      let hex = '';
      while (j < n && b[j] !== 0x3e) {
        if (!WS.has(b[j])) hex += String.fromCharCode(b[j]);
        j++;
      }
      i = j + 1;
      if (hex.length % 2) hex += '0';
      yield* emit({ k: 'str', v: Uint8Array.from(Buffer.from(hex, 'hex')) });
      continue;
    }
    if (c === 0x5b) {
      arrays.push([]);
      i++;
      continue;
    }
    if (c === 0x5d) {
      i++;
      const a = arrays.pop();
      if (a) yield* emit({ k: 'arr', v: a });
      continue;
    }
    if (c === 0x2f) {
      // name
      let j = i + 1;
      while (j < n && !WS.has(b[j]) && !DELIM.has(b[j])) j++;
      const raw = Buffer.from(b.subarray(i + 1, j))
        .toString('latin1')
        .replace(/#([0-9a-fA-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
      i = j;
      yield* emit({ k: 'name', v: raw });
      continue;
    }
    let j = i;
    while (j < n && !WS.has(b[j]) && !DELIM.has(b[j])) j++;
    if (j === i) {
      i++;
      continue;
    } // a stray delimiter
    const word = Buffer.from(b.subarray(i, j)).toString('latin1');
    i = j;
    if (/^[+-]?(\d+\.?\d*|\.\d+)$/.test(word)) {
      yield* emit({ k: 'num', v: Number(word) });
      continue;
    }
    if (word === 'ID') {
      // Inline image data: skip to the EI that follows white space.
      i++;
      while (i < n && !(WS.has(b[i - 1]) && b[i] === 0x45 && b[i + 1] === 0x49 && (i + 2 >= n || WS.has(b[i + 2]))))
        i++;
      i += 2;
      yield* emit({ k: 'op', v: 'EI' });
      continue;
    }
    if (arrays.length) {
      arrays[arrays.length - 1].push({ k: 'other' });
      continue;
    }
    yield { k: 'op', v: word };
  }
}
