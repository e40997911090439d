// tools/schema-build.ts — builds the shipped JSON Schema of a whole description
// (schema/description.schema.json) from the very ajv schemas the reader compiles, so it cannot drift:
// the top level (ir/schema/description.ts), the areas checked lazily (graphics declarations, shadings,
// functions, navigation with its registered $id schemas) and every item reader's own `validate.schema`
// (ir/read/items.ts) as a union on `type`. A kind that gains a reader is picked up on the next run of
// `npm run schema`; test/schema.test.ts fails while the committed file is stale.
import { DEFAULT_ARROW_SIZE, DEFAULT_FLATE_LEVEL, DEFAULT_PAGE, DEFAULT_TAB_FRACTION } from '../ir/defaults.js';
import { VALIDATORS as GRAPHICS_VALIDATORS } from '../ir/read/graphics.js';
import { itemSchemas } from '../ir/read/items.js';
import { ajv } from '../ir/schema/ajv.js';
import {
  colourSchema,
  deviceColourSchema,
  itemBase,
  pageListSchema,
  pageSelectSchema,
  rectSchema,
} from '../ir/schema/common.js';
import { descriptionSchema } from '../ir/schema/description.js';
import { clipSchema, segmentsSchema } from '../ir/schema/graphics.js';
import { navigationSchemas } from '../ir/schema/navigation.js';
import { functionSchema, shadingKindSchemas } from '../ir/schema/shadings.js';
import { metadataFactsSchema } from '../ir/schema/standards.js';
import { structureSchema } from '../ir/schema/structure.js';

// biome-ignore lint/suspicious/noExplicitAny: JSON Schema fragments are walked generically, every key optional
type S = Record<string, any>;

export const SCHEMA_ID = 'https://quire.dev/schema/description.schema.json';
const DRAFT = 'http://json-schema.org/draft-07/schema#';

/** Editor hints for the top level (spec "Top-level keys of a request", docs/reference.md "Top level"). */
const TOP_LEVEL_HINTS: Record<string, string> = {
  items: 'Everything drawn, in drawing order. Each item states its kind in `type`.',
  page: 'Sheet size for every page: width and height in points (default 595.276 × 841.89).',
  page_sizes: 'Sheet size of one numbered page.',
  renumber: 'Where page numbering restarts, in which style, behind which prefix.',
  templates: 'A supplied PDF laid under the first, middle and last pages.',
  supplied_pdfs: 'How supplied PDFs are read (unpack_limit).',
  check: 'Standards the finished document is measured against; findings come back in headers.',
  fonts: 'TrueType/OpenType fonts under a name: data (base64), part or library.',
  standard_fonts: 'One of the fourteen built-in faces under a chosen name.',
  type1_fonts: 'Type 1 programs under a name.',
  type3_fonts: 'Fonts whose glyphs are drawings.',
  simple_fonts: 'Fonts reached by one-byte codes fitted to a stated text.',
  font_variants: 'A declared font with OpenType features switched on.',
  font_chains: 'Fonts tried in order so a missing glyph is taken from the next.',
  archive: 'Archival standard claimed (PDF/A).',
  accessible: 'Accessibility standard claimed.',
  version: 'PDF version the file declares.',
  metadata: 'Document metadata.',
  output_intent: 'Output intent: identifier, info, an ICC profile part.',
  compression: 'Flate level 1..9, or {level, object_streams}.',
  invoice: 'Electronic-invoice XML attachment (Factur-X / ZUGFeRD); needs archive pdfa3b.',
  attachments: 'Files carried beside the pages.',
  collection: 'Portfolio layout of the attachments.',
  page_files: 'Which attachments a page claims.',
  page_metadata: 'The identity card (XMP) of one page.',
  images: 'What a supplied image says about itself and how it is read.',
  layers: 'Optional content groups items may be drawn in.',
  graphics_states: 'Opacity, blend, overprint, halftone settings applied to items by name.',
  shadings: 'Gradients a fill selects with {shading: name}.',
  tilings: 'Repeated cells a fill selects with {pattern: name}.',
  drawings: 'Declared drawings (name, box, items) placed by drawing items or used as masks.',
  color_spaces: 'Declared colour spaces keyed by name: icc, separation, device_n.',
  page_spaces: 'Default colour spaces of a page and its group.',
  bookmarks: 'The outline, nestable to any depth.',
  destinations: 'Named places links and actions may aim at.',
  articles: 'Reading threads.',
  reader: 'Reader preferences and the open action.',
  page_boxes: 'Crop, bleed, trim and art boxes of a page.',
  page_turns: 'Presentation rotation of a page.',
  page_shows: 'Transition and duration of a page in full-screen display.',
  page_tab_orders: 'Keyboard order of the fields of a page.',
};

