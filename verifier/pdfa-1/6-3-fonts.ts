// verifier/pdfa-1/6-3-fonts.ts — ISO 19005-1:2005 §6.3 Fonts.
import { bind, type RuleModule } from '../model.js';

export const fonts = [
  bind('6.3.6', 1, 'width-mismatch', 'the widths of %font disagree with its glyphs'),
  // level A's Unicode character maps (§6.3.8): a code mapped to other text than its glyph's own character
  bind(
    '6.3.8',
    1,
    'tounicode-cmap',
    "the ToUnicode map of %font maps code %code to '%text', but the font's own cmap makes its glyph %glyph",
    {
      when: (_f, fl) => fl.level === 'A',
    },
  ),
  bind('6.3.2', 1, 'font-type', 'the font %font has no Type Font entry'),
  bind('6.3.2', 2, 'font-subtype', 'the font %font has a missing or invalid Subtype'),
  bind('6.3.2', 7, 'font-file-subtype', 'the program of %font has Subtype %subtype (Type1C or CIDFontType0C allowed)', {
    when: (f) => !['Type1C', 'CIDFontType0C'].includes(String(f.args?.subtype)),
  }),
  bind('6.3.2', 3, 'font-basefont', 'the font %font has no BaseFont'),
  bind('6.3.2', 4, 'font-firstchar', 'the simple font %font has no FirstChar'),
  bind('6.3.2', 5, 'font-lastchar', 'the simple font %font has no LastChar'),
  bind('6.3.2', 6, 'font-widths', 'the Widths array of the simple font %font is missing or of the wrong size'),
  bind('6.3.3.1', 1, 'cid-system-info', 'the CIDSystemInfo of the CIDFont and the CMap of %font are not compatible'),
  bind('6.3.3.2', 1, 'cidtogid-missing', 'the Type 2 CIDFont %font has no CIDToGIDMap'),
  bind('6.3.3.3', 1, 'cmap-not-embedded', 'the CMap %name is neither Identity-H, Identity-V nor embedded'),
  bind('6.3.4', 1, 'font-not-embedded', 'the font program of %font is not embedded'),
  bind(
    '6.3.5',
    2,
    'charset-incomplete',
    'the CharSet of %font leaves out glyphs the document shows (unlisted: %unlisted)',
    // under PDF/A-1 veraPDF lets the CharSet name glyphs beyond the program, or leave out unused ones
    { when: (f) => f.args?.unlistedShown === true },
  ),
  bind('6.3.5', 2, 'type1-subset', 'the Type 1 subset %font has no CharSet', {
    when: (f) => f.args?.hasCharSet === false,
  }),
  bind('6.3.5', 3, 'cid-subset', 'the CIDFont subset %font has no CIDSet', {
    when: (f) => f.args?.hasCidSet === false,
  }),
  bind(
    '6.3.5',
    3,
    'cidset-incomplete',
    'the CIDSet of %font does not identify exactly the CIDs of its program (unlisted: %unlisted; absent: %absent)',
  ),
  bind(
    '6.3.7',
    1,
    'truetype-encoding',
    'the non-symbolic TrueType font %font is not in MacRomanEncoding or WinAnsiEncoding',
    {
      when: (f) =>
        f.args?.symbolic === false && !['MacRomanEncoding', 'WinAnsiEncoding'].includes(String(f.args?.encoding)),
    },
  ),
  bind('6.3.5', 1, 'glyph-missing', 'the embedded program of %font lacks the glyphs %glyphs shown in it'),
  bind('6.3.3.3', 2, 'cmap-wmode', 'the WMode of the embedded CMap %name differs from the one in its data'),
  bind('6.3.7', 2, 'truetype-encoding', 'the symbolic TrueType font %font has an Encoding entry', {
    when: (f) => f.args?.symbolic === true && f.args?.encoding !== 'none',
  }),
  bind('6.3.7', 1, 'truetype-encoding', 'the non-symbolic TrueType font %font has a Differences array', {
    when: (f) => f.args?.symbolic === false && f.args?.differences === true,
  }),
  bind(
    '6.3.7',
    3,
    'truetype-encoding',
    'the program of the symbolic TrueType font %font has %nrCmaps cmap subtables, not one',
    {
      when: (f) => f.args?.symbolic === true && f.args?.nrCmaps !== undefined && f.args.nrCmaps !== 1,
    },
  ),
] satisfies RuleModule;
