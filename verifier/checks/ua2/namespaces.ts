// verifier/checks/ua2/namespaces.ts — structure types in PDF 2.0's namespaces (ISO 32000-2 §14.8.6):
// which namespace an element is in (its /NS, else the default PDF 1.7 one), which standard type it
// stands for after the role maps (the root /RoleMap for the default namespace, a namespace's
// /RoleMapNS for its own), and the mappings PDF/UA-2 8.2.4 forbids (circular, inside one namespace).
import type { PDFContext } from 'pdf-lib';
import { STANDARD_STRUCTURE_TYPES } from '../../../ir/structure-types.js';
import { arrayItems, dictOf, get, getDict, nameOf, PDFArray, type PDFDict, textOf } from '../../cos.js';

export const NS_PDF17 = 'http://iso.org/pdf/ssn';
export const NS_PDF20 = 'http://iso.org/pdf2/ssn';
export const NS_MATHML = 'http://www.w3.org/1998/Math/MathML';

/** PDF 1.7 types not in the PDF 2.0 namespace (ISO 32000-2 Annex M). */
const PDF17_ONLY = new Set([
  'Art',
  'BlockQuote',
  'TOC',
  'TOCI',
  'Index',
  'Private',
  'Quote',
  'Note',
  'Reference',
  'BibEntry',
  'Code',
]);
/** Types only the PDF 2.0 namespace defines (Annex M; Hn for n > 6 by pattern). */
const PDF20_ONLY = ['DocumentFragment', 'Aside', 'Title', 'FENote', 'Sub', 'Em', 'Strong', 'Artifact'];
const PDF17_TYPES: ReadonlySet<string> = new Set(STANDARD_STRUCTURE_TYPES);
const PDF20_TYPES: ReadonlySet<string> = new Set([
  ...STANDARD_STRUCTURE_TYPES.filter((t) => !PDF17_ONLY.has(t)),
  ...PDF20_ONLY,
]);

/** A standard type and the namespace that defines it; or why there is none. */
export type Resolved =
  | { kind: 'standard'; type: string; ns: 'pdf17' | 'pdf20' | 'mathml' }
  | { kind: 'unmapped' }
  | { kind: 'circular' };

export interface NamespaceFinding {
  /** A mapping to a type of the same namespace (8.2.4 t3). */
  sameNamespace?: string;
}

export class Namespaces {
  constructor(
    private readonly ctx: PDFContext,
    private readonly roleMap: PDFDict | undefined,
  ) {}

  uriOf(ns: PDFDict | undefined): string {
    return ns ? (textOf(get(this.ctx, ns, 'NS')) ?? '') : NS_PDF17;
  }

  /** The element's own namespace dictionary (undefined: the default, PDF 1.7). */
  nsOf(e: PDFDict): PDFDict | undefined {
    return getDict(this.ctx, e, 'NS');
  }

  /** What `type` in namespace `ns` stands for, following the role maps; `f` collects forbidden mappings. */
  resolve(type: string, ns: PDFDict | undefined, f: NamespaceFinding = {}): Resolved {
    const seen = new Set<string>();
    let t = type;
    let n = ns;
    for (;;) {
      const uri = this.uriOf(n);
      if (uri === NS_PDF17 && PDF17_TYPES.has(t)) return { kind: 'standard', type: t, ns: 'pdf17' };
      if (uri === NS_PDF20 && (PDF20_TYPES.has(t) || /^H[1-9]\d*$/.test(t)))
        return { kind: 'standard', type: t, ns: 'pdf20' };
      if (uri === NS_MATHML) return { kind: 'standard', type: t, ns: 'mathml' };
      const key = `${uri}|${t}`;
      if (seen.has(key)) return { kind: 'circular' };
      seen.add(key);
      const map = n ? getDict(this.ctx, n, 'RoleMapNS') : this.roleMap;
      const v = get(this.ctx, map, t);
      const name = nameOf(v);
      if (name !== undefined) {
        // a bare name maps into the default namespace (PDF 1.7)
        t = name;
        n = undefined;
        continue;
      }
      if (v instanceof PDFArray) {
        const [to, toNs] = arrayItems(this.ctx, v);
        const target = nameOf(to);
        const targetNs = dictOf(toNs);
        if (target === undefined) return { kind: 'unmapped' };
        if (n && targetNs && this.uriOf(targetNs) === uri) f.sameNamespace = `${t} → ${target}`;
        t = target;
        n = targetNs;
        continue;
      }
      return { kind: 'unmapped' };
    }
  }
}
