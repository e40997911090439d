// passes/names/names.ts — pass 1 of 7: name resolution. Every name an item calls for is found among the
// declarations of every font kind (spec Conventions, "Names": a resource is found by its name
// wherever it is declared), a name declared twice is refused, and each declared font is built once:
// files (inline, a supplied part, or the service's library) loaded into faces, standard and Type 3
// fonts built, simple fonts, variants and chains built over the fonts they name; every declared or
// drawn picture is read once from its part with its `images` declaration applied (engines/images/).
// ReadIr → ResolvedIr.
import type { FontSource } from '../../ir/font-types.js';
import type { JsonPointer } from '../../ir/pointer.js';
import type { CodeTextSpec, FontResource, ReadIr, ResolvedIr, ResolvedItem, ResolvedTableItem, TableItem } from '../../ir/types.js';
import { FontChain } from '../../engines/fonts/chain.js';
import { Face, loadFace, type FeatureSet } from '../../engines/fonts/face.js';
import { DEFAULT_CODE_FACE, LIBRARY_FACES, libraryFile } from '../../engines/fonts/library.js';
import { SimpleFace, SIMPLE_MAX_CODES } from '../../engines/fonts/simple-face.js';
import { StandardFace, standardFace } from '../../engines/fonts/standard-face.js';
import { StyledFont } from '../../engines/fonts/styled-font.js';
import { loadType1 } from '../../engines/fonts/type1-face.js';
import { guarded } from '../../engines/fonts/styled-font.js';
import { Type3Face, TYPE3_MAX_GLYPHS } from '../../engines/fonts/type3-face.js';

import { partSource, resolveImageItem, resolveImages } from './images.js';
import { resolveImage } from '../../engines/images/resource.js';
import { checkFieldNames, resolveFieldFonts } from './forms.js';
import { checkDestinationNames } from './navigation.js';
import { resolveGraphics } from './graphics.js';
import { type Pass, type PassContext } from '../pass.js';
import { DEFAULT_UNPACK_LIMIT } from '../../engines/supplied/guard.js';
import { SuppliedPdfs } from './supplied.js';
import { refuse } from '../../ir/messages.js';
import type { ImageResource } from '../../ir/image-resource.js';
import { cffTablesOf } from '../../engines/fonts/cff-tables.js';

/** font_variants switches → OpenType feature tags (ISO/IEC 14496-22 feature registry). */
const VARIANT_FEATURES: Record<string, string[]> = {
  ligatures: ['liga', 'clig'],
  small_caps: ['smcp'],
  oldstyle_figures: ['onum'],
  kerning: ['kern'],
};

/** The bytes a font source names; refused when the part was not sent or the library holds no such face. */
function sourceBytes(src: FontSource, ctx: PassContext): Uint8Array {
  if (src.kind === 'data') return src.bytes;
  if (src.kind === 'part') {
    const part = ctx.parts.get(src.part);
    if (!part) refuse('partMissing', src.at, src.part, src.at);
    return part;
  }
  const bytes = libraryFile(src.face);
  if (!bytes) refuse('libraryFaceUnknown', src.at, src.face, src.at, Object.keys(LIBRARY_FACES).join(', '));
  return bytes;
}

function showChar(s: string): string {
  return JSON.stringify(s);
}

