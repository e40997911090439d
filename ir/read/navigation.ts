// ir/read/navigation.ts — reading, navigation and page settings (issue 9): bookmarks, destinations,
// articles, reader preferences, the link item's target, and page_boxes / page_turns / page_shows /
// page_tab_orders. The schema (ir/schema/navigation.ts) has run; this turns checked JSON into
// navigation IR. A target given twice is recorded, not refused: the cross-refusals pass refuses it
// naming both keys. Names and pages are checked later (names pass, end of pagination).

import type { ValidateFunction } from 'ajv';
import type * as D from '../description.generated.js';
import { refuse } from '../messages.js';
import type {
  Action,
  Article,
  Bookmark,
  BoxValue,
  Destination,
  Navigation,
  PageBoxes,
  PageEntry,
  PageRefSpec,
  PageSettings,
  PageShow,
  PageTarget,
  ReaderPrefs,
  TabOrder,
  Target,
  TargetConflict,
  TransitionStyle,
  ViewFit,
  ViewSpec,
} from '../navigation-types.js';
import { at, type JsonPointer } from '../pointer.js';
import { linkItemSchema, navigationSchemas } from '../schema/navigation.js';
import type { ItemBase, LinkItem } from '../types.js';
import { ajv, check, readColour, readCoord, readRect } from './common.js';
import type { ItemReader } from './items.js';

/** The top-level keys of this area (ir/schema/navigation.ts). */
const NAVIGATION_KEYS = Object.keys(navigationSchemas) as (keyof D.Description)[];

/** The keys by which a bookmark, a destination, a link, an action or `open_on` aims somewhere. */
type RawTarget = Pick<D.Bookmark, 'page' | 'view' | 'destination' | 'uri' | 'action'>;

// The schemas of this area are compiled the first time a request uses them, not when the module
// loads: most documents carry no navigation, and a render worker's cold start is shorter without.
let validateNavigation: ValidateFunction | undefined;
let validateLink: ValidateFunction | undefined;

