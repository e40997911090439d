// ir/read/items.ts — reading, items: the registry of item readers by `type`. Each kind's schema is
// checked against the item alone, so a refusal's pointer lands inside it (`/items/3/font_size`).
// One line per kind; every kind of the catalogue has one.
import type { ValidateFunction } from 'ajv';
import type * as D from '../description.generated.js';
import { refuse } from '../messages.js';
import { at } from '../pointer.js';
import type { Item, ItemBase } from '../types.js';
import { codeReaders } from './codes.js';
import { check, readItemBase, refuseSingular } from './common.js';
import { flowReader } from './flow.js';
import { formReaders } from './forms.js';
import { imageReader } from './images.js';
import { linkReader } from './navigation.js';
import { shapeReaders } from './shapes.js';
import { importedPageReader } from './supplied.js';
import { tableReader } from './table.js';
import { textReader } from './text.js';
import { textPathReader } from './text-path.js';

/** An item kind's word in `type`, and the raw (as-sent) item of that kind (ir/description.generated.ts). */
export type ItemKind = D.Item['type'];
export type RawItem<K extends ItemKind = ItemKind> = Extract<D.Item, { type: K }>;

/** A kind's schema and reader; `read` gets the item once `validate` has passed it. */
export interface ItemReader<K extends ItemKind = ItemKind> {
  validate: ValidateFunction;
  read(raw: RawItem<K>, base: ItemBase): Item;
}

/** Every kind the shipped schema knows has a reader (a kind missing here fails to compile). */
const READERS: { [K in ItemKind]: ItemReader<K> } = {
  text: textReader,
  flow: flowReader,
  text_path: textPathReader,
  table: tableReader,
  imported_page: importedPageReader,
  image: imageReader,
  ...shapeReaders,
  ...codeReaders,
  link: linkReader,
  ...formReaders,
};

/** Each kind's schema as its reader compiles it, by `type` (tools/schema.ts ships them as one union). */
export function itemSchemas(): Record<string, object> {
  return Object.fromEntries(Object.entries(READERS).map(([type, r]) => [type, r.validate.schema as object]));
}

/** Reads one item; `p` is its pointer (an item of a declared drawing or tiling sits under that declaration). */
export function readItem(raw: { type: string }, index: number, p = at('', 'items', index)): Item {
  const type = raw.type;
  // `type` is any string until checked here, so the registry is looked up as a plain map
  const reader = Object.hasOwn(READERS, type) ? (READERS as Record<string, ItemReader>)[type] : undefined;
  // Every kind of the catalogue (ir/unsupported.ts ITEM_KINDS) has a reader: any other type is unknown.
  if (!reader) refuse('itemKindUnknown', at(p, 'type'), { type, at: at(p, 'type') });
  // the kind's own schema passed: the item is that kind's raw shape
  check<RawItem>(reader.validate, raw, p);
  const base = readItemBase(raw, p, index);
  const item = reader.read(raw, base);
  // after the kind's reader, so a form field's own sentence (fieldTransformFlat) speaks first
  if (base.transformAt) refuseSingular(base.transform, base.transformAt);
  return item;
}
