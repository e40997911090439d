// passes/layout/forms.ts — layout, form fields (issue 11): each field on each page it lands on
// becomes widgets beside the page's drawing operations (not content: annotations, like links) —
// one per field, one per radio button — with the rect in page space, the appearance box turned by
// `rotate` (/MK /R: a quarter turn swaps its width and height), and the appearance of every state
// (form-appearance.ts). A radio button naming a page the document lacks is refused here.

import { type Box, hangBox, rectValue } from '../../engines/geometry/coordinates.js';
import type { Appearance, FieldItem, LaidOutWidget } from '../../ir/form-types.js';
import type { CoordBindings } from '../../ir/grammar/expr.js';
import { refuse } from '../../ir/messages.js';
import type { FontResource } from '../../ir/types.js';
import {
  buttonAppearance,
  choiceAppearance,
  frame,
  mark,
  reserveGlyphs,
  textFieldAppearance,
} from './form-appearance.js';

/** The font /DA names: the field's font, or a chain's first member (a /DA names one font). */
function daFont(font: FontResource): string {
  if (font.face.kind === 'chain') return (font.face as unknown as { members: FontResource[] }).members[0].name;
  return font.name;
}

/** The appearance box of a rect turned by `turn`: a quarter turn swaps width and height. */
function boxOf(r: Box, turn: FieldItem['turn']): { w: number; h: number } {
  const w = r.urx - r.llx,
    h = r.ury - r.lly;
  return turn === 90 || turn === 270 ? { w: h, h: w } : { w, h };
}

/** The on and off states of a check box or radio button, and their pressed (down) looks. */
function states(
  item: Extract<FieldItem, { type: 'check_box' | 'radio_group' }>,
  box: { w: number; h: number },
  round: boolean,
  state: string,
): NonNullable<LaidOutWidget['on']> {
  const m = mark(item, item.style, box.w, box.h);
  const off: Appearance = { ops: frame(item, box.w, box.h, round) };
  const downOff: Appearance = { ops: frame(item, box.w, box.h, round, true) };
  return {
    state,
    appearance: { ops: [...off.ops, ...m] },
    off,
    down: { appearance: { ops: [...downOff.ops, ...m] }, off: downOff },
  };
}

export function layField(item: FieldItem, b: CoordBindings, afterLinks: number, out: LaidOutWidget[]): void {
  const page = b.current_page;
  if (item.type === 'radio_group') {
    for (const btn of item.buttons) {
      if (btn.page !== undefined && btn.page > b.total_pages)
        refuse('pageMissing', `${btn.at}/page`, { page: btn.page, at: `${btn.at}/page`, pages: b.total_pages });
      if (btn.page !== undefined && btn.page !== page) continue;
      const rect = rectValue(btn.rect, b);
      const box = boxOf(rect, item.turn);
      out.push({ field: item, at: btn.at, rect, box, on: states(item, box, true, btn.value), reserve: [], afterLinks });
    }
    return;
  }
  const laid = rectValue(item.rect!, b);
  const rect = item.hang ? hangBox(laid, item.hang) : laid;
  const box = boxOf(rect, item.turn);
  const base = { field: item, at: item.at, rect, box, reserve: [], afterLinks };
  switch (item.type) {
    case 'check_box': {
      out.push({ ...base, on: states(item, box, false, item.exportValue) });
      return;
    }
    case 'signature_field':
      out.push({ ...base, normal: { ops: frame(item, box.w, box.h, false) } });
      return;
    case 'text_field': {
      const font = item.fontRes!;
      const a = textFieldAppearance(item, font, box.w, box.h);
      out.push({
        ...base,
        normal: a.appearance,
        da: { font: daFont(font), size: Math.max(item.fontSize, 0) },
      });
      return;
    }
    case 'choice_field': {
      const font = item.fontRes!;
      const a = choiceAppearance(item, font, box.w, box.h);
      // A reader showing another option later draws its label in this font: the labels' glyphs are kept.
      const reserve = item.editable
        ? []
        : reserveGlyphs(
            font,
            item.options.map((o) => o.label),
            `${item.at}/options`,
          );
      out.push({
        ...base,
        normal: a.appearance,
        da: { font: daFont(font), size: Math.max(item.fontSize, 0) },
        reserve,
        topIndex: a.topIndex,
      });
      return;
    }
    case 'push_button': {
      const font = item.fontRes!;
      const a = buttonAppearance(item, font, box.w, box.h, item.align);
      out.push({ ...base, normal: a.appearance, down: { normal: a.down }, da: { font: daFont(font), size: a.size } });
      return;
    }
  }
}
