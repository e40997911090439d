// passes/emit/navigation/destinations.ts — emit sub-step: destinations and actions (ISO 32000-1 §12.3.2,
// §12.6). Explicit destinations as arrays naming a page object and a view; named destinations in
// the catalog's /Names /Dests name tree; actions as dictionaries. Shared by the outline, links,
// the open action and GoTo actions, so a target is written the same wherever it appears.
import { type PDFContext, PDFHexString, type PDFObject, type PDFRef } from 'pdf-lib';
import { nameTree, textKey } from '../../../engines/pdf/name-tree.js';
import {
  type Action,
  type Destination,
  NAMED_ACTIONS,
  type Place,
  type Places,
  type Target,
  type ViewSpec,
  type ViewValue,
} from '../../../ir/navigation-types.js';

/** What writing a target needs: the object model, the page objects, and pagination's place table. */
export interface TargetContext {
  context: PDFContext;
  pageRefs: readonly PDFRef[];
  places: Places;
  /** Thread and bead objects by article, for thread actions (written first: passes/emit/navigation/navigation.ts). */
  threads?: readonly { thread: PDFRef; beads: readonly PDFRef[] }[];
  /** The structure element of an `id` (a tagged document), for structure destinations. */
  element?: (id: string) => PDFRef;
}

/** The /D operands of each fit after the page (Table 151). */
const FIT_NAMES = {
  xyz: 'XYZ',
  fit: 'Fit',
  fit_width: 'FitH',
  fit_height: 'FitV',
  fit_rect: 'FitR',
  fit_bbox: 'FitB',
  fit_bbox_width: 'FitBH',
  fit_bbox_height: 'FitBV',
} as const;

/** The view operands after the page: `[/XYZ left top zoom]`, `[/FitH top]`… (null: the reader keeps its own). */
function viewOperands(v: ViewValue): unknown[] {
  const n = (x: number | null) => (x === null ? null : round(x));
  switch (v.fit) {
    case 'xyz':
      return [FIT_NAMES.xyz, n(v.left), n(v.top), n(v.zoom)];
    case 'fit':
    case 'fit_bbox':
      return [FIT_NAMES[v.fit]];
    case 'fit_width':
    case 'fit_bbox_width':
      return [FIT_NAMES[v.fit], n(v.top)];
    case 'fit_height':
    case 'fit_bbox_height':
      return [FIT_NAMES[v.fit], n(v.left)];
    case 'fit_rect':
      return [FIT_NAMES.fit_rect, n(v.left), n(v.bottom), n(v.right), n(v.top)];
  }
}

/**
 * Numbers to 1/1000, as content streams write them: pdf-lib writes every digit of a number, so a
 * denormal (6e-323) would become hundreds of them; rounded, it is 0.
 */
export function round(x: number): number {
  return Math.round(x * 1000) / 1000;
}

/** An explicit destination in this document: `[page /XYZ …]`. */
export function destArray(tc: TargetContext, place: Place): PDFObject {
  return tc.context.obj([tc.pageRefs[place.page - 1], ...viewOperands(place.view!)] as never);
}

/** A text string: hex of the bytes when plain printable ASCII, UTF-16BE with BOM otherwise (§7.9.2.2). */
export function textString(s: string): PDFHexString {
  if (/^[\x20-\x7e\t\n\r]*$/.test(s)) return PDFHexString.of(Buffer.from(s, 'latin1').toString('hex'));
  return PDFHexString.fromText(s);
}

/**
 * A URI as /URI wants it, 7-bit ASCII (§12.6.4.7): characters outside printable ASCII are written
 * as UTF-8 percent escapes, as a browser does with an IRI; everything else stays as given.
 */
export function asciiUri(uri: string): PDFHexString {
  let out = '';
  for (const ch of uri) {
    const c = ch.codePointAt(0)!;
    if (c > 0x20 && c < 0x7f) out += ch;
    else if (c >= 0xd800 && c <= 0xdfff)
      out += '%EF%BF%BD'; // a lone surrogate: U+FFFD
    else out += [...Buffer.from(ch, 'utf8')].map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join('');
  }
  return PDFHexString.of(Buffer.from(out, 'latin1').toString('hex'));
}