/** Editor hints for the keys every item takes (spec "Keys common to items"). */
const ITEM_KEY_HINTS: Record<string, string> = {
  type: 'The item kind.',
  rect: 'llx, lly, urx, ury: each a number of points or a quoted expression such as "{page_width} - 72".',
  pages: 'Pages the item lands on: a list of page numbers (empty: every page) or {every, from, to, but}.',
  id: 'Name another item refers to (relative_to).',
  transform: 'Matrix [a, b, c, d, e, f]; refused together with rotate.',
  rotate: 'Degrees counter-clockwise about the centre of rect; refused together with transform.',
  layer: 'Name of a declared layer.',
  graphics_state: 'Name of a declared graphics state.',
  relative_to: 'Hangs the item off the top or bottom edge of the item with this id.',
};

const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

/** Writes `default` (from ir/defaults.ts, the one source) onto the schema at `path` under `s`; a path gone missing fails the build. */
function withDefault(s: S, path: string[], value: unknown): void {
  const target = path.reduce<S | undefined>((o, k) => o?.[k], s);
  if (!target || typeof target !== 'object')
    throw new Error(`no schema at ${path.join('.')} to carry its default: update tools/schema-build.ts`);
  target.default = value;
}

/** Every subschema registered on the shared ajv under an `$id` (navigation's action and bookmark). */
function registeredById(): Map<string, S> {
  const out = new Map<string, S>();
  for (const id of ['quire:action', 'quire:bookmark']) {
    const s = ajv.getSchema(id)?.schema as S | undefined;
    if (!s) throw new Error(`schema ${id} is not registered on the shared ajv`);
    out.set(id, s);
  }
  return out;
}

