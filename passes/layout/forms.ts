// passes/layout/forms.ts — layout, form fields (issue 11): each field on each page it lands on
// becomes widgets beside the page's drawing operations (not content: annotations, like links) —
// one per field, one per radio button — with the rect in page space, the appearance box turned by
// `rotate` (/MK /R: a quarter turn swaps its width and height), and the appearance of every state
// (form-appearance.ts). A radio button naming a page the document lacks is refused here. Issue 26:
// a radio group's `rect` is the box its buttons are measured in; a `transform` is a quarter turn more
// (/MK /R) or, any other matrix, the appearance's /Matrix with /Rect the box the turned rect spans;
// the layer and graphics state ride along for emit (/OC, an ExtGState in the appearances).

import { type Box, hangBox, MAX_PDF_NUMBER, rectValue } from '../../engines/geometry/coordinates.js';
import { maxOf, minOf } from '../../ir/bounded.js';
import { type Appearance, type FieldItem, type LaidOutWidget, quarterTurnOf } from '../../ir/form-types.js';
import type { CoordBindings } from '../../ir/grammar/expr.js';
import { refuse } from '../../ir/messages.js';
import type { FontResource } from '../../ir/types.js';
import {
  buttonAppearance,
  choiceAppearance,
  frame,
  mark,
  reserveGlyphs,
  signedAppearance,
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

type Placement = Pick<LaidOutWidget, 'rect' | 'box' | 'turn' | 'linear' | 'layer' | 'graphicsState'>;

/**
 * Where a field's rect `r` goes under its `transform` (docs/reference.md, "Form fields"): a quarter
 * turn (with any shift) is a new upright rect and one more quarter turn of the contents (/MK /R), which
 * every reader keeps, also when it redraws the field; any other matrix keeps the appearance box of
 * the untransformed rect, its [a b c d] goes into the appearance's /Matrix and /Rect is the box the
 * turned rect spans (a reader maps the transformed box onto /Rect, ISO 32000-1 §12.5.5).
 */
function place(item: FieldItem, r: Box, page: number): Placement {
  const layer = item.layer?.name,
    graphicsState = item.graphicsState?.name;
  const m = item.transform;
  if (!m) return { rect: r, box: boxOf(r, item.turn), turn: item.turn, layer, graphicsState };
  const corners = [
    [r.llx, r.lly],
    [r.urx, r.lly],
    [r.urx, r.ury],
    [r.llx, r.ury],
  ].map(([x, y]) => [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]]);
  const xs = corners.map((c) => c[0]),
    ys = corners.map((c) => c[1]);
  const rect = { llx: minOf(xs), lly: minOf(ys), urx: maxOf(xs), ury: maxOf(ys) };
  // A transform can carry the rect past what a PDF number holds, as a coordinate could (coordinates.ts).
  const far = [...xs, ...ys].find((v) => !(Math.abs(v) <= MAX_PDF_NUMBER));
  if (far !== undefined)
    refuse('coordinateOutOfRange', item.transformAt!, {
      coordinate: item.transformAt!,
      value: String(far),
      page,
      limit: `±${MAX_PDF_NUMBER}`,
    });
  const q = quarterTurnOf(m);
  if (q !== undefined) {
    const turn = ((item.turn + q) % 360) as LaidOutWidget['turn'];
    return { rect, box: boxOf(rect, turn), turn, layer, graphicsState };
  }
  return {
    rect,
    box: boxOf(r, item.turn),
    turn: item.turn,
    linear: [m[0], m[1], m[2], m[3]],
    layer,
    graphicsState,
  };
}

/**
 * A radio button's rect on the page: with a group `rect`, measured from the group's lower-left
 * corner, `{llx}`…`{ury}` being the group's box (0, 0, its width, its height); without, on the page.
 */
function buttonRect(btn: { rect: Parameters<typeof rectValue>[0] }, group: Box | undefined, b: CoordBindings): Box {
  if (!group) return rectValue(btn.rect, b);
  const r = rectValue(btn.rect, { ...b, llx: 0, lly: 0, urx: group.urx - group.llx, ury: group.ury - group.lly });
  return { llx: r.llx + group.llx, lly: r.lly + group.lly, urx: r.urx + group.llx, ury: r.ury + group.lly };
}

export function layField(item: FieldItem, b: CoordBindings, afterLinks: number, out: LaidOutWidget[]): void {
  const page = b.current_page;
  if (item.type === 'radio_group') {
    const laid = item.rect && rectValue(item.rect, b);
    const group = laid && item.hang ? hangBox(laid, item.hang) : laid;
    for (const btn of item.buttons) {
      if (btn.page !== undefined && btn.page > b.total_pages)
        refuse('pageMissing', `${btn.at}/page`, { page: btn.page, at: `${btn.at}/page`, pages: b.total_pages });
      if (btn.page !== undefined && btn.page !== page) continue;
      const p = place(item, buttonRect(btn, group, b), page);
      out.push({ field: item, at: btn.at, ...p, on: states(item, p.box, true, btn.value), reserve: [], afterLinks });
    }
    return;
  }
  const laid = rectValue(item.rect!, b);
  const p = place(item, item.hang ? hangBox(laid, item.hang) : laid, page);
  const box = p.box;
  const base = { field: item, at: item.at, ...p, reserve: [], afterLinks };
  switch (item.type) {
    case 'check_box': {
      out.push(Object.assign({}, base, { on: states(item, box, false, item.exportValue) }));
      return;
    }
    case 'signature_field':
      if (item.sign?.signer && item.fontRes) {
        out.push(
          Object.assign({}, base, {
            normal: signedAppearance(item, item.fontRes, box.w, box.h, signedLines(item.sign)),
          }),
        );
        return;
      }
      out.push(Object.assign({}, base, { normal: { ops: frame(item, box.w, box.h, false) } }));
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
      out.push(
        Object.assign({}, base, {
          normal: a.appearance,
          down: { normal: a.down },
          da: { font: daFont(font), size: a.size },
        }),
      );
      return;
    }
  }
}

/** What a signed field shows (docs/reference.md, "Signing a signature_field"): who, when (UTC), and why. */
export function signedLines(sign: NonNullable<Extract<FieldItem, { type: 'signature_field' }>['sign']>): string[] {
  const when = (sign.time ?? new Date(0))
    .toISOString()
    .replace('T', ' ')
    .replace(/\.\d+Z$/, ' UTC');
  const lines = [`Digitally signed by ${sign.signer!.name}`, `Date: ${when}`];
  if (sign.reason) lines.push(`Reason: ${sign.reason}`);
  return lines;
}
