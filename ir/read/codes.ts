// ir/read/codes.ts — reading, the five code items. The data is encoded here, with bwip-js, so data
// a symbology cannot carry (letters in an EAN-13, a wrong check digit, a QR payload over capacity) is
// refused before anything is drawn, naming `data`. The IR keeps the encoded symbol as modules.
import { createRequire } from 'node:module';
import type BwipJs from 'bwip-js';
import { refuse } from '../messages.js';
import type { JsonPointer } from '../pointer.js';
import { at } from '../pointer.js';
import { codeItemSchemas } from '../schema/codes.js';
import type { CodeItem, CodeKind, CodeSymbol, CodeTextSpec, Colour, ItemBase } from '../types.js';
import { lazyValidator, readColour, readRect } from './common.js';
import type { ItemReader, RawItem } from './items.js';

/** A code item as sent, of any of the five kinds. */
type RawCode = RawItem<CodeKind>;

// Loaded on first use (as linebreak is): a document without codes never needs it, and a fresh
// process stays ~5 MB smaller without it (bench/README.md, table-10k memory).
const require = createRequire(import.meta.url);
let bwipjs: typeof BwipJs | undefined;

/** bwip-js symbology ids of the catalogue's code kinds. */
const BCID: Record<CodeKind, string> = {
  code128: 'code128',
  ean13: 'ean13',
  qr_code: 'qrcode',
  data_matrix: 'datamatrix',
  pdf417: 'pdf417',
};

/**
 * Quiet zones in modules on [left, right, top, bottom], as each symbology's standard asks: ISO/IEC 15417
 * (Code 128: 10X), GS1 General Specifications (EAN-13: 11X left, 7X right), ISO/IEC 18004 (QR: 4X),
 * ISO/IEC 16022 (Data Matrix: 1X), ISO/IEC 15438 (PDF417: 2X).
 */
export const QUIET_ZONES: Record<CodeKind, [number, number, number, number]> = {
  code128: [10, 10, 0, 0],
  ean13: [11, 7, 0, 0],
  qr_code: [4, 4, 4, 4],
  data_matrix: [1, 1, 1, 1],
  pdf417: [2, 2, 2, 2],
};

interface BwipLinear {
  sbs: number[];
}
interface BwipMatrix {
  pixs: number[];
  pixx: number;
  pixy: number;
}

function encode(raw: RawCode): CodeSymbol | string {
  const opts: Record<string, unknown> = { bcid: BCID[raw.type], text: raw.data };
  if (raw.type === 'qr_code') opts.eclevel = raw.error_correction ?? 'M';
  if (raw.type === 'pdf417') {
    if (raw.error_correction !== undefined) opts.eclevel = raw.error_correction;
    if (raw.columns !== undefined) opts.columns = raw.columns;
  }
  if (raw.type === 'data_matrix' && raw.shape === 'rectangle') opts.format = 'rectangle';
  let out: (BwipLinear | BwipMatrix)[];
  try {
    bwipjs ??= require('bwip-js') as typeof BwipJs;
    out = bwipjs.raw(opts as never) as (BwipLinear | BwipMatrix)[];
  } catch (e) {
    // bwip-js says "bwipp.ean13badCheckDigit#6915: Incorrect EAN-13 check digit provided": keep the reason.
    const msg = String(e instanceof Error ? e.message : e);
    return (msg.includes(': ') ? msg.slice(msg.indexOf(': ') + 2) : msg).replace(/\.$/, '').toLowerCase();
  }
  const sym = out[0];
  if ('sbs' in sym) {
    // Alternating bar and space widths, bar first; keep the bars as [start, width] in modules.
    const bars: number[] = [];
    let x = 0;
    sym.sbs.forEach((w, i) => {
      if (i % 2 === 0) bars.push(x, w);
      x += w;
    });
    return { shape: 'linear', modules: x, bars };
  }
  // Logical rows; PDF417 rows are drawn several modules tall (bwip-js reports the drawn height).
  const rows = sym.pixs.length / sym.pixx;
  return { shape: 'matrix', cols: sym.pixx, rows, rowHeight: sym.pixy / rows, dark: Uint8Array.from(sym.pixs) };
}

/** The EAN-13 check digit of 12 digits (GS1 General Specifications §7.9: weights 1 and 3 from the left). */
export function ean13CheckDigit(twelve: string): string {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(twelve[i]) * (i % 2 === 0 ? 1 : 3);
  return String((10 - (sum % 10)) % 10);
}

/** `text` (code128, ean13): absent or false, none; true, the defaults; an object, its font, size and colour. */
function readCodeText(kind: CodeKind, raw: RawCode, p: JsonPointer): CodeTextSpec | undefined {
  const t = raw.type === 'code128' || raw.type === 'ean13' ? raw.text : undefined;
  if (t === undefined || t === false) return undefined;
  const data = raw.data;
  // The data was encoded already, so an EAN-13's digits are sound: 12 get their check digit shown.
  const value = kind === 'ean13' && data.length === 12 ? data + ean13CheckDigit(data) : data;
  const o = t === true ? {} : t;
  return {
    at: p,
    value,
    font: o.font === undefined ? undefined : { at: at(p, 'font'), name: o.font },
    fontSize: o.font_size,
    colour: o.color === undefined ? undefined : readColour(o.color, at(p, 'color')),
  };
}

/** A checked code item of any kind → its IR (the table reader reads a cell's code with it too). */
export function readCodeItem(raw: RawCode, base: ItemBase): CodeItem {
  const kind = raw.type;
  const sym = encode(raw);
  if (typeof sym === 'string')
    refuse('codeDataRefused', at(base.at, 'data'), { at: at(base.at, 'data'), symbology: kind, reason: sym });
  return Object.assign({}, base, {
    type: kind,
    rect: readRect(raw.rect, at(base.at, 'rect')),
    symbol: sym,
    quietZone: raw.quiet_zone !== false,
    color:
      raw.color === undefined ? ({ space: 'gray', c: [0] } as Colour) : readColour(raw.color, at(base.at, 'color')),
    background: raw.background === undefined ? undefined : readColour(raw.background, at(base.at, 'background')),
    text: readCodeText(kind, raw, at(base.at, 'text')),
  });
}

function codeReader<K extends CodeKind>(kind: K): ItemReader<K> {
  return { validate: lazyValidator(codeItemSchemas[kind]), read: readCodeItem };
}

export const codeReaders = {
  code128: codeReader('code128'),
  ean13: codeReader('ean13'),
  qr_code: codeReader('qr_code'),
  data_matrix: codeReader('data_matrix'),
  pdf417: codeReader('pdf417'),
};
