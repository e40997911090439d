// engines/fonts/gpos-pairs.ts — plain Latin laid out from the font's bytes, without fontkit's layout.
// fontkit's first layout of a face decodes every lookup of every feature its shaper plans (GSUB's
// ccmp/locl/liga…, GPOS's kern, mark, mkmk…) whole with restructure before it looks at a glyph: for
// Noto Sans ~20 ms warm, the largest part of a fresh `quire render` left after the sixth and seventh
// waves (bench/README.md, "Start-up, eighth wave"). A Latin word needs pair kerning only. Here, per
// face and per script fontkit would select, the same plan is read from the GSUB and GPOS bytes: the
// lookups of the default features in fontkit's order; of those, GPOS pair adjustments (type 2,
// formats 1 and 2, directly or through extension lookups) are applied as fontkit applies them, and
// every other lookup only marks the glyphs it could act at (its first coverage), as do GDEF's marks
// and ligatures. A run holding such a glyph, or anything this reader does not follow exactly, is
// left to fontkit (`undefined`), so the glyphs and positions are fontkit's default layout either way
// (gpos-pairs.test.ts compares them on every bundled face).
import type { Font } from 'fontkit';

/** One glyph of a run: its id and the code point it stands for (a fontkit Glyph has both). */
export interface LaidOutGlyph {
  readonly id: number;
  readonly codePoints: number[];
}
/** A glyph's position as fontkit's GlyphPosition gives it, font units. */
export interface LaidOutPosition {
  xAdvance: number;
  yAdvance: number;
  xOffset: number;
  yOffset: number;
}
/** What a fontkit GlyphRun carries that the shaping callers read. */
export interface LaidOut {
  readonly glyphs: LaidOutGlyph[];
  readonly positions: LaidOutPosition[];
  readonly direction: 'ltr' | 'rtl';
}

// fontkit's DefaultShaper plan (src/opentype/shapers/DefaultShaper.js): one stage, these features in
// this order; frac/numr/dnom are local (only next to U+2044, which this path leaves to fontkit).
const PLAN = [
  'rvrn',
  'ltra',
  'ltrm',
  'frac',
  'numr',
  'dnom',
  'ccmp',
  'locl',
  'rlig',
  'mark',
  'mkmk',
  'calt',
  'clig',
  'liga',
  'rclt',
  'curs',
  'kern',
];
const LOCAL = new Set(['frac', 'numr', 'dnom']);
const DEFAULT_SCRIPTS = ['DFLT', 'dflt', 'latn'];

/** A code unit's part here: 0 not taken, 1 a character of no script (Common), 2 a Latin letter. */
let units: Uint8Array | undefined;
const LAST_UNIT = 0x20ac;
function unitTable(): Uint8Array {
  if (units) return units;
  const t = new Uint8Array(LAST_UNIT + 1);
  const latin = /\p{Script=Latin}/u;
  const common = /[\p{Script=Common}\p{Script=Inherited}]/u;
  for (let cp = 0x20; cp <= LAST_UNIT; cp++) {
    const plain =
      (cp <= 0x7e || (cp >= 0xa0 && cp <= 0x24f) || (cp >= 0x2010 && cp <= 0x2027) || (cp >= 0x2030 && cp <= 0x205e)) &&
      // a soft hyphen is hidden by fontkit (a default ignorable), a fraction slash starts frac/numr/dnom
      cp !== 0xad &&
      cp !== 0x2044;
    const ch = String.fromCharCode(cp);
    if (plain || cp === LAST_UNIT) t[cp] = latin.test(ch) ? 2 : common.test(ch) ? 1 : 0;
  }
  units = t;
  return t;
}