export const names: Pass<ReadIr, ResolvedIr> = {
  id: 'names',
  run(ir: ReadIr, ctx: PassContext): ResolvedIr {
    // One namespace for every font kind: the same name under `fonts` and `standard_fonts` is refused.
    const declaredAt = new Map<string, JsonPointer>();
    const claim = (name: string, p: JsonPointer) => {
      const earlier = declaredAt.get(name);
      if (earlier !== undefined) refuse('nameDeclaredTwice', `${p}/name`, name, `${p}/name`, `${earlier}/name`);
      declaredAt.set(name, p);
    };
    for (const list of [ir.fonts, ir.standardFonts, ir.type1Fonts, ir.type3Fonts, ir.simpleFonts, ir.fontVariants, ir.fontChains]) {
      for (const decl of list) claim(decl.name, decl.at);
    }
    const fonts = new Map<string, FontResource>();

    for (const decl of ir.fonts) {
      const loaded = loadFace(sourceBytes(decl.source, ctx));
      if (!loaded.ok) refuse('fontUnreadable', decl.source.at, decl.name, decl.at, loaded.detail);
      if (loaded.face.outlines === 'cff2') refuse('fontKindUnsupported', decl.source.at, decl.name, decl.at, 'CFF2 (variable)');
      if (decl.missing.kind === 'replace' && !loaded.face.covers(decl.missing.with.codePointAt(0)!)) {
        refuse('replacementMissing', decl.missing.at, showChar(decl.missing.with), decl.missing.at, decl.name);
      }
      // Always wrapped: the wrapper applies the missing rule and turns a glyph that breaks in use into a 400 naming this declaration.
      const face = new StyledFont(loaded.face, undefined, decl.missing, { name: decl.name, at: decl.at, sourceAt: decl.source.at });
      fonts.set(decl.name, { name: decl.name, at: decl.at, face, keep: decl.keep });
    }
    for (const decl of ir.standardFonts) {
      fonts.set(decl.name, { name: decl.name, at: decl.at, face: standardFace(decl.face) });
    }
    for (const decl of ir.type1Fonts) {
      const afm = decl.afm ? sourceBytes(decl.afm, ctx) : undefined;
      const loaded = loadType1(sourceBytes(decl.source, ctx), afm);
      if (!loaded.ok) {
        if (loaded.inAfm) refuse('afmUnreadable', decl.afm!.at, decl.afm!.at, loaded.detail);
        refuse('type1Unreadable', decl.source.at, decl.name, decl.at, loaded.detail);
      }
      fonts.set(decl.name, { name: decl.name, at: decl.at, face: loaded.face });
    }
    for (const decl of ir.type3Fonts) {
      if (decl.glyphs.length > TYPE3_MAX_GLYPHS) refuse('type3TooManyGlyphs', `${decl.at}/glyphs`, decl.name, decl.at, decl.glyphs.length, TYPE3_MAX_GLYPHS);
      const seen = new Map<string, JsonPointer>();
      for (const g of decl.glyphs) {
        const earlier = seen.get(g.character);
        if (earlier) refuse('type3CharacterTwice', `${g.at}/character`, showChar(g.character), earlier, g.at);
        seen.set(g.character, g.at);
      }
      fonts.set(decl.name, { name: decl.name, at: decl.at, face: new Type3Face(decl) });
    }
    // Declarations built over other fonts: each names a font of the kinds above.
    const leaf = (name: string, at: JsonPointer, key: string, wanted: string): FontResource => {
      const res = fonts.get(name);
      if (!res) {
        if (declaredAt.has(name)) refuse('fontRefKind', at, name, at, `declared at ${declaredAt.get(name)}`, key, wanted);
        refuse('fontUndeclared', at, name, at);
      }
      return res;
    };
    for (const decl of ir.simpleFonts) {
      const base = leaf(decl.font.name, decl.font.at, 'simple_fonts', 'a font declared under fonts');
      const face = base.face instanceof StyledFont ? base.face.base : base.face;
      if (!(face instanceof Face)) refuse('fontRefKind', decl.font.at, decl.font.name, decl.font.at, `a ${face.kind} font`, 'simple_fonts', 'a font declared under fonts');
      // CFF outlines are written as a name-keyed Type1C program: glyphs are chosen by name, which a CID-keyed CFF lacks.
      if (face.outlines === 'cff' && cffIsCidKeyed(face, base)) refuse('fontKindUnsupported', decl.at, decl.name, decl.at, 'CID-keyed CFF');
      const chars = new Set(decl.text);
      if (chars.size > SIMPLE_MAX_CODES) refuse('simpleFontTooManyCharacters', `${decl.at}/text`, `${decl.at}/text`, chars.size, SIMPLE_MAX_CODES);
      const simple = new SimpleFace(face, decl.text, base.face instanceof StyledFont ? base.face.origin : undefined);
      fonts.set(decl.name, { name: decl.name, at: decl.at, face: simple, basedOn: [base.name] });
    }
    for (const decl of ir.fontVariants) {
      const base = leaf(decl.font.name, decl.font.at, 'font_variants', 'a font declared under fonts or standard_fonts');
      const b = base.face instanceof StyledFont ? base.face.base : base.face;
      if (!(b instanceof Face) && !(b instanceof StandardFace)) refuse('fontRefKind', decl.font.at, decl.font.name, decl.font.at, `a ${b.kind} font`, 'font_variants', 'a font declared under fonts or standard_fonts');
      const features: Record<string, boolean> = {};
      for (const [k, on] of Object.entries(decl.switches)) {
        for (const tag of VARIANT_FEATURES[k]) {
          const has = b instanceof Face ? b.features.has(tag) : tag === 'kern';
          // Switching a feature off that the font lacks changes nothing; switching one on that it lacks is refused.
          if (on && !has && (tag !== 'clig' || k !== 'ligatures')) refuse('variantFeatureMissing', `${decl.at}/${k}`, decl.font.name, tag, `${decl.at}/${k}`);
          features[tag] = on;
        }
      }
      const missing = base.face instanceof StyledFont ? base.face.missing : { kind: 'refuse' as const };
      const origin = base.face instanceof StyledFont ? base.face.origin : undefined;
      const face = new StyledFont(b, features as FeatureSet, missing, origin);
      fonts.set(decl.name, { name: decl.name, at: decl.at, face, keep: base.keep, basedOn: [base.name] });
    }
    for (const decl of ir.fontChains) {
      const members = decl.fonts.map((ref) => {
        const m = fonts.get(ref.name);
        if (!m || m.face instanceof FontChain) {
          if (declaredAt.has(ref.name)) refuse('fontRefKind', ref.at, ref.name, ref.at, 'a font chain', 'font_chains', 'fonts of the other kinds');
          refuse('fontUndeclared', ref.at, ref.name, ref.at);
        }
        return m;
      });
      if (decl.missing.kind === 'replace' && !members.some((m) => m.face.covers(decl.missing.kind === 'replace' ? decl.missing.with.codePointAt(0)! : 0))) {
        refuse('replacementMissing', decl.missing.at, showChar(decl.missing.with), decl.missing.at, decl.name);
      }
      fonts.set(decl.name, { name: decl.name, at: decl.at, face: new FontChain(members, decl.missing), basedOn: members.map((m) => m.name) });
    }
    // Form fields: full names unique and not both a value and a parent; fonts found (passes/names/forms.ts).
    checkFieldNames(ir.items);
    resolveFieldFonts(ir.items, fonts);
    // Pictures: every declared or drawn part read once, its declaration applied (engines/images/).
    const images = resolveImages(ir, ctx);
    const supplied = new SuppliedPdfs(ctx, ir.doc.unpackLimit ?? DEFAULT_UNPACK_LIMIT);
    const templateSource = ir.doc.templates ? supplied.template(ir.doc.templates) : undefined;
    // Human-readable code text names a font, or is set in the library's DEFAULT_CODE_FACE, built once
    // under a name no declaration holds.
    let codeFace: FontResource | undefined;
    const codeTextFont = (text: CodeTextSpec): FontResource => {
      if (text.font) {
        const res = fonts.get(text.font.name);
        if (!res) refuse('fontUndeclared', text.font.at, text.font.name, text.font.at);
        return res;
      }
      if (!codeFace) {
        let name = `${DEFAULT_CODE_FACE} (code text)`;
        while (declaredAt.has(name)) name += "'";
        const loaded = loadFace(sourceBytes({ kind: 'library', at: text.at, face: DEFAULT_CODE_FACE }, ctx));
        if (!loaded.ok) refuse('fontUnreadable', text.at, name, text.at, loaded.detail);
        codeFace = { name, at: text.at, face: new StyledFont(loaded.face, undefined, { kind: 'refuse' }, { name, at: text.at, sourceAt: text.at }) };
        fonts.set(name, codeFace);
      }
      return codeFace;
    };
    const items: ResolvedItem[] = ir.items.map((item) => {
      if ((item.type === 'code128' || item.type === 'ean13') && item.text) return { ...item, text: { ...item.text, fontRes: codeTextFont(item.text) } };
      if (item.type === 'image') return resolveImageItem(item, images);
      if (item.type === 'table') return resolveTableCells(resolveTableFonts(item, fonts), ir.doc, images, ctx);
      if (item.type === 'imported_page') return { ...item, source: supplied.page(item.part, item.page, item.pageAt) };
      if (item.type !== 'text' && item.type !== 'flow' && item.type !== 'text_path') return item;
      // A styled run may name its own font: found the same way as the block's.
      if (item.type === 'text' || item.type === 'text_path') {
        for (const run of item.runs) {
          const f = run.style?.font;
          if (!f) continue;
          const res = fonts.get(f.name);
          if (!res) refuse('fontUndeclared', f.at, f.name, f.at);
          run.style!.fontRes = res;
        }
      }
      const fontRes = fonts.get(item.font.name);
      if (!fontRes) refuse('fontUndeclared', item.font.at, item.font.name, item.font.at);
      // The read item becomes the resolved one in place: copying an object of thirty keys per text
      // item was most of this pass's time on 10 000 items (bench/validate.ts); nothing reads it as read.
      return Object.assign(item, { fontRes }) as ResolvedItem;
    });
    checkDestinationNames(ir.doc, ir.items);
    // Type 3 glyphs' shapes name graphics declarations as page items do.
    resolveGraphics(ir.doc, [...ir.items, ...ir.type3Fonts.flatMap((d) => d.glyphs.flatMap((g) => g.items))], ctx);
    return { stage: 'resolved', doc: templateSource ? { ...ir.doc, templateSource } : ir.doc, page: ir.page, fonts, items };
  },
};