/** The raw (un-deduplicated) schema of a whole description. */
export function rawDescriptionSchema(): S {
  const top: S = clone(descriptionSchema);
  const props = top.properties as S;
  // areas checked after the top level, in full, by their own (lazily compiled) validators
  for (const [key, v] of GRAPHICS_VALIDATORS) props[key] = clone(v.schema as S);
  Object.assign(props, clone(navigationSchemas));
  // a shading holds exactly one kind as its single key (ir/read/shadings.ts)
  const kinds = clone(shadingKindSchemas) as S;
  props.shadings.items.properties.shading = {
    type: 'object',
    properties: kinds,
    oneOf: Object.keys(kinds).map((k) => ({ required: [k] })),
  };
  // items: a union on `type` of every kind that has a reader
  const union = Object.entries(itemSchemas())
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([type, s]) => {
      if (!s || typeof s !== 'object')
        throw new Error(
          `the reader of "${type}" items has no validate.schema: compile its schema with ajv.compile or lazyValidator (ir/read/common.ts)`,
        );
      const k = clone(s) as S;
      k.title = `${type} item`;
      k.properties = { ...k.properties, type: { const: type } };
      k.required = ['type', ...(k.required ?? []).filter((r: string) => r !== 'type')];
      // the reader checks a pages rule in one of its two forms (ir/read/common.ts, readPages)
      if (k.properties.pages) k.properties.pages = { $ref: '#/definitions/pages' };
      for (const [key, hint] of Object.entries(ITEM_KEY_HINTS))
        if (k.properties[key]) k.properties[key] = { description: hint, ...k.properties[key] };
      if (type === 'flow')
        withDefault(k, ['properties', 'tabs', 'properties', 'size'], { fraction: DEFAULT_TAB_FRACTION });
      if (type === 'line' || type === 'path')
        withDefault(k, ['properties', 'arrows', 'properties', 'size'], DEFAULT_ARROW_SIZE);
      return k;
    });
  props.items = { type: 'array', items: { $ref: '#/definitions/item' } };
  // items of declared drawings and tiling cells are items (the reader refuses the kinds a cell cannot hold)
  props.drawings.items.properties.items = { type: 'array', items: { $ref: '#/definitions/item' } };
  props.tilings.items.properties.items = { type: 'array', items: { $ref: '#/definitions/item' } };
  // a Type 3 glyph's shapes are items (ir/read/fonts.ts reads them with readItem; shapes only)
  props.type3_fonts.items.properties.glyphs.items.properties.items = {
    type: 'array',
    items: { $ref: '#/definitions/item' },
  };
  for (const [key, hint] of Object.entries(TOP_LEVEL_HINTS))
    if (props[key]) props[key] = { description: hint, ...props[key] };
  withDefault(props, ['page', 'properties', 'width'], DEFAULT_PAGE.width);
  withDefault(props, ['page', 'properties', 'height'], DEFAULT_PAGE.height);
  withDefault(props, ['compression', 'anyOf', '1', 'properties', 'level'], DEFAULT_FLATE_LEVEL);
  const definitions: S = {
    item: { type: 'object', oneOf: union },
    pages: { anyOf: [clone(pageListSchema), clone(pageSelectSchema)] },
  };
  // `structure` is checked on its own (ir/read/structure.ts); its element nests through its own $defs
  const st = JSON.parse(
    JSON.stringify(structureSchema).replaceAll('"#/$defs/element"', '"#/definitions/structure_element"'),
  ) as S;
  definitions.structure_element = st.$defs.element;
  delete st.$defs;
  props.structure = {
    description: "The document's structure (tagging): lang, role_map and elements in reading order.",
    ...st,
  };
  // a stitching function's sub-functions are functions (ir/read/functions.ts checks them one by one)
  const fn = clone(functionSchema) as S;
  fn.anyOf.find((b: S) => b.required[0] === 'stitching').properties.stitching.properties.functions.items = {
    $ref: '#/definitions/function',
  };
  definitions.function = fn;
  return {
    $schema: DRAFT,
    $id: SCHEMA_ID,
    title: 'quire description',
    description:
      'A JSON description of one document for quire (docs/reference.md). Generated by `npm run schema` from the schemas the reader compiles; do not edit.',
    ...top,
    definitions,
  };
}

// ───────────────────────── shaping the output ─────────────────────────

/** Keywords whose value is one schema, an array of schemas, or a map of schemas. */
const ONE = ['additionalProperties', 'items', 'if', 'then', 'else', 'not', 'contains', 'propertyNames'];
const MANY = ['anyOf', 'oneOf', 'allOf'];
const MAP = ['properties', 'definitions', 'patternProperties'];

function eachChild(s: S, f: (child: S, set: (v: S) => void, key: string) => void): void {
  for (const k of ONE)
    if (s[k] && typeof s[k] === 'object' && !Array.isArray(s[k]))
      f(
        s[k],
        (v) => {
          s[k] = v;
        },
        k,
      );
  for (const k of ONE)
    if (Array.isArray(s[k]))
      s[k].forEach((c: S, i: number) =>
        f(
          c,
          (v) => {
            s[k][i] = v;
          },
          k,
        ),
      );
  for (const k of MANY)
    if (Array.isArray(s[k]))
      s[k].forEach((c: S, i: number) =>
        f(
          c,
          (v) => {
            s[k][i] = v;
          },
          k,
        ),
      );
  for (const k of MAP)
    if (s[k] && typeof s[k] === 'object')
      for (const name of Object.keys(s[k]))
        if (s[k][name] && typeof s[k][name] === 'object')
          f(
            s[k][name],
            (v) => {
              s[k][name] = v;
            },
            name,
          );
}

