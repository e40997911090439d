// verifier/rules-decided.test.ts — rules decided from the profiles' text after the developer corpus's
// last disagreements (docs/verifier.md), each on a small hand-built PDF (test/support/pdf-builder.ts)
// that breaks it beside one that keeps it.
import { describe, expect, it } from 'vitest';
import { findingId } from '../ir/diagnostics.js';
import { buildPdf, type HandPdf, pdfaBase, xmp } from '../test/support/pdf-builder.js';
import { verify } from './index.js';

const ids = async (p: HandPdf | Uint8Array, standard: string): Promise<string[]> =>
  (await verify(p instanceof Uint8Array ? p : buildPdf(p), [standard])).map(findingId);
const A1 = 'ISO_19005_1';
const A2 = 'ISO_19005_2';

describe('PDF/A-1 6.7.3: Info entries equivalent to their XMP analogues', () => {
  it('a Title that is not a text string (here a stream) is not equivalent to dc:title', async () => {
    const bad = pdfaBase(1, { info: '/Title 7 0 R/CreationDate(D:20260101000000Z)' });
    bad.objects[7] = { dict: '<<>>', stream: 'Hand made' };
    expect(await ids(bad, 'pdfa1b')).toContain(`${A1} 6.7.3-t02`);
    const number = pdfaBase(1, { info: '/Title 12/CreationDate(D:20260101000000Z)' });
    expect(await ids(number, 'pdfa1b')).toContain(`${A1} 6.7.3-t02`);
    expect(await ids(pdfaBase(1), 'pdfa1b')).toEqual([]);
    // a null value is an absent entry
    expect(await ids(pdfaBase(1, { info: '/Title null/CreationDate(D:20260101000000Z)' }), 'pdfa1b')).toEqual([]);
  });
});

describe('photoshop:SupplementalCategories: Text in XMP 2004 (PDF/A-1), bag Text in XMP 2005 (PDF/A-2)', () => {
  const ps = (value: string): string =>
    `<rdf:Description rdf:about="" xmlns:photoshop="http://ns.adobe.com/photoshop/1.0/"><photoshop:SupplementalCategories>${value}</photoshop:SupplementalCategories></rdf:Description>`;
  const bag = ps('<rdf:Bag><rdf:li>A</rdf:li></rdf:Bag>');
  const seq = ps('<rdf:Seq><rdf:li>A</rdf:li></rdf:Seq>');
  const text = ps('A');
  it('PDF/A-1 fails a bag and keeps a text', async () => {
    expect(await ids(pdfaBase(1, { xmpExtra: bag }), 'pdfa1b')).toContain(`${A1} 6.7.9-t03`);
    expect(await ids(pdfaBase(1, { xmpExtra: text }), 'pdfa1b')).toEqual([]);
  });
  it('PDF/A-2 fails a seq or a text and keeps a bag', async () => {
    expect(await ids(pdfaBase(2, { xmpExtra: seq }), 'pdfa2b')).toContain(`${A2} 6.6.2.3.1-t13`);
    expect(await ids(pdfaBase(2, { xmpExtra: text }), 'pdfa2b')).toContain(`${A2} 6.6.2.3.1-t13`);
    expect(await ids(pdfaBase(2, { xmpExtra: bag }), 'pdfa2b')).toEqual([]);
  });
});

describe('XMP in UTF-32LE with its byte-order mark (PDF/A-1 6.7.9)', () => {
  it('is read as UTF-32LE, not as UTF-16LE', async () => {
    const text = xmp(1, 'B');
    const cps = [0xfeff, ...[...text].map((c) => c.codePointAt(0) ?? 0)];
    const data = new Uint8Array(cps.length * 4);
    const view = new DataView(data.buffer);
    cps.forEach((c, i) => view.setUint32(i * 4, c, true));
    const p = pdfaBase(1);
    p.objects[6] = { dict: '<</Type/Metadata/Subtype/XML>>', stream: data };
    expect(await ids(p, 'pdfa1b')).toEqual([]);
    // the same bytes cut in the middle of a code unit are no XMP packet
    p.objects[6] = { dict: '<</Type/Metadata/Subtype/XML>>', stream: data.subarray(0, 403) };
    expect(await ids(p, 'pdfa1b')).toContain(`${A1} 6.7.9-t01`);
  });
});

