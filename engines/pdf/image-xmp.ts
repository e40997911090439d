// engines/pdf/image-xmp.ts — PDF engine: the XMP packet an image's `metadata.facts` become,
// written by the document's XMP writer (engines/pdf/xmp.ts) with the image's own media type as
// dc:format and the archive claim's rules (pdf:Trapped, extension descriptions). No pdfaid: an image
// never claims a standard on its own account (spec "images").

import type { XmpRules } from '../../ir/image-resource.js';
import type { MetadataFacts } from '../../ir/standards-types.js';
import { requestSchemas, xmpPacket } from './xmp.js';

export function imageXmp(facts: MetadataFacts, mediaType: string, rules: XmpRules): Uint8Array {
  return xmpPacket({
    facts,
    format: mediaType,
    trappedInXmp: rules.trappedInXmp,
    describeExtensions: rules.describeExtensions,
    extra: requestSchemas(facts),
  });
}