/** A table's picture and drawing cells: each picture read once (as an image item's), each drawing found among the declarations. */
function resolveTableCells(item: ResolvedTableItem, doc: ReadIr['doc'], images: Map<string, ImageResource>, ctx: PassContext): ResolvedTableItem {
  for (const row of item.rows) {
    for (const cell of row.cells) {
      const c = cell.content;
      if (c.kind === 'drawing' && !doc.graphics?.drawings.has(c.name)) refuse('graphicsUndeclared', c.at, 'drawing', c.name, c.at);
      if (c.kind !== 'image') continue;
      let res = images.get(c.name);
      if (!res) { res = resolveImage(partSource(ctx), c.name, undefined, c.at); images.set(c.name, res); }
      c.res = res;
    }
  }
  return item;
}

/** Every font a table's text cells name, found among the declarations; the first standard font is kept for the licence pass. */
function resolveTableFonts(item: TableItem, fonts: Map<string, FontResource>): ResolvedTableItem {
  const fontRes = new Map<string, FontResource>();
  for (const row of item.rows) {
    for (const cell of row.cells) {
      if (cell.content.kind !== 'text' && cell.content.kind !== 'flow') continue;
      // A styled run may name its own font (as in a text item): found the same way, kept beside the cells' fonts.
      if (cell.content.kind === 'text') {
        for (const run of cell.content.runs) {
          const f = run.style?.font;
          if (!f) continue;
          const res = fonts.get(f.name);
          if (!res) refuse('fontUndeclared', f.at, f.name, f.at);
          run.style!.fontRes = res;
          fontRes.set(f.name, res);
        }
      }
      const { name, at } = cell.style.font;
      if (fontRes.has(name)) continue;
      const res = fonts.get(name);
      if (!res) refuse('fontUndeclared', at, name, at);
      fontRes.set(name, res);
    }
  }
  return { ...item, fontRes };
}

/** Whether the CFF table of a face is CID-keyed; a table that cannot be followed is refused as an unreadable font, naming its declaration. */
function cffIsCidKeyed(face: Face, base: FontResource): boolean {
  const origin = base.face instanceof StyledFont ? base.face.origin : undefined;
  return guarded(origin, () => cffTablesOf(face).cidKeyed);
}
