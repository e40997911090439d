// ir/types.ts — the IR, stage by stage. The type changes only where the shape changes
// (ReadIr → ResolvedIr → PagedIr → LaidOutIr → DedupedIr → Emitted); every node carries `at`,
// the JSON pointer of the request value it came from, so any pass can name the key at fault.
import type * as D from './description.generated.js';
import type { Remark } from './diagnostics.js';
import type { Expr } from './grammar/expr.js';
import type { ClipSpec, FillRule, GraphicsDecls, NameRef, PathSeg, StrokeSpec } from './graphics-types.js';
import type { ImageResource } from './image-resource.js';
import type { MeasuredTable } from './measured-table.js';
import type { PageNumbering } from './page-refs.js';
import type { JsonPointer } from './pointer.js';
import type { SuppliedPdf } from './supplied-pdf.js';
import type { FontOrigin, TextFont } from './text-font.js';
import type { FlowItem, TextItem, TextPathItem } from './text-types.js';

// ───────────────────────────── read ─────────────────────────────

/** A coordinate value: a number or a parsed expression, evaluated once its variables are bound. */
export interface Coord {
  at: JsonPointer;
  expr: Expr;
}

export interface RectSpec {
  at: JsonPointer;
  llx: Coord;
  lly: Coord;
  urx: Coord;
  ury: Coord;
}

/** Colour values of the Conventions table: 1 number grey, 3 light (DeviceRGB), 4 ink (DeviceCMYK). */
export type Colour =
  | { space: 'gray'; c: [number] }
  | { space: 'rgb'; c: [number, number, number] }
  | { space: 'cmyk'; c: [number, number, number, number] }
  // — graphics (issue 5): a colour in a declared space, a tiling cell, a gradient —
  /** `{space: <declared>, tints: [...]}`: one number per component of a `color_spaces` entry. */
  | { space: 'declared'; name: string; at: JsonPointer; c: number[] }
  /** `{pattern: <tiling>}`; `under` is the colour an uncoloured cell takes (default black). */
  | { space: 'pattern'; name: string; at: JsonPointer; under?: Colour }
  /** `{shading: <gradient>}`, painted through a shading pattern in page coordinates. */
  | { space: 'shading'; name: string; at: JsonPointer };

/** The object form of a pages rule: pages of the finished document, from `from` to `to`, every `every`-th, but not `but`. */
export interface PageSelect {
  every: number;
  from: number;
  to?: number;
  but: number[];
}

/**
 * Pages an item lands on. The array form names pages (creating them); an empty list means every
 * page. The object form (`select`, with `list` empty) selects among the pages the document has.
 */
export interface PagesRule {
  at: JsonPointer;
  list: number[];
  select?: PageSelect;
  /** `pages: []` written out (not absent): on a table, refused rather than read as its default page 1. */
  emptyWritten?: true;
}

export interface ItemBase {
  at: JsonPointer;
  /** Index of the item in `items`, i.e. drawing order. */
  index: number;
  pages: PagesRule;
  id?: string;
  /** Matrix [a b c d e f]; refused together with rotate (cross-refusals). */
  transform?: number[];
  transformAt?: JsonPointer;
  /** Degrees counter-clockwise about the centre of the rect. */
  rotate?: number;
  rotateAt?: JsonPointer;
  /** Name of a declared layer (optional content group). */
  layer?: NameRef;
  /** Name of a declared graphics state. */
  graphicsState?: NameRef;
  /** `relative_to`: hangs the item off an edge of a named item (placed by pagination). */
  relativeTo?: RelativeTo;
  /** Set by pagination for an item hung with relative_to: where it hangs on the page it lands on. */
  hang?: Hang;
}

/** `relative_to` as read: the named item, its edge, the offset away from it, which of its parts. */
export interface RelativeTo {
  at: JsonPointer;
  id: string;
  edge: 'top' | 'bottom';
  offset: number;
  part?: number;
}

/**
 * Where pagination hung an item: with edge `bottom` its rect's top goes to `y` (the named part's
 * bottom minus the offset); with edge `top` its rect's bottom goes to `y` (the part's top plus the offset).
 */
export interface Hang {
  edge: 'top' | 'bottom';
  y: number;
}