interface PairSub {
  format: 1 | 2;
  t: DataView;
  /** The subtable's offset in the table. */
  at: number;
  /** Coverage index by glyph id, NONE when not covered (fontkit's coverageIndex). */
  cov: Uint16Array;
  vf1: number;
  vf2: number;
  /** Bytes of each value record. */
  size1: number;
  size2: number;
  /** Format 1: number of pair sets. Format 2: class counts and where the class records start. */
  count: number;
  class1?: Uint16Array;
  class2?: Uint16Array;
  class1Count: number;
  class2Count: number;
  records: number;
}
interface LigSub {
  t: DataView;
  at: number;
  cov: Uint16Array;
  /** Number of ligature sets. */
  count: number;
}
interface Lookup<T> {
  flags: number;
  subs: T[];
}
/** A contextual subtable of format 3: the coverages of its input and lookahead glyphs, in order. */
interface ContextSub {
  sequence: Uint8Array[];
}
/** A step of GSUB: a ligature lookup applied, or a contextual one (format 3) whose match sends the run to fontkit. */
type GsubStep = { ligature: Lookup<LigSub> } | { context: Lookup<ContextSub> };
interface Plan {
  /** By glyph id: a lookup not followed here could act there, or GDEF makes it a mark. */
  touched: Uint8Array;
  /** GSUB's ligature and contextual lookups in fontkit's order. */
  gsub: GsubStep[];
  /** GPOS's contextual lookups (format 3): a run they match goes to fontkit. */
  contexts: Lookup<ContextSub>[];
  /** GPOS pair lookups in fontkit's order. */
  pairs: Lookup<PairSub>[];
}
interface FaceState {
  gsub?: DataView;
  gpos: DataView;
  numGlyphs: number;
  advances: Uint16Array;
  /** GDEF's glyph classes by glyph id, or null without a glyph class definition. */
  gdef: Uint16Array | null;
  legacyKern: boolean;
  plans: Map<string, Plan | null>;
  /** What was read of each table, by offset: shared by the plans of both scripts (most lookups are in both). */
  readSub: Map<number, unknown>;
  readPos: Map<number, unknown>;
  /** Coverage bitmaps of contextual subtables, by offset, per table. */
  bitmapsSub: Map<number, Uint8Array>;
  bitmapsPos: Map<number, Uint8Array>;
  gids: Int32Array;
}

const NONE = 0xffff;
const states = new WeakMap<Font, FaceState | null>();

/** Thrown inside the reader where the bytes do not read as this path needs: the face goes to fontkit. */
class Decline extends Error {}
function check(ok: boolean): void {
  if (!ok) throw new Decline();
}

/** The raw bytes of one sfnt table: undefined when the font has none. */
function tableBytes(font: Font, tag: string): DataView | undefined {
  const tables = (font as unknown as { directory?: { tables?: Record<string, { offset: number; length: number }> } })
    .directory?.tables;
  check(!!tables);
  const entry = tables![tag];
  if (!entry) return undefined;
  const buf = (font as unknown as { stream?: { buffer?: Uint8Array } }).stream?.buffer;
  check(!!buf && entry.offset + entry.length <= buf.length);
  return new DataView(buf!.buffer, buf!.byteOffset + entry.offset, entry.length);
}

function stateOf(font: Font): FaceState | null {
  let s = states.get(font);
  if (s === undefined) {
    try {
      s = readState(font);
    } catch (e) {
      if (!(e instanceof Decline) && !(e instanceof RangeError)) throw e;
      s = null;
    }
    states.set(font, s);
  }
  return s;
}

function readState(font: Font): FaceState | null {
  const tables = (font as unknown as { directory: { tables: Record<string, unknown> } }).directory.tables;
  // AAT shaping, variations (advances and kerning deltas), no GPOS at all: fontkit's other paths
  if (tables.morx || tables.fvar || !tables.GPOS) return null;
  const gpos = tableBytes(font, 'GPOS')!;
  const gsub = tableBytes(font, 'GSUB');
  const numGlyphs = font.numGlyphs;
  check(numGlyphs > 0);
  return {
    gpos,
    gsub,
    numGlyphs,
    advances: readAdvances(font, numGlyphs),
    gdef: readGdef(font, numGlyphs),
    legacyKern: !!tables.kern,
    plans: new Map(),
    readSub: new Map(),
    readPos: new Map(),
    bitmapsSub: new Map(),
    bitmapsPos: new Map(),
    gids: new Int32Array(LAST_UNIT + 1).fill(-1),
  };
}

