// engines/text/dates-cache.test.ts — the date formatters kept per process are bounded (dates.ts
// DATE_FORMATTERS, issue 20): Intl takes every case spelling of a zone, so distinct spellings from
// requests must not grow the process's memory with history; each spelling still formats alike.
import { describe, expect, it } from 'vitest';
import { DATE_FORMATTERS, dateFormattersHeld, formatDate } from './dates.js';

describe('date formatters kept', () => {
  it('stay within their bound over 1 100 spellings of one zone', () => {
    const now = new Date('2026-01-01T12:00:00Z');
    const zone = 'America/Argentina/ComodRivadavia';
    const want = formatDate('%Y-%m-%d %H:%M %Z', now, zone);
    expect(want).toContain('2026-01-01 09:00');
    for (let i = 0; i < DATE_FORMATTERS + 76; i++) {
      let z = '';
      for (let j = 0; j < zone.length; j++) z += (i >> j) & 1 ? zone[j].toUpperCase() : zone[j].toLowerCase();
      expect(formatDate('%Y-%m-%d %H:%M %Z', now, z)).toBe(want);
    }
    expect(dateFormattersHeld()).toBeLessThanOrEqual(2 * DATE_FORMATTERS);
  });
});