function placeOf(tc: TargetContext, t: Extract<Target, { kind: 'page' }>): Place {
  const p = tc.places.get(t.page.at);
  // Pagination places every page target (passes/pagination/places.ts); a miss is our bug, not the client's.
  if (!p) throw new Error(`page target at ${t.page.at} was not placed`);
  return p;
}

/** A view of another file: numbers only, evaluated without page variables. */
function remoteView(v: ViewSpec): ViewValue {
  const num = (c: ViewSpec['left']) => (c && c.expr.k === 'num' ? c.expr.v : null);
  return {
    fit: v.fit,
    left: num(v.left),
    top: num(v.top),
    right: num(v.right),
    bottom: num(v.bottom),
    zoom: v.zoom ? v.zoom : null,
  };
}

/** An action dictionary, with its `next` chain as /Next (one action, or an array). */
export function actionDict(tc: TargetContext, a: Action): PDFObject {
  const d: Record<string, unknown> = { Type: 'Action' };
  switch (a.type) {
    case 'go_to':
      d.S = 'GoTo';
      d.D = a.target.kind === 'page' ? destArray(tc, placeOf(tc, a.target)) : textKey(a.target.name);
      break;
    case 'go_to_remote':
      d.S = 'GoToR';
      d.F = textString(a.file);
      // In another file a page is given by its 0-based number, not an object (§12.3.2.2).
      // A name in another file is matched by its bytes in that file's tree, which most writers key in
      // plain ASCII: written as a text string (ASCII bytes when it is ASCII), not as our own UTF-16 keys.
      d.D =
        a.destination !== undefined
          ? textString(a.destination)
          : tc.context.obj([(a.page ?? 1) - 1, ...viewOperands(remoteView(a.view))] as never);
      if (a.newWindow !== undefined) d.NewWindow = a.newWindow;
      break;
    case 'uri':
      d.S = 'URI';
      d.URI = asciiUri(a.uri);
      if (a.isMap) d.IsMap = true;
      break;
    case 'named':
      d.S = 'Named';
      d.N = NAMED_ACTIONS[a.name];
      break;
    case 'thread': {
      // The names pass has checked both numbers against `articles`.
      const t = tc.threads![a.article - 1];
      d.S = 'Thread';
      d.D = t.thread;
      d.B = t.beads[a.bead - 1];
      break;
    }
  }
  if (a.next.length === 1) d.Next = actionDict(tc, a.next[0]);
  else if (a.next.length > 1) d.Next = a.next.map((n) => actionDict(tc, n));
  return tc.context.obj(d as never);
}

/** How an outline item or a link names its target: /Dest (a page or a destination name) or /A. */
export function targetEntries(tc: TargetContext, t: Target): Record<string, unknown> {
  switch (t.kind) {
    case 'page':
      return { Dest: destArray(tc, placeOf(tc, t)) };
    case 'destination':
      return { Dest: textKey(t.name) };
    case 'action':
      return { A: actionDict(tc, t.action) };
  }
}

/** The open action: an explicit destination array, or an action (a name goes through GoTo, since /OpenAction takes no string). */
export function openAction(tc: TargetContext, t: Target): PDFObject {
  if (t.kind === 'page') return destArray(tc, placeOf(tc, t));
  if (t.kind === 'destination') return tc.context.obj({ Type: 'Action', S: 'GoTo', D: textKey(t.name) } as never);
  return actionDict(tc, t.action);
}

/** The /Dests name tree of the declared destinations; undefined when there are none. */
export function emitDests(tc: TargetContext, destinations: readonly Destination[]): PDFRef | undefined {
  const entries: [string, PDFObject][] = [];
  for (const d of destinations) {
    const se = d.structureElement;
    if (!se) {
      if (d.target) entries.push([d.name, destArray(tc, placeOf(tc, d.target))]);
      continue;
    }
    // A structure destination (PDF 2.0, ISO 32000-2 §12.3.2.3) as /SD, with the page destination /D
    // beside it for readers that know no /SD: the page `page` names, else the element's first page.
    const place = tc.places.get(se.at);
    if (!place) throw new Error(`structure destination at ${se.at} was not placed`);
    const view = viewOperands(place.view!);
    entries.push([
      d.name,
      tc.context.obj({
        D: destArray(tc, place),
        SD: tc.context.obj([tc.element!(se.id), ...view] as never),
      } as never),
    ]);
  }
  return entries.length ? nameTree(tc.context, entries) : undefined;
}