/** Advances by glyph id from hmtx, as fontkit's Glyph reads them (the last long metric repeats). */
function readAdvances(font: Font, numGlyphs: number): Uint16Array {
  const hhea = tableBytes(font, 'hhea');
  const hmtx = tableBytes(font, 'hmtx');
  check(!!hhea && !!hmtx);
  const metrics = hhea!.getUint16(34);
  check(metrics > 0 && metrics * 4 <= hmtx!.byteLength);
  const out = new Uint16Array(numGlyphs);
  for (let g = 0; g < numGlyphs; g++) out[g] = hmtx!.getUint16(Math.min(g, metrics - 1) * 4);
  return out;
}

/** GDEF's glyph classes by glyph id, or null without a glyph class definition (fontkit then reads code points). */
function readGdef(font: Font, numGlyphs: number): Uint16Array | null {
  const t = tableBytes(font, 'GDEF');
  if (!t) return null;
  check(t.byteLength >= 6 && t.getUint16(0) === 1);
  const at = t.getUint16(4);
  return at === 0 ? null : readClassDef(t, at, numGlyphs);
}

/** A class definition as fontkit's getClassID reads it: by glyph id, 0 where none is given. */
function readClassDef(t: DataView, at: number, numGlyphs: number): Uint16Array {
  const out = new Uint16Array(numGlyphs);
  const format = t.getUint16(at);
  if (format === 1) {
    const start = t.getUint16(at + 2);
    const n = t.getUint16(at + 4);
    check(at + 6 + n * 2 <= t.byteLength);
    for (let i = 0; i < n && start + i < numGlyphs; i++) out[start + i] = t.getUint16(at + 6 + i * 2);
    return out;
  }
  check(format === 2);
  const n = t.getUint16(at + 2);
  check(at + 4 + n * 6 <= t.byteLength);
  const set = new Uint8Array(numGlyphs);
  // the first range holding a glyph gives its class
  for (let i = 0; i < n; i++) {
    const r = at + 4 + i * 6;
    const end = Math.min(t.getUint16(r + 2), numGlyphs - 1);
    const cls = t.getUint16(r + 4);
    for (let g = t.getUint16(r); g <= end; g++)
      if (!set[g]) {
        set[g] = 1;
        out[g] = cls;
      }
  }
  return out;
}

/** A coverage table as fontkit's coverageIndex reads it: the index by glyph id, NONE where not covered. */
function readCoverage(t: DataView, at: number, numGlyphs: number): Uint16Array {
  const out = new Uint16Array(numGlyphs).fill(NONE);
  const format = t.getUint16(at);
  const n = t.getUint16(at + 2);
  if (format === 1) {
    check(at + 4 + n * 2 <= t.byteLength);
    for (let i = 0; i < n; i++) {
      const g = t.getUint16(at + 4 + i * 2);
      if (g < numGlyphs && out[g] === NONE) out[g] = i;
    }
    return out;
  }
  check(format === 2);
  check(at + 4 + n * 6 <= t.byteLength);
  for (let i = 0; i < n; i++) {
    const r = at + 4 + i * 6;
    const start = t.getUint16(r);
    const end = Math.min(t.getUint16(r + 2), numGlyphs - 1);
    const first = t.getUint16(r + 4);
    check(end < start || first + end - start < NONE);
    for (let g = start; g <= end; g++) if (out[g] === NONE) out[g] = first + g - start;
  }
  return out;
}

/** Marks in `into` the glyphs of a coverage table (any glyph a lookup could act at). */
function markCoverage(t: DataView, at: number, into: Uint8Array): void {
  const format = t.getUint16(at);
  const n = t.getUint16(at + 2);
  if (format === 1) {
    check(at + 4 + n * 2 <= t.byteLength);
    for (let i = 0; i < n; i++) {
      const g = t.getUint16(at + 4 + i * 2);
      if (g < into.length) into[g] = 1;
    }
    return;
  }
  check(format === 2 && at + 4 + n * 6 <= t.byteLength);
  for (let i = 0; i < n; i++) {
    const r = at + 4 + i * 6;
    const end = Math.min(t.getUint16(r + 2), into.length - 1);
    for (let g = t.getUint16(r); g <= end; g++) into[g] = 1;
  }
}