export interface RectItem extends ItemBase {
  type: 'rect';
  rect: RectSpec;
  fill?: Colour;
  stroke?: StrokeSpec;
}

/** `path`: segments filled and/or stroked; `polygon`: points joined and closed; `line`: from → to, stroked. */
export interface PathItem extends ItemBase {
  type: 'path' | 'polygon' | 'line';
  rect?: RectSpec;
  segments: PathSeg[];
  fill?: Colour;
  fillRule: FillRule;
  stroke?: StrokeSpec;
  /** Arrowheads on the ends of a line or an open path (docs/reference.md, "Arrowheads"). */
  arrows?: ArrowsSpec;
}

/** An arrowhead's shape: none, two strokes (`open`), or a filled triangle (`closed`). */
export type ArrowStyle = NonNullable<NonNullable<D.PathItem['arrows']>['start']>;

/** `arrows`: a head at each end; `size` is the head's length in stroke widths. */
export interface ArrowsSpec {
  at: JsonPointer;
  start: ArrowStyle;
  end: ArrowStyle;
  size: number;
}

/** `ellipse`: the ellipse inscribed in `rect`. */
export interface EllipseItem extends ItemBase {
  type: 'ellipse';
  rect: RectSpec;
  fill?: Colour;
  stroke?: StrokeSpec;
}

/** `drawing`: a declared drawing placed (its box stretched onto `rect`, or at its own coordinates). */
export interface DrawingItem extends ItemBase {
  type: 'drawing';
  rect?: RectSpec;
  drawing: NameRef;
}

export type ShapeItem = PathItem | EllipseItem | DrawingItem;

// The text-setting items' read types (text, flow, text_path) live in ir/text-types.ts.
export type {
  Align,
  FirstBaseline,
  FlowItem,
  LastBaseline,
  OutlineSpec,
  RunStyleSpec,
  ShadowSpec,
  StoryBlock,
  StoryBreak,
  StoryContents,
  StoryContentsEntry,
  StoryParagraph,
  StorySection,
  StorySpec,
  StoryStyle,
  StoryTable,
  TabAlign,
  TabsSpec,
  TextBlockStyle,
  TextItem,
  TextPathAlign,
  TextPathItem,
  TextPathOverlong,
  TextRun,
} from './text-types.js';

export type CodeKind = 'code128' | 'ean13' | 'qr_code' | 'data_matrix' | 'pdf417';

/** An encoded symbol, in modules: bars of a linear code, or a matrix of dark modules. */
export type CodeSymbol =
  | { shape: 'linear'; modules: number /** [start, width] pairs, modules */; bars: number[] }
  | {
      shape: 'matrix';
      cols: number;
      rows: number /** height of a row in modules (PDF417 > 1) */;
      rowHeight: number;
      dark: Uint8Array;
    };

export interface CodeItem extends ItemBase {
  type: CodeKind;
  rect: RectSpec;
  symbol: CodeSymbol;
  quietZone: boolean;
  color: Colour;
  background?: Colour;
  /** Human-readable text under a linear code (docs/reference.md, "Codes"). */
  text?: CodeTextSpec;
}

/** `text` of code128 and ean13: the data (EAN-13: its 13 digits) set under the bars. */
export interface CodeTextSpec {
  at: JsonPointer;
  /** What is written: the data, or the EAN-13's 13 digits with the check digit. */
  value: string;
  /** A declared font; absent, the library face DEFAULT_CODE_FACE. */
  font?: { at: JsonPointer; name: string };
  /** Absent: fitted to the symbol (docs). */
  fontSize?: number;
  /** Absent: the code's `color`. */
  colour?: Colour;
  /** Set by the names pass: the font found (or the library face). */
  fontRes?: FontResource;
}

/** How a picture sits in its rect: stretched (`fill`), whole (`contain`), covering it (`cover`), or at its own size (`none`). */
export type ImageFit = NonNullable<D.ImageItem['fit']>;
export type ImageAlign = NonNullable<D.ImageItem['align']>;

