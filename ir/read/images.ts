// ir/read/images.ts — reading, pictures: a checked `image` item → ImageItem, and the `images`
// declarations → ImageDecl by part name. The files themselves are read in the names pass
// (passes/images/resolve.ts), where supplied parts are at hand. Metadata facts read as the document's
// (ir/read/standards.ts), so they are checked the same way.
import type * as D from '../description.generated.js';
import { refuse } from '../messages.js';
import { at, type JsonPointer } from '../pointer.js';
import { imageItemSchema } from '../schema/images.js';
import type { ImageDecl, ImageItem, ItemBase } from '../types.js';
import { lazyValidator, readColour, readRect } from './common.js';
import type { ItemReader } from './items.js';
import { readClip } from './shapes.js';
import { readMetadataFacts } from './standards.js';

export const imageReader: ItemReader<'image'> = {
  validate: lazyValidator(imageItemSchema),
  read(raw, base: ItemBase): ImageItem {
    const p = base.at;
    return Object.assign({}, base, {
      type: 'image' as const,
      rect: readRect(raw.rect, at(p, 'rect')),
      image: { at: at(p, 'image'), name: raw.image },
      fit: raw.fit ?? 'fill',
      align: raw.align ?? 'center',
      color: raw.color === undefined ? undefined : { at: at(p, 'color'), colour: readColour(raw.color) },
      clip: readClip(raw.clip, at(p, 'clip')),
    });
  },
};

function readDecl(raw: D.ImageDeclaration, p: JsonPointer): ImageDecl {
  const part = (key: 'stencil_mask' | 'soft_mask' | 'icc_profile') => {
    const v = raw[key];
    return typeof v === 'string' ? { at: at(p, key), part: v } : undefined;
  };
  const flag = (key: 'stencil' | 'opaque') => (raw[key] === true ? at(p, key) : undefined);
  const pairs = (key: 'color_key' | 'decode') => {
    const v = raw[key];
    return Array.isArray(v) ? { at: at(p, key), pairs: v } : undefined;
  };
  let metadata: ImageDecl['metadata'];
  const m = raw.metadata;
  if (m) {
    const mp = at(p, 'metadata');
    const hasFacts = m.facts !== undefined,
      hasPacket = m.packet !== undefined;
    if (hasFacts && hasPacket)
      refuse('imageMetadataBoth', at(mp, 'packet'), { key: at(mp, 'facts'), other: at(mp, 'packet') });
    if (!hasFacts && !hasPacket) refuse('imageMetadataNeither', mp, { key: mp });
    metadata =
      m.facts !== undefined
        ? { at: mp, facts: readMetadataFacts(m.facts, at(mp, 'facts')) }
        : { at: mp, packet: { at: at(mp, 'packet'), part: m.packet! } };
  }
  return {
    at: p,
    name: raw.name,
    metadata,
    stencil: flag('stencil'),
    stencilMask: part('stencil_mask'),
    softMask: part('soft_mask'),
    colorKey: pairs('color_key'),
    opaque: flag('opaque'),
    decode: pairs('decode'),
    orientation: raw.orientation === undefined ? undefined : { at: at(p, 'orientation'), value: raw.orientation },
    iccProfile: part('icc_profile'),
    files:
      Array.isArray(raw.files) && raw.files.length
        ? raw.files.map((name, i) => ({ at: at(p, 'files', i), name }))
        : undefined,
  };
}

/** `images`: one declaration per part name; the same name declared twice is refused naming both. */
export function readImageDecls(raw: D.ImageDeclaration[] | undefined): Map<string, ImageDecl> | undefined {
  if (!raw?.length) return undefined;
  const out = new Map<string, ImageDecl>();
  raw.forEach((r, i) => {
    const d = readDecl(r, at('', 'images', i));
    const earlier = out.get(d.name);
    if (earlier)
      refuse('nameDeclaredTwice', at(d.at, 'name'), {
        name: d.name,
        at: at(d.at, 'name'),
        earlier: at(earlier.at, 'name'),
      });
    out.set(d.name, d);
  });
  return out;
}
