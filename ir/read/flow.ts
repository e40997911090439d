// ir/read/flow.ts — reading, the `flow` item → FlowItem: its paragraph keys, tabs, and a story's
// (issue 23, docs/reference.md "flow"): continuation boxes, widows and orphans, styles and blocks —
// paragraphs, breaks and tables (read by the table reader).

import type * as D from '../description.generated.js';
import { refuse } from '../messages.js';
import { pageOfRefsIn, pagePlaceholderIn, resolvePlaceholders } from '../placeholders.js';
import { at, type JsonPointer } from '../pointer.js';
import { flowItemSchema } from '../schema/flow.js';
import type {
  FlowItem,
  ItemBase,
  StoryBlock,
  StoryBreak,
  StoryParagraph,
  StorySection,
  StorySpec,
  StoryStyle,
  TableItem,
  TabsSpec,
  TextRun,
} from '../types.js';
import { lazyValidator, readColour, readRect } from './common.js';
import { readStoryRun } from './footnotes.js';
import type { ItemReader } from './items.js';
import { listContents, readContents } from './story-contents.js';
import { tableReader } from './table.js';
import { DEFAULT_TAB_FRACTION, oneCharacter, placeholdersIn, readBlockStyle } from './text.js';

function readTabs(raw: D.FlowItem['tabs'], p: JsonPointer): TabsSpec {
  const t = raw ?? {};
  const size = t.size;
  const ruler = t.ruler ?? [];
  for (let i = 1; i < ruler.length; i++)
    if (!(ruler[i] > ruler[i - 1])) refuse('rulerOrder', at(p, 'ruler'), { key: at(p, 'ruler') });
  const alignChar = t.align_char ?? '.';
  if (t.align_char !== undefined) oneCharacter(alignChar, at(p, 'align_char'));
  return {
    method: t.method ?? 'relative',
    size: size ?? { fraction: DEFAULT_TAB_FRACTION },
    ruler,
    alignments: t.alignments ?? [],
    alignChar,
  };
}

const FLOW_GIVEN_KEYS = [
  'left_indent',
  'right_indent',
  'first_line_indent',
  'hanging_list',
  'fill_leading',
  'leading',
] as const;

export const flowReader: ItemReader<'flow'> = {
  validate: lazyValidator(flowItemSchema),
  read(raw, base: ItemBase): FlowItem {
    const p = base.at;
    const style = readBlockStyle(raw, p);
    const given = new Set<string>(FLOW_GIVEN_KEYS.filter((k) => raw[k] !== undefined));
    const tabs = raw.tabs;
    if (tabs?.method !== undefined) given.add('tabs.method');
    if (tabs?.ruler !== undefined) given.add('tabs.ruler');
    const fitSize = raw.fit_size;
    if (fitSize && fitSize.floor > style.fontSize)
      refuse('fitFloorAboveSize', at(p, 'fit_size', 'floor'), {
        key: at(p, 'fit_size', 'floor'),
        floor: fitSize.floor,
        fontSize: style.fontSize,
      });
    const story = raw.continuation !== undefined || typeof raw.content !== 'string' ? readStory(raw, base) : undefined;
    const content =
      typeof raw.content === 'string'
        ? raw.content
        : story!.blocks.flatMap((b) => (b.kind === 'paragraph' ? [b.runs.map((r) => r.text).join('')] : [])).join('\n');
    return Object.assign(style, base, {
      type: 'flow' as const,
      rect: readRect(raw.rect, at(p, 'rect')),
      content,
      story,
      contentAt: at(p, 'content'),
      placeholders: !story && placeholdersIn(content, at(p, 'content')),
      lastAlign: raw.last_align,
      leftIndent: raw.left_indent ?? 0,
      rightIndent: raw.right_indent ?? 0,
      firstLineIndent: raw.first_line_indent ?? 0,
      spaceBefore: raw.space_before ?? 0,
      spaceAfter: raw.space_after ?? 0,
      firstBaseline: raw.first_baseline ?? 'leading',
      lastBaseline: raw.last_baseline ?? 'none',
      leader: raw.leader === undefined ? undefined : oneCharacter(raw.leader, at(p, 'leader')),
      tabs: readTabs(tabs, at(p, 'tabs')),
      hangingList: raw.hanging_list,
      fillLeading: raw.fill_leading,
      fitSize,
      given,
    });
  },
};

/**
 * `{current_page}`/`{total_pages}` cannot be printed in a story (its lines are broken before pages are
 * numbered); `{{`, `}}` are undone now, unless a `{page_of:ID}` stays to resolve (pagination lays the
 * story again until those numbers settle, passes/pagination/page-refs.ts).
 */
function storyRun(run: TextRun): TextRun {
  if (!run.placeholders) return run;
  const found = pagePlaceholderIn(run.text);
  if (found) refuse('flowPagePlaceholder', run.at, { at: run.at, placeholder: `{${found}}` });
  if (pageOfRefsIn(run.text).length) return run;
  return Object.assign({}, run, { text: resolvePlaceholders(run.text, 0, 0), placeholders: false });
}

