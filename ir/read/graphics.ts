// ir/read/graphics.ts — reading, graphics declarations: `layers`, `graphics_states`, `tilings`,
// `drawings`, `color_spaces`, `page_spaces` (and `shadings` through ./shadings.ts) → GraphicsDecls in
// `doc.graphics`. Rules local to one declaration are decided here (overprint with stroke/fill
// overprint, a zero step, a separation's tint); names are resolved in passes/names-graphics.ts.
import type { ValidateFunction } from 'ajv';
import type * as D from '../description.generated.js';
import type {
  ColorSpaceDecl,
  DrawingDecl,
  GraphicsDecls,
  GraphicsStateDecl,
  LayerDecl,
  PageSpaceDecl,
  Screen,
  ShadingDecl,
  TilingDecl,
} from '../graphics-types.js';
import { emptyGraphics } from '../graphics-types.js';
import { refuse } from '../messages.js';
import { pageOfRefsIn, pagePlaceholderIn } from '../placeholders.js';
import { at, type JsonPointer } from '../pointer.js';
import {
  colorSpacesSchema,
  drawingsSchema,
  graphicsStatesSchema,
  layersSchema,
  pageSpacesSchema,
  tilingsSchema,
} from '../schema/graphics.js';
import { shadingsSchema } from '../schema/shadings.js';
import { cellRuns } from '../table-cells.js';
import type { Item } from '../types.js';
import { ITEM_KINDS } from '../unsupported.js';
import { check, holds, lazyValidator, refuseSingular } from './common.js';
import { KINDS_NOT_IN_FORMS } from './forms-kinds.js';
import { readFunction } from './functions.js';
import { readItem } from './items.js';
import { readShadingDecl, readSpaceRef } from './shadings.js';

/** The top-level keys this module checks and reads. */
type GraphicsKey = 'layers' | 'graphics_states' | 'shadings' | 'tilings' | 'drawings' | 'color_spaces' | 'page_spaces';

function list<T>(entries: T[] | undefined, key: GraphicsKey): { raw: T; p: JsonPointer }[] {
  return (entries ?? []).map((raw, i) => ({ raw, p: at('', key, i) }));
}

/** Every kind of the catalogue, by its word (any other word is refused by readItem as unknown). */
const KNOWN_KINDS: ReadonlySet<string> = new Set(ITEM_KINDS);

/**
 * Finest tiling step taken, measured on the page (decision, docs/reference.md "tilings"): 0.1 point,
 * 1/720 inch, finer than a printer's dot. A reader draws a cell per step over the area filled, so a
 * step of 1e-9 asks for ~10^23 cells on a page (issue 20); the PDF puts no floor but zero.
 */
export const MIN_TILING_STEP = 0.1;

/** Keeps one declaration per name; a second is refused naming both places (tilings keep the last: spec). */
function byName<T extends { name: string; at: JsonPointer }>(decls: T[], keepLast = false): Map<string, T> {
  const m = new Map<string, T>();
  for (const d of decls) {
    const earlier = m.get(d.name);
    if (earlier && !keepLast)
      refuse('nameDeclaredTwice', at(d.at, 'name'), {
        name: d.name,
        at: at(d.at, 'name'),
        earlier: at(earlier.at, 'name'),
      });
    m.set(d.name, d);
  }
  return m;
}

/**
 * Items of a drawing or tiling cell: every kind that is content (not links, form fields or imported
 * pages: ./forms-kinds.ts). A drawing is laid once for every place it is drawn, so a page placeholder
 * in its text would print page 1's number everywhere: refused (docs/reference.md, drawings).
 */
function readFormItems(raw: D.Item[], p: JsonPointer): Item[] {
  return raw.map((r, i) => {
    const ip = at(p, i);
    const why = KINDS_NOT_IN_FORMS.get(r.type);
    if (why !== undefined && KNOWN_KINDS.has(r.type))
      refuse('itemNotInDrawing', at(ip, 'type'), { type: r.type, at: at(ip, 'type'), why });
    const item = readItem(r, i, ip);
    for (const t of textsOf(item)) {
      const name = pagePlaceholderIn(t.text);
      if (name) refuse('placeholderInDrawing', t.at, { placeholder: name, at: t.at });
      // A drawing is laid once, before pagination places what `{page_of:ID}` names.
      const ref = pageOfRefsIn(t.text)[0];
      if (ref !== undefined) refuse('placeholderInDrawing', t.at, { placeholder: `page_of:${ref}`, at: t.at });
    }
    // A story's contents block prints its headings' pages as `{page_of}` does.
    const contents = item.type === 'flow' && item.story?.blocks.find((b) => b.kind === 'contents');
    if (contents) refuse('placeholderInDrawing', contents.at, { placeholder: 'contents', at: contents.at });
    return item;
  });
}

