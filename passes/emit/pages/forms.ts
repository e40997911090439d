// passes/emit/pages/forms.ts — emit sub-step: interactive forms (ISO 32000-1 §12.7; issue 11). Written
// before the pages (every page object's reference exists already): each widget's appearance states
// as form XObjects (/AP /N; buttons also /D, their pressed look, unless an archive claim allows
// /N alone), the widget annotations (print flag /F 4, /P, /MK, /BS), the field dictionaries with their
// hierarchy from the dotted names, and the catalog's /AcroForm (/Fields, /DR with the fonts the
// appearances use, /DA; no NeedAppearances, since every appearance is written). A field on one
// page is one dictionary, field and widget merged; a field on several pages, or a radio group, has
// one widget per page or button in /Kids. A widget on a layer names its group in /OC; a graphics state
// is set (`gs`) around each appearance stream's content, the ExtGState in the stream's own resources;
// a transform other than a quarter turn goes into each appearance's /Matrix after the turn (issue 26).
import { createHash } from 'node:crypto';
import { type PDFContext, type PDFDict, PDFName, PDFRef } from 'pdf-lib';
import { flateStream } from '../../../engines/pdf/compression.js';
import { textKey } from '../../../engines/pdf/name-tree.js';
import { num } from '../../../engines/pdf/number.js';
import type { Appearance, FieldItem, LaidOutWidget } from '../../../ir/form-types.js';
import { MARK_CHARACTER } from '../../../ir/form-types.js';
import { OFF_STATE } from '../../../ir/read/forms.js';
import type { Colour, DedupedIr, DrawOp } from '../../../ir/types.js';
import { actionDict, destArray, round as r3, type TargetContext, textString } from '../navigation/destinations.js';
import type { DocumentResources, ResourceScope } from './resources.js';
import { type PendingSignature, writeSignatureDict } from './signature.js';

/** Field flags (§12.7.3.1 Table 221, §12.7.4 Tables 226, 228, 230): bit n is 1 << (n − 1). */
const FF = {
  readOnly: 1 << 0,
  required: 1 << 1,
  noExport: 1 << 2,
  multiline: 1 << 12,
  password: 1 << 13,
  noToggleToOff: 1 << 14,
  radio: 1 << 15,
  pushbutton: 1 << 16,
  combo: 1 << 17,
  edit: 1 << 18,
  sort: 1 << 19,
  multiSelect: 1 << 21,
  doNotSpellCheck: 1 << 22,
  doNotScroll: 1 << 23,
  comb: 1 << 24,
  radiosInUnison: 1 << 25,
} as const;
/** Annotation flag bit 3, Print (Table 165): PDF/A asks it of every annotation. */
const PRINT_FLAG = 4;
const QUADDING = { left: 0, center: 1, right: 2 } as const;
const BORDER_STYLE = { solid: 'S', dashed: 'D', beveled: 'B', inset: 'I', underline: 'U' } as const;

/** Writes one content stream for `ops`, recording resources in `scope` (emit.ts: pageContent). */
export type OpsWriter = (ops: readonly DrawOp[], scope: ResourceScope) => Uint8Array;

export interface FormsContext {
  context: PDFContext;
  /** Set while writing: the signed field's signature dictionary (issue 24). */
  signature?: PendingSignature;
  resources: DocumentResources;
  content: OpsWriter;
  /** Request font name → resource name (dedupe), resource name → font object. */
  fontRes: ReadonlyMap<string, string>;
  fontRefs: ReadonlyMap<string, PDFRef>;
  level: number;
  targets: TargetContext;
  /**
   * Under an archive claim every PDF/A part allows /AP /N alone (19005-2 6.3.3 t02): no /D. Without
   * one, buttons also carry their pressed look (/D), as readers show while the mouse is down.
   */
  normalOnly: boolean;
  /** Appearance streams written, by content: equal looks share one object. */
  written: Map<string, PDFRef>;
  /** The optional content group of a declared layer: a widget on a layer names it in /OC. */
  ocg?: (layer: string) => PDFRef;
}

