// passes/dedupe/dedupe.ts — pass 6 of 7: resources as they will be written. Each distinct font program
// becomes one font object however many names (variants, the same file twice) and pages use it, with
// the union of the codes drawn and the text each stands for (the ToUnicode source). CFF faces get
// their CIDs here (glyphs in glyph-id order from 0), and glyph runs are rewritten to them, because a
// bare CFF CIDFont maps CID to glyph through its own charset. Only now is it known what was never
// drawn with, so the "unused" remark is made here; an unused font is still written (spec: remark
// texts), an unused picture never is (spec "images"); pictures are deduplicated by content key as
// they are written. LaidOutIr → DedupedIr.

import { cmapCharacters } from '../../engines/fonts/cmap-reverse.js';
import { fontsForbiddingEmbedding } from '../../engines/fonts/embedding.js';
import { Face } from '../../engines/fonts/face.js';
import { SimpleFace } from '../../engines/fonts/simple-face.js';
import { guarded, programOf, StyledFont } from '../../engines/fonts/styled-font.js';
import { minOf } from '../../ir/bounded.js';
import { type ActualSpan, type GlyphRowsOp, type GlyphRunOp, rowRun, walkOps } from '../../ir/draw-ops.js';
import { remark } from '../../ir/messages.js';
import { hasPrivateUse } from '../../ir/private-use.js';
import type { FontOrigin, TextFont } from '../../ir/text-font.js';
import type { DedupedIr, DrawOp, FontObject, LaidOutIr } from '../../ir/types.js';
import type { Pass, PassContext } from '../pass.js';
import { dealtTexts, drawsPrivateUse, FirstText, recordRun, spansOf } from './actual-text.js';
import { remapWidget, widgetOps } from './forms.js';
import { graphicsRemarks } from './graphics.js';

