// verifier/model.ts — the verifier's vocabulary. Checks (verifier/checks/*.ts) find FACTS about a PDF
// (a stream compressed with LZW, a font program not embedded, DeviceRGB painted without an RGB output
// intent); each standard's rule modules (verifier/pdfa-N/*.ts) BIND facts to that standard's rule ids
// (specification, clause, test number as veraPDF spells them) and messages. One fact can be bound by
// several standards under different clause numbers (fonts are 6.3 in PDF/A-1, 6.2.11 in PDF/A-2), the
// way krilla keeps its validation errors apart from which standard prohibits them.
import type { Finding } from '../ir/diagnostics.js';
import type { FactCode } from './facts.js';

export type { FactCode, Finding };

/** veraPDF specification names (ValidationProfile `<specification>` ids). */
export type Specification =
  | 'ISO_19005_1'
  | 'ISO_19005_2'
  | 'ISO_19005_3'
  | 'ISO_19005_4'
  | 'ISO_14289_1'
  | 'ISO_14289_2';

/** The standard strings a request (`archive`, `check`) and `quire verify --standard` accept. */
export const STANDARDS = [
  'pdfa1b',
  'pdfa1a',
  'pdfa2b',
  'pdfa2u',
  'pdfa2a',
  'pdfa3b',
  'pdfa3u',
  'pdfa3a',
  'pdfa4',
  'pdfa4e',
  'pdfa4f',
  'pdfua1',
  'pdfua2',
] as const;
export type StandardName = (typeof STANDARDS)[number];

/** One PDF/A flavour: part, conformance level and the veraPDF specification it is judged under. */
export interface Flavour {
  name: StandardName;
  part: 1 | 2 | 3 | 4;
  /** Conformance letter as pdfaid:conformance spells it ('' for PDF/A-4, which has none). */
  level: 'B' | 'U' | 'A' | '' | 'E' | 'F';
  /** PDF/UA (ISO 14289-1 or -2): judged by verifier/pdfua-1/ or pdfua-2/ alone (`part` is the UA part). */
  ua?: true;
  spec: Specification;
  /** veraPDF's flavour id, as its `--flavour` option and reports spell it. */
  verapdf: string;
}

/** The one place request strings become flavours (design §2.6: one function, like typst's serde renames). */
export function flavourOf(name: string): Flavour | undefined {
  switch (name) {
    case 'pdfa1b':
      return { name, part: 1, level: 'B', spec: 'ISO_19005_1', verapdf: '1b' };
    case 'pdfa1a':
      return { name, part: 1, level: 'A', spec: 'ISO_19005_1', verapdf: '1a' };
    case 'pdfa2a':
      return { name, part: 2, level: 'A', spec: 'ISO_19005_2', verapdf: '2a' };
    case 'pdfa3a':
      return { name, part: 3, level: 'A', spec: 'ISO_19005_3', verapdf: '3a' };
    case 'pdfua1':
      return { name, part: 1, level: '', spec: 'ISO_14289_1', verapdf: 'ua1', ua: true };
    case 'pdfua2':
      return { name, part: 2, level: '', spec: 'ISO_14289_2', verapdf: 'ua2', ua: true };
    case 'pdfa2b':
      return { name, part: 2, level: 'B', spec: 'ISO_19005_2', verapdf: '2b' };
    case 'pdfa2u':
      return { name, part: 2, level: 'U', spec: 'ISO_19005_2', verapdf: '2u' };
    case 'pdfa3b':
      return { name, part: 3, level: 'B', spec: 'ISO_19005_3', verapdf: '3b' };
    case 'pdfa3u':
      return { name, part: 3, level: 'U', spec: 'ISO_19005_3', verapdf: '3u' };
    case 'pdfa4':
      return { name, part: 4, level: '', spec: 'ISO_19005_4', verapdf: '4' };
    case 'pdfa4e':
      return { name, part: 4, level: 'E', spec: 'ISO_19005_4', verapdf: '4e' };
    case 'pdfa4f':
      return { name, part: 4, level: 'F', spec: 'ISO_19005_4', verapdf: '4f' };
    default:
      return undefined;
  }
}

/** A fact found in the file: a code of the table (verifier/facts.ts), the veraPDF object type it is about, details. */
export interface Fact {
  code: FactCode;
  /** veraPDF object type (CosDocument, PDFont, PDAnnot, XMPProperty…). */
  object: string;
  /** Details a binding may test and a message may quote. */
  args?: Record<string, string | number | boolean>;
  /** Where it is: an object number, a page number, an XMP property… (for readers; not part of the id). */
  where?: string;
}

/** A standard's rule: which fact breaks it, under which id, with which message. `C` keeps the code's
 * literal type, so verifier/rules.ts can tell at compile time which codes the rule modules bind. */
export interface Binding<C extends FactCode = FactCode> {
  clause: string;
  test: number;
  fact: C;
  /** Narrows a fact to this standard (e.g. annotation types allowed in PDF/A-1 but not PDF/A-2). */
  when?: (f: Fact, flavour: Flavour) => boolean;
  /** The message, `%name` replaced by the fact's args. */
  message: string;
  /** Overrides the fact's object type when the standard's rule is stated on another object. */
  object?: string;
}

/** A rule module: one clause group of one standard (verifier/pdfa-2/6-2-graphics.ts…). Modules are
 * declared `[…] satisfies RuleModule`, not annotated, so their codes stay literal types. */
export type RuleModule = readonly Binding[];

type BindingExtra = Partial<Pick<Binding, 'when' | 'object'>>;

/** Binds one fact code (a literal, or a few: one typed as every code would hide the unbound ones from
 * verifier/rules.ts, so it does not compile). */
export function bind<const C extends FactCode>(
  clause: string,
  test: number,
  fact: C & (FactCode extends C ? never : unknown),
  message: string,
  extra: BindingExtra = {},
): Binding<C> {
  return { clause, test, fact, message, ...extra };
}

/** Fills `%name` placeholders with the fact's arguments. */
export function fillMessage(template: string, args: Fact['args']): string {
  return template.replace(/%([A-Za-z]\w*)/g, (m, k: string) => (args && k in args ? String(args[k]) : m));
}

/** The veraPDF-style id of a finding, e.g. `ISO_19005_2 6.2.4.3-t02`. */
export function ruleKey(spec: string, clause: string, test: number): string {
  return `${spec} ${clause}-t${String(test).padStart(2, '0')}`;
}
