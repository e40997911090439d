// verifier/coverage.ts — how the verifier accounts for every rule of veraPDF's validation profiles
// (the rule inventory of PDF/A-1a to 4f and PDF/UA-1: ../shared/standards/verapdf-profiles/, copied
// as verifier/coverage/verapdf-rules.tsv). A profile rule is BOUND when some rule module binds a fact
// to its id (or to an id the veraPDF corpus spells differently, ALIASES below), or LISTED in its
// part's COVERAGE.md (the table under "Rules not bound") with its status and reason.
// `ruleTable(flavour)` is the table rule id → fact codes the coverage test and
// `tools/verifier-coverage.ts` read. Only the verifier's own data and the profiles are read here.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FactCode } from './facts.js';
import { type Flavour, flavourOf, type StandardName } from './model.js';
import { rulesOf } from './rules.js';

export const PROFILE_DIR = join(import.meta.dirname, '../../shared/standards/verapdf-profiles');
export const INVENTORY = join(import.meta.dirname, 'coverage/verapdf-rules.tsv');

/** The profile file of each flavour the coverage is kept for. */
/** PDF/UA-2 keeps its own coverage (verifier/pdfua-2/coverage.test.ts). */
export const PROFILES: Record<Exclude<StandardName, 'pdfua2'>, string> = {
  pdfa1b: 'PDF_A/PDFA-1B.xml',
  pdfa1a: 'PDF_A/PDFA-1A.xml',
  pdfa2b: 'PDF_A/PDFA-2B.xml',
  pdfa2u: 'PDF_A/PDFA-2U.xml',
  pdfa2a: 'PDF_A/PDFA-2A.xml',
  pdfa3b: 'PDF_A/PDFA-3B.xml',
  pdfa3u: 'PDF_A/PDFA-3U.xml',
  pdfa3a: 'PDF_A/PDFA-3A.xml',
  pdfa4: 'PDF_A/PDFA-4.xml',
  pdfa4e: 'PDF_A/PDFA-4E.xml',
  pdfa4f: 'PDF_A/PDFA-4F.xml',
  pdfua1: 'PDF_UA/PDFUA-1.xml',
};

/** The COVERAGE.md that lists a flavour's unbound rules (one per part; PDF/UA-1 apart). */
export function coverageFile(f: Flavour): string {
  return join(import.meta.dirname, f.ua ? 'pdfua-1' : `pdfa-${f.part}`, 'COVERAGE.md');
}

export interface ProfileRule {
  flavour: StandardName;
  /** `clause-test`, e.g. `6.2.4.3-2`. */
  id: string;
  object: string;
}

/** Every rule of every profile, read from veraPDF's XML. */
export function parseProfiles(dir: string): ProfileRule[] {
  const out: ProfileRule[] = [];
  for (const [flavour, file] of Object.entries(PROFILES) as [StandardName, string][]) {
    const xml = readFileSync(join(dir, file), 'utf8');
    for (const m of xml.matchAll(
      /<rule object="([^"]+)"[^>]*>\s*<id specification="[^"]+" clause="([^"]+)" testNumber="(\d+)"\/>/g,
    ))
      out.push({ flavour, id: `${m[2]}-${m[3]}`, object: m[1] });
  }
  return out;
}

export function inventoryTsv(rules: readonly ProfileRule[]): string {
  const head =
    '# veraPDF validation profiles (commit 6f2a87f, CC BY 4.0, © veraPDF Consortium): flavour, rule, object\n';
  return head + rules.map((r) => `${r.flavour}\t${r.id}\t${r.object}\n`).join('');
}

/** The inventory: from the profiles when they are here, else from the committed copy. */
export function profileRules(): ProfileRule[] {
  if (existsSync(PROFILE_DIR) && readdirSync(PROFILE_DIR).length) return parseProfiles(PROFILE_DIR);
  return readFileSync(INVENTORY, 'utf8')
    .split('\n')
    .filter((l) => l && !l.startsWith('#'))
    .map((l) => {
      const [flavour, id, object] = l.split('\t');
      return { flavour: flavour as StandardName, id, object };
    });
}

/**
 * Profile ids our bindings spell as the veraPDF corpus names its files (an older numbering of the same
 * rule): profile id → the ids bound. Only where the profile's test is the same check.
 */
