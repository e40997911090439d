// bench/lib/report-40-pdfmake.ts — issue 23's 40-page report (test/support/report-40.ts) as a pdfmake
// document definition, for bench/report-40.ts. The same words, fonts (the library's Noto faces), page,
// box, sizes and leading; pdfmake's own means where it has them: `toc` with `tocItem` headings for the
// contents, `pageReference` for `{page_of:…}`, `unbreakable` for `keep_together`, `pageBreakBefore`
// keeping a heading with what follows (added by the runner: functions are not JSON). Where pdfmake has
// no equivalent it gets the nearest thing: a footnote is a superscript mark with the note set in small
// type under its paragraph (pdfmake has no footnotes), a two-column section is pdfmake `columns` with
// the paragraphs shared out by count (pdfmake does not flow text from one column into the next).

type Json = Record<string, unknown>;

/** The faces the description names, as pdfmake families: family → {normal, bold} library face names. */
export const PDFMAKE_FAMILIES = {
  Serif: { normal: 'noto_serif', bold: 'noto_serif_bold' },
  Sans: { normal: 'noto_sans', bold: 'noto_sans_bold' },
};
const FACE: Record<string, { font: string; bold?: boolean }> = {
  Body: { font: 'Serif' },
  BodyBold: { font: 'Serif', bold: true },
  Bold: { font: 'Sans', bold: true },
  Sans: { font: 'Sans' },
};

const PAGE_H = 841.89;

/** Inline runs for pdfmake: placeholders become page references, footnotes superscript marks. */
function inlines(runs: unknown, notes: string[]): unknown[] {
  const out: unknown[] = [];
  for (const r of Array.isArray(runs) ? runs : [runs]) {
    if (typeof r === 'string') {
      for (const [k, part] of r.split(/\{page_of:([^}]+)\}/).entries())
        if (k % 2) out.push({ pageReference: part });
        else if (part) out.push(part);
    } else if (r && typeof r === 'object') {
      const o = r as Json;
      if (typeof o.footnote === 'string') {
        notes.push(o.footnote);
        out.push({ text: String(notes.length), sup: true });
      } else if (o.text !== undefined) {
        const face = typeof o.font === 'string' ? FACE[o.font] : undefined;
        out.push({ text: inlines(o.text, notes), ...(face ?? {}) });
      }
    }
  }
  return out;
}

export function toPdfmake(description: Json): Json {
  const items = description.items as Json[];
  const flow = items.find((i) => i.type === 'flow') as Json;
  const rect = flow.rect as { llx: number; lly: number; urx: number; ury: number };
  const styles = flow.styles as Record<string, Json>;
  const noteCounter: string[] = [];
  const spaceAfter = (flow.space_after as number) ?? 0;

  const block = (c: unknown): unknown[] => {
    if (typeof c === 'string') return [{ text: inlines(c, noteCounter), margin: [0, 0, 0, spaceAfter] }];
    const o = c as Json;
    if (o.contents) return [{ toc: { title: { text: (o.contents as Json).title, style: 'h1' } } }];
    if (o.break) return [{ text: '', pageBreak: 'after' }];
    if (o.table) {
      const t = o.table as Json;
      const widths = (t.columns as unknown[]).map((w) => (typeof w === 'number' ? w : '*'));
      return [
        {
          table: { headerRows: t.header_rows, widths, body: t.rows },
          fontSize: t.font_size,
          margin: [0, 4, 0, 8],
        },
      ];
    }
    if (o.columns) {
      const paras = (o.content as unknown[]).flatMap(block);
      const half = Math.ceil(paras.length / 2);
      return [
        {
          columns: [{ stack: paras.slice(0, half) }, { stack: paras.slice(half) }],
          columnGap: (o.columns as Json).gap,
        },
      ];
    }
    if (typeof o.heading === 'number') {
      const s = styles[`h${o.heading}`];
      return [
        {
          text: o.text,
          id: o.id,
          tocItem: true,
          headlineLevel: o.heading,
          style: `h${o.heading}`,
          margin: [0, s.space_before, 0, s.space_after],
        },
      ];
    }
    const before = noteCounter.length;
    const para: Json = { text: inlines(o.text, noteCounter), margin: [0, 0, 0, spaceAfter] };
    const notes = noteCounter
      .slice(before)
      .map((n, k) => ({ text: `${before + k + 1} ${n}`, fontSize: 8, margin: [0, 0, 0, spaceAfter] }));
    const out = [para, ...notes];
    return o.keep_together ? [{ stack: out, unbreakable: true }] : out;
  };

  const titlePage = items
    .filter((i) => i.type === 'text' && Array.isArray(i.pages) && (i.pages as number[])[0] === 1)
    .map((i, k) => ({
      text: (i.content as string[]).join(''),
      ...FACE[i.font as string],
      fontSize: i.font_size,
      alignment: 'center',
      margin: [0, k === 0 ? 140 : 14, 0, 0],
    }));
  const heading = (s: Json) => ({ ...FACE[s.font as string], fontSize: s.font_size });

  return {
    info: description.metadata,
    pageSize: { width: 595.276, height: PAGE_H },
    pageMargins: [rect.llx, PAGE_H - rect.ury, 595.276 - rect.urx, rect.lly],
    defaultStyle: { font: 'Serif', fontSize: flow.font_size, alignment: flow.align },
    styles: { h1: heading(styles.h1), h2: heading(styles.h2) },
    content: [...titlePage, { text: '', pageBreak: 'after' }, ...(flow.content as unknown[]).flatMap(block)],
  };
}