const tagAt = (t: DataView, at: number) =>
  String.fromCharCode(t.getUint8(at), t.getUint8(at + 1), t.getUint8(at + 2), t.getUint8(at + 3));

/**
 * The lookups fontkit's default plan applies from one layout table for a text of `script`
 * ('latn', or 'zzzz' for text of no script), in its order, each with its feature: the script as
 * OTProcessor.selectScript picks it (that tag, else DFLT, dflt, latn), its default language system,
 * the features by tag (a later record of a tag wins), their lookups sorted by index (stable).
 */
function planLookups(t: DataView, script: string): { feature: string; index: number }[] | null {
  check(t.byteLength >= 10 && t.getUint16(0) === 1 && t.getUint16(2) <= 1);
  const scripts = t.getUint16(4);
  const featureList = t.getUint16(6);
  if (scripts === 0) return null;
  const nScripts = t.getUint16(scripts);
  let scriptAt = -1;
  for (const want of [script, ...DEFAULT_SCRIPTS]) {
    for (let i = 0; i < nScripts && scriptAt < 0; i++) {
      const r = scripts + 2 + i * 6;
      if (tagAt(t, r) === want) scriptAt = scripts + t.getUint16(r + 4);
    }
    if (scriptAt >= 0) break;
  }
  // none: fontkit keeps whatever script an earlier layout selected, so the result depends on history
  if (scriptAt < 0) return null;
  const langSys = t.getUint16(scriptAt);
  if (langSys === 0) return [];
  const ls = scriptAt + langSys;
  const nFeatures = t.getUint16(ls + 4);
  const features = new Map<string, number>();
  const nList = t.getUint16(featureList);
  for (let i = 0; i < nFeatures; i++) {
    const index = t.getUint16(ls + 6 + i * 2);
    check(index < nList);
    const r = featureList + 2 + index * 6;
    features.set(tagAt(t, r), featureList + t.getUint16(r + 4));
  }
  const out: { feature: string; index: number }[] = [];
  for (const tag of PLAN) {
    const f = features.get(tag);
    if (f === undefined) continue;
    const n = t.getUint16(f + 2);
    for (let k = 0; k < n; k++) out.push({ feature: tag, index: t.getUint16(f + 4 + k * 2) });
  }
  out.sort((a, b) => a.index - b.index);
  return out;
}

/** A lookup's type, flags and subtables (offsets in the table, extension subtables resolved with their type). */
function readLookup(t: DataView, index: number, extension: number): { flags: number; subs: [number, number][] } {
  const list = t.getUint16(8);
  check(list !== 0 && index < t.getUint16(list));
  const lk = list + t.getUint16(list + 2 + index * 2);
  const type = t.getUint16(lk);
  const flags = t.getUint16(lk + 2);
  const n = t.getUint16(lk + 4);
  const subs: [number, number][] = [];
  for (let s = 0; s < n; s++) {
    let st = lk + t.getUint16(lk + 6 + s * 2);
    let kind = type;
    if (type === extension) {
      check(t.getUint16(st) === 1);
      kind = t.getUint16(st + 2);
      st += t.getUint32(st + 4);
      check(kind !== extension && st < t.byteLength);
    }
    subs.push([kind, st]);
  }
  return { flags, subs };
}

/**
 * Marks the glyphs at which a GSUB or GPOS subtable could act: its coverage, for a contextual one
 * the coverage of its first input glyph (fontkit checks it first, at the current glyph). Formats
 * fontkit does not decode are left to it.
 */
