// ir/unsupported.ts — keys and item kinds the spec documents that this build cannot draw yet.
// Validation is total (spec: "refuses a request rather than produce a document that silently lost
// something"), so a documented key this build would drop is refused by name, not ignored. Unknown
// keys stay ignored. Each later issue shrinks these tables as it draws more.
import { refuse } from './messages.js';
import { at } from './pointer.js';

/** The item catalogue (docs/reference.md): every kind the description format knows. */
export const ITEM_KINDS = [
  'text',
  'flow',
  'text_path',
  'table',
  'rect',
  'line',
  'path',
  'ellipse',
  'polygon',
  'image',
  'drawing',
  'imported_page',
  'code128',
  'ean13',
  'qr_code',
  'data_matrix',
  'pdf417',
  'text_field',
  'check_box',
  'radio_group',
  'choice_field',
  'push_button',
  'signature_field',
  'link',
] as const;

/** Top-level keys of the spec's table (and those it names elsewhere) not drawn yet. */
const TOP_LEVEL_NOT_YET: string[] = [];

/** Keys of an item the spec documents, with the value that means "as if absent" where one exists. */
const ITEM_KEYS_NOT_YET: Record<string, Record<string, unknown>> = {
  // Form fields are annotations: a widget takes no content matrix, graphics state or layer here.
  text_field: { transform: undefined, graphics_state: undefined, layer: undefined },
  check_box: { transform: undefined, graphics_state: undefined, layer: undefined },
  radio_group: {
    transform: undefined,
    graphics_state: undefined,
    layer: undefined,
    relative_to: undefined,
    rect: undefined,
  },
  choice_field: { transform: undefined, graphics_state: undefined, layer: undefined },
  push_button: { transform: undefined, graphics_state: undefined, layer: undefined },
  signature_field: { transform: undefined, graphics_state: undefined, layer: undefined },
};

/** What this build refuses as not drawn yet, by name: top-level keys, and keys per item kind (test/reference-not-yet.test.ts reads it). */
export const NOT_YET: {
  readonly topLevel: readonly string[];
  readonly items: Readonly<Record<string, readonly string[]>>;
} = {
  topLevel: TOP_LEVEL_NOT_YET,
  items: Object.fromEntries(Object.entries(ITEM_KEYS_NOT_YET).map(([kind, table]) => [kind, Object.keys(table)])),
};

const ITEM_KEYS_NOT_YET_LIST: Record<string, [string, unknown][]> = Object.fromEntries(
  Object.entries(ITEM_KEYS_NOT_YET).map(([kind, table]) => [kind, Object.entries(table)]),
);

function isDefault(v: unknown, dflt: unknown): boolean {
  if (v === undefined || v === null) return true;
  if (Array.isArray(v) && v.length === 0) return true;
  return dflt !== undefined && v === dflt;
}

/** Refuses the first documented key this build would lose. Runs after the schema. */
export function checkDrawnByThisBuild(description: object): void {
  // the tables name keys as strings, and an item's own schema has not run yet: looked up as plain JSON
  const d = description as Record<string, unknown>;
  for (const key of TOP_LEVEL_NOT_YET) {
    if (key in d && !isDefault(d[key], undefined)) refuse('keyNotYet', at('', key), { key, at: at('', key) });
  }
  const items = d.items as Record<string, unknown>[];
  items.forEach((item, i) => {
    const p = at('', 'items', i);
    const table = Object.hasOwn(ITEM_KEYS_NOT_YET_LIST, item.type as string)
      ? ITEM_KEYS_NOT_YET_LIST[item.type as string]
      : undefined;
    if (!table) return; // kinds not drawn are refused by the reader
    for (const [key, dflt] of table) {
      if (key in item && !isDefault(item[key], dflt)) {
        const kp = at(p, key);
        refuse('keyNotYet', kp, { key, at: kp });
      }
    }
  });
}