/** An `image` item: draws the supplied part `image` in `rect` (its `images` declaration is optional). */
export interface ImageItem extends ItemBase {
  type: 'image';
  rect: RectSpec;
  image: { at: JsonPointer; name: string };
  fit: ImageFit;
  align: ImageAlign;
  /** The fill colour a stencil paints in (default black); refused on a picture that is not a stencil. */
  color?: { at: JsonPointer; colour: Colour };
  /** The shape the picture is seen through, in page coordinates (as a text item's clip). */
  clip?: ClipSpec;
}

/** A `link` item: a rect on a page that leads somewhere (docs/reference.md, "link"). */
export interface LinkItem extends ItemBase {
  type: 'link';
  rect: RectSpec;
  target: import('./navigation-types.js').Target;
  conflict?: import('./navigation-types.js').TargetConflict;
  border: import('./navigation-types.js').LinkBorder;
  highlight: import('./navigation-types.js').LinkHighlight;
  description?: string;
}

export type Item =
  | RectItem
  | TextItem
  | FlowItem
  | CodeItem
  | TableItem
  | ImportedPageItem
  | LinkItem
  | ImageItem
  | TextPathItem
  | ShapeItem
  | import('./form-types.js').FieldItem;

/** How a supplied page is fitted into its box: uniformly and centred (`meet`), filling it (`stretch`), or at its own size (`none`). */
export type PageFit = NonNullable<D.ImportedPageItem['fit']>;

/** `imported_page`: one page of a supplied PDF placed in a rect, its resources carried over intact. */
export interface ImportedPageItem extends ItemBase {
  type: 'imported_page';
  rect: RectSpec;
  part: { at: JsonPointer; name: string };
  /** 1-based page of the supplied PDF. */
  page: number;
  pageAt: JsonPointer;
  fit: PageFit;
}

export interface ResolvedImportedPageItem extends ImportedPageItem {
  source: SuppliedPdf;
}

/** `templates`: a supplied PDF laid under the first, the middle and the last pages. */
export interface TemplatesSpec {
  at: JsonPointer;
  part: { at: JsonPointer; name: string };
  /** Pages of the template (1-based) for each kind of page; null: none. */
  first: number | null;
  middle: number | null;
  last: number | null;
  fit: PageFit;
}

// The table item's read types live in ir/table-types.ts (docs/reference.md, "table").
export type {
  BorderSide,
  CellAlign,
  CellContent,
  CellStyle,
  CellStyleSpec,
  ColumnWidth,
  TableCell,
  TableItem,
  TableRow,
} from './table-types.js';

import type { TableItem } from './table-types.js';

export interface FontDecl {
  at: JsonPointer;
  name: string;
  /** Where the bytes come from: inline base64 `data`, a supplied part, or a face of the service's library. */
  source: import('./font-types.js').FontSource;
  /** Which glyphs the embedded program keeps (default: those drawn). */
  keep: import('./font-types.js').KeepRule;
  /** What a character without a glyph gets (default: refused). */
  missing: import('./font-types.js').MissingRule;
  /** A variable font's named instance and/or axis values (absent: the font's default instance). */
  variation?: import('./font-types.js').VariationSetting;
  /** OpenType features switched on or off by tag (absent: the font's defaults). */
  features?: import('./font-types.js').FeatureSwitches;
}

/** One of the fourteen built-in fonts under a chosen name (`standard_fonts`). */
export interface StandardFontDecl {
  at: JsonPointer;
  name: string;
  face: string;
}

export interface PageSize {
  width: number;
  height: number;
}

/** The eight orientations of `images[].orientation` (EXIF values 1, 2, 3, 4, 8, 6, 5, 7). */
export type Orientation =
  | 'upright'
  | 'mirrored_left_to_right'
  | 'upside_down'
  | 'mirrored_top_to_bottom'
  | 'turned_left'
  | 'turned_right'
  | 'mirrored_and_turned_left'
  | 'mirrored_and_turned_right';

/** A part named by a declaration key, with that key's pointer. */
export interface PartRef {
  at: JsonPointer;
  part: string;
}