describe('PDF/A-2 6.2.4.4 t03: Separations of one name, compared by content', () => {
  const fn = (k: string): string => `<</FunctionType 2/Domain[0 1]/C0[1 1 1]/C1[${k}]/N 1>>`;
  const sep = (a: string, b: string): HandPdf => {
    const p = pdfaBase(2, {
      page: '/Resources<</ColorSpace<</CS0[/Separation/Red/DeviceRGB 7 0 R]/CS1[/Separation/Red/DeviceRGB 8 0 R]>>>>',
      content: '/CS0 cs 1 scn 0 0 10 10 re f /CS1 cs 1 scn 20 20 10 10 re f',
    });
    p.objects[7] = fn(a);
    p.objects[8] = fn(b);
    return p;
  };
  it('two objects holding one tint transform are the same Separation; different transforms are not', async () => {
    expect(await ids(sep('1 0 0', '1 0 0'), 'pdfa2b')).not.toContain(`${A2} 6.2.4.4-t03`);
    expect(await ids(sep('1 0 0', '0 1 0'), 'pdfa2b')).toContain(`${A2} 6.2.4.4-t03`);
  });
});

describe('PDF/A-2 6.4.3 and 6.1.12 t02: digital signatures', () => {
  // DER by hand: a SignedData frame with `certs` certificates and `signers` SignerInfos (their
  // contents empty SEQUENCEs: the rules count them, nothing is verified)
  const tlv = (tag: number, ...kids: Buffer[]): Buffer => {
    const body = Buffer.concat(kids);
    const len =
      body.length < 128 ? Buffer.from([body.length]) : Buffer.from([0x82, body.length >> 8, body.length & 255]);
    return Buffer.concat([Buffer.from([tag]), len, body]);
  };
  const oid = (hex: string): Buffer => Buffer.from(`06${(hex.length / 2).toString(16).padStart(2, '0')}${hex}`, 'hex');
  const signedData = (certs: number, signers: number): Buffer =>
    tlv(
      0x30,
      oid('2a864886f70d010702'),
      tlv(
        0xa0,
        tlv(
          0x30,
          Buffer.from('020101', 'hex'),
          tlv(0x31),
          tlv(0x30, oid('2a864886f70d010701')),
          ...(certs > 0 ? [tlv(0xa0, ...Array.from({ length: certs }, () => tlv(0x30)))] : []),
          tlv(0x31, ...Array.from({ length: signers }, () => tlv(0x30))),
        ),
      ),
    );
  /** A signed file; `shift` moves the ByteRange's second offset off the Contents string. */
  const signed = (
    opts: {
      certs?: number;
      signers?: number;
      shift?: number;
      docMdp?: boolean;
      digest?: boolean;
      garbage?: boolean;
    } = {},
  ): Uint8Array => {
    const der = opts.garbage ? Buffer.from('30ff0102', 'hex') : signedData(opts.certs ?? 1, opts.signers ?? 1);
    const hex = der.toString('hex').padEnd(512, '0');
    const p = pdfaBase(2, {
      catalog: `/AcroForm<</Fields[7 0 R]/SigFlags 3>>${opts.docMdp ? '/Perms<</DocMDP 8 0 R>>' : ''}`,
    });
    p.objects[7] = '<</FT/Sig/T(S)/V 8 0 R/Type/Annot/Subtype/Widget/Rect[0 0 0 0]/F 132/P 3 0 R>>';
    const ref =
      opts.docMdp || opts.digest
        ? `/Reference[<</Type/SigRef/TransformMethod/DocMDP/TransformParams<</P 1/V/1.2>>${opts.digest ? '/DigestMethod/MD5' : ''}>>]`
        : '';
    p.objects[8] = `<</Type/Sig/Filter/Adobe.PPKLite/SubFilter/adbe.pkcs7.detached${ref}/ByteRange[0 AAAAAAAAAA BBBBBBBBBB CCCCCCCCCC]/Contents<${hex}>>>`;
    const bytes = Buffer.from(buildPdf(p));
    const text = bytes.toString('latin1');
    const a = text.indexOf(`<${hex}>`);
    const b = a + hex.length + 2;
    const put = (mark: string, n: number): void => {
      bytes.write(String(n).padEnd(10, ' '), text.indexOf(mark), 'latin1');
    };
    put('AAAAAAAAAA', a + (opts.shift ?? 0));
    put('BBBBBBBBBB', b);
    put('CCCCCCCCCC', bytes.length - b);
    return new Uint8Array(bytes);
  };
  const sigIds = async (b: Uint8Array): Promise<string[]> =>
    (await ids(b, 'pdfa2b')).filter((x) => / 6\.4\.3-| 6\.1\.12-t02/.test(x));
  it('a ByteRange leaving out exactly the Contents string up to the %%EOF, one certificate and one signer keep them', async () => {
    expect(await sigIds(signed())).toEqual([]);
    expect(await sigIds(signed({ docMdp: true }))).toEqual([]);
  });
  it('a ByteRange that signs a byte of Contents or leaves out more breaks t01', async () => {
    expect(await sigIds(signed({ shift: 2 }))).toEqual([`${A2} 6.4.3-t01`]);
    expect(await sigIds(signed({ shift: -1 }))).toEqual([`${A2} 6.4.3-t01`]);
  });
  it('a PKCS#7 object without certificates breaks t02, two SignerInfos t03, unreadable bytes both', async () => {
    expect(await sigIds(signed({ certs: 0 }))).toEqual([`${A2} 6.4.3-t02`]);
    expect(await sigIds(signed({ signers: 2 }))).toEqual([`${A2} 6.4.3-t03`]);
    expect(await sigIds(signed({ certs: 2, signers: 0 }))).toEqual([`${A2} 6.4.3-t03`]);
    expect(await sigIds(signed({ garbage: true }))).toEqual([`${A2} 6.4.3-t02`, `${A2} 6.4.3-t03`]);
  });
  it('under DocMDP a signature reference dictionary with a DigestMethod breaks 6.1.12 t02', async () => {
    expect(await sigIds(signed({ docMdp: true, digest: true }))).toEqual([`${A2} 6.1.12-t02`]);
    expect(await sigIds(signed({ docMdp: false, digest: true }))).toEqual([]);
  });
});

