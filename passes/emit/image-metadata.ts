// passes/emit/image-metadata.ts — emit sub-step: the XMP packet an image's `metadata.facts` become
// (ISO 16684-1; the properties ISO 32000-1 §14.3.2 maps the document information to: dc:title,
// dc:creator, dc:description, pdf:Producer, xmp:CreateDate, pdf:Trapped). Written as the image
// stream's /Metadata. To be consolidated with the document's XMP writer (issue 7) once it lands.
import type { ImageFacts } from '../../ir/types.js';

function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** An ISO 8601 timestamp as XMP writes dates (a bare date stays a date; a time gets seconds). */
function xmpDate(s: string): string {
  return s.replace(' ', 'T');
}

export function imageXmp(f: ImageFacts): Uint8Array {
  const props: string[] = [];
  if (f.title !== undefined) props.push(`<dc:title><rdf:Alt><rdf:li xml:lang="x-default">${esc(f.title)}</rdf:li></rdf:Alt></dc:title>`);
  if (f.author !== undefined) props.push(`<dc:creator><rdf:Seq><rdf:li>${esc(f.author)}</rdf:li></rdf:Seq></dc:creator>`);
  if (f.subject !== undefined) props.push(`<dc:description><rdf:Alt><rdf:li xml:lang="x-default">${esc(f.subject)}</rdf:li></rdf:Alt></dc:description>`);
  if (f.producer !== undefined) props.push(`<pdf:Producer>${esc(f.producer)}</pdf:Producer>`);
  if (f.created !== undefined) props.push(`<xmp:CreateDate>${esc(xmpDate(f.created))}</xmp:CreateDate>`);
  if (f.trapped !== undefined) props.push(`<pdf:Trapped>${f.trapped === 'unknown' ? 'Unknown' : f.trapped ? 'True' : 'False'}</pdf:Trapped>`);
  const xml = `<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:pdf="http://ns.adobe.com/pdf/1.3/" xmlns:xmp="http://ns.adobe.com/xap/1.0/">
${props.join('\n')}
</rdf:Description>
</rdf:RDF>
</x:xmpmeta>
<?xpacket end="w"?>`;
  return new TextEncoder().encode(xml);
}
