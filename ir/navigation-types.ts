// ir/navigation-types.ts — the IR of navigation and page settings (issue 9): outline, named
// destinations, link targets and actions, article threads, reader preferences, and the per-page
// boxes, turns, shows and tab orders. Read by ir/read/navigation.ts; page references are checked and
// views evaluated at the end of pagination (passes/pagination/places.ts) into a `places` table the
// emitter reads; nothing here is a PDF object yet.
import type * as D from './description.generated.js';
import type { JsonPointer } from './pointer.js';
import type { Colour, RectSpec } from './types.js';

/** A page as the request names it: a number, or a label string once `renumber` gives labels. */
export type PageRef = number | string;

/** The request's reference to a page; `at` is the pointer of the `page` key (what a refusal names). */
export interface PageRefSpec {
  at: JsonPointer;
  ref: PageRef;
}

/** The views of ISO 32000-2 §12.3.2.2, Table 149, as the description spells them. */
export const VIEW_FITS = [
  'xyz',
  'fit',
  'fit_width',
  'fit_height',
  'fit_rect',
  'fit_bbox',
  'fit_bbox_width',
  'fit_bbox_height',
] as const;
export type ViewFit = (typeof VIEW_FITS)[number];

/** Coordinates of a view: numbers or coordinate expressions evaluated on the target page. */
export interface ViewSpec {
  at: JsonPointer;
  fit: ViewFit;
  left?: import('./types.js').Coord;
  top?: import('./types.js').Coord;
  right?: import('./types.js').Coord;
  bottom?: import('./types.js').Coord;
  /** 0 or absent: the reader keeps its zoom (§12.3.2.2, XYZ). */
  zoom?: number;
}

/** A page of this document with a view. */
export interface PageTarget {
  kind: 'page';
  at: JsonPointer;
  page: PageRefSpec;
  view: ViewSpec;
}
/** A name declared under `destinations`. */
export interface NamedTarget {
  kind: 'destination';
  at: JsonPointer;
  name: string;
}
/** A full action (or a short `uri`, read as a URI action). */
export interface ActionTarget {
  kind: 'action';
  at: JsonPointer;
  action: Action;
}
export type Target = PageTarget | NamedTarget | ActionTarget;

export const NAMED_ACTIONS = {
  next_page: 'NextPage',
  prev_page: 'PrevPage',
  first_page: 'FirstPage',
  last_page: 'LastPage',
} as const;
export type NamedActionName = keyof typeof NAMED_ACTIONS;

/** Actions of §12.6.4 the description reaches. JavaScript and Launch are deliberately absent. */
export type Action =
  | { type: 'go_to'; at: JsonPointer; target: PageTarget | NamedTarget; next: Action[] }
  | {
      type: 'go_to_remote';
      at: JsonPointer;
      file: string /** 1-based page of the other file */;
      page?: number;
      view: ViewSpec;
      destination?: string;
      newWindow?: boolean;
      next: Action[];
    }
  | { type: 'uri'; at: JsonPointer; uri: string; isMap: boolean; next: Action[] }
  | { type: 'named'; at: JsonPointer; name: NamedActionName; next: Action[] }
  /** Reading an article from one of its beads (§12.6.4.7, Thread); both 1-based, as the request counts. */
  | { type: 'thread'; at: JsonPointer; article: number; bead: number; next: Action[] };

/**
 * Where a target was given twice (a short form beside `action`, or two short forms): the
 * cross-refusals pass refuses naming both keys (spec Conventions, "Contradictory combinations").
 */
export type TargetConflict = [JsonPointer, JsonPointer];

export interface Bookmark {
  at: JsonPointer;
  title: string;
  /** Absent: an entry that only groups its children. */
  target?: Target;
  open: boolean;
  /** /C, DeviceRGB components. */
  color?: [number, number, number];
  bold: boolean;
  italic: boolean;
  children: Bookmark[];
}

export interface Destination {
  at: JsonPointer;
  name: string;
  /** Page and view; absent only when the destination leads to a structure element. */
  target?: PageTarget;
  /** `structure_element` (PDF 2.0 structure destination, /SD beside /D): licence-gated (passes/licences). */
  structureElement?: { at: JsonPointer; id: string };
}

