// engines/svg/svg-error.ts — why an SVG part cannot be drawn; engines/images/resource.ts turns it into
// a refusal naming the part, the key that named it and, for an element, the element and its position.

export type SvgErrorKind =
  /** Not readable as an SVG at all (malformed XML, no <svg> root, an attribute that does not read). */
  | 'unreadable'
  /** Something this build does not draw (filter, mask, animation…): the element and its position. */
  | 'unsupported'
  /** Something never run or fetched: a script, an event attribute, an external reference, a DOCTYPE. */
  | 'unsafe'
  /** Past a named limit (elements, nesting, uses drawn). */
  | 'limit';

export class SvgError extends Error {
  constructor(
    readonly kind: SvgErrorKind,
    /** unreadable/limit: what is wrong; unsupported/unsafe: what was found (`a <filter> element`). */
    readonly detail: string,
    /** Where it stands (`/svg/g[1]/filter[1]`), for unsupported and unsafe. */
    readonly position = '',
    /** Why it is refused, for unsupported and unsafe. */
    readonly reason = '',
  ) {
    super(detail);
  }
}
