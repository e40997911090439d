// ir/dates.ts — the words of a `date` run the description may use (spec: text item, "a strftime
// pattern; the moment of rendering is formatted with it", `zone` an IANA name). Reading checks them
// (ir/read/text.ts); the text engine formats (engines/text/dates.ts).

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
