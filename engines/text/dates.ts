const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

interface Fields {
  Y: number;
  m: number;
  d: number;
  H: number;
  M: number;
  S: number;
  w: number;
  offsetMin: number;
  /** The zone's short name in `en-US` (`EST`, or an offset such as `GMT+1`). */
  zoneName: string;
  zone: string;
  now: Date;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
/**
 * Formatters kept per process, each map (issue 20): keyed by the zone as the request spells it, and
 * Intl takes any spelling of a zone's case ("europe/paris", "EUROPE/PARIS"…), so past this bound a map
 * is emptied rather than let grow with history.
 */
export const DATE_FORMATTERS = 1024;

function fieldsIn(now: Date, zone: string): Fields {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      timeZoneName: 'short',
    });
    if (formatters.size >= DATE_FORMATTERS) formatters.clear();
    formatters.set(zone, f);
  }
  const parts: Record<string, string> = {};
  for (const p of f.formatToParts(now)) parts[p.type] = p.value;
  const Y = +parts.year,
    m = +parts.month,
    d = +parts.day,
    H = +parts.hour % 24,
    M = +parts.minute,
    S = +parts.second;
  // The zone's offset is the wall clock minus universal time, to the minute.
  const wall = Date.UTC(Y, m - 1, d, H, M, S);
  const offsetMin = Math.round((wall - Math.floor(now.getTime() / 1000) * 1000) / 60000);
  const w = new Date(Date.UTC(Y, m - 1, d)).getUTCDay();
  return { Y, m, d, H, M, S, w, offsetMin, zoneName: parts.timeZoneName ?? zone, zone, now };
}

const p2 = (n: number) => String(n).padStart(2, '0');

/**
 * Locales whose CLDR data hold the abbreviations tz spells for their regions (`CET`, `BST`, `IST`,
 * `AEST`, `SAST`, `JST`…), asked in this order; `en-US` (North America) is asked first, in fieldsIn.
 */
const ABBREVIATION_LOCALES = ['en-GB', 'en-IE', 'en-IN', 'en-AU', 'en-NZ', 'en-ZA', 'en-CA', 'ja-JP'];
/** What Intl writes when it has no abbreviation: an offset from GMT or UTC. */
const OFFSET_NAME = /^(?:GMT|UTC)\s*[-+\u2212\u200e]/;
const abbreviationFormatters = new Map<string, Intl.DateTimeFormat>();

/**
 * `%Z` as strftime spells it from the tz database: the zone's abbreviation where some locale's
 * CLDR data gives one (`CET`, `CEST`, `BST`, `EST`), else — as tz itself does for zones without
 * one — the numeric offset (`+03`, `+0530`, `-03`), never `GMT+1`.
 */
function zoneAbbreviation(t: Fields): string {
  if (!OFFSET_NAME.test(t.zoneName)) return t.zoneName;
  for (const locale of ABBREVIATION_LOCALES) {
    const key = `${locale} ${t.zone}`;
    let f = abbreviationFormatters.get(key);
    if (!f) {
      f = new Intl.DateTimeFormat(locale, { timeZone: t.zone, timeZoneName: 'short' });
      if (abbreviationFormatters.size >= DATE_FORMATTERS) abbreviationFormatters.clear();
      abbreviationFormatters.set(key, f);
    }
    const name = f.formatToParts(t.now).find((p) => p.type === 'timeZoneName')?.value;
    if (name && !OFFSET_NAME.test(name) && /^[A-Z]{2,5}$/.test(name)) return name;
  }
  const a = Math.abs(t.offsetMin);
  return `${t.offsetMin < 0 ? '-' : '+'}${p2(Math.floor(a / 60))}${a % 60 ? p2(a % 60) : ''}`;
}

/** Formats `now` with a checked strftime pattern in `zone` (default universal time). */
export function formatDate(pattern: string, now: Date, zone = 'UTC'): string {
  const t = fieldsIn(now, zone);
  let out = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c !== '%') {
      out += c;
      continue;
    }
    const d = pattern[++i];
    out += directive(d, t);
  }
  return out;
}

function directive(d: string, t: Fields): string {
  switch (d) {
    case 'a':
      return DAYS[t.w].slice(0, 3);
    case 'A':
      return DAYS[t.w];
    case 'b':
    case 'h':
      return MONTHS[t.m - 1].slice(0, 3);
    case 'B':
      return MONTHS[t.m - 1];
    case 'C':
      return p2(Math.floor(t.Y / 100));
    case 'd':
      return p2(t.d);
    case 'D':
      return `${p2(t.m)}/${p2(t.d)}/${p2(t.Y % 100)}`;
    case 'e':
      return String(t.d).padStart(2, ' ');
    case 'F':
      return `${t.Y}-${p2(t.m)}-${p2(t.d)}`;
    case 'H':
      return p2(t.H);
    case 'I':
      return p2(t.H % 12 === 0 ? 12 : t.H % 12);
    case 'j':
      return String(Math.round((Date.UTC(t.Y, t.m - 1, t.d) - Date.UTC(t.Y, 0, 1)) / 86400000) + 1).padStart(3, '0');
    case 'm':
      return p2(t.m);
    case 'M':
      return p2(t.M);
    case 'n':
      return '\n';
    case 'p':
      return t.H < 12 ? 'AM' : 'PM';
    case 'R':
      return `${p2(t.H)}:${p2(t.M)}`;
    case 'S':
      return p2(t.S);
    case 't':
      return '\t';
    case 'T':
      return `${p2(t.H)}:${p2(t.M)}:${p2(t.S)}`;
    case 'u':
      return String(t.w === 0 ? 7 : t.w);
    case 'w':
      return String(t.w);
    case 'y':
      return p2(t.Y % 100);
    case 'Y':
      return String(t.Y);
    case 'z': {
      const a = Math.abs(t.offsetMin);
      return `${t.offsetMin < 0 ? '-' : '+'}${p2(Math.floor(a / 60))}${p2(a % 60)}`;
    }
    case 'Z':
      return zoneAbbreviation(t);
    default:
      return '%';
  }
}

/** Formatters kept, both maps together (for tests). */
export function dateFormattersHeld(): number {
  return formatters.size + abbreviationFormatters.size;
}