/** The texts of an item that may hold placeholders, with their pointers. */
function textsOf(item: Item): { text: string; at: JsonPointer }[] {
  if (item.type === 'text' || item.type === 'text_path') return item.runs.map((r) => ({ text: r.text, at: r.at }));
  if (item.type === 'flow') return [{ text: item.content, at: item.contentAt }];
  if (item.type === 'table')
    return item.rows.flatMap((row) =>
      row.cells.flatMap((c) => {
        const x = c.content;
        if (x.kind === 'text') return cellRuns(c).map((r) => ({ text: r.text, at: r.at }));
        if (x.kind === 'flow') return [{ text: x.text, at: x.at }];
        return [];
      }),
    );
  return [];
}

const box4 = (b: D.DrawingDeclaration['box']): [number, number, number, number] => [
  Math.min(b.llx, b.urx),
  Math.min(b.lly, b.ury),
  Math.max(b.llx, b.urx),
  Math.max(b.lly, b.ury),
];

function readScreen(s: D.HalftoneScreen): Screen {
  return { frequency: s.frequency, angle: s.angle, spot: s.spot, accurate: s.accurate ?? false };
}

function readState(raw: D.GraphicsStateDeclaration, p: JsonPointer): GraphicsStateDecl {
  const s = raw.state;
  const sp = at(p, 'state');
  // spec: "overprint … Refused together with stroke_overprint or fill_overprint".
  for (const other of ['stroke_overprint', 'fill_overprint'] as const) {
    if (s.overprint !== undefined && s[other] !== undefined)
      refuse('graphicsKeysTogether', at(sp, other), { key: at(sp, 'overprint'), other: at(sp, other) });
  }
  const out: GraphicsStateDecl = {
    at: p,
    name: raw.name,
    fillAlpha: s.fill_alpha,
    strokeAlpha: s.stroke_alpha,
    blendMode: s.blend_mode,
    alphaIsShape: s.alpha_is_shape,
    textKnockout: s.text_knockout,
    overprint: s.overprint,
    strokeOverprint: s.stroke_overprint,
    fillOverprint: s.fill_overprint,
    overprintMode: s.overprint_mode,
    renderingIntent: s.rendering_intent,
    blackPointCompensation: s.black_point_compensation,
    strokeAdjustment: s.stroke_adjustment,
    flatness: s.flatness,
    smoothness: s.smoothness,
  };
  if (s.mask) {
    const m = s.mask;
    const mp = at(sp, 'mask');
    const space = m.space;
    const n = space === 'gray' ? 1 : space === 'cmyk' ? 4 : 3;
    if (m.backdrop && (m.read ?? 'luminosity') === 'luminosity' && m.backdrop.length !== n)
      refuse('maskBackdrop', at(mp, 'backdrop'), {
        key: at(mp, 'backdrop'),
        count: m.backdrop.length,
        space: space ?? 'rgb',
        components: n,
      });
    out.mask = {
      at: mp,
      drawing: { at: at(mp, 'drawing'), name: m.drawing },
      read: m.read ?? 'luminosity',
      space,
      backdrop: m.backdrop,
    };
  }
  if (s.transfer !== undefined) {
    const tp = at(sp, 'transfer');
    const one = (f: D.Function, fp: JsonPointer) => {
      const fn = readFunction(f, fp);
      const ins = fn.domain.length / 2;
      const outs = fn.shape === 'exponential' ? fn.c0.length : fn.shape === 'stitching' ? -1 : fn.range.length / 2;
      if (ins !== 1 || (outs !== 1 && outs !== -1)) refuse('transferArity', fp, { at: fp, inputs: ins, outputs: outs });
      return fn;
    };
    if (s.transfer === 'page') out.transfer = { kind: 'page' };
    else if (holds(s.transfer, 'every')) out.transfer = { kind: 'every', f: one(s.transfer.every, at(tp, 'every')) };
    else out.transfer = { kind: 'per_ink', f: s.transfer.per_ink.map((f, i) => one(f, at(tp, 'per_ink', i))) };
  }
  if (s.halftone) {
    const h = s.halftone;
    out.halftone = holds(h, 'every')
      ? { kind: 'every', screen: readScreen(h.every) }
      : {
          kind: 'per_ink',
          inks: h.per_ink.inks.map((i) => ({ colorant: i.colorant, screen: readScreen(i.screen) })),
          dflt: readScreen(h.per_ink.default),
        };
  }
  if (s.halftone_origin) out.halftoneOrigin = { at: at(sp, 'halftone_origin'), xy: s.halftone_origin };
  return out;
}

function readColorSpace(name: string, c: D.ColorSpaceDeclaration, p: JsonPointer): ColorSpaceDecl {
  if (c.type === 'icc')
    return { type: 'icc', at: p, name, components: c.components, profile: { at: at(p, 'profile'), name: c.profile } };
  const alternate = readSpaceRef(c.alternate, at(p, 'alternate'));
  if (c.type === 'separation') {
    if ((c.tint === undefined) === (c.full === undefined))
      refuse('separationTwoTints', p, { at: p, which: c.tint === undefined ? 'neither' : 'both' });
    // `full`: the colour of the ink at full tint in the alternate space, reached from paper white
    // (no ink: 0 for cmyk, 1 for gray and rgb) along a straight line (exponential, N = 1).
    const tint =
      c.tint !== undefined
        ? readFunction(c.tint, at(p, 'tint'))
        : {
            shape: 'exponential' as const,
            at: at(p, 'full'),
            domain: [0, 1],
            c0: c.full!.map(() => (c.full!.length === 4 ? 0 : 1)),
            c1: c.full!,
            n: 1,
          };
    return { type: 'separation', at: p, name, ink: c.ink, alternate, tint };
  }
  return { type: 'device_n', at: p, name, inks: c.inks, alternate, tint: readFunction(c.tint, at(p, 'tint')) };
}