function markActing(t: DataView, kind: number, st: number, gsub: boolean, into: Uint8Array): void {
  const format = t.getUint16(st);
  const context = gsub ? kind === 5 : kind === 7;
  const chained = gsub ? kind === 6 : kind === 8;
  if (context || chained) {
    check(format >= 1 && format <= 3);
    if (format < 3) return markCoverage(t, st + t.getUint16(st + 2), into);
    if (context) {
      check(t.getUint16(st + 2) > 0);
      return markCoverage(t, st + t.getUint16(st + 6), into);
    }
    const input = st + 4 + t.getUint16(st + 2) * 2;
    check(t.getUint16(input) > 0);
    return markCoverage(t, st + t.getUint16(input + 2), into);
  }
  // GSUB single (formats 1, 2), multiple, alternate, ligature, reverse chaining (1); GPOS single and
  // pair (1, 2), cursive and the three mark attachments (1): the coverage at offset 2
  const twoFormats = gsub ? kind === 1 : kind === 1 || kind === 2;
  check(kind >= 1 && kind <= (gsub ? 8 : 6) && kind !== 7 && (format === 1 || (twoFormats && format === 2)));
  markCoverage(t, st + t.getUint16(st + 2), into);
}

function readPair(t: DataView, st: number, numGlyphs: number): PairSub {
  const format = t.getUint16(st) as 1 | 2;
  check(format === 1 || format === 2);
  const cov = readCoverage(t, st + t.getUint16(st + 2), numGlyphs);
  const vf1 = t.getUint16(st + 4);
  const vf2 = t.getUint16(st + 6);
  // device tables (which fontkit decodes), reserved bits: left to fontkit
  check((vf1 & 0xfff0) === 0 && (vf2 & 0xfff0) === 0);
  const size1 = bits(vf1) * 2;
  const size2 = bits(vf2) * 2;
  if (format === 1) {
    const count = t.getUint16(st + 8);
    check(st + 10 + count * 2 <= t.byteLength);
    for (let i = 0; i < count; i++) {
      const set = st + t.getUint16(st + 10 + i * 2);
      check(set + 2 + t.getUint16(set) * (2 + size1 + size2) <= t.byteLength);
    }
    return { format, t, at: st, cov, vf1, vf2, size1, size2, count, class1Count: 0, class2Count: 0, records: 0 };
  }
  const class1 = readClassDef(t, st + t.getUint16(st + 8), numGlyphs);
  const class2 = readClassDef(t, st + t.getUint16(st + 10), numGlyphs);
  const class1Count = t.getUint16(st + 12);
  const class2Count = t.getUint16(st + 14);
  const records = st + 16;
  check(records + class1Count * class2Count * (size1 + size2) <= t.byteLength);
  return {
    format,
    t,
    at: st,
    cov,
    vf1,
    vf2,
    size1,
    size2,
    count: 0,
    class1,
    class2,
    class1Count,
    class2Count,
    records,
  };
}

function readLigatures(t: DataView, st: number, numGlyphs: number): LigSub {
  check(t.getUint16(st) === 1);
  const cov = readCoverage(t, st + t.getUint16(st + 2), numGlyphs);
  const count = t.getUint16(st + 4);
  check(st + 6 + count * 2 <= t.byteLength);
  for (let i = 0; i < count; i++) {
    const set = st + t.getUint16(st + 6 + i * 2);
    const n = t.getUint16(set);
    check(set + 2 + n * 2 <= t.byteLength);
    for (let k = 0; k < n; k++) {
      const lig = set + t.getUint16(set + 2 + k * 2);
      check(lig + 4 <= t.byteLength);
      const components = t.getUint16(lig + 2);
      check(components > 0 && lig + 4 + (components - 1) * 2 <= t.byteLength);
    }
  }
  return { t, at: st, cov, count };
}

/**
 * A contextual subtable of format 3 (GSUB 5/6, GPOS 7/8), as far as telling whether it matches at a
 * glyph: its input coverages, then its lookahead ones (the backtrack is not read: a run is sent to
 * fontkit whenever the rest matches, which is never less than fontkit's match); null for formats 1
 * and 2.
 */
function readContext(
  t: DataView,
  st: number,
  chained: boolean,
  numGlyphs: number,
  seen: Map<number, Uint8Array>,
): ContextSub | null {
  const format = t.getUint16(st);
  check(format >= 1 && format <= 3);
  if (format !== 3) return null;
  const offsets: number[] = [];
  if (!chained) {
    const n = t.getUint16(st + 2);
    for (let k = 0; k < n; k++) offsets.push(t.getUint16(st + 6 + k * 2));
  } else {
    let at = st + 4 + t.getUint16(st + 2) * 2;
    for (let part = 0; part < 2; part++) {
      const n = t.getUint16(at);
      for (let k = 0; k < n; k++) offsets.push(t.getUint16(at + 2 + k * 2));
      at += 2 + n * 2;
    }
  }
  check(offsets.length > 0);
  const sequence = offsets.map((o) => {
    let bitmap = seen.get(st + o);
    if (!bitmap) {
      bitmap = new Uint8Array(numGlyphs);
      markCoverage(t, st + o, bitmap);
      seen.set(st + o, bitmap);
    }
    return bitmap;
  });
  return { sequence };
}

