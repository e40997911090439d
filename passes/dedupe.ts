// passes/dedupe.ts — pass 6 of 7: resources as they will be written. Each distinct font file becomes
// one font object however many names and pages use it, with the union of the glyphs drawn and the
// text each stands for (the ToUnicode source). Only now is it known what was never drawn with, so the
// "unused" remark is made here; the unused declaration is still written (spec: remark texts).
// LaidOutIr → DedupedIr.
import { remark } from '../ir/messages.js';
import type { DedupedIr, FontObject, LaidOutIr } from '../ir/types.js';
import { graphicsRemarks, walkOps } from './dedupe-graphics.js';
import type { Pass, PassContext } from './pass.js';

export const dedupe: Pass<LaidOutIr, DedupedIr> = {
  id: 'dedupe',
  run(ir: LaidOutIr, ctx: PassContext): DedupedIr {
    const byFace = new Map<string, FontObject>();
    const fontRes = new Map<string, string>();
    // Declaration order decides resource names, so the same request always writes the same bytes.
    for (const res of ir.fonts.values()) {
      let obj = byFace.get(res.face.key);
      if (!obj) {
        obj = { resName: `F${byFace.size + 1}`, face: res.face, names: [], used: new Map() };
        byFace.set(res.face.key, obj);
      }
      obj.names.push(res.name);
      fontRes.set(res.name, obj.resName);
    }
    const drawnWith = new Set<string>();
    for (const page of ir.pages) {
      // Glyph runs may sit inside an item's scope (matrix, graphics state, layer, clip).
      walkOps(page.ops, (op) => {
        if (op.op !== 'glyphs') return;
        drawnWith.add(op.font);
        const obj = byFace.get(ir.fonts.get(op.font)!.face.key)!;
        for (let i = 0; i < op.glyphs.length; i++) {
          // First text wins: one glyph has one ToUnicode entry (a glyph drawn for two different texts
          // keeps the first; ActualText for the rest arrives with the typesetting issue).
          if (!obj.used.has(op.glyphs[i])) obj.used.set(op.glyphs[i], op.text[i]);
        }
      });
    }
    for (const res of ir.fonts.values()) {
      if (!drawnWith.has(res.name)) ctx.remarks.push(remark('unusedResource', res.at, 'font', res.name));
      if (res.face.embeddingForbidden) ctx.remarks.push(remark('fontEmbeddingPermission', res.at, res.face.ownName, res.name));
    }
    graphicsRemarks(ir, ctx);
    return { stage: 'deduped', doc: ir.doc, fonts: [...byFace.values()], fontRes, pages: ir.pages };
  },
};
