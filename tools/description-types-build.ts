// tools/description-types-build.ts — builds ir/description.generated.ts, the raw (as-sent) types of a
// description, from the very schema tools/schema-build.ts ships (schema/description.schema.json), by
// json-schema-to-typescript: the top level (`Description`), each declaration, and the item kinds as a
// union discriminated on `type`. The readers (ir/read/) take these types once ajv has checked a value,
// so a key is written by hand once, in its schema. `npm run schema` writes both files in one run;
// test/schema.test.ts fails while either is stale.
import { compile } from 'json-schema-to-typescript';
import { deviceColourSchema, pageListSchema, pageSelectSchema } from '../ir/schema/common.js';
import { buildDescriptionSchema } from './schema-build.js';

// biome-ignore lint/suspicious/noExplicitAny: JSON Schema fragments are walked generically, every key optional
type S = Record<string, any>;

const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

/**
 * The type each top-level key's value (an array: each entry's) is declared under. A key missing here
 * fails the generation, so a new key gets a name a reader can import.
 */
const TOP_LEVEL_NAMES: Record<string, string> = {
  items: 'Item',
  page: 'PageSize',
  page_sizes: 'PageSizeEntry',
  renumber: 'RenumberEntry',
  templates: 'Templates',
  supplied_pdfs: 'SuppliedPdfs',
  check: 'CheckStandard',
  fonts: 'FontDeclaration',
  standard_fonts: 'StandardFontDeclaration',
  type1_fonts: 'Type1FontDeclaration',
  type3_fonts: 'Type3FontDeclaration',
  simple_fonts: 'SimpleFontDeclaration',
  font_variants: 'FontVariantDeclaration',
  font_chains: 'FontChainDeclaration',
  archive: 'Archive',
  accessible: 'Accessible',
  version: 'PdfVersion',
  metadata: 'Metadata',
  output_intent: 'OutputIntent',
  compression: 'Compression',
  invoice: 'Invoice',
  encryption: 'Encryption',
  attachments: 'Attachment',
  collection: 'Collection',
  page_files: 'PageFiles',
  page_metadata: 'PageMetadata',
  images: 'ImageDeclaration',
  layers: 'LayerDeclaration',
  graphics_states: 'GraphicsStateDeclaration',
  shadings: 'ShadingDeclaration',
  tilings: 'TilingDeclaration',
  drawings: 'DrawingDeclaration',
  color_spaces: 'ColorSpaceDeclaration',
  page_spaces: 'PageSpaces',
  bookmarks: 'Bookmark',
  destinations: 'DestinationDeclaration',
  articles: 'ArticleDeclaration',
  reader: 'ReaderPreferences',
  page_boxes: 'PageBoxes',
  page_turns: 'PageTurn',
  page_shows: 'PageShow',
  page_tab_orders: 'PageTabOrder',
  structure: 'Structure',
};

/**
 * Readable names of the shared pieces tools/schema-build.ts hoists into `definitions` (named there
 * after the key they first appear under). A definition missing here is named after its key; a name
 * here whose definition went away fails the generation.
 */
const DEFINITION_NAMES: Record<string, string> = {
  border: 'FieldBorder',
  border_2: 'CellBorder',
  color: 'PatternColour',
  content: 'TextContent',
  coons_patch_mesh: 'PatchMeshShading',
  crop: 'PageBox',
  every: 'HalftoneScreen',
  patches: 'CoonsPatches',
  patches_2: 'CoonsPatch',
  cells: 'TableCells',
  columns: 'TableColumns',
  columns_2: 'TableColumn',
  rows: 'TableRows',
  rows_2: 'TableRow',
  rows_3: 'TableCell',
  schemas: 'XmpSchemas',
  schemas_2: 'XmpSchema',
  segments_2: 'PathSegment',
  text: 'CodeText',
  text_2: 'CellText',
  text_3: 'TextRun',
  top: 'CellBorderSide',
  triangles: 'GouraudVertex',
  view_2: 'ViewBox',
};