/** A widget as a page lists it: its annotation and rect, for /Annots in tab order. */
/** A widget annotation written for a page; `at` is its field item's pointer (tagging joins it to that item's Form element). */
export interface PageWidget {
  ref: PDFRef;
  rect: LaidOutWidget['rect'];
  afterLinks: number;
  at: LaidOutWidget['at'];
}

export interface FormsOut {
  /** The catalog's /AcroForm, when the document has a field. */
  acroForm?: PDFRef;
  /** Widget annotations of each page in drawing order (tagging wraps each in a Form element). */
  widgetsByPage: Map<number, PageWidget[]>;
  /** Content keys of the appearance streams written, in order, and of the field values: the trailer /ID takes them in. */
  appearanceKeys: string[];
  /** The signature dictionary a signed field wrote, to be patched once the file is serialized. */
  signature?: PendingSignature;
}

/** A PDF name from any text: its UTF-8 bytes, each written as pdf-lib writes a byte (#xx past ASCII). */
export function stateName(s: string): PDFName {
  return PDFName.of(Buffer.from(s, 'utf8').toString('latin1'));
}

function colourArray(c: Colour | undefined): number[] | undefined {
  return c && (c.space === 'gray' || c.space === 'rgb' || c.space === 'cmyk') ? c.c.map(r3) : undefined;
}

function colourOperator(c: Colour): string {
  const comps = colourArray(c) ?? [0];
  return `${comps.map(num).join(' ')} ${comps.length === 1 ? 'g' : comps.length === 3 ? 'rg' : 'k'}`;
}

/** The form matrix of a turned appearance: its box (w × h, already swapped) turned into the rect (§12.5.5). */
function turnMatrix(turn: number, w: number, h: number): number[] | undefined {
  // w, h are the appearance box; the rect is h × w after a quarter turn.
  if (turn === 90) return [0, 1, -1, 0, h, 0];
  if (turn === 180) return [-1, 0, 0, -1, w, h];
  if (turn === 270) return [0, -1, 1, 0, 0, w];
  return undefined;
}

/** A matrix entry to six places: a turned appearance's cosines need more than the three of a coordinate. */
const round6 = (x: number): number => Math.round(x * 1e6) / 1e6 + 0;

/** [a b c d e f] × [a b c d e f]: the first applied first (PDF's row vectors, §8.3.4). */
function times(m: readonly number[], n: readonly number[]): number[] {
  return [
    m[0] * n[0] + m[1] * n[2],
    m[0] * n[1] + m[1] * n[3],
    m[2] * n[0] + m[3] * n[2],
    m[2] * n[1] + m[3] * n[3],
    m[4] * n[0] + m[5] * n[2] + n[4],
    m[4] * n[1] + m[5] * n[3] + n[5],
  ];
}

function appearanceStream(fc: FormsContext, a: Appearance, w: LaidOutWidget): PDFRef {
  const scope = fc.resources.scope();
  // A graphics state holds for the whole appearance: an ExtGState in the stream's own resources.
  const inState = (ops: DrawOp[]): DrawOp[] =>
    w.graphicsState ? [{ op: 'scope', at: w.at, graphicsState: w.graphicsState, ops }] : ops;
  let body = Buffer.from(fc.content(inState(a.ops), scope));
  if (a.variable) {
    // Variable text sits in /Tx BMC … EMC (§12.7.3.3), clipped to the inside of the border.
    const [x, y, cw, ch] = a.variable.clip;
    const text = fc.content(inState(a.variable.ops), scope);
    body = Buffer.concat([
      body,
      Buffer.from(`/Tx BMC\nq\n${num(x)} ${num(y)} ${num(cw)} ${num(ch)} re\nW\nn\n`, 'latin1'),
      Buffer.from(text),
      Buffer.from('Q\nEMC\n', 'latin1'),
    ]);
  }
  const resources = scope.dict();
  const dict: Record<string, unknown> = {
    Type: 'XObject',
    Subtype: 'Form',
    BBox: [0, 0, r3(w.box.w), r3(w.box.h)],
    Resources: resources,
  };
  // The turn (/MK /R) first, then a transform's [a b c d]: the reader moves the box it spans onto /Rect.
  const turned = turnMatrix(w.turn, w.box.w, w.box.h);
  const m = w.linear ? times(turned ?? [1, 0, 0, 1, 0, 0], [...w.linear, 0, 0]) : turned;
  if (m) dict.Matrix = m.map(round6);
  // The same look is written once: check boxes of one size and style share their on and off streams.
  const key = createHash('sha256')
    .update(body)
    .update(
      JSON.stringify([dict.BBox, dict.Matrix, resources], (_k, v: unknown) => (v instanceof PDFRef ? v.toString() : v)),
    )
    .digest('hex');
  let ref = fc.written.get(key);
  if (!ref) {
    ref = flateStream(fc.context, body, fc.level, dict);
    fc.written.set(key, ref);
  }
  return ref;
}