/** A flow with `continuation` or blocks (docs/reference.md, "flow"): its boxes, keeps, styles and blocks. */
function readStory(raw: D.FlowItem, base: ItemBase): StorySpec {
  const p = base.at;
  // fit_size and fill_leading size one box's text; a story's lines are set box by box.
  const why = at(p, raw.continuation !== undefined ? 'continuation' : 'content');
  for (const key of ['fit_size', 'fill_leading'] as const)
    if (raw[key] !== undefined) refuse('storyWith', at(p, key), { key: at(p, key), other: why });
  const styles = new Map<string, StoryStyle>();
  for (const [name, s] of Object.entries(raw.styles ?? {})) {
    const sp = at(p, 'styles', name);
    const st: StoryStyle = {};
    if (s.font !== undefined) st.font = { at: at(sp, 'font'), name: s.font };
    if (s.font_size !== undefined) st.fontSize = s.font_size;
    if (s.leading !== undefined) st.leading = s.leading;
    if (s.color !== undefined) st.colour = readColour(s.color);
    if (s.align !== undefined) st.align = s.align;
    if (s.space_before !== undefined) st.spaceBefore = s.space_before;
    if (s.space_after !== undefined) st.spaceAfter = s.space_after;
    styles.set(name, st);
  }
  const cp = at(p, 'content');
  const blocks: StoryBlock[] = [];
  const paragraph = (text: string, bp: JsonPointer): StoryBlock => ({
    kind: 'paragraph',
    at: bp,
    runs: [storyRun({ at: bp, text, placeholders: placeholdersIn(text, bp) })],
    keepTogether: false,
    keepWithNext: false,
  });
  if (typeof raw.content === 'string') {
    // The old string form: a newline ends a paragraph.
    for (const text of raw.content.replace(/\r\n?/g, '\n').split('\n')) blocks.push(paragraph(text, cp));
  } else {
    type RawBlock = Exclude<Exclude<D.FlowItem['content'], string>[number], { columns: unknown }>;
    const readBlock = (b: RawBlock, bp: JsonPointer) => {
      if (typeof b === 'string') blocks.push(paragraph(b, bp));
      else if ('break' in b) blocks.push({ kind: 'break', at: bp, break: b.break });
      else if ('contents' in b) blocks.push(readContents(b.contents, bp, styles));
      else if ('table' in b) {
        // A table block is read as a table item: the story's rect (its width), the flow's font and size by default.
        const tp = at(bp, 'table');
        const rawTable = {
          font: raw.font,
          font_size: raw.font_size,
          ...b.table,
          type: 'table' as const,
          rect: raw.rect,
        } as D.TableItem;
        const table = tableReader.read(rawTable, { at: tp, index: base.index, pages: base.pages }) as TableItem;
        blocks.push({ kind: 'table', at: bp, table });
      } else {
        const tp = at(bp, 'text');
        const runs =
          typeof b.text === 'string'
            ? [storyRun({ at: tp, text: b.text, placeholders: placeholdersIn(b.text, tp) })]
            : b.text.map((r, k) => readStoryRun(r, at(tp, k), storyRun));
        const heading = b.heading;
        if (b.style !== undefined && !styles.has(b.style))
          refuse('flowStyleUnknown', at(bp, 'style'), { at: at(bp, 'style'), style: b.style });
        const style = b.style ?? (heading !== undefined && styles.has(`h${heading}`) ? `h${heading}` : undefined);
        blocks.push({
          kind: 'paragraph',
          at: bp,
          runs,
          id: b.id,
          heading,
          style,
          // A heading is kept whole and with what follows unless it says otherwise.
          keepTogether: b.keep_together ?? heading !== undefined,
          keepWithNext: b.keep_with_next ?? heading !== undefined,
          breakBefore: b.break_before,
        });
      }
    };
    raw.content.forEach((b, i) => {
      const bp = at(cp, i);
      if (typeof b === 'object' && 'columns' in b) {
        // A section in columns: its blocks are read as any, each marked with the section (engines/text/story-columns.ts).
        const section: StorySection = { at: bp, count: b.columns.count, gap: b.columns.gap ?? 12 };
        const from = blocks.length;
        b.content.forEach((c, j) => readBlock(c, at(bp, 'content', j)));
        for (let k = from; k < blocks.length; k++) (blocks[k] as StoryParagraph | StoryBreak).section = section;
      } else readBlock(b, bp);
    });
    listContents(blocks, styles);
  }
  const c = raw.continuation;
  const contAt = at(p, 'continuation');
  const continuation =
    c === undefined ? [] : Array.isArray(c) ? c.map((r, i) => readRect(r, at(contAt, i))) : [readRect(c, contAt)];
  return {
    continuation,
    continuationAt: c === undefined ? undefined : contAt,
    widows: raw.widows ?? 2,
    orphans: raw.orphans ?? 2,
    bookmarks: raw.bookmarks ?? false,
    styles,
    blocks,
  };
}
