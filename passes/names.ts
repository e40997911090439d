// passes/names.ts — pass 1 of 7: name resolution. Every name an item calls for is found among the
// declarations of every font kind (spec Conventions, "Names": a resource is found by its name
// wherever it is declared), a name declared twice is refused, and each declared font's bytes
// (inline or a supplied part) are loaded once into a Face. ReadIr → ResolvedIr.
import type { JsonPointer } from '../ir/pointer.js';
import type { FontResource, ReadIr, ResolvedIr, ResolvedItem, ResolvedTableItem, StandardFontDecl, TableItem } from '../ir/types.js';
import { loadFace } from './fonts/face.js';
import { refuse, type Pass, type PassContext } from './pass.js';
import { DEFAULT_UNPACK_LIMIT } from './supplied/guard.js';
import { SuppliedPdfs } from './supplied/parts.js';

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
    const supplied = new SuppliedPdfs(ctx, ir.doc.unpackLimit ?? DEFAULT_UNPACK_LIMIT);
    const templateSource = ir.doc.templates ? supplied.template(ir.doc.templates) : undefined;
    const items: ResolvedItem[] = ir.items.map((item) => {
      if (item.type === 'table') return resolveTableFonts(item, fonts, standard);
      if (item.type === 'imported_page') return { ...item, source: supplied.page(item.part, item.page, item.pageAt) };
      if (item.type !== 'text') return item;
      const fontRes = fonts.get(item.font.name);
      if (fontRes) return { ...item, fontRes };
      const std = standard.get(item.font.name);
      if (std) return { ...item, standard: std };
      refuse('fontUndeclared', item.font.at, item.font.name, item.font.at);
    });
    return { stage: 'resolved', doc: templateSource ? { ...ir.doc, templateSource } : ir.doc, page: ir.page, fonts, items };
  },
};

/** Every font a table's text cells name, found among the declarations; the first standard font is kept for the licence pass. */
function resolveTableFonts(item: TableItem, fonts: Map<string, FontResource>, standard: Map<string, StandardFontDecl>): ResolvedTableItem {
  const fontRes = new Map<string, FontResource>();
  let std: ResolvedTableItem['standard'];
  for (const row of item.rows) {
    for (const cell of row.cells) {
      if (cell.content.kind !== 'text' && cell.content.kind !== 'flow') continue;
      const { name, at } = cell.style.font;
      if (fontRes.has(name)) continue;
      const res = fonts.get(name);
      if (res) { fontRes.set(name, res); continue; }
      const decl = standard.get(name);
      if (decl) { std ??= { at, decl }; continue; }
      refuse('fontUndeclared', at, name, at);
    }
  }
  return { ...item, fontRes, standard: std };
}
