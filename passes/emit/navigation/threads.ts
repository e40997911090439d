// passes/emit/navigation/threads.ts — emit sub-step: article threads (ISO 32000-1 §12.4.3). One thread
// dictionary per article with its information dictionary (/I) and first bead (/F); the beads form a
// circular list (/N next, /V previous, the last leading back to the first), each naming its thread
// (/T), its page (/P) and its rectangle (/R). Each page lists the beads on it in its /B array, in
// thread order then bead order.
import type { PDFRef } from 'pdf-lib';
import type { Article } from '../../../ir/navigation-types.js';
import { round, type TargetContext, textString } from './destinations.js';

const INFO_KEYS = {
  title: 'Title',
  author: 'Author',
  subject: 'Subject',
  keywords: 'Keywords',
  creator: 'Creator',
} as const;

export interface Threads {
  /** The catalog's /Threads array. */
  threads: PDFRef[];
  /** Physical page number → the beads on it, for the page's /B. */
  beadsByPage: Map<number, PDFRef[]>;
  /** Each article's thread and beads, in request order (thread actions aim at them). */
  byArticle: { thread: PDFRef; beads: PDFRef[] }[];
}

export function emitThreads(tc: TargetContext, articles: readonly Article[]): Threads {
  const { context } = tc;
  const out: Threads = { threads: [], beadsByPage: new Map(), byArticle: [] };
  for (const a of articles) {
    const thread = context.nextRef();
    const beads = a.beads.map(() => context.nextRef());
    a.beads.forEach((b, i) => {
      const place = tc.places.get(b.page.at)!;
      const box = place.box!;
      context.assign(
        beads[i],
        context.obj({
          Type: 'Bead',
          T: thread,
          N: beads[(i + 1) % beads.length],
          V: beads[(i - 1 + beads.length) % beads.length],
          P: tc.pageRefs[place.page - 1],
          R: [box.llx, box.lly, box.urx, box.ury].map(round),
        } as never),
      );
      const list = out.beadsByPage.get(place.page) ?? [];
      list.push(beads[i]);
      out.beadsByPage.set(place.page, list);
    });
    const info: Record<string, unknown> = {};
    for (const [key, pdfKey] of Object.entries(INFO_KEYS)) {
      const v = a.info[key as keyof typeof INFO_KEYS];
      if (v !== undefined) info[pdfKey] = textString(v);
    }
    context.assign(thread, context.obj({ Type: 'Thread', F: beads[0], I: info } as never));
    out.threads.push(thread);
    out.byArticle.push({ thread, beads });
  }
  return out;
}
