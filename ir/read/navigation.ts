// ir/read/navigation.ts — reading, navigation and page settings (issue 9): bookmarks, destinations,
// articles, reader preferences, the link item's target, and page_boxes / page_turns / page_shows /
// page_tab_orders. The schema (ir/schema/navigation.ts) has run; this turns checked JSON into
// navigation IR. A target given twice is recorded, not refused: the cross-refusals pass refuses it
// naming both keys. Names and pages are checked later (names pass, end of pagination).
import { refuse } from '../messages.js';
import { at, type JsonPointer } from '../pointer.js';
import type {
  Action, Article, Bookmark, BoxValue, Destination, Navigation, NamedActionName, PageBoxes, PageEntry,
  PageRefSpec, PageSettings, PageShow, PageTarget, ReaderPrefs, TabOrder, Target, TargetConflict,
  TransitionStyle, ViewFit, ViewSpec,
} from '../navigation-types.js';
import type { ValidateFunction } from 'ajv';
import { linkItemSchema, navigationSchemas } from '../schema/navigation.js';
import type { ItemBase, LinkItem } from '../types.js';
import { ajv, check, readColour, readCoord, readRect } from './common.js';
import type { ItemReader } from './items.js';

type Raw = Record<string, unknown>;

// The schemas of this area are compiled the first time a request uses them, not when the module
// loads: most documents carry no navigation, and a render worker's cold start is shorter without.
let validateNavigation: ValidateFunction | undefined;
let validateLink: ValidateFunction | undefined;

/** Checks the top-level keys of this area against their schema (ir/schema/navigation.ts). */
export function checkNavigationSchema(d: Raw): void {
  if (!Object.keys(navigationSchemas).some((k) => d[k] !== undefined)) return;
  validateNavigation ??= ajv.compile({ type: 'object', properties: navigationSchemas });
  check(validateNavigation, d, '');
}

/** The view coordinates each fit takes (ISO 32000-2 §12.3.2.2, Table 149); fit_rect needs all four. */
const VIEW_KEYS: Record<ViewFit, readonly ('left' | 'top' | 'right' | 'bottom' | 'zoom')[]> = {
  xyz: ['left', 'top', 'zoom'],
  fit: [],
  fit_width: ['top'],
  fit_height: ['left'],
  fit_rect: ['left', 'bottom', 'right', 'top'],
  fit_bbox: [],
  fit_bbox_width: ['top'],
  fit_bbox_height: ['left'],
};
const ALL_VIEW_KEYS = ['left', 'top', 'right', 'bottom', 'zoom'] as const;

/** The view of a page target: absent → `fit` (the whole page); a string names the fit; an object's fit defaults to `xyz`. */
export function readView(raw: unknown, p: JsonPointer): ViewSpec {
  if (raw === undefined) return { at: p, fit: 'fit' };
  if (typeof raw === 'string') return { at: p, fit: raw as ViewFit };
  const v = raw as Raw;
  const fit = (v.fit as ViewFit | undefined) ?? 'xyz';
  const takes = VIEW_KEYS[fit];
  const view: ViewSpec = { at: p, fit };
  for (const key of ALL_VIEW_KEYS) {
    if (v[key] === undefined) {
      if (fit === 'fit_rect' && key !== 'zoom') refuse('schemaRequired', at(p, key), { key, at: p });
      continue;
    }
    if (!takes.includes(key)) refuse('keyNotApplicable', at(p, key), { key: at(p, key), selector: at(p, 'fit'), value: fit, takes: takes.length ? takes.join(', ') : 'no coordinates' });
    if (key === 'zoom') view.zoom = v.zoom as number;
    else view[key] = readCoord(v[key] as number | string, at(p, key));
  }
  return view;
}

/**
 * A URI as given; a `javascript:` address is refused, since it would run a script from a link as
 * surely as a JavaScript action would (docs/reference.md, "Actions"). Readers ignore leading
 * spaces and control characters and letter case before the scheme, so the check does too.
 */
function uri(raw: unknown, p: JsonPointer): string {
  const s = raw as string;
  if (/^[\u0000-\u0020]*javascript:/i.test(s.replace(/[\t\n\r]/g, ''))) refuse('uriRunsScript', p, { key: p });
  return s;
}

function pageRef(raw: unknown, p: JsonPointer): PageRefSpec {
  return { at: p, ref: raw as number | string };
}