describe('PDF/A-4 6.1.3 t04, t05: the document information dictionary', () => {
  const A4 = 'ISO_19005_4';
  const withInfo = (info: string | undefined, catalog = ''): HandPdf => {
    const p = pdfaBase(4, { catalog, info });
    return p; // pdfaBase(4) leaves Info out of the trailer unless asked for one
  };
  const infoIds = async (p: HandPdf): Promise<string[]> =>
    (await ids(p, 'pdfa4')).filter((x) => x.startsWith(`${A4} 6.1.3-t04`) || x.startsWith(`${A4} 6.1.3-t05`));
  it('no Info keeps both; Info without PieceInfo breaks t04; Info with more than ModDate breaks t05', async () => {
    expect(await infoIds(withInfo(undefined))).toEqual([]);
    expect(await infoIds(withInfo('/ModDate(D:20260101000000Z)', '/PieceInfo<<>>'))).toEqual([]);
    expect(await infoIds(withInfo('/ModDate(D:20260101000000Z)'))).toEqual([`${A4} 6.1.3-t04`]);
    expect(await infoIds(withInfo('/Title(Hand made)/ModDate(D:20260101000000Z)', '/PieceInfo<<>>'))).toEqual([
      `${A4} 6.1.3-t05`,
    ]);
    expect(await infoIds(withInfo('', '/PieceInfo<<>>'))).toEqual([`${A4} 6.1.3-t05`]);
  });
});

