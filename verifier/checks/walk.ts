// verifier/checks/walk.ts — one walk over what the document draws: every page's content streams and
// resources, the forms, patterns, Type 3 glyphs and annotation appearances they reach, in their own
// resource scopes. It records what is USED (colour spaces with the defaults in force, fonts with the
// text rendering modes they are shown in, graphics states, images, shadings, operators, q nesting), the
// way veraPDF reaches objects through the operators that use them. The other checks read the result.
// The sub-steps live in verifier/checks/walk/: pages.ts (page tree, pages, annotations), content.ts
// (one content stream), resources.ts (what an operator reaches), colour-spaces.ts; state.ts holds the
// walk's state, usage.ts the record's shape.
import { getDict, getName, type Loaded, PDFStream, resolve, streamData } from '../cos.js';
import { runScope } from './walk/content.js';
import { collectPages, walkPage } from './walk/pages.js';
import type { WalkState } from './walk/state.js';
import { emptyUsage, type Usage } from './walk/usage.js';

export type { ColourUse, Defaults, FontUse, ScopeUse, Usage } from './walk/usage.js';

export function walkDocument(l: Loaded): Usage {
  const w: WalkState = {
    l,
    ctx: l.context,
    u: emptyUsage(),
    seenStreams: new Set(),
    own: 0,
    blend: undefined,
    actualText: 0,
    runScope: (data, resources, chain, where, kind) => runScope(w, data, resources, chain, where, kind),
  };
  const pages = collectPages(w.ctx, l.catalog);
  w.u.pages = pages.map((p) => p.dict);
  pages.forEach((p, i) => walkPage(w, p, i + 1));
  walkType3Glyphs(w);
  return w.u;
}

/** The glyph procedures of the Type 3 fonts used, each in the font's resources. */
function walkType3Glyphs(w: WalkState): void {
  const { ctx } = w;
  for (const fu of [...w.u.fonts.values()]) {
    if (getName(ctx, fu.font, 'Subtype') !== 'Type3') continue;
    const procs = getDict(ctx, fu.font, 'CharProcs');
    const r = getDict(ctx, fu.font, 'Resources');
    for (const [, v] of procs?.entries() ?? []) {
      const s = resolve(ctx, v);
      if (s instanceof PDFStream && !w.seenStreams.has(s)) {
        w.seenStreams.add(s);
        w.runScope(streamData(w.l, s), r, [], `${fu.where}, Type 3 glyph`, 'glyph');
      }
    }
  }
}
