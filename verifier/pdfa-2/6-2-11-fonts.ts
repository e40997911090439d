// verifier/pdfa-2/6-2-11-fonts.ts — ISO 19005-2:2011 §6.2.11 Fonts.
import { bind, type RuleModule } from '../model.js';

export const fonts = [
  bind('6.2.11.5', 1, 'width-mismatch', 'the widths of %font disagree with its glyphs'),
  bind('6.2.11.4.1', 2, 'glyph-missing', 'the embedded program of %font lacks the glyphs %glyphs shown in it'),
  bind(
    '6.2.11.4.2',
    1,
    'charset-incomplete',
    'the CharSet of %font does not list exactly the glyphs of its program (unlisted: %unlisted; absent: %absent)',
  ),
  bind(
    '6.2.11.4.2',
    2,
    'cidset-incomplete',
    'the CIDSet of %font does not identify exactly the CIDs of its program (unlisted: %unlisted; absent: %absent)',
  ),
  bind('6.2.11.8', 1, 'notdef-glyph', 'text shows the .notdef glyph of %font'),
  bind('6.2.11.2', 1, 'font-type', 'the font %font has no Type Font entry'),
  bind('6.2.11.2', 2, 'font-subtype', 'the font %font has a missing or invalid Subtype'),
  bind(
    '6.2.11.2',
    7,
    'font-file-subtype',
    'the program of %font has Subtype %subtype (Type1C, CIDFontType0C or OpenType allowed)',
    { when: (f) => !['Type1C', 'CIDFontType0C', 'OpenType'].includes(String(f.args?.subtype)) },
  ),
  bind('6.2.11.2', 3, 'font-basefont', 'the font %font has no BaseFont'),
  bind('6.2.11.2', 4, 'font-firstchar', 'the simple font %font has no FirstChar'),
  bind('6.2.11.2', 5, 'font-lastchar', 'the simple font %font has no LastChar'),
  bind('6.2.11.2', 6, 'font-widths', 'the Widths array of the simple font %font is missing or of the wrong size'),
  bind('6.2.11.3.1', 1, 'cid-system-info', 'the CIDSystemInfo of the CIDFont and the CMap of %font are not compatible'),
  bind('6.2.11.3.1', 2, 'cid-supplement', 'the CMap of %font has a higher Supplement than its CIDFont', {
    when: (f) => f.args?.cidFontHigher === false,
  }),
  bind(
    '6.2.11.3.2',
    1,
    'cidtogid-missing',
    'the CIDToGIDMap of the Type 2 CIDFont %font is neither a stream nor Identity',
  ),
  bind('6.2.11.3.2', 1, 'cidtogid-absent', 'the Type 2 CIDFont %font has no CIDToGIDMap'),
  bind('6.2.11.3.3', 1, 'cmap-not-embedded', 'the CMap %name is neither predefined nor embedded', {
    when: (f) => f.args?.predefined !== true,
  }),
  bind('6.2.11.3.3', 2, 'cmap-wmode', 'the WMode of the embedded CMap %name differs from the one in its data'),
  bind('6.2.11.3.3', 3, 'cmap-usecmap', 'the embedded CMap %name uses a CMap that is neither predefined nor embedded'),
  bind('6.2.11.4.1', 1, 'font-not-embedded', 'the font program of %font is not embedded'),
  // level U and A only (veraPDF's 2U/2A/3U/3A profiles); the map is judged whole, not per code shown
  bind('6.2.11.7.2', 2, 'tounicode-value', 'the ToUnicode map of %font maps a code to <%value>, which is not text', {
    when: (_f, fl) => fl.level === 'U' || fl.level === 'A',
  }),
  // A code mapped to other text than its glyph's own character (issue 16): not "the map of the used
  // codes to Unicode values" t01 asks for (verifier/checks/tounicode-cmap.ts says what is decidable).
  bind(
    '6.2.11.7.2',
    1,
    'tounicode-cmap',
    "the ToUnicode map of %font maps code %code to '%text', but the font's own cmap makes its glyph %glyph",
    {
      when: (_f, fl) => fl.level === 'U' || fl.level === 'A',
    },
  ),
  // level A only (veraPDF's 2A/3A profiles): a character mapped into the Private Use Area needs ActualText
  bind(
    '6.2.11.7.3',
    1,
    'glyph-pua',
    'code %code of %font, shown outside ActualText, maps to the Private Use Area code point U+%value',
    { when: (_f, fl) => fl.level === 'A' },
  ),
  bind(
    '6.2.11.6',
    2,
    'truetype-encoding',
    'the non-symbolic TrueType font %font has no Encoding, or one other than MacRomanEncoding or WinAnsiEncoding',
    {
      when: (f) =>
        f.args?.symbolic === false && !['MacRomanEncoding', 'WinAnsiEncoding'].includes(String(f.args?.encoding)),
    },
  ),
  bind(
    '6.2.11.6',
    2,
    'truetype-encoding',
    'the Differences of the non-symbolic TrueType font %font name glyphs outside the Adobe Glyph List, or its program has no (3,1) cmap',
    { when: (f) => f.args?.symbolic === false && f.args?.differences === true && f.args?.differencesAgl === false },
  ),
  bind(
    '6.2.11.6',
    1,
    'truetype-encoding',
    'the program of the non-symbolic TrueType font %font has no cmap subtable but (3,0)',
    {
      when: (f) =>
        f.args?.symbolic === false &&
        f.args?.nrCmaps !== undefined &&
        !(f.args.cmap30 === true ? Number(f.args.nrCmaps) > 1 : Number(f.args.nrCmaps) > 0),
    },
  ),
  bind(
    '6.2.11.6',
    4,
    'truetype-encoding',
    'the program of the symbolic TrueType font %font has %nrCmaps cmap subtables, none of them (3,0)',
    {
      when: (f) =>
        f.args?.symbolic === true && f.args?.nrCmaps !== undefined && f.args.nrCmaps !== 1 && f.args.cmap30 !== true,
    },
  ),
  bind('6.2.11.6', 3, 'truetype-encoding', 'the symbolic TrueType font %font has an Encoding entry', {
    when: (f) => f.args?.symbolic === true && f.args?.encoding !== 'none',
  }),
] satisfies RuleModule;
