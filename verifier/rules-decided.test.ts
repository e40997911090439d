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
