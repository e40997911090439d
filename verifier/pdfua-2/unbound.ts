// verifier/pdfua-2/unbound.ts — the rules of veraPDF's PDFUA-2 profile no fact decides here, each with
// the reason (a rule is either bound in ./index.ts or listed here: coverage.test.ts checks the profile).
// Keys as ruleKey spells them without the specification: `clause-tNN`.

export const UNBOUND: Readonly<Record<string, string>> = {
  '8.2.5.14-t02':
    'orphan note references: needs the Ref relation from referring content to each FENote, which the verifier does not build yet (quire writes no FENote references: the description has no Ref)',
  '8.2.5.14-t03': 'ghost note references: as t02, the Ref relation between content and FENote is not built yet',
  '8.2.5.26-t01':
    'table cells intersecting: needs veraPDF’s table-regularity algorithm over Headers, spans and rows, not mirrored yet (quire builds its tables regular from the grid)',
  '8.2.5.26-t02': 'row groups with columns of wrong row span: table-regularity algorithm not mirrored yet',
  '8.2.5.26-t03': 'rows of different column counts (with a wrong span): table-regularity algorithm not mirrored yet',
  '8.2.5.26-t04': 'rows of different column counts: table-regularity algorithm not mirrored yet',
  '8.2.5.26-t05':
    'TD cells with no determinable header: needs veraPDF’s header-association algorithm (Scope, Headers, IDs), not mirrored yet (quire writes TH with /Scope /Column over every column)',
  '8.2.5.26-t06': 'TD cells whose Headers name unknown IDs: header-association algorithm not mirrored yet',
  '8.4.3-t01':
    'real content mapped to Private Use Area code points without Alt or ActualText: needs each glyph’s Unicode joined to its structure ancestry, which the content walk does not record',
  '8.4.5.7-t01':
    'the cmap subtables of a non-symbolic TrueType program: the font programs’ cmap tables are not parsed (as PDF/UA-1 7.21.6 t01)',
  '8.4.5.7-t04': "the cmap subtables of a symbolic TrueType program: as t01, the program's cmap is not parsed",
  '8.4.5.8-t01':
    'every code shown mapped to Unicode: judged per glyph shown by veraPDF; not checked per code (as PDF/UA-1 7.21.7 t01)',
  '8.9.2.3-t02':
    'RC and Contents textually equivalent: needs the rich-text XHTML rendered to text as veraPDF does; quire writes no markup annotations',
  '8.10.3.5-t01':
    'a signature’s graphic with alternative text: needs telling which graphic content belongs to a signature appearance, not recorded by the walk',
};