export const dedupe: Pass<LaidOutIr, DedupedIr> = {
  id: 'dedupe',
  run(ir: LaidOutIr, ctx: PassContext): DedupedIr {
    const byProgram = new Map<string, FontObject>();
    const fontRes = new Map<string, string>();
    const objOf = new Map<string, FontObject>();
    // Declaration order decides resource names, so the same request always writes the same bytes.
    for (const res of ir.fonts.values()) {
      if (res.face.kind === 'chain') continue; // drawn through its members
      const program = programOf(res.face);
      let obj = byProgram.get(program.key);
      if (!obj) {
        obj = {
          resName: `F${byProgram.size + 1}`,
          face: program,
          names: [],
          used: new Map(),
          codeBytes: program.kind === 'cid' ? 2 : 1,
        };
        byProgram.set(program.key, obj);
      }
      obj.names.push(res.name);
      obj.origin ??= originOf(res.face);
      fontRes.set(res.name, obj.resName);
      objOf.set(res.name, obj);
      if (res.keep?.kind === 'all') obj.keepAll = true;
    }
    const drawnWith = new Set<string>();
    const firstText = new Map<FontObject, FirstText>();
    const spanned = new Map<GlyphRunOp, ActualSpan[]>();
    const recoded = new Map<GlyphRunOp, Uint16Array>();
    /** A table part's rows that got a code or span of their own, as the runs recorded (by row). */
    const rowsRecorded = new Map<GlyphRowsOp, (GlyphRunOp | undefined)[]>();
    const imagesDrawn = new Set<string>();
    const drawn = { privateUse: false };
    // The last run's font, its object and first texts: runs of one font follow each other (a page,
    // a table's cells), so the lookups are made once per change of font, not per run.
    let lastFont: string | undefined;
    let obj: FontObject;
    let first: FirstText;
    let aliased = false;
    let onNew: (g: number, t: string) => void;
    const kept: number[] = [];
    // Glyph runs and pictures may sit inside an item's scope (matrix, graphics state, layer, clip).
    const visit = (op: DrawOp): void => {
      if (op.op === 'image') {
        imagesDrawn.add(op.image.name);
        // An SVG image's text is drawn as the outlines of the fonts it names: they are drawn with.
        for (const f of op.image.svg?.fonts ?? []) drawnWith.add(f);
      }
      if (op.op === 'rows') return visitRows(op);
      if (op.op !== 'glyphs') return;
      if (op.font !== lastFont) useFont(op.font);
      record(op);
    };
    /** `obj`, `first` and what goes with them for runs in `font`. */
    const useFont = (font: string): void => {
      drawnWith.add(font);
      const o = objOf.get(font)!;
      // First text wins: one glyph has one ToUnicode entry; where a run draws a glyph for other
      // text, or draws right-to-left letters, it gets /ActualText spans (./actual-text.ts).
      let f = firstText.get(o);
      if (!f) {
        f = FirstText.take();
        firstText.set(o, f);
      }
      obj = o;
      first = f;
      aliased = aliasing(o);
      onNew = (g, t) => o.used.set(g, t);
      lastFont = font;
    };
    /** The codes and spans of a run in the current font (`obj`, `first`). Whether it got either. */
    const record = (op: GlyphRunOp): boolean => {
      if (aliased) {
        // A TrueType CIDFont gives a glyph drawn for other text a second code of its own.
        kept.length = 0;
        const codes = aliasCodes(op, obj, first, kept, drawn);
        if (codes) recoded.set(op, codes);
        // A glyph with no text here that keeps a code with other text: its cluster gets a span.
        const spans =
          (kept.length || drawn.privateUse) && op.actualText === undefined
            ? spansOf(op, first, (i) => kept.includes(i))
            : undefined;
        if (spans) spanned.set(op, spans);
        return codes !== undefined || spans !== undefined;
      }
      if (recordRun(op, first, onNew) && op.actualText === undefined) {
        const spans = spansOf(op, first);
        if (spans) spanned.set(op, spans);
        return spans !== undefined;
      }
      return false;
    };
    /**
     * A table part's rows (ir/draw-ops.ts GlyphRowsOp) as their runs: a row whose every glyph was
     * drawn for its entry's one unit before (none in the Private Use Area) adds nothing, as
     * aliasCodes and recordRun find (the usual row); any other is made its run and recorded as one,
     * kept (`rowsRecorded`) when it got a code or span so the part is written as its runs.
     */
    const visitRows = (op: GlyphRowsOp): void => {
      if (op.font !== lastFont) useFont(op.font);
      for (let r = unknownRow(op, 0, first); r < op.count; r = unknownRow(op, r + 1, first)) {
        const run = rowRun(op, r);
        if (!record(run)) continue;
        let runs = rowsRecorded.get(op);
        if (!runs) {
          runs = new Array(op.count);
          rowsRecorded.set(op, runs);
        }
        runs[r] = run;
      }
    };
    for (const page of ir.pages) {
      walkOps(page.ops, visit);
      // Form fields: their appearances and kept glyphs, their /DA fonts (passes/layout/forms.ts).
      for (const w of page.widgets ?? []) {
        for (const ops of widgetOps(w)) walkOps(ops, visit);
        if (!w.da) continue;
        drawnWith.add(w.da.font);
        // An editable field's font is embedded whole, so a reader regenerating its appearance has
        // every glyph for what is typed later — unless its declaration keeps chosen characters.
        const f = w.field;
        const editable = !f.readOnly && (f.type === 'text_field' || (f.type === 'choice_field' && f.editable));
        if (editable && ir.fonts.get(w.da.font)?.keep?.kind !== 'characters') objOf.get(w.da.font)!.keepAll = true;
      }
    }
    // Declared drawings and tiling cells are written whether placed or not (spec: remark texts): their
    // glyphs join their fonts' subsets and their pictures count as drawn, each font and picture once.
    const forms = ir.doc.laidForms;
    for (const ops of [...(forms?.drawings.values() ?? []), ...(forms?.tilings.values() ?? [])]) walkOps(ops, visit);
    // Every run is recorded: the tables go back to the pool (a refusal above just leaves them to the collector).
    for (const f of firstText.values()) f.release();
    // keep: {characters}: their glyphs go into the subset too, extracting as themselves.
    for (const res of ir.fonts.values()) {
      if (res.keep?.kind !== 'characters') continue;
      const obj = objOf.get(res.name)!;
      const face = obj.face;
      if (!(face instanceof Face)) continue;
      guarded(obj.origin, () => {
        for (const ch of res.keep!.kind === 'characters' ? res.keep!.characters : '') {
          const gid = face.glyphOf(ch.codePointAt(0)!);
          if (gid && !obj.used.has(gid)) obj.used.set(gid, ch);
        }
      });
    }
    for (const obj of byProgram.values()) guarded(obj.origin, () => mapContinuations(obj));
    const remap = assignCffCids(byProgram.values());
    const remaps: Remaps = { remap, fontRes, spanned, recoded, rowsRecorded };
    const remapOps = (ops: DrawOp[]) => remapList(ops, remaps);
    const doc =
      (remap.size || spanned.size || recoded.size) && forms
        ? {
            ...ir.doc,
            laidForms: {
              ...forms,
              drawings: new Map([...forms.drawings].map(([n, ops]) => [n, remapOps(ops)])),
              tilings: new Map([...forms.tilings].map(([n, ops]) => [n, remapOps(ops)])),
            },
          }
        : ir.doc;
    const pages =
      remap.size || spanned.size || recoded.size
        ? ir.pages.map((page) => ({
            ...page,
            ops: remapOps(page.ops),
            ...(page.widgets
              ? {
                  widgets: page.widgets.map((w) => remapWidget(w, (op) => remapOp(op, remaps))),
                }
              : {}),
          }))
        : ir.pages;

    // A font another is built on counts as drawn when that one is (a variant's font, a chain's members…).
    let grew = true;
    while (grew) {
      grew = false;
      for (const res of ir.fonts.values()) {
        const based = res.basedOn ?? [];
        if (res.face.kind === 'chain') {
          if (!drawnWith.has(res.name) && based.some((n) => drawnWith.has(n))) {
            drawnWith.add(res.name);
            grew = true;
          }
        } else if (drawnWith.has(res.name)) {
          for (const n of based)
            if (!drawnWith.has(n)) {
              drawnWith.add(n);
              grew = true;
            }
        }
      }
    }
    const forbidden = new Map(fontsForbiddingEmbedding(ir.fonts).map((f) => [f.name, f]));
    for (const res of ir.fonts.values()) {
      if (!drawnWith.has(res.name) && !res.implicit)
        ctx.remarks.push(remark('unusedResource', res.at, { kind: 'font', name: res.name }));
      const f = forbidden.get(res.name);
      if (f) ctx.remarks.push(remark('fontEmbeddingPermission', res.at, { face: f.ownName, font: res.name }));
    }
    // A declared picture no page draws is never written (spec "images"), only remarked on.
    for (const decl of ir.doc.images?.values() ?? []) {
      if (!imagesDrawn.has(decl.name))
        ctx.remarks.push(remark('unusedResource', decl.at, { kind: 'image', name: decl.name }));
    }
    graphicsRemarks(ir, ctx);
    return { stage: 'deduped', doc, fonts: [...byProgram.values()], fontRes, pages };
  },
};