export interface Bead {
  at: JsonPointer;
  page: PageRefSpec;
  rect: RectSpec;
}

export interface Article {
  at: JsonPointer;
  /** Thread information dictionary (§12.4.3, Table 160 and the document information keys). */
  info: { title?: string; author?: string; subject?: string; keywords?: string; creator?: string };
  beads: Bead[];
}

export interface ReaderPrefs {
  at: JsonPointer;
  pageLayout?: string;
  pageMode?: string;
  fullScreenExit?: string;
  hideToolbar?: boolean;
  hideMenubar?: boolean;
  hideWindowUi?: boolean;
  fitWindow?: boolean;
  centerWindow?: boolean;
  displayDocTitle?: boolean;
  direction?: string;
  printScaling?: string;
  duplex?: string;
  pickTrayByPdfSize?: boolean;
  copies?: number;
  /** `print_pages`: page ranges offered in the print dialogue. */
  printPages?: { at: JsonPointer; from: PageRefSpec; to: PageRefSpec }[];
  openOn?: Target;
}

export interface Navigation {
  bookmarks: Bookmark[];
  destinations: Destination[];
  articles: Article[];
  reader?: ReaderPrefs;
  /** Targets given twice, in document order (refused by the cross-refusals pass). */
  conflicts: TargetConflict[];
}

// ───────────────────────────── per page ─────────────────────────────

export interface BoxValue {
  llx: number;
  lly: number;
  urx: number;
  ury: number;
}
export interface PageBoxes {
  crop?: BoxValue;
  bleed?: BoxValue;
  trim?: BoxValue;
  art?: BoxValue;
}

export const TRANSITION_STYLES = [
  'split',
  'blinds',
  'box',
  'wipe',
  'dissolve',
  'glitter',
  'replace',
  'fly',
  'push',
  'cover',
  'uncover',
  'fade',
] as const;
export type TransitionStyle = (typeof TRANSITION_STYLES)[number];

export interface PageShow {
  style: TransitionStyle;
  /** Seconds the transition takes (/Trans /D). */
  duration?: number;
  /** Seconds the page is shown before the reader advances (/Dur). */
  displayDuration?: number;
  dimension?: 'horizontal' | 'vertical';
  motion?: 'inward' | 'outward';
  direction?: number | 'none';
  scale?: number;
  opaque?: boolean;
}

export type TabOrder = D.PageTabOrder['order'];

/** A per-page entry: the last entry for a page wins, whole; `at` is its pointer (for a missing page). */
export interface PageEntry<T> {
  at: JsonPointer;
  page: number;
  value: T;
}

export interface PageSettings {
  boxes: Map<number, PageEntry<PageBoxes>>;
  turns: Map<number, PageEntry<number>>;
  shows: Map<number, PageEntry<PageShow>>;
  tabOrders: Map<number, PageEntry<TabOrder>>;
}

// ───────────────────────────── after pagination ─────────────────────────────

/** A view evaluated on its page: null where the reader keeps its own value. */
export interface ViewValue {
  fit: ViewFit;
  left: number | null;
  top: number | null;
  right: number | null;
  bottom: number | null;
  zoom: number | null;
}

/** What pagination makes of a page reference: the physical page, and the view or bead box evaluated there. */
export interface Place {
  page: number;
  view?: ViewValue;
  box?: BoxValue;
}

/** Places by the pointer of the page reference's holder (a PageTarget's or Bead's `at`). */
export type Places = Map<JsonPointer, Place>;

/** A link as laid out on one page: its rect in page space, and the quadrilateral when it is turned. */
export interface LaidOutLink {
  at: JsonPointer;
  rect: BoxValue;
  /** x1 y1 … x4 y4, counter-clockwise from the lower left of the untransformed rect. */
  quad?: number[];
  target: Target;
  border: LinkBorder;
  highlight: LinkHighlight;
  description?: string;
  /** The declared layer the annotation belongs to (/OC, PDF 1.5). */
  layer?: string;
}

export interface LinkBorder {
  width: number;
  dash?: number[];
  color?: Colour;
}
export type LinkHighlight = NonNullable<D.LinkItem['highlight']>;
