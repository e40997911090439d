// passes/emit/document/unicode-level.ts — emit sub-step, first: under a claim of level U (pdfa2u, pdfa3u) every
// glyph drawn must map to Unicode (ISO 19005-2/-3 6.2.11.7.2). The ToUnicode CMap gives each glyph
// the text it was shaped from; a glyph that only continues a cluster (one character drawn as several
// glyphs) has none of its own, so such text is refused under those claims rather than written
// with an unmapped code. Runs on the laid-out glyph runs, the first place the facts exist.

import { walkOps } from '../../../ir/draw-ops.js';
import { refuse } from '../../../ir/messages.js';
import type { DedupedIr } from '../../../ir/types.js';

export function checkUnicodeLevel(ir: DedupedIr): void {
  const archive = ir.doc.standards?.archive;
  if (!archive || (archive.level.conformance !== 'U' && archive.level.conformance !== 'A')) return;
  const mapped = new Map<string, Set<number>>();
  for (const f of ir.fonts) {
    const s = new Set<number>();
    for (const [g, t] of f.used) if (t.length) s.add(g);
    for (const n of f.names) mapped.set(n, s);
  }
  // Pages, then declared drawings and tiling cells (written once, wherever they are placed).
  const forms = ir.doc.laidForms;
  const streams = [
    ...ir.pages.map((page) => ({ ops: page.ops, where: `on page ${page.number}` })),
    ...[...(forms?.drawings ?? [])].map(([name, ops]) => ({ ops, where: `in the drawing "${name}"` })),
    ...[...(forms?.tilings ?? [])].map(([name, ops]) => ({ ops, where: `in the tiling "${name}"` })),
  ];
  for (const { ops, where } of streams) {
    walkOps(ops, (op) => {
      if (op.op !== 'glyphs') return;
      const ok = mapped.get(op.font);
      for (let i = 0; i < op.glyphs.length; i++) {
        if (op.text[i] === '' && !ok?.has(op.glyphs[i])) {
          refuse('archiveSetsAside', archive.at, {
            key: archive.at,
            claim: archive.level.claim,
            what: `the text at ${op.at} ${where}`,
            reason: `PDF/A level U maps every glyph to Unicode, and glyph ${op.glyphs[i]} of "${op.font}" only continues a cluster`,
          });
        }
      }
    });
  }
}