/** One `images` entry: what a supplied picture says about itself and how its pixels are read. */
export interface ImageDecl {
  at: JsonPointer;
  name: string;
  metadata?:
    | { at: JsonPointer; facts: import('./standards-types.js').MetadataFacts; packet?: undefined }
    | { at: JsonPointer; packet: PartRef; facts?: undefined };
  stencil?: JsonPointer;
  stencilMask?: PartRef;
  softMask?: PartRef;
  colorKey?: { at: JsonPointer; pairs: [number, number][] };
  opaque?: JsonPointer;
  decode?: { at: JsonPointer; pairs: [number, number][] };
  orientation?: { at: JsonPointer; value: Orientation };
  iccProfile?: PartRef;
  /** Attachments the picture claims (their /AF is the image's, not the document's). */
  files?: { at: JsonPointer; name: string }[];
}

/**
 * Document-level settings read from the top level (metadata, archive claim, outline, attachments…).
 * Every pass carries `doc` through unchanged unless it is the pass that works on it, so an area adds
 * its fields here (one optional field each) without touching every pass.
 */
export interface DocSettings {
  /** Placeholder so the type is never empty; areas add their own optional fields below. */
  readonly kind?: 'document';
  /** `page_sizes`: a numbered page's own sheet (the last entry for a page wins). */
  pageSizes?: Map<number, PageSize>;
  /** `renumber`: where numbering restarts, sorted by page (the last entry for a page wins). */
  renumber?: RenumberEntry[];
  /** `templates` as read. */
  templates?: TemplatesSpec;
  /** `supplied_pdfs.unpack_limit`: how far one stream of a supplied PDF may unpack, bytes. */
  unpackLimit?: number;
  /** Set by the names pass: the templates' supplied PDF, loaded. */
  templateSource?: SuppliedPdf;
  /** Set by pagination: how the request's numbering names pages (page labels after renumber). */
  numbering?: PageNumbering;
  /** `images`: declarations by part name (read); the unused remark is made from these (dedupe). */
  images?: Map<string, ImageDecl>;
  /** Graphics declarations (issue 5): layers, graphics states, shadings, tilings, colour spaces, drawings, page spaces. */
  graphics?: GraphicsDecls;
  /** Set by layout: the drawing operations of each declared drawing and tiling cell, laid once. */
  laidForms?: {
    drawings: Map<string, DrawOp[]>;
    tilings: Map<string, DrawOp[]> /** Type 3 glyphs' shapes, by face key, in code order. */;
    glyphs?: Map<string, DrawOp[][]>;
  };
  /** archive, accessible, version, metadata, output_intent, compression, invoice (issue 7; ir/standards-types.ts). */
  standards?: import('./standards-types.js').Standards;
  /** attachments, collection, page_files, page_metadata (issue 9; ir/standards-types.ts). */
  files?: import('./standards-types.js').FileSettings;
  /** `check`: standards the finished document is measured against (verifier/, after emission). */
  check?: string[];
  /** Outline, destinations, articles, reader preferences (issue 9). */
  navigation?: import('./navigation-types.js').Navigation;
  /** page_boxes, page_turns, page_shows, page_tab_orders (issue 9). */
  pageSettings?: import('./navigation-types.js').PageSettings;
  /** Every page reference of the navigation, checked and evaluated by pagination (passes/pagination/places.ts). */
  places?: import('./navigation-types.js').Places;
  /** `structure`: the document's structure in reading order (ir/structure-types.ts; resolved by cross-refusals). */
  structure?: import('./structure-types.js').StructureSpec;
  /** `encryption` (issue 24; ir/security-types.ts). */
  encryption?: import('./security-types.js').EncryptionSettings;
}

export type LabelStyle = NonNullable<D.RenumberEntry['style']>;

/** One `renumber` entry: from `page` on, labels in `style`, behind `prefix`, counting from `start`. */
export interface RenumberEntry {
  at: JsonPointer;
  page: number;
  style: LabelStyle;
  prefix: string;
  start: number;
}

export interface ReadIr {
  stage: 'read';
  doc: DocSettings;
  page: PageSize;
  fonts: FontDecl[];
  standardFonts: StandardFontDecl[];
  type1Fonts: import('./font-types.js').Type1FontDecl[];
  type3Fonts: import('./font-types.js').Type3FontDecl[];
  simpleFonts: import('./font-types.js').SimpleFontDecl[];
  fontVariants: import('./font-types.js').FontVariantDecl[];
  fontChains: import('./font-types.js').FontChainDecl[];
  items: Item[];
}

// ─────────────────────────── resolved ───────────────────────────

