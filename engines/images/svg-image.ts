// engines/images/svg-image.ts — images engine: a part recognised as SVG (by its first characters,
// never its name: docs/reference.md "SVG images") read and drawn in vectors by engines/svg/, with the
// `images` declaration keys that apply to a drawing (orientation, metadata, files) and a refusal for
// those that only mean something for samples (masks, colour key, decode, ICC profile, stencil, opaque).
// Embedded rasters (data: URIs) go through the same picture readers as any part.
import { createHash } from 'node:crypto';
import type { ImageResource, XmpRules } from '../../ir/image-resource.js';
import { refuse } from '../../ir/messages.js';
import type { JsonPointer } from '../../ir/pointer.js';
import type { ImageDecl } from '../../ir/types.js';
import { Face, loadFace } from '../fonts/face.js';
import { libraryFile } from '../fonts/library.js';
import { programOf } from '../fonts/styled-font.js';
import { drawSvg } from '../svg/draw.js';
import { parseSvg } from '../svg/parse.js';
import { SvgError } from '../svg/svg-error.js';
import type { FontPicker } from '../svg/text.js';
import { ImageError } from './picture.js';

/**
 * Whether a part is SVG: after an optional UTF-8 byte order mark and white space it opens with
 * `<svg`, `<?xml`, `<!--` or `<!DOCTYPE svg`. (An XML file that is not SVG is then refused for its root.)
 */
export function isSvg(bytes: Uint8Array): boolean {
  let i = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  while (i < bytes.length && (bytes[i] === 0x20 || bytes[i] === 0x09 || bytes[i] === 0x0a || bytes[i] === 0x0d)) i++;
  const head = Buffer.from(bytes.subarray(i, i + 14)).toString('latin1');
  return /^(<svg[\s>/]|<\?xml[\s?]|<!--|<!DOCTYPE\s+svg)/i.test(head) || head === '<svg';
}

/** Declaration keys that only mean something for samples, and why. */
const SAMPLE_KEYS: [keyof ImageDecl, string, string][] = [
  ['stencil', 'stencil', 'a drawing is not a one-bit stencil'],
  ['stencilMask', 'stencil_mask', 'an SVG draws its own shapes; it has no samples to mask'],
  ['softMask', 'soft_mask', 'an SVG draws its own shapes; it has no samples to mask'],
  ['colorKey', 'color_key', 'an SVG has no samples to key out'],
  ['opaque', 'opaque', 'an SVG has no samples whose transparency to drop'],
  ['decode', 'decode', 'an SVG has no samples to decode'],
  [
    'iccProfile',
    'icc_profile',
    'SVG colours are sRGB, read through the output intent like every colour of the document',
  ],
];

/** What the caller (resource.ts) supplies: the picture pipeline for embedded rasters, parts, claim rules. */
export interface SvgContext {
  raster: (bytes: Uint8Array, at: string) => ImageResource;
  bytes: (part: string, at: JsonPointer) => Uint8Array;
  xmpRules: XmpRules;
  attachments: ReadonlySet<string>;
  /** EXIF orientation the declaration gives (1 when none). */
  orientation: number;
  /** The description's fonts by name (an SVG `font-family` naming one sets its text in it). */
  fonts?: ReadonlyMap<string, { face: unknown }>;
}

/** The library face a generic or unknown family falls back to (docs/reference.md "SVG images"). */
function libraryFace(family: string, bold: boolean, italic: boolean): Face {
  const f = family.toLowerCase();
  const base = /mono|courier|code|consol/.test(f)
    ? 'source_code_pro'
    : /serif|times|georgia|garamond/.test(f) && !/sans/.test(f)
      ? 'noto_serif'
      : 'noto_sans';
  const name = `${base}${bold ? '_bold' : ''}${italic ? '_italic' : ''}`;
  const bytes = libraryFile(name) ?? libraryFile(base)!;
  const loaded = loadFace(bytes);
  if (!loaded.ok) throw new Error(`the library face ${name} does not load: ${loaded.detail}`); // our install is broken
  return loaded.face;
}