/** Readable names for shared pieces, matched by content (the first key a piece appears under otherwise). */
const NAMED: [string, unknown][] = [
  ['function', functionSchema],
  ['colour', colourSchema],
  ['device_colour', deviceColourSchema],
  ['coordinate_rect', rectSchema],
  ['segments', segmentsSchema],
  ['clip', clipSchema],
  ['metadata_facts', metadataFactsSchema],
  ['relative_to', itemBase.relative_to],
];

/** Hoists `$id` schemas and repeated pieces into `definitions` so the file stays small and readable. */
function shape(root: S): S {
  const defs = root.definitions as S;
  // 1. `$id` schemas (registered on ajv and referred to by $ref) become definitions
  const byId = registeredById();
  const idName = (id: string) => id.replace(/^quire:/, '');
  for (const [id, s] of byId) {
    const d = clone(s);
    delete d.$id;
    defs[idName(id)] = d;
  }
  const fixRefs = (s: S): void => {
    if (typeof s.$ref === 'string' && byId.has(s.$ref)) s.$ref = `#/definitions/${idName(s.$ref)}`;
    eachChild(s, (c) => fixRefs(c));
  };
  fixRefs(root);
  for (const d of Object.values(defs)) fixRefs(d as S);
  // 2. a piece of 200+ characters met twice or more is written once under definitions
  const counts = new Map<string, { n: number; key: string }>();
  // a piece is named after the property it first appears under (a keyword passes its owner's name on)
  const count = (s: S, key: string): void => {
    const j = JSON.stringify(s);
    if (j.length >= 200) {
      const c = counts.get(j);
      if (c) c.n++;
      else counts.set(j, { n: 1, key });
    }
    eachChild(s, (c, _set, k) =>
      MANY.includes(k)
        ? eachChild(c, (g, _s, gk) => count(g, ONE.includes(gk) ? key : gk))
        : count(c, ONE.includes(k) ? key : k),
    );
  };
  count(root, 'root');
  const names = new Map<string, string>();
  const taken = new Set(Object.keys(defs));
  for (const [j, { n, key }] of counts) {
    if (n < 2) continue;
    const named = NAMED.find(([, s]) => JSON.stringify(s) === j)?.[0];
    if (named && taken.has(named)) {
      names.set(j, named);
      continue;
    }
    let name = (named ?? key).replace(/[^a-z0-9_]/gi, '_');
    for (let i = 2; taken.has(name); i++) name = `${named ?? key}_${i}`;
    taken.add(name);
    names.set(j, name);
  }
  const hoisted = new Map<string, S>();
  const rewrite = (s: S, self?: string): void => {
    eachChild(s, (c, set, k) => {
      // a branch of anyOf/oneOf/allOf leans on its parent's type: it stays in place
      if (MANY.includes(k)) return rewrite(c, self);
      const j = JSON.stringify(c);
      const name = names.get(j);
      if (name && name !== self) {
        if (!hoisted.has(name)) {
          const d = clone(c);
          hoisted.set(name, d);
          rewrite(d, name);
        }
        set({ $ref: `#/definitions/${name}` });
        return;
      }
      rewrite(c, self);
    });
  };
  rewrite(root);
  for (const [name, d] of hoisted) if (!defs[name]) defs[name] = d;
  root.definitions = Object.fromEntries(
    Object.keys(defs)
      .sort()
      .map((k) => [k, defs[k]]),
  );
  return root;
}

/** The schema as shipped: one object, deterministic, ready for `JSON.stringify(…, null, 2)`. */
export function buildDescriptionSchema(): S {
  return shape(rawDescriptionSchema());
}

/** The file's text, exactly as committed. */
export function descriptionSchemaText(): string {
  return `${JSON.stringify(buildDescriptionSchema(), null, 2)}\n`;
}