/** Entries a widget annotation carries: /Rect, /P, /F, /MK, /BS, /AP, /AS. */
function widgetEntries(
  fc: FormsContext,
  w: LaidOutWidget,
  page: PDFRef,
  selected: boolean,
  on?: PDFName,
): Record<string, unknown> {
  const f = w.field;
  const mk: Record<string, unknown> = {};
  if (w.turn) mk.R = w.turn;
  const bc = f.border.width > 0 ? colourArray(f.border.color) : undefined;
  if (bc) mk.BC = bc;
  const bg = colourArray(f.background);
  if (bg) mk.BG = bg;
  if (f.type === 'check_box' || f.type === 'radio_group') mk.CA = textString(MARK_CHARACTER[f.style]);
  if (f.type === 'push_button' && f.caption !== undefined) mk.CA = textString(f.caption);
  const bs: Record<string, unknown> = { W: r3(bc ? f.border.width : 0), S: BORDER_STYLE[f.border.style] };
  if (f.border.style === 'dashed') bs.D = f.border.dash.map(r3);
  const d: Record<string, unknown> = {
    Type: 'Annot',
    Subtype: 'Widget',
    Rect: [w.rect.llx, w.rect.lly, w.rect.urx, w.rect.ury].map(r3),
    P: page,
    F: PRINT_FLAG,
    MK: mk,
    BS: bs,
  };
  // A widget on a layer shows, prints and answers clicks only while the layer is on (§8.11.3.3, PDF 1.5).
  if (w.layer !== undefined) d.OC = fc.ocg!(w.layer);
  if (w.on) {
    const onStream = appearanceStream(fc, w.on.appearance, w);
    const off = appearanceStream(fc, w.on.off, w);
    // The state names are arbitrary text: set as names of their UTF-8 bytes, not object keys.
    const n = fc.context.obj({}) as PDFDict;
    const onName = on ?? stateName(w.on.state);
    n.set(onName, onStream);
    n.set(PDFName.of(OFF_STATE), off);
    d.AP = { N: n };
    if (w.on.down && !fc.normalOnly) {
      const down = fc.context.obj({}) as PDFDict;
      down.set(onName, appearanceStream(fc, w.on.down.appearance, w));
      down.set(PDFName.of(OFF_STATE), appearanceStream(fc, w.on.down.off, w));
      (d.AP as Record<string, unknown>).D = down;
    }
    d.AS = selected ? onName : PDFName.of(OFF_STATE);
  } else if (w.normal && f.type === 'push_button') {
    // A widget of type Btn has an appearance subdictionary (19005-2 6.3.3 t03, every PDF/A part): a
    // push button holds no value, so its one state is the off state, selected by /AS.
    const n = fc.context.obj({}) as PDFDict;
    n.set(PDFName.of(OFF_STATE), appearanceStream(fc, w.normal, w));
    d.AP = { N: n };
    if (w.down && !fc.normalOnly) {
      const down = fc.context.obj({}) as PDFDict;
      down.set(PDFName.of(OFF_STATE), appearanceStream(fc, w.down.normal, w));
      (d.AP as Record<string, unknown>).D = down;
    }
    d.AS = PDFName.of(OFF_STATE);
  } else if (w.normal) {
    d.AP = { N: appearanceStream(fc, w.normal, w) };
  }
  return d;
}