function bits(vf: number): number {
  let n = 0;
  for (let v = vf; v; v >>= 1) n += v & 1;
  return n;
}

/**
 * Reads a contextual lookup whose subtables are all of format 3 (null otherwise, or when a flag
 * would make fontkit skip glyphs as it matches).
 */
function readContexts(
  t: DataView,
  flags: number,
  subs: [number, number][],
  gsub: boolean,
  s: FaceState,
  seen: Map<number, Uint8Array>,
): Lookup<ContextSub> | null {
  if ((flags & 0x6) !== 0 || subs.length === 0) return null;
  const out: ContextSub[] = [];
  for (const [kind, st] of subs) {
    const context = gsub ? kind === 5 : kind === 7;
    const chained = gsub ? kind === 6 : kind === 8;
    if (!context && !chained) return null;
    const sub = readContext(t, st, chained, s.numGlyphs, seen);
    if (!sub) return null;
    out.push(sub);
  }
  return { flags, subs: out };
}

/** `make()` once per key of `memo`. */
function once<T>(memo: Map<number, unknown>, key: number, make: () => T): T {
  let v = memo.get(key) as T | undefined;
  if (v === undefined) {
    v = make();
    memo.set(key, v);
  }
  return v;
}

function buildPlan(s: FaceState, script: string): Plan | null {
  const touched = new Uint8Array(s.numGlyphs);
  if (s.gdef) for (let g = 0; g < s.numGlyphs; g++) if (s.gdef[g] === 3) touched[g] = 1;
  const gsub: GsubStep[] = [];
  if (s.gsub) {
    const t = s.gsub;
    const seen = s.bitmapsSub;
    const lookups = planLookups(t, script);
    if (lookups === null) return null;
    for (const { feature, index } of lookups) {
      if (LOCAL.has(feature)) continue;
      const { flags, subs } = readLookup(t, index, 7);
      if (subs.length > 0 && subs.every(([kind]) => kind === 4)) {
        gsub.push({
          ligature: { flags, subs: subs.map(([, st]) => once(s.readSub, st, () => readLigatures(t, st, s.numGlyphs))) },
        });
        continue;
      }
      const context = readContexts(t, flags, subs, true, s, seen);
      if (context) gsub.push({ context });
      else for (const [kind, st] of subs) markActing(t, kind, st, true, touched);
    }
  }
  const t = s.gpos;
  const seen = s.bitmapsPos;
  const lookups = planLookups(t, script);
  if (lookups === null) return null;
  // no kern feature in GPOS for this script: fontkit kerns from a legacy kern table, if there is one
  if (s.legacyKern && !lookups.some((l) => l.feature === 'kern')) return null;
  const pairs: Lookup<PairSub>[] = [];
  const contexts: Lookup<ContextSub>[] = [];
  for (const { feature, index } of lookups) {
    if (LOCAL.has(feature)) continue;
    const { flags, subs } = readLookup(t, index, 9);
    if (subs.length > 0 && subs.every(([kind]) => kind === 2)) {
      pairs.push({ flags, subs: subs.map(([, st]) => once(s.readPos, st, () => readPair(t, st, s.numGlyphs))) });
      continue;
    }
    const context = readContexts(t, flags, subs, false, s, seen);
    if (context) contexts.push(context);
    else for (const [kind, st] of subs) markActing(t, kind, st, false, touched);
  }
  return { touched, gsub, contexts, pairs };
}

