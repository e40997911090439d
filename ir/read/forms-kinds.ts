// ir/read/forms-kinds.ts — reading: the item kinds a declared drawing or tiling cell may hold in this
// build (they need no pages, fonts or licence decisions): shapes, codes and placed drawings.
export const CODE_KINDS_IN_FORMS: ReadonlySet<string> = new Set([
  'rect',
  'line',
  'path',
  'ellipse',
  'polygon',
  'drawing',
  'code128',
  'ean13',
  'qr_code',
  'data_matrix',
  'pdf417',
]);