/** The entries of a terminal field: type, partial name, flags, value and what its kind adds. */
function fieldEntries(
  fc: FormsContext,
  f: FieldItem,
  da: LaidOutWidget['da'],
  topIndex: number | undefined,
): Record<string, unknown> {
  let ff = (f.readOnly ? FF.readOnly : 0) | (f.required ? FF.required : 0) | (f.noExport ? FF.noExport : 0);
  const d: Record<string, unknown> = { T: textString(f.name.split('.').pop()!) };
  if (f.tooltip !== undefined) d.TU = textString(f.tooltip);
  if (da) {
    d.DA = textString(`/${fc.fontRes.get(da.font)} ${num(da.size)} Tf ${colourOperator(f.color)}`);
    d.Q = QUADDING[f.align];
  }
  switch (f.type) {
    case 'text_field':
      d.FT = 'Tx';
      ff |=
        (f.multiline ? FF.multiline : 0) |
        (f.password ? FF.password : 0) |
        (f.comb ? FF.comb : 0) |
        (f.scroll ? 0 : FF.doNotScroll) |
        (f.spellCheck ? 0 : FF.doNotSpellCheck);
      if (f.maxLength !== undefined) d.MaxLen = f.maxLength;
      if (f.value !== undefined) d.V = textString(f.value);
      if (f.defaultValue !== undefined) d.DV = textString(f.defaultValue);
      break;
    case 'check_box':
      d.FT = 'Btn';
      d.V = f.checked ? stateName(f.exportValue) : PDFName.of(OFF_STATE);
      break;
    case 'radio_group':
      d.FT = 'Btn';
      ff |= FF.radio | (f.noToggleToOff ? FF.noToggleToOff : 0) | (f.radiosInUnison ? FF.radiosInUnison : 0);
      d.V = f.value !== undefined ? stateName(f.value) : PDFName.of(OFF_STATE);
      break;
    case 'choice_field': {
      d.FT = 'Ch';
      ff |=
        (f.combo ? FF.combo : 0) |
        (f.editable ? FF.edit : 0) |
        (f.sort ? FF.sort : 0) |
        (f.multiple ? FF.multiSelect : 0);
      d.Opt = f.options.map((o) =>
        o.label === o.value ? textString(o.value) : [textString(o.value), textString(o.label)],
      );
      if (f.value.length === 1 && !f.multiple) d.V = textString(f.value[0]);
      else if (f.value.length) d.V = f.value.map((v) => textString(v));
      // /I (PDF 1.4): the chosen options by index, which a multiple-choice list needs to show them.
      const chosen = f.options.map((o, i) => (f.value.includes(o.value) ? i : -1)).filter((i) => i >= 0);
      if (f.multiple && chosen.length) d.I = chosen;
      if (topIndex) d.TI = topIndex;
      break;
    }
    case 'push_button':
      d.FT = 'Btn';
      ff |= FF.pushbutton;
      if (f.target) d.A = clickAction(fc.targets, f.target);
      break;
    case 'signature_field':
      d.FT = 'Sig';
      // signed (issue 24): /V is the signature dictionary, patched after serialization (./signature.ts)
      if (f.sign?.signer) {
        const pending = writeSignatureDict(fc.context, f.sign);
        fc.signature = pending;
        d.V = pending.ref;
      }
      break;
  }
  if (ff) d.Ff = ff;
  return d;
}

