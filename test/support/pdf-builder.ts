// test/support/pdf-builder.ts — writes small PDFs by hand for the verifier's tests: numbered objects
// as text, a classic xref table with exact offsets, a trailer with an ID. `pdfaBase()` gives a minimal
// document that is PDF/A-conforming for the part asked (XMP with pdfaid, Info in step with it, no
// colour, no font); each test changes one thing in it.

export interface HandPdf {
  header?: string;
  /** The comment line after the header; '' leaves it out. */
  binary?: string;
  /** Object bodies by number (1-based), as written between `N 0 obj` and `endobj`. */
  objects: Record<number, string | { dict: string; stream: string | Uint8Array; eol?: string }>;
  trailer?: string;
  /** Bytes after %%EOF. */
  tail?: string;
  /** The default trailer leaves out /Info. */
  noInfo?: boolean;
}

const enc = (s: string): Uint8Array => Buffer.from(s, 'latin1');

export function buildPdf(p: HandPdf): Uint8Array {
  const chunks: Uint8Array[] = [];
  let size = 0;
  const put = (b: Uint8Array | string): void => {
    const u = typeof b === 'string' ? enc(b) : b;
    chunks.push(u);
    size += u.length;
  };
  put(`${p.header ?? '%PDF-1.4'}\n`);
  if (p.binary !== '') put(p.binary ?? '%\xe2\xe3\xcf\xd3\n');
  const nums = Object.keys(p.objects)
    .map(Number)
    .sort((a, b) => a - b);
  const offsets = new Map<number, number>();
  for (const n of nums) {
    offsets.set(n, size);
    const o = p.objects[n];
    if (typeof o === 'string') put(`${n} 0 obj\n${o}\nendobj\n`);
    else {
      const data = typeof o.stream === 'string' ? enc(o.stream) : o.stream;
      const dict = o.dict.includes('/Length') ? o.dict : o.dict.replace(/>>\s*$/, `/Length ${data.length}>>`);
      put(`${n} 0 obj\n${dict}\nstream${o.eol ?? '\n'}`);
      put(data);
      put('\nendstream\nendobj\n');
    }
  }
  const max = nums[nums.length - 1];
  const xref = size;
  put(`xref\n0 ${max + 1}\n0000000000 65535 f \n`);
  for (let n = 1; n <= max; n++) {
    const off = offsets.get(n);
    put(off === undefined ? '0000000000 65535 f \n' : `${String(off).padStart(10, '0')} 00000 n \n`);
  }
  put(
    `trailer\n<<${p.trailer ?? `/Size ${max + 1}/Root 1 0 R${p.noInfo ? '' : '/Info 5 0 R'}/ID[<0123456789ABCDEF0123456789ABCDEF><0123456789ABCDEF0123456789ABCDEF>]`}>>\nstartxref\n${xref}\n%%EOF\n`,
  );
  if (p.tail) put(p.tail);
  const out = new Uint8Array(size);
  let o = 0;
  for (const c of chunks) {
    out.set(c, o);
    o += c.length;
  }
  return out;
}

export function xmp(part: number, conformance: string | undefined, extra = ''): string {
  const conf = conformance ? ` pdfaid:conformance="${conformance}"` : '';
  const rev = part === 4 ? ' pdfaid:rev="2020"' : '';
  return `<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
<rdf:Description rdf:about="" xmlns:pdfaid="http://www.aiim.org/pdfa/ns/id/" pdfaid:part="${part}"${conf}${rev}/>
<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title><rdf:Alt><rdf:li xml:lang="x-default">Hand made</rdf:li></rdf:Alt></dc:title></rdf:Description>
<rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmp:CreateDate="2026-01-01T00:00:00Z"/>
${extra}</rdf:RDF></x:xmpmeta>
<?xpacket end="w"?>`;
}

/** Object 1 catalog, 2 pages, 3 page, 4 content, 5 Info, 6 Metadata; room from 7 for more. */
export function pdfaBase(
  part: 1 | 2 | 3 | 4,
  opts: { content?: string; page?: string; catalog?: string; xmpExtra?: string; info?: string } = {},
): HandPdf {
  const conformance = part === 4 ? undefined : 'B';
  // PDF/A-4 6.1.3 wants no Info dictionary (without PieceInfo): part 4 leaves it out of the trailer
  // unless the test asks for one
  const noInfo = part === 4 && opts.info === undefined;
  return {
    ...(noInfo ? { noInfo: true } : {}),
    header: part === 4 ? '%PDF-2.0' : part === 1 ? '%PDF-1.4' : '%PDF-1.7',
    objects: {
      1: `<</Type/Catalog/Pages 2 0 R/Metadata 6 0 R${opts.catalog ?? ''}>>`,
      2: '<</Type/Pages/Kids[3 0 R]/Count 1>>',
      3: `<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]/Contents 4 0 R/Resources<<>>${opts.page ?? ''}>>`,
      4: { dict: '<<>>', stream: opts.content ?? '0 0 m 10 10 l' },
      5: `<<${opts.info ?? '/Title(Hand made)/CreationDate(D:20260101000000Z)'}>>`,
      6: {
        dict: '<</Type/Metadata/Subtype/XML>>',
        stream: new Uint8Array(Buffer.from(xmp(part, conformance, opts.xmpExtra), 'utf8')),
      },
    },
  };
}
