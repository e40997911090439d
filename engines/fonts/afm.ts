// engines/fonts/afm.ts — reading an Adobe Font Metrics file (AFM 4.1): the global metrics, each
// character's width (WX) under its name (N), and kerning pairs (KPX). Used for a Type 1 font that
// sends its AFM beside it (type1_fonts[].afm_data / afm_part).

export interface Afm {
  ascender?: number;
  descender?: number;
  capHeight?: number;
  xHeight?: number;
  underlinePosition?: number;
  underlineThickness?: number;
  widths: Map<string, number>;
  kern: Map<string, number>;
}

/** Reads AFM text; throws with a short reason when it is not one. */
export function readAfm(bytes: Uint8Array): Afm {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  if (!text.startsWith('StartFontMetrics')) throw new Error('it does not start with StartFontMetrics');
  const afm: Afm = { widths: new Map(), kern: new Map() };
  const num = (key: string) => {
    const m = new RegExp(`^${key}\\s+(-?[\\d.]+)`, 'm').exec(text);
    return m ? Number(m[1]) : undefined;
  };
  afm.ascender = num('Ascender');
  afm.descender = num('Descender');
  afm.capHeight = num('CapHeight');
  afm.xHeight = num('XHeight');
  afm.underlinePosition = num('UnderlinePosition');
  afm.underlineThickness = num('UnderlineThickness');
  for (const m of text.matchAll(/^C\s+-?\d+\s*;(.*)$/gm)) {
    const wx = /\bWX\s+(-?[\d.]+)/.exec(m[1]);
    const n = /\bN\s+(\S+)/.exec(m[1]);
    if (wx && n) afm.widths.set(n[1], Number(wx[1]));
  }
  for (const m of text.matchAll(/^KPX\s+(\S+)\s+(\S+)\s+(-?[\d.]+)/gm)) afm.kern.set(`${m[1]} ${m[2]}`, Number(m[3]));
  if (!afm.widths.size) throw new Error('it states no character metrics');
  return afm;
}