/** Checks the top-level keys of this area against their schema (ir/schema/navigation.ts). */
export function checkNavigationSchema(d: D.Description): void {
  if (!NAVIGATION_KEYS.some((k) => d[k] !== undefined)) return;
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
export function readView(raw: D.View | undefined, p: JsonPointer): ViewSpec {
  if (raw === undefined) return { at: p, fit: 'fit' };
  if (typeof raw === 'string') return { at: p, fit: raw };
  const v = raw;
  const fit = v.fit ?? 'xyz';
  const takes = VIEW_KEYS[fit];
  const view: ViewSpec = { at: p, fit };
  for (const key of ALL_VIEW_KEYS) {
    const value = v[key];
    if (value === undefined) {
      if (fit === 'fit_rect' && key !== 'zoom') refuse('schemaRequired', at(p, key), { key, at: p });
      continue;
    }
    if (!takes.includes(key))
      refuse('keyNotApplicable', at(p, key), {
        key: at(p, key),
        selector: at(p, 'fit'),
        value: fit,
        takes: takes.length ? takes.join(', ') : 'no coordinates',
      });
    if (key === 'zoom') view.zoom = v.zoom;
    else view[key] = readCoord(value, at(p, key));
  }
  return view;
}

/**
 * A URI as given; a `javascript:` address is refused, since it would run a script from a link as
 * surely as a JavaScript action would (docs/reference.md, "Actions"). Readers ignore leading
 * spaces and control characters and letter case before the scheme, so the check does too.
 */
function uri(s: string, p: JsonPointer): string {
  if (/^[\u0000-\u0020]*javascript:/i.test(s.replace(/[\t\n\r]/g, ''))) refuse('uriRunsScript', p, { key: p });
  return s;
}

function pageRef(raw: number | string, p: JsonPointer): PageRefSpec {
  return { at: p, ref: raw };
}

/** The keys each action type takes beside `type` and `next`; another action's key is refused, not ignored. */
const ACTION_KEYS: Record<Action['type'], readonly Exclude<keyof D.Action, 'type' | 'next'>[]> = {
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
  target(raw: RawTarget, p: JsonPointer): Target | undefined {
    const given = (['page', 'destination', 'uri', 'action'] as const).filter((k) => raw[k] !== undefined);
    if (given.length > 1) this.conflicts.push([at(p, given[0]), at(p, given[1])]);
    if (raw.view !== undefined && raw.page === undefined)
      refuse('viewWithoutPage', at(p, 'view'), { key: at(p, 'view') });
    // the first key given, in the order above, is the target
    if (raw.page !== undefined) return this.pageTarget(raw.page, raw.view, p);
    if (raw.destination !== undefined) return { kind: 'destination', at: at(p, 'destination'), name: raw.destination };
    if (raw.uri !== undefined)
      return {
        kind: 'action',
        at: at(p, 'uri'),
        action: { type: 'uri', at: at(p, 'uri'), uri: uri(raw.uri, at(p, 'uri')), isMap: false, next: [] },
      };
    if (raw.action !== undefined)
      return { kind: 'action', at: at(p, 'action'), action: this.action(raw.action, at(p, 'action')) };
    return undefined;
  }

  private pageTarget(page: number | string, view: D.View | undefined, p: JsonPointer): PageTarget {
    return { kind: 'page', at: p, page: pageRef(page, at(p, 'page')), view: readView(view, at(p, 'view')) };
  }

  action(raw: D.Action, p: JsonPointer): Action {
    const type = raw.type;
    const takes = ACTION_KEYS[type];
    for (const key of ALL_ACTION_KEYS) {
      if (raw[key] !== undefined && !takes.includes(key))
        refuse('keyNotApplicable', at(p, key), {
          key: at(p, key),
          selector: at(p, 'type'),
          value: type,
          takes: takes.join(', '),
        });
    }
    const next = (raw.next ?? []).map((a, i) => this.action(a, at(p, 'next', i)));
    switch (raw.type) {
      case 'go_to': {
        if (raw.page !== undefined && raw.destination !== undefined)
          this.conflicts.push([at(p, 'page'), at(p, 'destination')]);
        if (raw.view !== undefined && raw.page === undefined)
          refuse('viewWithoutPage', at(p, 'view'), { key: at(p, 'view') });
        if (raw.page !== undefined)
          return { type: 'go_to', at: p, target: this.pageTarget(raw.page, raw.view, p), next };
        if (raw.destination !== undefined)
          return {
            type: 'go_to' as const,
            at: p,
            target: { kind: 'destination', at: at(p, 'destination'), name: raw.destination },
            next,
          };
        return refuse('goToNoTarget', p, { at: p });
      }
      case 'go_to_remote':
        if (raw.page !== undefined && raw.destination !== undefined)
          this.conflicts.push([at(p, 'page'), at(p, 'destination')]);
        return {
          type: 'go_to_remote' as const,
          at: p,
          file: raw.file,
          page: raw.page,
          view: readView(raw.view, at(p, 'view')),
          destination: raw.destination,
          newWindow: raw.new_window,
          next,
        };
      case 'uri':
        return { type: 'uri', at: p, uri: uri(raw.uri, at(p, 'uri')), isMap: raw.is_map === true, next };
      case 'named':
        return { type: 'named', at: p, name: raw.name, next };
      case 'thread':
        return { type: 'thread', at: p, article: raw.article, bead: raw.bead ?? 1, next };
    }
  }
}

function readBookmark(raw: D.Bookmark, p: JsonPointer, targets: TargetReader): Bookmark {
  const target = targets.target(raw, p);
  let color: [number, number, number] | undefined;
  if (raw.color !== undefined) {
    const c = raw.color;
    if (c.length === 4) refuse('outlineColourInk', at(p, 'color'), { key: at(p, 'color') });
    color = c.length === 1 ? [c[0], c[0], c[0]] : [c[0], c[1], c[2]];
  }
  return {
    at: p,
    title: raw.title,
    target,
    open: raw.open === true,
    color,
    bold: raw.bold === true,
    italic: raw.italic === true,
    children: (raw.children ?? []).map((c, i) => readBookmark(c, at(p, 'children', i), targets)),
  };
}

function readDestination(raw: D.DestinationDeclaration, p: JsonPointer): Destination {
  if (raw.page === undefined && raw.structure_element === undefined)
    refuse('schemaRequired', at(p, 'page'), { key: 'page', at: p });
  if (raw.view !== undefined && raw.page === undefined)
    refuse('viewWithoutPage', at(p, 'view'), { key: at(p, 'view') });
  return {
    at: p,
    name: raw.name,
    target:
      raw.page === undefined
        ? undefined
        : { kind: 'page', at: p, page: pageRef(raw.page, at(p, 'page')), view: readView(raw.view, at(p, 'view')) },
    structureElement:
      raw.structure_element === undefined ? undefined : { at: at(p, 'structure_element'), id: raw.structure_element },
  };
}

function readArticle(raw: D.ArticleDeclaration, p: JsonPointer): Article {
  const info: Article['info'] = {};
  for (const key of ['title', 'author', 'subject', 'keywords', 'creator'] as const) {
    const v = raw[key];
    if (typeof v === 'string') info[key] = v;
  }
  return {
    at: p,
    info,
    beads: raw.beads.map((b, i) => {
      const bp = at(p, 'beads', i);
      return { at: bp, page: pageRef(b.page, at(bp, 'page')), rect: readRect(b.rect, at(bp, 'rect')) };
    }),
  };
}

function readReader(raw: D.ReaderPreferences, p: JsonPointer, targets: TargetReader): ReaderPrefs {
  const r: ReaderPrefs = {
    at: p,
    pageLayout: raw.page_layout,
    pageMode: raw.page_mode,
    fullScreenExit: raw.full_screen_exit,
    hideToolbar: raw.hide_toolbar,
    hideMenubar: raw.hide_menubar,
    hideWindowUi: raw.hide_window_ui,
    fitWindow: raw.fit_window,
    centerWindow: raw.center_window,
    displayDocTitle: raw.display_doc_title,
    direction: raw.direction,
    printScaling: raw.print_scaling,
    duplex: raw.duplex,
    pickTrayByPdfSize: raw.pick_tray_by_pdf_size,
    copies: raw.copies,
  };
  if (Array.isArray(raw.print_pages)) {
    r.printPages = raw.print_pages.map((e, i) => {
      const ep = at(p, 'print_pages', i);
      return { at: ep, from: pageRef(e.from, at(ep, 'from')), to: pageRef(e.to, at(ep, 'to')) };
    });
  }
  if (raw.open_on !== undefined) {
    const op = at(p, 'open_on');
    r.openOn = targets.target(raw.open_on, op);
    if (!r.openOn) refuse('targetMissing', op, { key: op });
  }
  return r;
}

/** The navigation keys of the top level, or undefined when the request has none of them. */
export function readNavigation(d: D.Description): Navigation | undefined {
  if (d.bookmarks === undefined && d.destinations === undefined && d.articles === undefined && d.reader === undefined)
    return undefined;
  const targets = new TargetReader();
  const nav: Navigation = {
    bookmarks: (d.bookmarks ?? []).map((raw, i) => readBookmark(raw, at('', 'bookmarks', i), targets)),
    destinations: (d.destinations ?? []).map((raw, i) => readDestination(raw, at('', 'destinations', i))),
    articles: (d.articles ?? []).map((raw, i) => readArticle(raw, at('', 'articles', i))),
    reader: d.reader === undefined ? undefined : readReader(d.reader, '/reader', targets),
    conflicts: targets.conflicts,
  };
  return nav;
}

// ───────────────────────────── page settings ─────────────────────────────

/** A box given the wrong way round is the box its corners span (as a rect is). */
function box(b: D.PageBox | undefined): BoxValue | undefined {
  if (b === undefined) return undefined;
  return {
    llx: Math.min(b.llx, b.urx),
    lly: Math.min(b.lly, b.ury),
    urx: Math.max(b.llx, b.urx),
    ury: Math.max(b.lly, b.ury),
  };
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
  wipe: [0, 90, 180, 270],
  glitter: [0, 270, 315],
  fly: [0, 270, 'none'],
  push: [0, 270],
  cover: [0, 270],
  uncover: [0, 270],
};

function readShow(raw: D.PageShow, p: JsonPointer): PageShow {
  const style = raw.style ?? 'replace';
  const takes = SHOW_KEYS[style];
  for (const key of STYLE_KEYS) {
    if (raw[key] !== undefined && !takes.includes(key))
      refuse('keyNotApplicable', at(p, key), {
        key: at(p, key),
        selector: at(p, 'style'),
        value: style,
        takes: takes.length ? takes.join(', ') : 'only duration and display_duration',
      });
  }
  const dirs = DIRECTIONS[style];
  if (raw.direction !== undefined && dirs && !dirs.includes(raw.direction)) {
    refuse('schemaEnum', at(p, 'direction'), {
      key: at(p, 'direction'),
      allowed: dirs.map((d) => JSON.stringify(d)).join(', '),
    });
  }
  return {
    style,
    duration: raw.duration,
    displayDuration: raw.display_duration,
    dimension: raw.dimension,
    motion: raw.motion,
    direction: raw.direction,
    scale: raw.scale,
    opaque: raw.opaque,
  };
}

/** page_boxes, page_turns, page_shows, page_tab_orders; a page named twice takes its last entry, whole. */
export function readPageSettings(d: D.Description): PageSettings | undefined {
  if (
    d.page_boxes === undefined &&
    d.page_turns === undefined &&
    d.page_shows === undefined &&
    d.page_tab_orders === undefined
  )
    return undefined;
  const byPage = <R extends { page: number }, T>(
    key: string,
    list: R[] | undefined,
    read: (raw: R, p: JsonPointer) => T,
  ): Map<number, PageEntry<T>> => {
    const m = new Map<number, PageEntry<T>>();
    (list ?? []).forEach((raw, i) => {
      const p = at('', key, i);
      m.set(raw.page, { at: at(p, 'page'), page: raw.page, value: read(raw, p) });
    });
    return m;
  };
  return {
    boxes: byPage<D.PageBoxes, PageBoxes>('page_boxes', d.page_boxes, (raw) => ({
      crop: box(raw.crop),
      bleed: box(raw.bleed),
      trim: box(raw.trim),
      art: box(raw.art),
    })),
    turns: byPage<D.PageTurn, number>('page_turns', d.page_turns, (raw) => raw.rotation),
    shows: byPage<D.PageShow, PageShow>('page_shows', d.page_shows, readShow),
    tabOrders: byPage<D.PageTabOrder, TabOrder>('page_tab_orders', d.page_tab_orders, (raw) => raw.order),
  };
}

// ───────────────────────────── the link item ─────────────────────────────

export const linkReader: ItemReader<'link'> = {
  get validate() {
    return (validateLink ??= ajv.compile(linkItemSchema));
  },
  read(raw, base: ItemBase): LinkItem {
    const p = base.at;
    const targets = new TargetReader();
    const target = targets.target(raw, p);
    if (!target) refuse('targetMissing', p, { key: `the link at ${p}` });
    const b = raw.border ?? {};
    const dash = b.dash;
    if (dash?.every((x) => x === 0)) refuse('dashAllZero', at(p, 'border', 'dash'), { key: at(p, 'border', 'dash') });
    return Object.assign({}, base, {
      type: 'link' as const,
      rect: readRect(raw.rect, at(p, 'rect')),
      target,
      conflict: targets.conflicts[0],
      border: { width: b.width ?? 0, dash, color: b.color === undefined ? undefined : readColour(b.color) },
      highlight: raw.highlight ?? 'invert',
      description: raw.description,
    });
  },
};