/**
 * The first row from `r` on with a glyph not drawn for its entry's one unit before, or in the
 * Private Use Area (`op.count` when none): a row of none adds no code, entry or span (aliasCodes,
 * recordRun). Not a closure: the same function every render, so its optimised code holds.
 */
function unknownRow(op: GlyphRowsOp, r: number, first: FirstText): number {
  const glyphs = op.glyphs,
    text = op.text,
    start = op.start;
  const unit = first.unit,
    privateUse = first.privateUse;
  for (; r < op.count; r++)
    for (let i = start[r], e = start[r + 1]; i < e; i++) {
      const g = glyphs[i];
      if (unit[g] !== text.charCodeAt(i) + 1 || privateUse[g] === 1) return r;
    }
  return r;
}

/** Fonts written as a TrueType CIDFont, whose CIDToGIDMap lets two codes draw one glyph. */
function aliasing(obj: FontObject): boolean {
  return obj.face instanceof Face && obj.face.outlines === 'truetype' && obj.codeBytes === 2;
}

/**
 * The codes of a run in a TrueType CIDFont: each glyph's share of its cluster's text (dealtTexts);
 * the first text a glyph is drawn for is its own code's ToUnicode entry, and any other text it is
 * drawn for gets a further code (from the face's glyph count up), mapped to the same glyph by the
 * CIDToGIDMap and to that text by ToUnicode. Undefined when every glyph keeps its own code. Past the
 * 65 536 codes two bytes hold, the glyph keeps its first code (and its first text).
 */
function aliasCodes(
  op: GlyphRunOp,
  obj: FontObject,
  first: FirstText,
  kept: number[],
  drawn: { privateUse: boolean },
): Uint16Array | undefined {
  const texts = dealtTexts(op);
  // Whether the run draws Private Use Area text: from each glyph's entry where its text here is that
  // entry's (FirstText asked once per glyph), else from the text; a run whose clusters were dealt
  // out asks its own text (drawsPrivateUse).
  const plain = texts === op.text;
  let pua = plain ? false : drawsPrivateUse(op);
  let codes: Uint16Array | undefined;
  const units = typeof texts === 'string' ? texts : undefined;
  const glyphs = op.glyphs;
  const unit = first.unit;
  const privateUse = first.privateUse;
  for (let i = 0; i < glyphs.length; i++) {
    const g = glyphs[i];
    // drawn for its entry's text again (as `had === t` below), told by code for a string
    // (FirstText.unit holds the one unit of each one-unit entry)
    if (units !== undefined && unit[g] === units.charCodeAt(i) + 1) {
      if (plain && privateUse[g] === 1) pua = true;
      continue;
    }
    const had = first.get(g);
    const t = texts[i];
    if (had === undefined) {
      first.set(g, t);
      obj.used.set(g, t);
      if (plain && first.privateUse[g] === 1) pua = true;
      continue;
    }
    // A glyph with no text of its own here (a zero-width joining piece) keeps its code: a second code
    // with no ToUnicode entry would read as a gap.
    if (had === t) {
      if (plain && first.privateUse[g] === 1) pua = true;
      continue;
    }
    if (plain && !pua && hasPrivateUse(t)) pua = true;
    if (t === '') {
      kept.push(i);
      continue;
    }
    obj.aliases ??= { byKey: new Map(), gidOf: new Map(), next: (obj.face as Face).font.numGlyphs };
    const al = obj.aliases;
    const key = `${g}\u0000${t}`;
    let code = al.byKey.get(key);
    if (code === undefined) {
      if (al.next > 0xffff) continue;
      code = al.next++;
      al.byKey.set(key, code);
      al.gidOf.set(code, g);
      obj.used.set(code, t);
    }
    codes ??= Uint16Array.from(op.glyphs);
    codes[i] = code;
  }
  drawn.privateUse = pua;
  return codes;
}

