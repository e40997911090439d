// ir/defaults.ts — defaults the spec states, in one place, each citing where it says so. The readers
// (ir/read/) apply them where a description leaves a key out; tools/schema-build.ts writes them into
// the shipped schema as `default` where a key has one fixed value (so editors and the generated types
// show them). Neither the schemas (ir/schema/) nor the IR types repeat them.

/** Sheet size when a description names none (spec: top-level keys, `page`): A4 in points. */
export const DEFAULT_PAGE = { width: 595.276, height: 841.89 } as const;
/** Default leading as a multiple of font_size (spec: text item and flow item, `leading`). */
export const DEFAULT_LEADING_FACTOR = 1.2;
/** Default tab size: 7.5 % of the line (spec: flow, `tabs.size`). */
export const DEFAULT_TAB_FRACTION = 0.075;
/** Default arrowhead length, in stroke widths: a 1-point line gets a 6-point head (spec: line and path, `arrows.size`). */
export const DEFAULT_ARROW_SIZE = 6;
/** Cell padding when nobody states one, [top, right, bottom, left]: pdfmake's defaults (4 points left and right, 2 above and below). */
export const DEFAULT_CELL_PADDING: [number, number, number, number] = [2, 4, 2, 4];
/** Flate level when `compression` is absent: zlib's own default, the usual balance of size and time. */
export const DEFAULT_FLATE_LEVEL = 6;
/**
 * Without `compression`, page content past a document's first BULK_CONTENT_AFTER bytes (before
 * deflating) goes at level BULK_FLATE_LEVEL, zlib's first lazy-matching level: deflate is the most
 * of a long document's writing time, and level 4 takes a fifth to a third less of it than 6 at a few
 * per cent more bytes, which placing lines by Td more than pays back (decision, issue 21;
 * docs/reference.md, compression; bench/README.md, "ninth wave: emit"). A stated level holds for every stream.
 */
export const BULK_FLATE_LEVEL = 4;
export const BULK_CONTENT_AFTER = 64 * 1024;
