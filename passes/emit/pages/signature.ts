// passes/emit/pages/signature.ts — emission, a signed signature field's value (issue 24): the
// signature dictionary (ISO 32000-2 §12.8.1 Table 255; PAdES B-B: /Filter /Adobe.PPKLite, /SubFilter
// /ETSI.CAdES.detached, /M the signing time, /Name, /Reason, /Location, /ContactInfo as given) with
// the placeholders engines/pdf/signature.ts patches once the file is serialized. The dictionary is
// kept out of object streams so its bytes can be found and patched.
import { type PDFContext, PDFHexString, type PDFRef } from 'pdf-lib';
import { type Signer, signaturePlaceholder } from '../../../engines/pdf/signature.js';
import type { SignSpec } from '../../../ir/form-types.js';
import { textString } from '../navigation/destinations.js';

export interface PendingSignature {
  ref: PDFRef;
  signer: Signer;
}

/** PDF date in UTC (§7.9.4): D:YYYYMMDDHHmmSSZ. */
function pdfDate(d: Date): string {
  return `D:${d.toISOString().replace(/[-:T]/g, '').slice(0, 14)}Z`;
}

export function writeSignatureDict(context: PDFContext, sign: SignSpec): PendingSignature {
  const signer = sign.signer as Signer;
  const holes = signaturePlaceholder(signer.reserve);
  const d: Record<string, unknown> = {
    Type: 'Sig',
    Filter: 'Adobe.PPKLite',
    SubFilter: 'ETSI.CAdES.detached',
    ByteRange: holes.ByteRange,
    Contents: PDFHexString.of(holes.contentsHex),
    M: textString(pdfDate(sign.time ?? new Date(0))),
    Name: textString(signer.name),
  };
  if (sign.reason !== undefined) d.Reason = textString(sign.reason);
  if (sign.location !== undefined) d.Location = textString(sign.location);
  if (sign.contact !== undefined) d.ContactInfo = textString(sign.contact);
  return { ref: context.register(context.obj(d as never)), signer };
}