/** Whether a contextual lookup's input and lookahead coverages match the run at some glyph. */
function contextMatches(lookup: Lookup<ContextSub>, gids: readonly number[]): boolean {
  for (let i = 0; i < gids.length; i++)
    for (const { sequence } of lookup.subs) {
      if (i + sequence.length > gids.length) continue;
      let k = 0;
      while (k < sequence.length && sequence[k][gids[i + k]]) k++;
      if (k === sequence.length) return true;
    }
  return false;
}

function planOf(s: FaceState, script: string): Plan | null {
  let p = s.plans.get(script);
  if (p === undefined) {
    try {
      p = buildPlan(s, script);
    } catch (e) {
      if (!(e instanceof Decline) && !(e instanceof RangeError)) throw e;
      p = null;
    }
    s.plans.set(script, p);
  }
  return p;
}

/** Adds a value record to a position as fontkit's applyPositionValue does (no device tables here). */
function addValue(t: DataView, at: number, vf: number, p: LaidOutPosition): void {
  if (vf & 1) {
    p.xOffset += t.getInt16(at);
    at += 2;
  }
  if (vf & 2) {
    p.yOffset += t.getInt16(at);
    at += 2;
  }
  if (vf & 4) {
    p.xAdvance += t.getInt16(at);
    at += 2;
  }
  if (vf & 8) p.yAdvance += t.getInt16(at);
}

/** One pair subtable at glyph i (fontkit's GPOSProcessor, lookup type 2): applied, not applicable, or fontkit would fail. */
function applyPair(sub: PairSub, gids: number[], positions: LaidOutPosition[], i: number): 'applied' | 'no' | 'fail' {
  if (i + 1 >= gids.length) return 'no';
  const c = sub.cov[gids[i]];
  if (c === NONE) return 'no';
  const t = sub.t;
  if (sub.format === 1) {
    if (c >= sub.count) return 'fail';
    const set = sub.at + t.getUint16(sub.at + 10 + c * 2);
    const n = t.getUint16(set);
    const size = 2 + sub.size1 + sub.size2;
    const second = gids[i + 1];
    for (let k = 0; k < n; k++) {
      const r = set + 2 + k * size;
      if (t.getUint16(r) === second) {
        addValue(t, r + 2, sub.vf1, positions[i]);
        addValue(t, r + 2 + sub.size1, sub.vf2, positions[i + 1]);
        return 'applied';
      }
    }
    return 'no';
  }
  const c1 = sub.class1![gids[i]];
  const c2 = sub.class2![gids[i + 1]];
  if (c1 >= sub.class1Count || c2 >= sub.class2Count) return 'fail';
  const r = sub.records + (c1 * sub.class2Count + c2) * (sub.size1 + sub.size2);
  addValue(t, r, sub.vf1, positions[i]);
  addValue(t, r + sub.size1, sub.vf2, positions[i + 1]);
  return 'applied';
}

/**
 * Whether a lookup with these flags would act here and skip a glyph of the run as it walks (fontkit's
 * GlyphIterator: ignored base glyphs or ligatures): then its matching is not followed here. A lookup
 * none of whose subtables covers a glyph of the run does nothing, whatever its flags.
 */
function walksAround(
  lookup: Lookup<{ cov: Uint16Array }>,
  gids: readonly number[],
  ligature: readonly boolean[],
  gdef: Uint16Array | null,
): boolean {
  const ignoreBase = (lookup.flags & 0x2) !== 0;
  const ignoreLigatures = (lookup.flags & 0x4) !== 0;
  if (!ignoreBase && !ignoreLigatures) return false;
  let acts = false;
  let skips = false;
  for (let i = 0; i < gids.length; i++) {
    const g = gids[i];
    for (const sub of lookup.subs) if (sub.cov[g] !== NONE) acts = true;
    // base: GDEF class 1, or (no class definition) every glyph that is not a mark
    if ((ignoreBase && (gdef ? gdef[g] === 1 : true)) || (ignoreLigatures && ligature[i])) skips = true;
  }
  return acts && skips;
}

