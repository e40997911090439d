// ir/defaults.ts — defaults the spec states, in one place, each citing where it says so.

/** Sheet size when a description names none (spec: top-level keys, `page`): A4 in points. */
export const DEFAULT_PAGE = { width: 595.276, height: 841.89 } as const;
/** Default leading as a multiple of font_size (spec: text item and flow item, `leading`). */
export const DEFAULT_LEADING_FACTOR = 1.2;