/** The keys each action type takes beside `type` and `next`; another action's key is refused, not ignored. */
const ACTION_KEYS: Record<Action['type'], readonly string[]> = {
  go_to: ['page', 'view', 'destination'],
  go_to_remote: ['file', 'page', 'view', 'destination', 'new_window'],
  uri: ['uri', 'is_map'],
  named: ['name'],
  thread: ['article', 'bead'],
};
const ALL_ACTION_KEYS = [...new Set(Object.values(ACTION_KEYS).flat())];

/** Where a holder's target keys are read into IR; `conflicts` collects targets given twice, in document order. */
export class TargetReader {
  readonly conflicts: TargetConflict[] = [];

  /**
   * A target from the keys `page` (+ `view`), `destination`, `uri`, `action` of `raw`. The first key
   * given is the target; a second one is a conflict for the cross-refusals pass.
   */
  target(raw: Raw, p: JsonPointer): Target | undefined {
    const given = (['page', 'destination', 'uri', 'action'] as const).filter((k) => raw[k] !== undefined);
    if (given.length > 1) this.conflicts.push([at(p, given[0]), at(p, given[1])]);
    if (raw.view !== undefined && raw.page === undefined) refuse('viewWithoutPage', at(p, 'view'), { key: at(p, 'view') });
    switch (given[0]) {
      case undefined: return undefined;
      case 'page': return this.pageTarget(raw, p);
      case 'destination': return { kind: 'destination', at: at(p, 'destination'), name: raw.destination as string };
      case 'uri': return { kind: 'action', at: at(p, 'uri'), action: { type: 'uri', at: at(p, 'uri'), uri: uri(raw.uri, at(p, 'uri')), isMap: false, next: [] } };
      case 'action': return { kind: 'action', at: at(p, 'action'), action: this.action(raw.action as Raw, at(p, 'action')) };
    }
  }

  private pageTarget(raw: Raw, p: JsonPointer): PageTarget {
    return { kind: 'page', at: p, page: pageRef(raw.page, at(p, 'page')), view: readView(raw.view, at(p, 'view')) };
  }

  action(raw: Raw, p: JsonPointer): Action {
    const type = raw.type as Action['type'];
    const takes = ACTION_KEYS[type];
    for (const key of ALL_ACTION_KEYS) {
      if (raw[key] !== undefined && !takes.includes(key)) refuse('keyNotApplicable', at(p, key), { key: at(p, key), selector: at(p, 'type'), value: type, takes: takes.join(', ') });
    }
    const next = ((raw.next ?? []) as Raw[]).map((a, i) => this.action(a, at(p, 'next', i)));
    switch (raw.type as Action['type']) {
      case 'go_to': {
        if (raw.page !== undefined && raw.destination !== undefined) this.conflicts.push([at(p, 'page'), at(p, 'destination')]);
        if (raw.view !== undefined && raw.page === undefined) refuse('viewWithoutPage', at(p, 'view'), { key: at(p, 'view') });
        if (raw.page !== undefined) return { type: 'go_to', at: p, target: this.pageTarget(raw, p), next };
        if (raw.destination !== undefined) return { type: 'go_to', at: p, target: { kind: 'destination', at: at(p, 'destination'), name: raw.destination as string }, next };
        return refuse('goToNoTarget', p, { at: p });
      }
      case 'go_to_remote':
        if (raw.page !== undefined && raw.destination !== undefined) this.conflicts.push([at(p, 'page'), at(p, 'destination')]);
        return {
          type: 'go_to_remote', at: p, file: raw.file as string, page: raw.page as number | undefined,
          view: readView(raw.view, at(p, 'view')), destination: raw.destination as string | undefined,
          newWindow: raw.new_window as boolean | undefined, next,
        };
      case 'uri':
        return { type: 'uri', at: p, uri: uri(raw.uri, at(p, 'uri')), isMap: raw.is_map === true, next };
      case 'named':
        return { type: 'named', at: p, name: raw.name as NamedActionName, next };
      case 'thread':
        return { type: 'thread', at: p, article: raw.article as number, bead: (raw.bead as number | undefined) ?? 1, next };
    }
  }
}

function readBookmark(raw: Raw, p: JsonPointer, targets: TargetReader): Bookmark {
  const target = targets.target(raw, p);
  let color: [number, number, number] | undefined;
  if (raw.color !== undefined) {
    const c = raw.color as number[];
    if (c.length === 4) refuse('outlineColourInk', at(p, 'color'), { key: at(p, 'color') });
    color = c.length === 1 ? [c[0], c[0], c[0]] : [c[0], c[1], c[2]];
  }
  return {
    at: p,
    title: raw.title as string,
    target,
    open: raw.open === true,
    color,
    bold: raw.bold === true,
    italic: raw.italic === true,
    children: ((raw.children ?? []) as Raw[]).map((c, i) => readBookmark(c, at(p, 'children', i), targets)),
  };
}

