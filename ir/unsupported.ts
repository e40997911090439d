// ir/unsupported.ts — the item catalogue, and what of the spec this build cannot draw yet.
// Validation is total (spec: "refuses a request rather than produce a document that silently lost
// something"), so a documented key this build would drop is refused by name, not ignored. Unknown
// keys stay ignored.

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

/**
 * What this build refuses as not drawn yet, by name: top-level keys, and keys per item kind
 * (test/reference-not-yet.test.ts reads it). Empty: every key the spec documents is drawn (issue 26
 * drew the last keys: form fields' transform, graphics_state and layer, and `accessible: "pdfua2"`).
 */
export const NOT_YET: {
  readonly topLevel: readonly string[];
  readonly items: Readonly<Record<string, readonly string[]>>;
} = { topLevel: [], items: {} };
