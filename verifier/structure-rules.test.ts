// verifier/structure-rules.test.ts — the tagged-PDF rules (verifier/checks/structure.ts, level A of
// PDF/A-2 and PDF/UA-1) on hand-built files that each break them: every broken rule is found under
// the id veraPDF gives it, and the file that breaks nothing gives none of them.
import { describe, expect, it } from 'vitest';
import { buildPdf, pdfaBase } from '../test/support/pdf-builder.js';
import { verify } from './index.js';

/** A tagged PDF/A-2 file: a Document holding a P (MCID 0) and a Figure (MCID 1), a link in a Link element. */
function tagged(
  o: {
    content?: string;
    root?: string;
    figure?: string;
    roleMap?: string;
    catalog?: string;
    link?: string;
    page?: string;
    lang?: string;
    p?: string;
  } = {},
) {
  const base = pdfaBase(2, {
    content:
      o.content ??
      '/P <</MCID 0>> BDC 0 0 m 10 10 l S EMC /Figure <</MCID 1>> BDC 0 0 10 10 re f EMC /Artifact BMC 5 5 m 6 6 l S EMC',
    catalog: `/MarkInfo<</Marked true>>/StructTreeRoot 7 0 R/Lang(${o.lang ?? 'en'})/ViewerPreferences<</DisplayDocTitle true>>${o.catalog ?? ''}`,
    page: `/StructParents 0/Annots[11 0 R]${o.page ?? '/Tabs/S'}`,
  });
  Object.assign(base.objects, {
    7: `<</Type/StructTreeRoot/K[8 0 R]/ParentTree 12 0 R/ParentTreeNextKey 2${o.roleMap ?? ''}${o.root ?? ''}>>`,
    8: `<</Type/StructElem/S/Document/P 7 0 R/K[9 0 R 10 0 R 13 0 R]>>`,
    9: `<</Type/StructElem/S/${o.p ?? 'P'}/P 8 0 R/Pg 3 0 R/K 0>>`,
    10: `<</Type/StructElem/S/Figure/P 8 0 R/Pg 3 0 R/K 1${o.figure ?? '/Alt(A square)'}>>`,
    11: `<</Type/Annot/Subtype/Link/Rect[0 0 10 10]/F 4/StructParent 1/Border[0 0 0]${o.link ?? '/Contents(Home)'}/A<</S/URI/URI(https://example.com)>>>>`,
    12: '<</Nums[0[9 0 R 10 0 R] 1 13 0 R]>>',
    13: '<</Type/StructElem/S/Link/P 8 0 R/K<</Type/OBJR/Obj 11 0 R>>>>',
  });
  return buildPdf(base);
}

const ids = async (pdf: Uint8Array, standard: string) =>
  (await verify(pdf, [standard])).map((f) => `${f.clause}-${f.test}`).filter((id) => /^(6\.7|7\.|6\.2-)/.test(id));

describe('tagged-PDF rules', () => {
  it('a well-tagged file breaks none of them', async () => {
    expect(await ids(tagged(), 'pdfa2a')).toEqual([]);
    expect(await ids(tagged(), 'pdfua1')).toEqual([]);
  });

  it("finds what each broken file breaks, under veraPDF's ids", async () => {
    expect(await ids(tagged({ catalog: '', content: '0 0 m 10 10 l S' }), 'pdfua1')).toContain('7.1-3');
    // An MCID the page's parent-tree entry gives no element is not tagged content (ISO 32000-1 §14.7.4.4):
    // MCID 2 has no entry beside MCID 0 and 1, so its stroke is neither tagged nor an artifact.
    const orphan = '/P <</MCID 0>> BDC 0 0 m 10 10 l S EMC /Figure <</MCID 1>> BDC 0 0 10 10 re f EMC';
    expect(await ids(tagged({ content: orphan }), 'pdfua1')).not.toContain('7.1-3');
    expect(await ids(tagged({ content: `${orphan} /P <</MCID 2>> BDC 0 0 m 5 5 l S EMC` }), 'pdfua1')).toContain(
      '7.1-3',
    );
    expect(
      await ids(tagged({ content: '/Artifact BMC /P <</MCID 0>> BDC 0 0 m 1 1 l S EMC EMC' }), 'pdfua1'),
    ).toContain('7.1-2');
    expect(
      await ids(tagged({ content: '/P <</MCID 0>> BDC /Artifact BMC 0 0 m 1 1 l S EMC EMC' }), 'pdfua1'),
    ).toContain('7.1-1');
    expect(await ids(tagged({ figure: '' }), 'pdfua1')).toContain('7.3-1');
    expect(await ids(tagged({ link: '' }), 'pdfua1')).toContain('7.18.5-2');
    expect(await ids(tagged({ page: '' }), 'pdfua1')).toContain('7.18.3-1');
    expect(await ids(tagged({ p: 'Para' }), 'pdfa2a')).toEqual(['6.7.3.4-1']);
    expect(await ids(tagged({ p: 'Para', roleMap: '/RoleMap<</Para/Para2/Para2/Para>>' }), 'pdfa2a')).toEqual([
      '6.7.3.4-2',
    ]);
    expect(await ids(tagged({ roleMap: '/RoleMap<</P/Span>>' }), 'pdfa2a')).toEqual(['6.7.3.4-3']);
    expect(await ids(tagged({ lang: 'en_GB' }), 'pdfa2a')).toEqual(['6.7.4-1']);
    expect(await ids(tagged({ p: 'H3' }), 'pdfua1')).toContain('7.4.2-1');
    const noTree = buildPdf(pdfaBase(2));
    expect(await ids(noTree, 'pdfa2a')).toEqual(['6.7.2.2-1', '6.7.3.3-1']);
    expect(await ids(noTree, 'pdfua1')).toEqual(expect.arrayContaining(['6.2-1', '7.1-10', '7.1-11']));
  });
});
