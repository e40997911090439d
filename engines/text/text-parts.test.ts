// engines/text/text-parts.test.ts — the small pure parts of text layout: placeholders, dates, tab stops.
import { describe, expect, it } from 'vitest';
import { badDirective, zoneKnown } from '../../ir/dates.js';
import { pageOfRefsIn, resolvePlaceholders, scanPlaceholders } from '../../ir/placeholders.js';
import { formatDate } from './dates.js';
import { type TabRules, tabAlign, tabStop } from './tabs.js';

describe('placeholders', () => {
  it('finds the two names and the escapes, keeps other braces as text, refuses unknown names', () => {
    expect(scanPlaceholders('plain')).toEqual({ ok: true, has: false });
    expect(scanPlaceholders('Page {current_page} of {total_pages}')).toEqual({ ok: true, has: true });
    expect(scanPlaceholders('a {{ b }}')).toEqual({ ok: true, has: true });
    expect(scanPlaceholders('{ x } a{ }')).toEqual({ ok: true, has: false });
    expect(scanPlaceholders('{page}')).toEqual({ ok: false, name: 'page' });
    expect(scanPlaceholders('{{page}}')).toEqual({ ok: true, has: true });
  });
  it('resolves per page', () => {
    expect(resolvePlaceholders('Page {current_page} of {total_pages}', 3, 12)).toBe('Page 3 of 12');
    expect(resolvePlaceholders('{{current_page}} {{{current_page}}}', 3, 12)).toBe('{current_page} {3}');
  });
  it('reads {page_of:ID} (issue 23): its ids, and the page a lookup gives; an id without one prints as written', () => {
    expect(scanPlaceholders('see {page_of:sec-1.2}')).toEqual({ ok: true, has: true });
    expect(scanPlaceholders('{page_of:a b}')).toEqual({ ok: false, name: 'page_of' });
    expect(pageOfRefsIn('p. {page_of:a}, {{page_of:b}}, {page_of:c}')).toEqual(['a', 'c']);
    const pages = new Map([['a', 7]]);
    expect(resolvePlaceholders('{page_of:a}/{page_of:z} {{page_of:a}}', 1, 9, (id) => pages.get(id))).toBe(
      '7/{page_of:z} {page_of:a}',
    );
  });
});

describe('dates', () => {
  const now = new Date('2026-03-05T22:07:09Z');
  it('formats every directive, in universal time unless a zone is named', () => {
    expect(formatDate('%Y-%m-%d %H:%M:%S %z %Z', now)).toBe('2026-03-05 22:07:09 +0000 UTC');
    expect(formatDate('%A %a %B %b %h %e %j %u %w %y %C %I %p %F %T %R %D %%', now)).toBe(
      'Thursday Thu March Mar Mar  5 064 4 4 26 20 10 PM 2026-03-05 22:07:09 22:07 03/05/26 %',
    );
    expect(formatDate('%F %T %z', now, 'Asia/Tokyo')).toBe('2026-03-06 07:07:09 +0900');
    expect(formatDate('%H:%M %z', now, 'Asia/Kolkata')).toBe('03:37 +0530');
    expect(formatDate('%a %F %H %z', now, 'America/Los_Angeles')).toBe('Thu 2026-03-05 14 -0800');
  });
  it('names unsupported directives and unknown zones', () => {
    expect(badDirective('%Y %Q')).toBe('%Q');
    expect(badDirective('100%')).toBe('%');
    expect(badDirective('%Y%%')).toBeUndefined();
    expect(zoneKnown('Europe/Berlin')).toBe(true);
    expect(zoneKnown('Mars/Olympus')).toBe(false);
  });
});

describe('tab stops', () => {
  const rules = (over: Partial<TabRules>): TabRules => ({
    method: 'relative',
    size: 30,
    ruler: [],
    alignments: [],
    alignChar: '.',
    ...over,
  });
  it('relative advances by the size, typewriter goes to the next multiple, ruler to the n-th stop', () => {
    expect(tabStop(rules({}), 47, 0)).toBe(77);
    expect(tabStop(rules({ method: 'typewriter' }), 47, 0)).toBe(60);
    expect(tabStop(rules({ method: 'typewriter' }), 60, 0)).toBe(90);
    const r = rules({ method: 'ruler', ruler: [50, 100, 200] });
    expect(tabStop(r, 10, 0)).toBe(50);
    expect(tabStop(r, 60, 1)).toBe(100);
    // The pen already past the n-th stop: the next stop beyond it; past the last: relative.
    expect(tabStop(r, 120, 1)).toBe(200);
    expect(tabStop(r, 210, 3)).toBe(240);
    expect(tabAlign(rules({ alignments: ['right'] }), 0)).toBe('right');
    expect(tabAlign(rules({ alignments: ['right'] }), 1)).toBe('left');
  });
});
