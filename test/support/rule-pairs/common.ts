// test/support/rule-pairs/common.ts — the row type of the pair table (test/support/rule-pairs.ts) and
// what its modules share: registering a row, patching built bytes, rewriting the XMP packet.
import { flavourOf, ruleKey, type StandardName } from '../../../verifier/model.js';
import { buildPdf, type HandPdf, pdfaBase, xmp } from '../pdf-builder.js';

export interface RulePair {
  std: StandardName;
  /** The finding id, `ISO_19005_2 6.2.4.3-t02`. */
  rule: string;
  what: string;
  fail: HandPdf | Uint8Array;
  pass: HandPdf | Uint8Array;
  /** The breaking file's findings are the keeping file's plus this rule, no other. */
  exact?: boolean;
}

/** Every row, in the order the modules register them. */
export const pairs: RulePair[] = [];
export function pair(
  std: StandardName,
  id: string,
  what: string,
  fail: HandPdf | Uint8Array,
  pass: HandPdf | Uint8Array,
): void {
  const [clause, test] = id.split('-t');
  pairs.push({ std, rule: ruleKey(flavourOf(std)?.spec ?? '', clause, Number(test)), what, fail, pass });
}

/** The built file with one piece of its bytes replaced by another: of the same length, or anywhere from
 * the xref table on (startxref then points at the moved table). */
export function patched(p: HandPdf, from: string, to: string): Uint8Array {
  const s = Buffer.from(buildPdf(p)).toString('latin1');
  const at = s.indexOf(from);
  if (at < 0) throw new Error(`no ${from} to patch`);
  let out = s.slice(0, at) + to + s.slice(at + from.length);
  if (from.length !== to.length) {
    if (at < s.lastIndexOf('\nxref')) throw new Error('a patch before the xref table keeps the length');
    out = out.replace(/startxref\n\d+/, `startxref\n${out.lastIndexOf('xref', out.lastIndexOf('startxref') - 1)}`);
  }
  return new Uint8Array(Buffer.from(out, 'latin1'));
}

/** A base document whose XMP packet is rewritten by `edit`. */
export function withXmp(
  part: 1 | 2 | 3 | 4,
  edit: (x: string) => string,
  opts: Parameters<typeof pdfaBase>[1] = {},
): HandPdf {
  const p = pdfaBase(part, opts);
  const packet = edit(xmp(part, part === 4 ? undefined : 'B', opts.xmpExtra));
  p.objects[6] = { dict: '<</Type/Metadata/Subtype/XML>>', stream: new Uint8Array(Buffer.from(packet, 'utf8')) };
  return p;
}

export const desc = (ns: string, prefix: string, body: string): string =>
  `<rdf:Description rdf:about="" xmlns:${prefix}="${ns}">${body}</rdf:Description>`;