/** A font resource after name resolution: the font of any kind and the name the request selects it by. */
export interface FontResource {
  /** The request's name for it. */
  name: string;
  at: JsonPointer;
  /** The font, whatever its kind (engines/fonts/: Face, StyledFont, StandardFace, Type1Face, Type3Face, SimpleFace, FontChain). */
  face: TextFont;
  /** `fonts[].keep`: glyphs kept beyond those drawn (default: none). */
  keep?: import('./font-types.js').KeepRule;
  /** Names of the resources this one is built on (a variant's font, a simple font's font, a chain's members). */
  basedOn?: string[];
  /** A library face a form field names without a declaration (passes/names/forms.ts): no unused remark. */
  implicit?: true;
}

/** A text or flow item after resolution: its font found among every font kind (a styled run's own font too). */
export interface ResolvedTextItem extends TextItem {
  fontRes: FontResource;
}
export interface ResolvedFlowItem extends FlowItem {
  fontRes: FontResource;
}
/** A text_path after resolution: its font (and each styled run's) found among every font kind. */
export interface ResolvedTextPathItem extends TextPathItem {
  fontRes: FontResource;
}
/** A table after resolution: the fonts of its text cells, by the names the request gives them. */
export interface ResolvedTableItem extends TableItem {
  fontRes: Map<string, FontResource>;
}
/** An image item after resolution: the picture read, its declaration applied (engines/images/). */
export interface ResolvedImageItem extends ImageItem {
  res: ImageResource;
}
export type ResolvedItem =
  | RectItem
  | ResolvedTextItem
  | ResolvedFlowItem
  | ResolvedTextPathItem
  | CodeItem
  | LinkItem
  | ShapeItem
  | ResolvedTableItem
  | ResolvedImportedPageItem
  | ResolvedImageItem
  | import('./form-types.js').FieldItem;
/** What survives the licence pass (every font needing a licence is covered). */
export type LicensedItem = ResolvedItem;

export interface ResolvedIr {
  stage: 'resolved';
  doc: DocSettings;
  page: PageSize;
  fonts: Map<string, FontResource>;
  items: ResolvedItem[];
}

export interface LicensedIr {
  stage: 'licensed';
  doc: DocSettings;
  page: PageSize;
  fonts: Map<string, FontResource>;
  items: LicensedItem[];
}

// ──────────────────────────── paged ─────────────────────────────

/** One row (or piece of a split row) of a table placed in a box. */
export interface PlacedRow {
  /** Index into the table's rows. */
  row: number;
  /** Top edge and height, points. */
  top: number;
  height: number;
  /** For a piece of a split row: per cell of the row, the lines [from, to) shown in this piece. */
  lines?: [number, number][];
}

/** The part of a table laid in one box (made by pagination; a table over three pages has three). */
export interface TablePartItem {
  type: 'table_part';
  at: JsonPointer;
  index: number;
  table: ResolvedTableItem;
  /** 1-based part number, and the page it lands on. */
  part: number;
  page: number;
  /** The box (rect or continuation) on this page. */
  box: { llx: number; lly: number; urx: number; ury: number };
  /** Column x offsets from box.llx and widths, points. */
  colX: number[];
  colW: number[];
  rows: PlacedRow[];
  /** Measured cell text per row and cell (shared by every part), from pagination's measuring. */
  measured: MeasuredTable;
  /** A table block of a story (its `index` the flow's): its ordinal among the story's table blocks. */
  storyTable?: number;
  /** A story's table part is wrapped as its story is (transform/rotate, graphics state, layer) about the story's box there. */
  wrapIn?: { item: Item; box: { llx: number; lly: number; urx: number; ury: number } };
}

/** One line of a story placed in a box: the laid paragraph it belongs to, its line, its baseline (page y). */
export interface PlacedFlowLine {
  paragraph: number;
  line: number;
  baseline: number;
}