/** One ligature subtable at glyph i (fontkit's GSUBProcessor, lookup type 4): true when it substituted. */
function applyLigature(
  sub: LigSub,
  gids: number[],
  cps: number[][],
  ligature: boolean[],
  gdef: Uint16Array | null,
  i: number,
): boolean | 'fail' {
  const c = sub.cov[gids[i]];
  if (c === NONE) return false;
  if (c >= sub.count) return 'fail';
  const t = sub.t;
  const set = sub.at + t.getUint16(sub.at + 6 + c * 2);
  const n = t.getUint16(set);
  for (let k = 0; k < n; k++) {
    const lig = set + t.getUint16(set + 2 + k * 2);
    const rest = t.getUint16(lig + 2) - 1;
    if (i + rest >= gids.length) continue;
    let match = true;
    for (let j = 0; j < rest && match; j++) if (gids[i + 1 + j] !== t.getUint16(lig + 4 + j * 2)) match = false;
    if (!match) continue;
    const id = t.getUint16(lig);
    const joined = cps[i].slice();
    for (let j = 1; j <= rest; j++) for (const cp of cps[i + j]) joined.push(cp);
    gids.splice(i, rest + 1, id);
    cps.splice(i, rest + 1, joined);
    // fontkit's GlyphInfo: GDEF's class 2, or (no class definition) more than one code point
    ligature.splice(i, rest + 1, gdef ? gdef[id] === 2 : joined.length > 1);
    return true;
  }
  return false;
}

/**
 * `text` laid out as fontkit's `font.layout(text)` lays it out, read from the font's bytes, or
 * undefined when this path does not take it (a character outside plain Latin and common punctuation,
 * a glyph a lookup other than a ligature or a pair adjustment could act at, a face whose layout it
 * does not read): then fontkit.
 */
export function pairLayout(font: Font, text: string): LaidOut | undefined {
  const n = text.length;
  if (n === 0) return undefined;
  const table = unitTable();
  let script = 'zzzz';
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    const u = c <= LAST_UNIT ? table[c] : 0;
    if (u === 0) return undefined;
    if (u === 2) script = 'latn';
  }
  const s = stateOf(font);
  if (!s) return undefined;
  const plan = planOf(s, script);
  if (!plan) return undefined;
  const gids: number[] = new Array(n);
  const cps: number[][] = new Array(n);
  const ligature: boolean[] = new Array(n);
  for (let i = 0; i < n; i++) {
    const cp = text.charCodeAt(i);
    let g = s.gids[cp];
    if (g < 0) g = s.gids[cp] = font.glyphForCodePoint(cp).id;
    if (g >= s.numGlyphs || plan.touched[g]) return undefined;
    gids[i] = g;
    cps[i] = [cp];
    ligature[i] = s.gdef !== null && s.gdef[g] === 2;
  }
  for (const step of plan.gsub) {
    if ('context' in step) {
      if (contextMatches(step.context, gids)) return undefined;
      continue;
    }
    const lookup = step.ligature;
    if (walksAround(lookup, gids, ligature, s.gdef)) return undefined;
    for (let i = 0; i < gids.length; i++)
      for (const sub of lookup.subs) {
        const r = applyLigature(sub, gids, cps, ligature, s.gdef, i);
        if (r === 'fail') return undefined;
        if (r) {
          if (gids[i] >= s.numGlyphs || plan.touched[gids[i]]) return undefined;
          break;
        }
      }
  }
  const m = gids.length;
  for (const lookup of plan.contexts) if (contextMatches(lookup, gids)) return undefined;
  const positions: LaidOutPosition[] = new Array(m);
  for (let i = 0; i < m; i++) positions[i] = { xAdvance: s.advances[gids[i]], yAdvance: 0, xOffset: 0, yOffset: 0 };
  for (const lookup of plan.pairs) {
    if (walksAround(lookup, gids, ligature, s.gdef)) return undefined;
    for (let i = 0; i < m; i++)
      for (const sub of lookup.subs) {
        const r = applyPair(sub, gids, positions, i);
        if (r === 'fail') return undefined;
        if (r === 'applied') break;
      }
  }
  const glyphs: LaidOutGlyph[] = new Array(m);
  for (let i = 0; i < m; i++) glyphs[i] = { id: gids[i], codePoints: cps[i] };
  return { glyphs, positions, direction: 'ltr' };
}
