// engines/pdf/invoice.ts — the electronic invoice (Factur-X 1.0 / ZUGFeRD 2.x): checking its XML
// (called by passes/cross-refusals/standards.ts) and writing it: the XML embedded as `factur-x.xml` with the
// relationship and `issued` date as sent, associated with the document (catalog /AF), and the
// Factur-X XMP extension schema (fx: DocumentType, DocumentFileName, Version, ConformanceLevel) with
// its PDF/A extension description.
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { refuse } from '../../ir/messages.js';
import type { InvoiceProfile, InvoiceSettings } from '../../ir/standards-types.js';
import { type XmpExtraSchema, xmlEscape } from './xmp.js';

/** The attached file's name (spec, invoice: "The attached file's name is fixed as factur-x.xml"). */
export const INVOICE_FILE_NAME = 'factur-x.xml';
/** Factur-X 1.0 §6.2.2: the XMP namespace and prefix of its extension schema. */
export const FX_NAMESPACE = 'urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#';
/** UN/CEFACT CII D16B, the root element Factur-X and ZUGFeRD 2.x carry. */
export const CII_NAMESPACE = 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100';

/**
 * The guideline identifier (ExchangedDocumentContext/GuidelineSpecifiedDocumentContextParameter/ID)
 * each profile writes in its XML (Factur-X 1.0 / ZUGFeRD 2.1 specification, §7).
 */
export const GUIDELINE_IDS: Record<InvoiceProfile, string> = {
  MINIMUM: 'urn:factur-x.eu:1p0:minimum',
  'BASIC WL': 'urn:factur-x.eu:1p0:basicwl',
  BASIC: 'urn:cen.eu:en16931:2017#compliant#urn:factur-x.eu:1p0:basic',
  'EN 16931': 'urn:cen.eu:en16931:2017',
  EXTENDED: 'urn:cen.eu:en16931:2017#conformant#urn:factur-x.eu:1p0:extended',
};

type Node = Record<string, unknown>;

const localName = (k: string) => (k.includes(':') ? k.slice(k.indexOf(':') + 1) : k);

function child(node: unknown, name: string): unknown {
  if (!node || typeof node !== 'object') return undefined;
  for (const [k, v] of Object.entries(node as Node))
    if (!k.startsWith('@_') && localName(k) === name) return Array.isArray(v) ? v[0] : v;
  return undefined;
}

function textOf(node: unknown): string | undefined {
  if (typeof node === 'string' || typeof node === 'number') return String(node).trim();
  if (node && typeof node === 'object' && '#text' in node) return String((node as Node)['#text']).trim();
  return undefined;
}

/**
 * What is checked (docs/reference.md, "invoice"): the XML is well-formed; its root element is
 * CrossIndustryInvoice in the CII namespace; it states a guideline identifier, and that identifier
 * is the stated profile's. The business content (amounts, parties, EN 16931 rules) is not checked.
 */
export function checkInvoiceXml(inv: InvoiceSettings, bytes: Uint8Array): void {
  const at = inv.xml.at;
  const part = inv.xml.part;
  const text = Buffer.from(bytes)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
  const valid = XMLValidator.validate(text);
  if (valid !== true)
    refuse('invoiceXmlMalformed', at, {
      part,
      at,
      detail: `${valid.err.msg.replace(/\.$/, '')} (line ${valid.err.line})`,
    });
  // The validator and the parser of fast-xml-parser do not agree on every damaged input (a processing
  // instruction without a target passes one and stops the other): the parser's word counts too.
  let doc: Node;
  try {
    doc = new XMLParser({ ignoreAttributes: false, parseTagValue: false, processEntities: false }).parse(text) as Node;
  } catch (e) {
    refuse('invoiceXmlMalformed', at, {
      part,
      at,
      detail: String(e instanceof Error ? e.message : e).replace(/\.$/, ''),
    });
  }
  const rootKey = Object.keys(doc).find((k) => !k.startsWith('?') && !k.startsWith('#'));
  if (!rootKey || localName(rootKey) !== 'CrossIndustryInvoice') {
    refuse('invoiceXmlNotCii', at, {
      part,
      at,
      reason: `its root element is ${rootKey ? `"${rootKey}"` : 'missing'}, not CrossIndustryInvoice`,
    });
  }
  const root = doc[rootKey] as Node;
  const prefix = rootKey.includes(':') ? rootKey.slice(0, rootKey.indexOf(':')) : '';
  const ns = root?.[prefix ? `@_xmlns:${prefix}` : '@_xmlns'];
  if (ns !== CII_NAMESPACE)
    refuse('invoiceXmlNotCii', at, {
      part,
      at,
      reason: `its root element is in the namespace "${String(ns ?? 'none')}", not ${CII_NAMESPACE}`,
    });
  const id = textOf(
    child(child(child(root, 'ExchangedDocumentContext'), 'GuidelineSpecifiedDocumentContextParameter'), 'ID'),
  );
  if (!id)
    refuse('invoiceXmlNotCii', at, {
      part,
      at,
      reason: 'it states no ExchangedDocumentContext/GuidelineSpecifiedDocumentContextParameter/ID',
    });
  const want = GUIDELINE_IDS[inv.profile];
  if (id !== want) {
    const actual = (Object.keys(GUIDELINE_IDS) as InvoiceProfile[]).find((p) => GUIDELINE_IDS[p] === id);
    refuse('invoiceProfileMismatch', `${inv.at}/profile`, {
      profile: inv.profile,
      at: `${inv.at}/profile`,
      part,
      guideline: id,
      guidelineProfile: actual ? `"${actual}"` : 'of no Factur-X profile',
    });
  }
}

/** The Factur-X XMP schema with its values (Factur-X 1.0 §6.2.2, Table "Factur-X extension schema"). */
export function facturXSchema(inv: InvoiceSettings): XmpExtraSchema {
  const text = (name: string, value: string, description: string) => ({
    name,
    valueType: 'Text',
    category: 'external' as const,
    description,
    xml: xmlEscape(value),
  });
  return {
    schema: 'Factur-X PDFA Extension Schema',
    namespace: FX_NAMESPACE,
    prefix: 'fx',
    properties: [
      text('DocumentFileName', INVOICE_FILE_NAME, 'name of the embedded XML invoice file'),
      text('DocumentType', 'INVOICE', 'INVOICE'),
      text('Version', inv.version, 'The actual version of the Factur-X XML schema'),
      text('ConformanceLevel', inv.profile, 'The conformance level of the embedded Factur-X data'),
    ],
  };
}