/** The declarations' validators by top-level key (their schemas are shipped by tools/schema.ts). */
export const VALIDATORS: [GraphicsKey, ValidateFunction][] = [
  ['layers', lazyValidator(layersSchema)],
  ['graphics_states', lazyValidator(graphicsStatesSchema)],
  ['shadings', lazyValidator(shadingsSchema)],
  ['tilings', lazyValidator(tilingsSchema)],
  ['drawings', lazyValidator(drawingsSchema)],
  ['color_spaces', lazyValidator(colorSpacesSchema)],
  ['page_spaces', lazyValidator(pageSpacesSchema)],
];

/** Reads every graphics declaration of the description. */
export function readGraphics(d: D.Description): GraphicsDecls {
  for (const [key, validate] of VALIDATORS) if (d[key] !== undefined) check(validate, d[key], at('', key));
  const g = emptyGraphics();
  g.layers = list(d.layers, 'layers').map(
    ({ raw, p }, i): LayerDecl => ({
      at: p,
      name: raw.name,
      label: raw.label ?? raw.name,
      visible: raw.visible ?? true,
      printable: raw.printable ?? true,
      locked: raw.locked ?? false,
      order: raw.order ?? i,
    }),
  );
  byName(g.layers);
  g.graphicsStates = byName(list(d.graphics_states, 'graphics_states').map(({ raw, p }) => readState(raw, p)));
  g.shadings = byName(list(d.shadings, 'shadings').map(({ raw, p }): ShadingDecl => readShadingDecl(raw, p)));
  g.drawings = byName(
    list(d.drawings, 'drawings').map(
      ({ raw, p }): DrawingDecl => ({
        at: p,
        name: raw.name,
        box: box4(raw.box),
        items: readFormItems(raw.items, at(p, 'items')),
      }),
    ),
  );
  g.tilings = byName(
    list(d.tilings, 'tilings').map(({ raw, p }): TilingDecl => {
      const step = raw.step;
      step.forEach((v, i) => {
        if (v === 0) refuse('tilingStepZero', at(p, 'step', i), { key: at(p, 'step', i) });
      });
      if (raw.matrix) refuseSingular(raw.matrix, at(p, 'matrix'));
      // A step measured on the page: through the matrix's scale along that axis.
      const m = raw.matrix ?? [1, 0, 0, 1, 0, 0];
      const scale = [Math.hypot(m[0], m[1]), Math.hypot(m[2], m[3])];
      step.forEach((v, i) => {
        const onPage = Math.abs(v) * scale[i];
        if (onPage < MIN_TILING_STEP)
          refuse('tilingStepTooFine', at(p, 'step', i), {
            key: at(p, 'step', i),
            step: Number(onPage.toPrecision(3)),
            floor: MIN_TILING_STEP,
          });
      });
      const b = raw.box;
      return {
        at: p,
        name: raw.name,
        box: [b.x, b.y, b.x + b.width, b.y + b.height],
        step,
        colored: raw.colored ?? true,
        tilingType: raw.spacing === 'undistorted' ? 2 : raw.spacing === 'constant_and_fast' ? 3 : 1,
        matrix: raw.matrix,
        items: readFormItems(raw.items, at(p, 'items')),
      };
    }),
    true,
  );
  for (const [name, c] of Object.entries(d.color_spaces ?? {})) {
    // gray, rgb and cmyk name the device spaces wherever a space is named (a gradient's space, an
    // alternate, a mask's space): a declaration under one of them would be shadowed there, so it is refused.
    if (name === 'gray' || name === 'rgb' || name === 'cmyk')
      refuse('colorSpaceNameReserved', at('', 'color_spaces', name), { name, at: at('', 'color_spaces', name) });
    g.colorSpaces.set(name, readColorSpace(name, c, at('', 'color_spaces', name)));
  }
  for (const { raw, p } of list(d.page_spaces, 'page_spaces')) {
    const ref = (k: 'gray' | 'rgb' | 'cmyk') => {
      const name = raw[k];
      return name === undefined ? undefined : { at: at(p, k), name };
    };
    const ps: PageSpaceDecl = { at: p, page: raw.page, gray: ref('gray'), rgb: ref('rgb'), cmyk: ref('cmyk') };
    if (raw.group)
      ps.group = {
        space: { at: at(p, 'group', 'space'), name: raw.group.space },
        isolated: raw.group.isolated ?? false,
        knockout: raw.group.knockout ?? false,
      };
    g.pageSpaces.set(raw.page, ps); // a page named twice takes the last entry, whole (spec)
  }
  return g;
}