const PART2: Record<string, readonly string[]> = {
  '6.1.10-1': ['6.1.7.2-2'], // inline-image filters
  '6.2.4.3-4': ['6.2.4.3-3'], // DeviceGray without an output intent or DefaultGray
  '6.2.8-1': ['6.2.8.1-1'], // image Alternates
  '6.2.8-2': ['6.2.8.1-1'], // image OPI
  '6.2.8-3': ['6.2.8.1-2'], // Interpolate
  '6.2.8-4': ['6.2.8.1-4'], // BitsPerComponent
  '6.2.9-1': ['6.2.9.1-1'], // form XObject PS / Subtype2 / OPI
  '6.2.9-2': ['6.2.9.2-1'], // reference XObjects
  '6.2.9-3': ['6.2.9.3-1'], // PostScript XObjects
  '6.2.3-1': ['6.2.3-3'], // the output intent's profile: class, colour space, version
  '6.6.2.1-4': ['6.6.2.1-3'], // well-formed XMP
  '6.3.3-4': ['6.3.3-3'], // the N appearance a stream (a subdictionary for buttons: t03)
  '6.2.4.4-1': ['6.2.4.4-2'], // DeviceN / NChannel spot colorants in Colorants
  '6.2.10-2': ['6.2.10-1'], // transparency without an output intent needs a page group colour space
  '6.8-5': ['6.8-1'], // an embedded file is PDF/A-1 or -2
  '6.2.5-6': ['6.2.5-5'], // halftone TransferFunction
  '6.6.2.3.1-2': ['6.6.2.3.1-6', '6.6.2.3.1-7'], // property value types of predefined schemas (per schema)
};
export const ALIASES: Partial<Record<1 | 2 | 3 | 4, Record<string, readonly string[]>>> = {
  1: {
    '6.2.3.2-1': ['6.2.3-1'], // ICC input profiles: valid, version, class
    '6.2.3.2-2': ['6.2.3-5'], // their N
    '6.2.3.3-1': ['6.2.3.3-2'], // DeviceRGB
    '6.2.3.3-2': ['6.2.3.3-3'], // DeviceCMYK
    '6.2.3.3-3': ['6.2.3.3-4'], // DeviceGray
    '6.1.11-2': ['6.1.11-1'], // the EmbeddedFiles key
  },
  2: PART2,
  3: PART2,
  4: {
    '6.3.3-4': ['6.3.3-3'], // the N appearance a stream (a subdictionary for buttons: t03)
    '6.1.6.1-1': ['6.1.6-3'], // stream Length
    '6.1.6.1-2': ['6.1.6-4'], // F, FFilter, FDecodeParms
    '6.1.6.1-3': ['6.1.6-5'], // a 3D stream's Subtype U3D or PRC
    '6.2.3-1': ['6.2.3-3'], // the output intent's profile
    '6.2.5-5': ['6.2.5-4'], // HalftoneName
    '6.2.10.9-1': ['6.2.10.4.1-3'], // .notdef shown
    '6.4.1-2': ['6.4.1-3'], // NeedAppearances
    '6.2.8.1-1': ['6.2.8-1'], // form XObjects PS / Subtype2
    '6.2.8.2-1': ['6.2.8-2'], // reference XObjects
    '6.6.3-1': ['6.6.2-2', '6.6.2-3'], // additional actions of the catalog and pages
    '6.7.2.1-4': ['6.7.2.1-2'], // well-formed XMP
    '6.7.2.1-5': ['6.7.2.1-2'], // UTF-8
    '6.7.3-3': ['6.7.3-1'], // conformance as the level claims
    '6.7.3-5': ['6.7.3-2'], // rev a year
  },
};

/** The table rule id → fact codes of one flavour (ids as the profiles number them, aliases resolved). */
export function ruleTable(f: Flavour): Map<string, FactCode[]> {
  const t = new Map<string, FactCode[]>();
  for (const b of rulesOf(f).flat()) {
    const id = `${b.clause}-${b.test}`;
    const list = t.get(id) ?? [];
    if (!list.includes(b.fact)) list.push(b.fact);
    t.set(id, list);
  }
  const aliases = f.ua ? undefined : ALIASES[f.part];
  for (const [id, ours] of Object.entries(aliases ?? {})) {
    const codes = ours.flatMap((o) => t.get(o) ?? []);
    if (codes.length) t.set(id, [...new Set([...(t.get(id) ?? []), ...codes])]);
  }
  return t;
}

export interface Listed {
  id: string;
  /** `manual`: cannot be decided from the file by a machine; `open`: decidable, not checked yet. */
  status: 'manual' | 'open';
  reason: string;
  /** The flavours the line applies to (empty: every flavour of the part). */
  levels: string[];
}

/** The rules a COVERAGE.md lists as not bound: its table under "## Rules not bound". */
export function listedRules(file: string): Listed[] {
  const text = readFileSync(file, 'utf8');
  const at = text.indexOf('\n## Rules not bound');
  if (at < 0) return [];
  const out: Listed[] = [];
  for (const line of text.slice(at).split('\n')) {
    const m = /^\|\s*([\d.]+-\d+(?:\s*,\s*[\d.]+-\d+)*)\s*\|\s*([\w, ]*)\|\s*(manual|open)\s*\|\s*(.+?)\s*\|\s*$/.exec(
      line,
    );
    if (!m) continue;
    for (const id of m[1].split(',')) {
      out.push({
        id: id.trim(),
        levels: m[2]
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
        status: m[3] as Listed['status'],
        reason: m[4],
      });
    }
  }
  return out;
}

export interface Coverage {
  flavour: StandardName;
  rules: number;
  bound: string[];
  listed: Listed[];
  /** Neither bound nor listed: what the coverage test fails on. */
  missing: ProfileRule[];
}

export function coverage(rules: readonly ProfileRule[] = profileRules()): Coverage[] {
  const out: Coverage[] = [];
  for (const name of Object.keys(PROFILES) as StandardName[]) {
    const f = flavourOf(name)!;
    const table = ruleTable(f);
    const listed = listedRules(coverageFile(f)).filter((x) => !x.levels.length || x.levels.includes(name));
    const mine = rules.filter((r) => r.flavour === name);
    const bound = mine.filter((r) => table.has(r.id)).map((r) => r.id);
    const listedHere = listed.filter((x) => mine.some((r) => r.id === x.id) && !table.has(x.id));
    const missing = mine.filter((r) => !table.has(r.id) && !listed.some((x) => x.id === r.id));
    out.push({ flavour: name, rules: mine.length, bound, listed: listedHere, missing });
  }
  return out;
}
