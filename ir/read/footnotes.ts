// ir/read/footnotes.ts — reading, a story paragraph's runs (issue 23, docs/reference.md "flow",
// footnotes): a `{footnote}` run becomes a TextRun whose `footnote` holds the note's runs (a string is
// one run in the footnote style); its own text, the mark, is numbered when the story is laid
// (engines/text/story-notes.ts). Every other run is read as a text item's (ir/read/text.ts readRun,
// which refuses a footnote anywhere else, a note's own runs included).

import type * as D from '../description.generated.js';
import { at, type JsonPointer } from '../pointer.js';
import type { TextRun } from '../types.js';
import { placeholdersIn, readRun } from './text.js';

/** A run of a story's paragraph; `finish` is what the story does to every run it prints (its placeholders). */
export function readStoryRun(raw: D.TextRun, p: JsonPointer, finish: (run: TextRun) => TextRun): TextRun {
  if (typeof raw !== 'string' && 'footnote' in raw) {
    const fp = at(p, 'footnote');
    const note = raw.footnote;
    const runs =
      typeof note === 'string'
        ? [finish({ at: fp, text: note, placeholders: placeholdersIn(note, fp) })]
        : note.map((r, k) => finish(readRun(r as D.TextRun, at(fp, k))));
    return { at: p, text: '', placeholders: false, footnote: runs };
  }
  return finish(readRun(raw, p));
}