function readDestination(raw: Raw, p: JsonPointer): Destination {
  if (raw.page === undefined && raw.structure_element === undefined) refuse('schemaRequired', at(p, 'page'), { key: 'page', at: p });
  if (raw.view !== undefined && raw.page === undefined) refuse('viewWithoutPage', at(p, 'view'), { key: at(p, 'view') });
  return {
    at: p,
    name: raw.name as string,
    target: raw.page === undefined ? undefined : { kind: 'page', at: p, page: pageRef(raw.page, at(p, 'page')), view: readView(raw.view, at(p, 'view')) },
    structureElement: raw.structure_element === undefined ? undefined : { at: at(p, 'structure_element'), id: raw.structure_element as string },
  };
}

function readArticle(raw: Raw, p: JsonPointer): Article {
  const info: Article['info'] = {};
  for (const key of ['title', 'author', 'subject', 'keywords', 'creator'] as const) if (typeof raw[key] === 'string') info[key] = raw[key] as string;
  return {
    at: p,
    info,
    beads: (raw.beads as Raw[]).map((b, i) => {
      const bp = at(p, 'beads', i);
      return { at: bp, page: pageRef(b.page, at(bp, 'page')), rect: readRect(b.rect, at(bp, 'rect')) };
    }),
  };
}

function readReader(raw: Raw, p: JsonPointer, targets: TargetReader): ReaderPrefs {
  const r: ReaderPrefs = {
    at: p,
    pageLayout: raw.page_layout as string | undefined,
    pageMode: raw.page_mode as string | undefined,
    fullScreenExit: raw.full_screen_exit as string | undefined,
    hideToolbar: raw.hide_toolbar as boolean | undefined,
    hideMenubar: raw.hide_menubar as boolean | undefined,
    hideWindowUi: raw.hide_window_ui as boolean | undefined,
    fitWindow: raw.fit_window as boolean | undefined,
    centerWindow: raw.center_window as boolean | undefined,
    displayDocTitle: raw.display_doc_title as boolean | undefined,
    direction: raw.direction as string | undefined,
    printScaling: raw.print_scaling as string | undefined,
    duplex: raw.duplex as string | undefined,
    pickTrayByPdfSize: raw.pick_tray_by_pdf_size as boolean | undefined,
    copies: raw.copies as number | undefined,
  };
  if (Array.isArray(raw.print_pages)) {
    r.printPages = (raw.print_pages as Raw[]).map((e, i) => {
      const ep = at(p, 'print_pages', i);
      return { at: ep, from: pageRef(e.from, at(ep, 'from')), to: pageRef(e.to, at(ep, 'to')) };
    });
  }
  if (raw.open_on !== undefined) {
    const op = at(p, 'open_on');
    r.openOn = targets.target(raw.open_on as Raw, op);
    if (!r.openOn) refuse('targetMissing', op, { key: op });
  }
  return r;
}

/** The navigation keys of the top level, or undefined when the request has none of them. */
export function readNavigation(d: Raw): Navigation | undefined {
  if (d.bookmarks === undefined && d.destinations === undefined && d.articles === undefined && d.reader === undefined) return undefined;
  const targets = new TargetReader();
  const list = <T>(key: string, read: (raw: Raw, p: JsonPointer) => T): T[] =>
    ((d[key] ?? []) as Raw[]).map((raw, i) => read(raw, at('', key, i)));
  const nav: Navigation = {
    bookmarks: list('bookmarks', (raw, p) => readBookmark(raw, p, targets)),
    destinations: list('destinations', readDestination),
    articles: list('articles', readArticle),
    reader: d.reader === undefined ? undefined : readReader(d.reader as Raw, '/reader', targets),
    conflicts: targets.conflicts,
  };
  return nav;
}

// ───────────────────────────── page settings ─────────────────────────────

/** A box given the wrong way round is the box its corners span (as a rect is). */
function box(raw: unknown): BoxValue | undefined {
  if (raw === undefined) return undefined;
  const b = raw as BoxValue;
  return { llx: Math.min(b.llx, b.urx), lly: Math.min(b.lly, b.ury), urx: Math.max(b.llx, b.urx), ury: Math.max(b.lly, b.ury) };
}

