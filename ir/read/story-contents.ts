// ir/read/story-contents.ts — reading a story's `{contents}` block (docs/reference.md, "flow",
// Contents): its levels (default 3), leader (default ".", "" for none) and title, and — once every
// block of the story is read — one entry per heading of level ≤ levels anywhere in the story (before
// or after the block), in story order. An entry is a paragraph of the heading's text in the style
// `contents` (when `styles` has it), kept whole; the title a paragraph in `contents_title`, else `h1`,
// kept with the first entry. Neither is a heading: they are no bookmark, no entry, no Hn.

import type * as D from '../description.generated.js';
import { at, type JsonPointer } from '../pointer.js';
import type { StoryBlock, StoryContents, StoryParagraph, StoryStyle } from '../types.js';

type RawContents = Extract<Exclude<D.FlowItem['content'], string>[number], { contents: unknown }>['contents'];

export const CONTENTS_DEFAULT_LEVELS = 3;
export const CONTENTS_DEFAULT_LEADER = '.';

/** The block as read; its entries are listed by `listContents` once the whole story is read. */
export function readContents(
  raw: RawContents,
  bp: JsonPointer,
  styles: ReadonlyMap<string, StoryStyle>,
): StoryContents {
  const cp = at(bp, 'contents');
  const titleStyle = styles.has('contents_title') ? 'contents_title' : styles.has('h1') ? 'h1' : undefined;
  const title: StoryParagraph | undefined =
    raw.title === undefined
      ? undefined
      : {
          kind: 'paragraph',
          at: at(cp, 'title'),
          // A title is printed as written: braces in it are no placeholders.
          runs: [{ at: at(cp, 'title'), text: raw.title, placeholders: false }],
          style: titleStyle,
          keepTogether: true,
          keepWithNext: true,
        };
  return {
    kind: 'contents',
    at: bp,
    levels: raw.levels ?? CONTENTS_DEFAULT_LEVELS,
    leader: raw.leader ?? CONTENTS_DEFAULT_LEADER,
    title,
    entries: [],
  };
}

/** Fills every contents block's entries from the story's headings (in `{columns}` sections too). */
export function listContents(blocks: readonly StoryBlock[], styles: ReadonlyMap<string, StoryStyle>): void {
  const headings = blocks.filter(
    (b): b is StoryParagraph & { heading: number } => b.kind === 'paragraph' && !!b.heading,
  );
  const style = styles.has('contents') ? 'contents' : undefined;
  for (const c of blocks) {
    if (c.kind !== 'contents') continue;
    for (const h of headings) {
      if (h.heading > c.levels) continue;
      const eat = at(c.at, 'contents', 'entries', c.entries.length);
      c.entries.push({
        at: eat,
        heading: h,
        level: h.heading,
        paragraph: {
          kind: 'paragraph',
          at: h.at,
          // The heading's words in the entry's style (its runs' own fonts and colours are not carried over).
          runs: h.runs.map((r) => ({ at: r.at, text: r.text, placeholders: r.placeholders })),
          style,
          keepTogether: true,
          keepWithNext: false,
        },
      });
    }
  }
}