/** A push button's click as an action: a page or a destination name through GoTo, or the action given. */
function clickAction(
  tc: TargetContext,
  t: NonNullable<Extract<FieldItem, { type: 'push_button' }>['target']>,
): unknown {
  if (t.kind === 'page') {
    const place = tc.places.get(t.page.at);
    if (!place) throw new Error(`page target at ${t.page.at} was not placed`);
    return tc.context.obj({ Type: 'Action', S: 'GoTo', D: destArray(tc, place) } as never);
  }
  if (t.kind === 'destination') return tc.context.obj({ Type: 'Action', S: 'GoTo', D: textKey(t.name) } as never);
  return actionDict(tc, t.action);
}

/** A state name every reader reads back as written: printable ASCII (pdf-lib escapes delimiters as #xx). */
const PLAIN_NAME = /^[\x20-\x7e]+$/;

/**
 * Check boxes and radio buttons whose values are not plain ASCII names (§12.7.4.2.3, PDF 1.5 /Opt):
 * the values are written as text strings in /Opt, one per widget, and the on states are named by the
 * position of the first widget holding that value (/0, /1…), as Acrobat writes them; /V names it too.
 * Readers that decode names as Latin-1 would otherwise read "GrÃ¼Ãe". Returns the widgets' on names.
 */
function optStates(
  f: FieldItem,
  widgets: readonly LaidOutWidget[],
  entries: Record<string, unknown>,
): PDFName[] | undefined {
  if (f.type !== 'check_box' && f.type !== 'radio_group') return undefined;
  const values = widgets.map((w) => w.on!.state);
  if (values.every((v) => PLAIN_NAME.test(v))) return undefined;
  entries.Opt = values.map((v) => textString(v));
  const names = values.map((v) => PDFName.of(String(values.indexOf(v))));
  const chosen = f.type === 'check_box' ? (f.checked ? 0 : -1) : f.value === undefined ? -1 : values.indexOf(f.value);
  entries.V = chosen >= 0 ? names[chosen] : PDFName.of(OFF_STATE);
  return names;
}

interface Node {
  name: string;
  kids: Map<string, Node>;
  ref?: PDFRef;
  dict?: Record<string, unknown>;
}