/** Small pieces written inline in many places, declared once under these names. */
const PIECES: [string, object][] = [
  ['PageSelect', pageSelectSchema],
  ['PageList', pageListSchema],
  ['DeviceColour', deviceColourSchema],
];

function eachSchema(s: unknown, f: (s: S) => void): void {
  if (!s || typeof s !== 'object') return;
  if (Array.isArray(s)) {
    for (const c of s) eachSchema(c, f);
    return;
  }
  f(s as S);
  for (const v of Object.values(s)) eachSchema(v, f);
}

const pascal = (key: string): string => key.replace(/(^|_)([a-z0-9])/g, (_m, _u, c: string) => c.toUpperCase());

const withoutHints = (s: S): string =>
  JSON.stringify(s, (k, v) => (k === 'description' || k === 'default' ? undefined : v));

/**
 * `allOf: [{if: {properties: {K: {const: c}}}, then: T}, …]` under an object whose `K` is an enum:
 * the union, one branch per value of K, each with T's keys and requirements (json-schema-to-typescript
 * reads no if/then). `{if: {type: t}, then: A, else: B}`: A on a value of type t, B otherwise.
 */
function conditionalsAsUnions(root: S): void {
  eachSchema(root, (s) => {
    if (
      s.if &&
      s.then &&
      s.else &&
      typeof s.if.type === 'string' &&
      Object.keys(s).every((k) => ['if', 'then', 'else', 'title'].includes(k))
    ) {
      const branches = [{ type: s.if.type, ...s.then }, s.else];
      for (const k of ['if', 'then', 'else']) delete s[k];
      s.anyOf = branches;
      return;
    }
    // `properties` with `oneOf: [{required: [a]}, {required: [b]}…]`: one of those keys, as a union
    if (
      s.properties &&
      Array.isArray(s.oneOf) &&
      s.oneOf.every((o: S) => Object.keys(o).length === 1 && o.required?.length === 1)
    ) {
      s.oneOf = s.oneOf.map((o: S) => ({
        type: 'object',
        required: o.required,
        properties: { [o.required[0]]: s.properties[o.required[0]] },
      }));
      delete s.properties;
      return;
    }
    if (!Array.isArray(s.allOf) || !s.properties) return;
    const conds = s.allOf as S[];
    const key = Object.keys(conds[0]?.if?.properties ?? {})[0];
    if (
      !key ||
      !conds.every(
        (c) =>
          c.if &&
          c.then &&
          Object.keys(c.if.properties ?? {}).length === 1 &&
          c.if.properties[key]?.const !== undefined,
      )
    )
      return;
    const values: unknown[] = s.properties[key].enum;
    const branches = values.map((v) => {
      const then = conds.find((c) => c.if.properties[key].const === v)?.then ?? {};
      return {
        type: 'object',
        required: [...new Set([...(s.required ?? []), ...(then.required ?? [])])],
        properties: { ...s.properties, ...then.properties, [key]: { const: v } },
      };
    });
    for (const k of ['allOf', 'properties', 'required']) delete s[k];
    s.oneOf = branches;
  });
}

/** A device colour's two lengths (1; 3 or 4) as tuples: what `c[0]`…`c[3]` may read. */
function lengthsAsTuples(root: S): void {
  eachSchema(root, (s) => {
    if (s.type !== 'array' || !Array.isArray(s.anyOf) || s.items?.type !== 'number') return;
    if (!s.anyOf.every((b: S) => Object.keys(b).every((k) => k === 'minItems' || k === 'maxItems'))) return;
    const lengths = s.anyOf.flatMap((b: S) =>
      Array.from({ length: b.maxItems - b.minItems + 1 }, (_, i) => b.minItems + i),
    );
    s.tsType = lengths.map((n: number) => `[${Array(n).fill('number').join(', ')}]`).join(' | ');
    delete s.anyOf;
  });
}