/** The part of a story (a flow with continuation or blocks) laid in one box; made by pagination. */
export interface FlowPartItem {
  type: 'flow_part';
  at: JsonPointer;
  index: number;
  flow: ResolvedFlowItem;
  /** 1-based part number, and the page it lands on. */
  part: number;
  page: number;
  box: { llx: number; lly: number; urx: number; ury: number };
  lines: PlacedFlowLine[];
  /** Footnote lines set at the foot of the box (passes/pagination/footnotes.ts): the note (index among the story's), its line, its baseline. */
  foot?: { note: number; line: number; baseline: number }[];
  /** The story's laid paragraphs, shared by every part: engines/text/story.ts `LaidStory`, which the IR does not know. */
  laid: unknown;
}

/** What lands on a page: an item as read, or a part of a table or of a story. */
export type PlacedItem = LicensedItem | TablePartItem | FlowPartItem;

export interface PagePlan {
  /** 1-based page number. */
  number: number;
  size: PageSize;
  /** Items drawn on this page, in drawing order. */
  items: PlacedItem[];
}

export interface PagedIr {
  stage: 'paged';
  doc: DocSettings;
  fonts: Map<string, FontResource>;
  pages: PagePlan[];
  /** How the request's numbering names pages (renumber), for page references of later passes. */
  numbering: PageNumbering;
  /** The page each item and story block id names, for `{page_of:ID}` (issue 23). */
  pageRefs?: ReadonlyMap<string, number>;
}

// ─────────────────────────── laid out ───────────────────────────

// The drawing operations layout produces and emit writes live in ir/draw-ops.ts.
export type {
  DrawOp,
  FillRectOp,
  FillRectsOp,
  FormOp,
  GlyphRowsOp,
  GlyphRunOp,
  ImageOp,
  ImportedPageOp,
  Matrix,
  PathOp,
  PathSegOp,
  ScopeOp,
} from './draw-ops.js';

import type { DrawOp } from './draw-ops.js';

export interface LaidOutPage {
  number: number;
  size: PageSize;
  ops: DrawOp[];
  /** Link annotations of the page, in drawing order (issue 9). */
  links?: import('./navigation-types.js').LaidOutLink[];
  /**
   * Widget annotations of the page's form fields, in drawing order (issue 11): one per field per
   * page, one per radio button. Tagging wraps each in a Form element (OBJR) from this list.
   */
  widgets?: import('./form-types.js').LaidOutWidget[];
}

export interface LaidOutIr {
  stage: 'laid-out';
  doc: DocSettings;
  fonts: Map<string, FontResource>;
  pages: LaidOutPage[];
}

// ─────────────────────────── deduped ────────────────────────────

/** One font as it will be written: each distinct program once, with every code any page drew. */
export interface FontObject {
  /** Resource name in page dictionaries, e.g. F1. */
  resName: string;
  /** The program written (for `cid` fonts the face itself, variants unwrapped). */
  face: TextFont;
  /** Request names that share this object (same bytes declared twice are written once). */
  names: string[];
  /** code → text it stands for; the ToUnicode source. Codes are what content streams write. */
  used: Map<number, string>;
  /** Bytes per code in content streams: 2 for Type 0 fonts, 1 for simple fonts. */
  codeBytes: 1 | 2;
  /** CFF faces: CID → glyph id of the face (CIDs are handed out in glyph order by dedupe). */
  cidToGid?: number[];
  /** `keep: all`: the whole program is written, not a subset. */
  keepAll?: boolean;
  /**
   * TrueType CIDFonts: further codes for glyphs drawn for other text than their first (each with its
   * own ToUnicode entry in `used`), by glyph and text, and the glyph each draws (passes/dedupe).
   */
  aliases?: { byKey: Map<string, number>; gidOf: Map<number, number>; next: number };
  /** The first declaration of a font file, named if the file breaks while written. */
  origin?: FontOrigin;
}

export interface DedupedIr {
  stage: 'deduped';
  doc: DocSettings;
  fonts: FontObject[];
  /** Request font name → resource name. */
  fontRes: Map<string, string>;
  pages: LaidOutPage[];
}

// ──────────────────────────── emitted ───────────────────────────

export interface Emitted {
  stage: 'emitted';
  pdf: Uint8Array;
  pages: number;
  /** The object graph the bytes were serialised from: the verifier walks it instead of re-parsing. */
  context?: import('pdf-lib').PDFContext;
}

export type AnyIr = ReadIr | ResolvedIr | LicensedIr | PagedIr | LaidOutIr | DedupedIr | Emitted;

export type { Remark };
