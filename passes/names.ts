// passes/names.ts — pass 1 of 7: name resolution. Every name an item calls for is found among the
// declarations of every font kind (spec Conventions, "Names": a resource is found by its name
// wherever it is declared), a name declared twice is refused, and each declared font's bytes
// (inline or a supplied part) are loaded once into a Face. ReadIr → ResolvedIr.
import type { JsonPointer } from '../ir/pointer.js';
import type { FontResource, ReadIr, ResolvedIr, ResolvedItem, StandardFontDecl } from '../ir/types.js';
import { loadFace } from './fonts/face.js';
import { resolveGraphics } from './names-graphics.js';
import { refuse, type Pass, type PassContext } from './pass.js';

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
    const fonts = new Map<string, FontResource>();
    for (const decl of ir.fonts) {
      claim(decl.name, decl.at);
      let bytes: Uint8Array;
      if (decl.source.kind === 'part') {
        const part = ctx.parts.get(decl.source.part);
        if (!part) refuse('partMissing', decl.source.at, decl.source.part, decl.source.at);
        bytes = part;
      } else {
        bytes = decl.source.bytes;
      }
      const loaded = loadFace(bytes);
      if (!loaded.ok) refuse('fontUnreadable', decl.source.at, decl.name, decl.at, loaded.detail);
      if (loaded.face.outlines === 'cff') refuse('fontKindUnsupported', decl.source.at, decl.name, decl.at, 'CFF');
      fonts.set(decl.name, { name: decl.name, at: decl.at, face: loaded.face });
    }
    const standard = new Map<string, StandardFontDecl>();
    for (const decl of ir.standardFonts) {
      claim(decl.name, decl.at);
      standard.set(decl.name, decl);
    }
    const items: ResolvedItem[] = ir.items.map((item) => {
      if (item.type !== 'text') return item;
      const fontRes = fonts.get(item.font.name);
      if (fontRes) return { ...item, fontRes };
      const std = standard.get(item.font.name);
      if (std) return { ...item, standard: std };
      refuse('fontUndeclared', item.font.at, item.font.name, item.font.at);
    });
    resolveGraphics(ir.doc, ir.items, ctx);
    return { stage: 'resolved', doc: ir.doc, page: ir.page, fonts, items };
  },
};