export function emitForms(fc: FormsContext, ir: DedupedIr, pageRefs: readonly PDFRef[]): FormsOut {
  const widgetsByPage = new Map<number, PageWidget[]>();
  const byField = new Map<FieldItem, { page: number; w: LaidOutWidget }[]>();
  for (const page of ir.pages) {
    for (const w of page.widgets ?? []) {
      let list = byField.get(w.field);
      if (!list) {
        list = [];
        byField.set(w.field, list);
      }
      list.push({ page: page.number, w });
    }
  }
  if (!byField.size) return { widgetsByPage, appearanceKeys: [] };
  const { context } = fc;
  const root: Node = { name: '', kids: new Map() };
  const daFonts = new Set<string>();
  // Fields in document order (drawing order of their first widget's item), so the tree is stable.
  const fields = [...byField.keys()].sort((a, b) => a.index - b.index);
  for (const f of fields) {
    const list = byField.get(f)!;
    const first = list[0].w;
    if (first.da) daFonts.add(first.da.font);
    const entries = fieldEntries(fc, f, first.da, first.topIndex);
    const fieldRef = context.nextRef();
    const selected = (w: LaidOutWidget) =>
      f.type === 'check_box' ? f.checked : f.type === 'radio_group' ? f.value === w.on?.state : false;
    const onNames = optStates(
      f,
      list.map((x) => x.w),
      entries,
    );
    const merge = list.length === 1 && f.type !== 'radio_group';
    if (merge) {
      const { page, w } = list[0];
      Object.assign(entries, widgetEntries(fc, w, pageRefs[page - 1], selected(w), onNames?.[0]));
      add(widgetsByPage, page, { ref: fieldRef, rect: w.rect, afterLinks: w.afterLinks, at: w.at });
    } else {
      entries.Kids = list.map(({ page, w }, k) => {
        const ref = context.register(
          context.obj({
            ...widgetEntries(fc, w, pageRefs[page - 1], selected(w), onNames?.[k]),
            Parent: fieldRef,
          } as never),
        );
        add(widgetsByPage, page, { ref, rect: w.rect, afterLinks: w.afterLinks, at: w.at });
        return ref;
      });
    }
    // Parents from the dotted name: `billing.city` sits under a field `billing` holding only kids.
    const parts = f.name.split('.');
    let node = root;
    for (const part of parts.slice(0, -1)) {
      let next = node.kids.get(part);
      if (!next) {
        next = { name: part, kids: new Map(), ref: context.nextRef() };
        node.kids.set(part, next);
      }
      node = next;
    }
    node.kids.set(parts[parts.length - 1], {
      name: parts[parts.length - 1],
      kids: new Map(),
      ref: fieldRef,
      dict: entries,
    });
  }
  const writeNode = (n: Node, parent: PDFRef | undefined): void => {
    const d: Record<string, unknown> = n.dict ?? { T: textString(n.name) };
    if (parent) d.Parent = parent;
    if (!n.dict) d.Kids = [...n.kids.values()].map((k) => k.ref!);
    context.assign(n.ref!, context.obj(d as never));
    if (!n.dict) for (const k of n.kids.values()) writeNode(k, n.ref);
  };
  for (const k of root.kids.values()) writeNode(k, undefined);
  const dr: Record<string, PDFRef> = {};
  for (const name of daFonts) {
    const res = fc.fontRes.get(name)!;
    dr[res] = fc.fontRefs.get(res)!;
  }
  const firstFont = [...daFonts][0];
  const acro: Record<string, unknown> = { Fields: [...root.kids.values()].map((k) => k.ref!) };
  // SignaturesExist | AppendOnly (§12.7.3 Table 225): the file holds a signature; save it incrementally.
  if (fc.signature) acro.SigFlags = 3;
  if (Object.keys(dr).length) {
    acro.DR = { Font: dr };
    acro.DA = textString(`/${fc.fontRes.get(firstFont)} 0 Tf 0 g`);
  }
  const values = fields.map((f) =>
    JSON.stringify([f.name, 'value' in f ? f.value : undefined, f.type === 'check_box' ? f.checked : undefined]),
  );
  return {
    acroForm: context.register(context.obj(acro as never)),
    widgetsByPage,
    appearanceKeys: [...fc.written.keys(), ...values, ...(fc.signature ? [fc.signature.signer.fingerprint] : [])],
    signature: fc.signature,
  };
}

function add(m: Map<number, PageWidget[]>, page: number, w: PageWidget): void {
  const list = m.get(page);
  if (list) list.push(w);
  else m.set(page, [w]);
}

type Rect = LaidOutWidget['rect'];

/**
 * A page's /Annots: its links and widgets in drawing order, or sorted as `page_tab_orders` says —
 * `row`: top to bottom, then left to right; `column`: left to right, then top to bottom — so the
 * array order matches the keyboard order readers follow (/Tabs; PDF 2.0 /W reads the array itself).
 */
export function annotsInOrder(
  links: readonly { ref: PDFRef; rect: Rect }[],
  widgets: readonly PageWidget[],
  order: 'row' | 'column' | 'structure' | undefined,
): PDFRef[] {
  const all: { ref: PDFRef; rect: Rect; seq: number }[] = [];
  let wi = 0;
  links.forEach((l, i) => {
    while (wi < widgets.length && widgets[wi].afterLinks <= i) {
      all.push(Object.assign({}, widgets[wi], { seq: all.length }));
      wi++;
    }
    all.push(Object.assign({}, l, { seq: all.length }));
  });
  while (wi < widgets.length) {
    all.push(Object.assign({}, widgets[wi], { seq: all.length }));
    wi++;
  }
  if (order === 'row') all.sort((a, b) => b.rect.ury - a.rect.ury || a.rect.llx - b.rect.llx || a.seq - b.seq);
  else if (order === 'column') all.sort((a, b) => a.rect.llx - b.rect.llx || b.rect.ury - a.rect.ury || a.seq - b.seq);
  return all.map((a) => a.ref);
}
