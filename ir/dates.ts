// ir/dates.ts — the words of a `date` run the description may use (spec: text item, "a strftime
// pattern; the moment of rendering is formatted with it", `zone` an IANA name). Reading checks them
// (ir/read/text.ts); the text engine formats (engines/text/dates.ts).

// engines/text/dates.ts — `date` runs (spec: text item, "a strftime pattern; the moment of rendering
// is formatted with it", `zone` an IANA name, absent universal time). Reading checks the pattern and
// the zone (ir/read/text.ts); layout formats the moment of rendering (PassContext.now) with Intl, in
// English. The supported directives are listed in DIRECTIVES and in docs/reference.md.

/** Directive letters this build formats (C strftime / POSIX, English names). */
export const DIRECTIVES = 'aAbBCdDeFHIjmMnpRSTuwyYzZ%th' as const;

/** The first unsupported directive letter of a pattern (or a lone trailing %), or undefined. */
export function badDirective(pattern: string): string | undefined {
  for (let i = 0; i < pattern.length; i++) {
    if (pattern[i] !== '%') continue;
    const d = pattern[i + 1];
    if (d === undefined) return '%';
    if (!DIRECTIVES.includes(d)) return '%' + d;
    i++;
  }
  return undefined;
}

/** Whether Intl knows the zone (IANA names, and `UTC`). */
export function zoneKnown(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