/** A declared font whose name is the family (an outline face), else the library's face for it. */
export function svgFontPicker(
  fonts: ReadonlyMap<string, { face: unknown }> | undefined,
  used: Set<string> = new Set(),
): FontPicker {
  const byName = new Map<string, [string, Face]>();
  for (const [name, res] of fonts ?? []) {
    const program = programOf(res.face as Face);
    if (program instanceof Face) byName.set(name.toLowerCase(), [name, program]);
  }
  return (families, bold, italic) => {
    for (const f of families) {
      const hit = byName.get(f.toLowerCase());
      if (hit) {
        used.add(hit[0]);
        return hit[1];
      }
    }
    return libraryFace(families[0] ?? '', bold, italic);
  };
}

/** The SVG part `name` drawn, with its declaration applied. `raster` reads an embedded PNG or JPEG. */
export function resolveSvg(
  bytes: Uint8Array,
  name: string,
  decl: ImageDecl | undefined,
  usedAt: JsonPointer,
  sc: SvgContext,
): ImageResource {
  const at = decl ? `${decl.at}/name` : usedAt;
  for (const [k, word, why] of SAMPLE_KEYS) {
    const v = decl?.[k];
    if (v === undefined) continue;
    const key = typeof v === 'string' ? v : (v as { at: JsonPointer }).at;
    refuse('svgImageKey', key, { key, image: name, word, reason: why });
  }
  let art: ImageResource['svg'];
  const usedFonts = new Set<string>();
  try {
    art = drawSvg(
      parseSvg(bytes),
      (b, where) => {
        try {
          return sc.raster(b, where.position);
        } catch (e) {
          throw e instanceof ImageError
            ? new SvgError('unreadable', `the embedded image at ${where.position}: ${e.detail}`)
            : e;
        }
      },
      svgFontPicker(sc.fonts, usedFonts),
    );
    if (usedFonts.size) art.fonts = [...usedFonts];
  } catch (e) {
    if (!(e instanceof SvgError)) throw e;
    if (e.kind === 'unsupported')
      refuse('svgNotDrawn', at, { image: name, at, what: e.detail, position: e.position, reason: e.reason });
    if (e.kind === 'unsafe')
      refuse('svgUnsafe', at, { image: name, at, what: e.detail, position: e.position, reason: e.reason });
    if (e.kind === 'limit') refuse('svgTooLarge', at, { image: name, at, detail: e.detail });
    refuse('imageUnreadable', at, { part: name, at, format: 'SVG', detail: e.detail });
  }
  const d = decl ?? ({ at: usedAt, name } as ImageDecl);
  const h = createHash('sha256').update(bytes).update('\u0000svg');
  const res: ImageResource = {
    name,
    at: d.at,
    key: '',
    svg: art,
    stencil: false,
    orientation: sc.orientation,
    natural: [art.width, art.height],
  };
  if (d.orientation) h.update(`\u0000o${res.orientation}`);
  if (d.metadata?.facts) {
    res.metadata = { facts: d.metadata.facts };
    res.mediaType = 'image/svg+xml';
    res.xmpRules = sc.xmpRules;
    h.update(`\u0000facts${JSON.stringify(d.metadata.facts)}`);
  } else if (d.metadata?.packet) {
    const packet = sc.bytes(d.metadata.packet.part, d.metadata.packet.at);
    res.metadata = { packet };
    h.update('\u0000packet').update(packet);
  }
  if (d.files) {
    for (const f of d.files)
      if (!sc.attachments.has(f.name)) refuse('attachmentUnknown', f.at, { attachment: f.name, at: f.at });
    res.files = [...new Set(d.files.map((f) => f.name))];
    h.update(`\u0000files${JSON.stringify(res.files)}`);
  }
  res.key = h.digest('hex');
  return res;
}