describe('6.2.5 t06: a halftone TransferFunction only where ISO 32000-2 asks for one', () => {
  const A4 = 'ISO_19005_4';
  const withHt = (part: 2 | 4, ht: string): HandPdf => {
    const p = pdfaBase(part, { page: '/Resources<</ExtGState<</G0 7 0 R>>>>', content: '/G0 gs 0 0 m 10 10 l S' });
    p.objects[7] = `<</Type/ExtGState/HT ${ht}>>`;
    p.objects[8] = '<</FunctionType 2/Domain[0 1]/C0[0]/C1[1]/N 1>>';
    return p;
  };
  const screen = (tf: boolean): string =>
    `<</HalftoneType 1/Frequency 60/Angle 45/SpotFunction/Round${tf ? '/TransferFunction 8 0 R' : ''}>>`;
  const t06 = async (ht: string): Promise<string[]> =>
    (await ids(withHt(4, ht), 'pdfa4')).filter((x) => x.startsWith(`${A4} 6.2.5-t06`));
  it('none on the halftone itself or a primary colorant, one on a spot colorant, Default either way', async () => {
    expect(await t06(screen(false))).toEqual([]);
    expect(await t06(screen(true))).toEqual([`${A4} 6.2.5-t06`]);
    const type5 = (cyan: boolean, spot: boolean, dflt: boolean): string =>
      `<</HalftoneType 5/Cyan ${screen(cyan)}/Gold ${screen(spot)}/Default ${screen(dflt)}>>`;
    expect(await t06(type5(false, true, true))).toEqual([]);
    expect(await t06(type5(false, true, false))).toEqual([]);
    expect(await t06(type5(true, true, false))).toEqual([`${A4} 6.2.5-t06`]);
    expect(await t06(type5(false, false, false))).toEqual([`${A4} 6.2.5-t06`]);
  });
  it('PDF/A-2 judges the same (its corpus numbers the rule t05)', async () => {
    const t05 = async (ht: string): Promise<string[]> =>
      (await ids(withHt(2, ht), 'pdfa2b')).filter((x) => x.startsWith(`${A2} 6.2.5-t05`));
    expect(await t05(screen(true))).toEqual([`${A2} 6.2.5-t05`]);
    expect(await t05(`<</HalftoneType 5/Gold ${screen(true)}/Default ${screen(false)}>>`)).toEqual([]);
  });
});

describe('PDF/A-1 6.1.3 t04: a linearized file keeps one ID in its first-page and last trailers', () => {
  const ID = '<0123456789ABCDEF0123456789ABCDEF>';
  /** pdfaBase(1) with a linearization dictionary and a first-page trailer put before its objects. */
  const linearized = (firstId: string | undefined): Uint8Array => {
    const text = Buffer.from(buildPdf(pdfaBase(1))).toString('latin1');
    const at = text.indexOf('1 0 obj');
    const first = `99 0 obj\n<</Linearized 1/L ${text.length}/H[0 0]/O 3/E 0/N 1/T 0>>\nendobj\nxref\n0 0\ntrailer\n<</Size 100/Root 1 0 R${firstId ? `/ID[${firstId}]` : ''}>>\nstartxref\n0\n%%EOF\n`;
    return new Uint8Array(Buffer.from(text.slice(0, at) + first + text.slice(at), 'latin1'));
  };
  const t04 = async (b: Uint8Array): Promise<string[]> =>
    (await ids(b, 'pdfa1b')).filter((x) => x.startsWith(`${A1} 6.1.3-t04`));
  it('the same ID, or none in the first-page trailer, keeps it; another ID breaks it', async () => {
    expect(await t04(linearized(`${ID}${ID}`))).toEqual([]);
    expect(await t04(linearized(`${ID.toLowerCase()} ${ID}`))).toEqual([]);
    expect(await t04(linearized(undefined))).toEqual([]);
    expect(await t04(linearized(`${ID}<00112233445566778899AABBCCDDEEFF>`))).toEqual([`${A1} 6.1.3-t04`]);
  });
});