/** Keys of a page_shows entry each transition style takes (ISO 32000-2 §12.4.4.1, Table 162). */
const SHOW_KEYS: Record<TransitionStyle, readonly string[]> = {
  split: ['dimension', 'motion'],
  blinds: ['dimension'],
  box: ['motion'],
  wipe: ['direction'],
  dissolve: [],
  glitter: ['direction'],
  replace: [],
  fly: ['motion', 'direction', 'scale', 'opaque'],
  push: ['direction'],
  cover: ['direction'],
  uncover: ['direction'],
  fade: [],
};
const STYLE_KEYS = ['dimension', 'motion', 'direction', 'scale', 'opaque'] as const;
/** Directions (Di) each style allows: 90 and 180 are Wipe's alone, 315 Glitter's, None Fly's. */
const DIRECTIONS: Partial<Record<TransitionStyle, readonly (number | string)[]>> = {
  wipe: [0, 90, 180, 270], glitter: [0, 270, 315], fly: [0, 270, 'none'], push: [0, 270], cover: [0, 270], uncover: [0, 270],
};

function readShow(raw: Raw, p: JsonPointer): PageShow {
  const style = (raw.style as TransitionStyle | undefined) ?? 'replace';
  const takes = SHOW_KEYS[style];
  for (const key of STYLE_KEYS) {
    if (raw[key] !== undefined && !takes.includes(key)) refuse('keyNotApplicable', at(p, key), { key: at(p, key), selector: at(p, 'style'), value: style, takes: takes.length ? takes.join(', ') : 'only duration and display_duration' });
  }
  const dirs = DIRECTIONS[style];
  if (raw.direction !== undefined && dirs && !dirs.includes(raw.direction as number | string)) {
    refuse('schemaEnum', at(p, 'direction'), { key: at(p, 'direction'), allowed: dirs.map((d) => JSON.stringify(d)).join(', ') });
  }
  return {
    style,
    duration: raw.duration as number | undefined,
    displayDuration: raw.display_duration as number | undefined,
    dimension: raw.dimension as PageShow['dimension'],
    motion: raw.motion as PageShow['motion'],
    direction: raw.direction as PageShow['direction'],
    scale: raw.scale as number | undefined,
    opaque: raw.opaque as boolean | undefined,
  };
}

/** page_boxes, page_turns, page_shows, page_tab_orders; a page named twice takes its last entry, whole. */
export function readPageSettings(d: Raw): PageSettings | undefined {
  if (d.page_boxes === undefined && d.page_turns === undefined && d.page_shows === undefined && d.page_tab_orders === undefined) return undefined;
  const byPage = <T>(key: string, read: (raw: Raw, p: JsonPointer) => T): Map<number, PageEntry<T>> => {
    const m = new Map<number, PageEntry<T>>();
    ((d[key] ?? []) as Raw[]).forEach((raw, i) => {
      const p = at('', key, i);
      m.set(raw.page as number, { at: at(p, 'page'), page: raw.page as number, value: read(raw, p) });
    });
    return m;
  };
  return {
    boxes: byPage<PageBoxes>('page_boxes', (raw) => ({ crop: box(raw.crop), bleed: box(raw.bleed), trim: box(raw.trim), art: box(raw.art) })),
    turns: byPage<number>('page_turns', (raw) => raw.rotation as number),
    shows: byPage<PageShow>('page_shows', readShow),
    tabOrders: byPage<TabOrder>('page_tab_orders', (raw) => raw.order as TabOrder),
  };
}

// ───────────────────────────── the link item ─────────────────────────────

export const linkReader: ItemReader = {
  get validate() {
    return (validateLink ??= ajv.compile(linkItemSchema));
  },
  read(raw: Raw, base: ItemBase): LinkItem {
    const p = base.at;
    const targets = new TargetReader();
    const target = targets.target(raw, p);
    if (!target) refuse('targetMissing', p, { key: `the link at ${p}` });
    const b = (raw.border ?? {}) as Raw;
    const dash = b.dash as number[] | undefined;
    if (dash && dash.every((x) => x === 0)) refuse('dashAllZero', at(p, 'border', 'dash'), { key: at(p, 'border', 'dash') });
    return {
      ...base,
      type: 'link',
      rect: readRect(raw.rect, at(p, 'rect')),
      target,
      conflict: targets.conflicts[0],
      border: { width: (b.width as number | undefined) ?? 0, dash, color: b.color === undefined ? undefined : readColour(b.color as number[]) },
      highlight: (raw.highlight as LinkItem['highlight'] | undefined) ?? 'invert',
      description: raw.description as string | undefined,
    };
  },
};
