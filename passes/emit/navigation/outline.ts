// passes/emit/navigation/outline.ts — emit sub-step: the document outline (ISO 32000-1 §12.3.3). One outline
// item per bookmark, siblings chained by /Prev and /Next under /Parent with /First and /Last, each
// /Count the visible descendants (negative when the entry starts closed), title as a text string,
// /C and /F (bit 1 italic, bit 2 bold) only when set.
import type { PDFRef } from 'pdf-lib';
import type { Bookmark } from '../../../ir/navigation-types.js';
import { round, type TargetContext, targetEntries, textString } from './destinations.js';

/** Descendants shown when every open entry among them is open: what /Count counts. */
function visible(b: Bookmark): number {
  return b.open ? b.children.reduce((n, c) => n + 1 + visible(c), 0) : 0;
}
function descendantsIfOpen(b: Bookmark): number {
  return b.children.reduce((n, c) => n + 1 + visible(c), 0);
}

/** Writes the outline; returns the /Outlines dictionary, or undefined when there are no bookmarks. */
export function emitOutline(tc: TargetContext, bookmarks: readonly Bookmark[]): PDFRef | undefined {
  if (bookmarks.length === 0) return undefined;
  const { context } = tc;
  const root = context.nextRef();
  const writeLevel = (list: readonly Bookmark[], parent: PDFRef): PDFRef[] => {
    const refs = list.map(() => context.nextRef());
    list.forEach((b, i) => {
      const d: Record<string, unknown> = { Title: textString(b.title), Parent: parent };
      if (i > 0) d.Prev = refs[i - 1];
      if (i < list.length - 1) d.Next = refs[i + 1];
      if (b.children.length) {
        const kids = writeLevel(b.children, refs[i]);
        d.First = kids[0];
        d.Last = kids[kids.length - 1];
        d.Count = b.open ? descendantsIfOpen(b) : -descendantsIfOpen(b);
      }
      if (b.target) Object.assign(d, targetEntries(tc, b.target));
      if (b.color) d.C = b.color.map(round);
      const flags = (b.italic ? 1 : 0) | (b.bold ? 2 : 0);
      if (flags) d.F = flags;
      context.assign(refs[i], context.obj(d as never));
    });
    return refs;
  };
  const top = writeLevel(bookmarks, root);
  const count = bookmarks.reduce((n, b) => n + 1 + visible(b), 0);
  context.assign(
    root,
    context.obj({ Type: 'Outlines', First: top[0], Last: top[top.length - 1], Count: count } as never),
  );
  return root;
}