/** The shipped schema, re-dressed for json-schema-to-typescript: names, unions for conditionals. */
export function descriptionTypesSchema(): S {
  const root = clone(buildDescriptionSchema());
  const defs = root.definitions as S;
  for (const k of ['$schema', '$id', 'description']) delete root[k];
  root.title = 'Description';
  root.description = 'A description of one document as sent (docs/reference.md), before reading.';
  // the shared pieces first (matched by content, before anything is renamed or rewritten)
  for (const [name, piece] of PIECES) {
    const j = withoutHints(piece as S);
    const def = `ts_${name}`;
    defs[def] = { ...clone(piece), title: name };
    const swap = (s: S): void => {
      for (const [k, v] of Object.entries(s)) {
        if (!v || typeof v !== 'object') continue;
        if (!Array.isArray(v) && withoutHints(v) === j && v !== defs[def]) s[k] = { $ref: `#/definitions/${def}` };
        else swap(v as S);
      }
    };
    for (const [k, v] of Object.entries(root)) if (k !== 'definitions' && v && typeof v === 'object') swap(v as S);
    for (const [k, d] of Object.entries(defs)) if (k !== def) swap(d as S);
  }
  for (const [key, name] of Object.entries(DEFINITION_NAMES)) {
    if (!defs[key])
      throw new Error(`tools/description-types-build.ts names definition "${key}", which the schema no longer has`);
    defs[key].title = name;
  }
  for (const [key, d] of Object.entries(defs)) (d as S).title ??= pascal(key);
  const props = root.properties as S;
  for (const [key, s] of Object.entries(props) as [string, S][]) {
    const name = TOP_LEVEL_NAMES[key];
    if (!name)
      throw new Error(
        `top-level key "${key}" has no type name: add it to TOP_LEVEL_NAMES in tools/description-types-build.ts`,
      );
    const target =
      s.type === 'array'
        ? s.items
        : s.type === 'object' && s.additionalProperties && !s.properties
          ? s.additionalProperties
          : s;
    if (target.$ref) continue;
    target.title = name;
  }
  // a shading's kinds (its single key) by name: AxialShading, RadialShading…
  for (const [kind, k] of Object.entries(props.shadings.items.properties.shading.properties as S))
    if (!k.$ref) k.title = `${pascal(kind)}Shading`;
  // a hint beside a $ref would make json-schema-to-typescript declare the referred type again
  eachSchema(root, (s) => {
    if (typeof s.$ref === 'string') for (const k of Object.keys(s)) if (k !== '$ref') delete s[k];
  });
  conditionalsAsUnions(root);
  lengthsAsTuples(root);
  return root;
}

const BANNER = `// ir/description.generated.ts — the raw (as-sent) types of a description, generated by \`npm run schema\`
// (tools/description-types-build.ts) from the schemas the reader compiles, the same run that writes
// schema/description.schema.json. Do not edit: change ir/schema/<area>.ts and run \`npm run schema\`.
/* eslint-disable */`;

/** The file's text, exactly as committed. */
export async function descriptionTypesText(): Promise<string> {
  const text = await compile(descriptionTypesSchema(), 'Description', {
    bannerComment: BANNER,
    additionalProperties: false, // unknown keys are accepted, never read (spec Conventions)
    unreachableDefinitions: true,
    maxItems: 4, // a fixed length (a point, a matrix) stays a tuple; 1 to 16 dash lengths are an array
    format: true,
    style: { printWidth: 120, singleQuote: true, semi: true, trailingComma: 'all' },
  });
  // json-schema-to-typescript notes where each definition came from: noise in a file nobody edits
  return text
    .replace(
      /\/\*\*\n(?: \*\n)? \* This interface was referenced by `Description`'s JSON-Schema\n \* via the `definition` "[^"]+"\.\n \*\/\n/g,
      '',
    )
    .replace(
      /\n \*\n \* This interface was referenced by `Description`'s JSON-Schema\n \* via the `definition` "[^"]+"\./g,
      '',
    );
}