/**
 * A glyph drawn only as the continuation of a cluster (text '') would have no ToUnicode entry, which
 * PDF/A level U forbids (ISO 19005-2 6.2.11.7.2) and readers fill with junk; it gets the character
 * the font's own cmap gives it, if any. Where it is drawn, /ActualText spans give the cluster's real
 * text (./actual-text.ts), so this entry only stands for the glyph itself.
 */
function mapContinuations(obj: FontObject): void {
  const face = obj.face;
  if (!(face instanceof Face)) return;
  const bare = [...obj.used].filter(([, t]) => t === '').map(([g]) => g);
  if (!bare.length) return;
  // Read from the file with bounded loops: fontkit's characterSet lists every code point of every
  // range, and a damaged range end makes it grow an array until the process dies (issue 16).
  for (const [g, cps] of cmapCharacters(face.bytes, bare)) obj.used.set(g, String.fromCodePoint(minOf(cps)));
}

/** CFF objects: CID i is the i-th glyph kept in glyph-id order (.notdef first); `used` rekeyed by CID. */
function assignCffCids(objects: Iterable<FontObject>): Map<string, Map<number, number>> {
  const remap = new Map<string, Map<number, number>>();
  for (const obj of objects) {
    const face = obj.face;
    if (!(face instanceof Face) || face.outlines !== 'cff') continue;
    const gids = obj.keepAll
      ? Array.from({ length: face.font.numGlyphs }, (_, i) => i)
      : [...new Set([0, ...obj.used.keys()])].sort((a, b) => a - b);
    const cidOf = new Map(gids.map((g, cid) => [g, cid]));
    obj.cidToGid = gids;
    obj.used = new Map([...obj.used].map(([g, t]) => [cidOf.get(g)!, t]));
    remap.set(obj.resName, cidOf);
  }
  return remap;
}

/** What remapOp changes runs by: CFF CIDs by resource, and the spans, codes and recorded rows dedupe found. */
interface Remaps {
  remap: Map<string, Map<number, number>>;
  fontRes: Map<string, string>;
  spanned: Map<GlyphRunOp, ActualSpan[]>;
  recoded: Map<GlyphRunOp, Uint16Array>;
  rowsRecorded: Map<GlyphRowsOp, (GlyphRunOp | undefined)[]>;
}

/**
 * `ops` remapped (remapOp); a table part's rows op that needs a change (CIDs, or a row's code or
 * span) becomes its rows' runs, each remapped as a run of its own would be.
 */
function remapList(ops: DrawOp[], m: Remaps): DrawOp[] {
  const out: DrawOp[] = [];
  for (const op of ops) {
    if (op.op !== 'rows') {
      out.push(remapOp(op, m));
      continue;
    }
    const recorded = m.rowsRecorded.get(op);
    if (!recorded && !m.remap.get(m.fontRes.get(op.font)!)) {
      out.push(op);
      continue;
    }
    for (let r = 0; r < op.count; r++) out.push(remapOp(recorded?.[r] ?? rowRun(op, r), m));
  }
  return out;
}

/** An op with CFF glyph runs renumbered to CIDs and runs that need /ActualText given their spans. */
function remapOp(op: DrawOp, m: Remaps): DrawOp {
  // Glyph runs inside an item's scope (matrix, graphics state, layer, clip) are remapped too.
  if (op.op === 'scope' || op.op === 'marked') return { ...op, ops: remapList(op.ops, m) };
  if (op.op !== 'glyphs') return op;
  const cidOf = m.remap.get(m.fontRes.get(op.font)!);
  const spans = m.spanned.get(op);
  const codes = m.recoded.get(op);
  if (!cidOf && !spans && !codes) return op;
  return {
    ...op,
    ...(cidOf ? { glyphs: op.glyphs.map((g) => cidOf.get(g)!) } : {}),
    ...(codes ? { glyphs: codes } : {}),
    ...(spans ? { spans } : {}),
  };
}

function originOf(face: TextFont): FontOrigin | undefined {
  if (face instanceof StyledFont || face instanceof SimpleFace) return face.origin;
  return undefined;
}
