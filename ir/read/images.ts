// ir/read/images.ts — reading, pictures: a checked `image` item → ImageItem, and the `images`
// declarations → ImageDecl by part name. The files themselves are read in the names pass
// (passes/names/images.ts), where supplied parts are at hand. Metadata facts read as the document's
// (ir/read/standards.ts), so they are checked the same way.
import { refuse } from '../messages.js';
import { at, type JsonPointer } from '../pointer.js';
import { imageItemSchema } from '../schema/images.js';
import type { ImageAlign, ImageDecl, ImageFit, ImageItem, ItemBase, Orientation } from '../types.js';
import { ajv, readColour, readRect } from './common.js';
import type { ItemReader } from './items.js';
import { readClip } from './shapes.js';
import { readMetadataFacts } from './standards.js';

export const imageReader: ItemReader = {
  validate: ajv.compile(imageItemSchema),
  read(raw: Record<string, unknown>, base: ItemBase): ImageItem {
    const p = base.at;
    return {
      ...base,
      type: 'image',
      rect: readRect(raw.rect, at(p, 'rect')),
      image: { at: at(p, 'image'), name: raw.image as string },
      fit: (raw.fit as ImageFit | undefined) ?? 'fill',
      align: (raw.align as ImageAlign | undefined) ?? 'center',
      color: raw.color === undefined ? undefined : { at: at(p, 'color'), colour: readColour(raw.color as number[]) },
      clip: readClip(raw.clip, at(p, 'clip')),
    };
  },
};

function readDecl(raw: Record<string, unknown>, p: JsonPointer): ImageDecl {
  const part = (key: string) => (typeof raw[key] === 'string' ? { at: at(p, key), part: raw[key] as string } : undefined);
  const flag = (key: string) => (raw[key] === true ? at(p, key) : undefined);
  const pairs = (key: string) => (Array.isArray(raw[key]) ? { at: at(p, key), pairs: raw[key] as [number, number][] } : undefined);
  let metadata: ImageDecl['metadata'];
  const m = raw.metadata as Record<string, unknown> | undefined;
  if (m) {
    const mp = at(p, 'metadata');
    const hasFacts = m.facts !== undefined, hasPacket = m.packet !== undefined;
    if (hasFacts && hasPacket) refuse('imageMetadataBoth', at(mp, 'packet'), { key: at(mp, 'facts'), other: at(mp, 'packet') });
    if (!hasFacts && !hasPacket) refuse('imageMetadataNeither', mp, { key: mp });
    metadata = hasFacts
      ? { at: mp, facts: readMetadataFacts(m.facts as Record<string, unknown>, at(mp, 'facts')) }
      : { at: mp, packet: { at: at(mp, 'packet'), part: m.packet as string } };
  }
  return {
    at: p,
    name: raw.name as string,
    metadata,
    stencil: flag('stencil'),
    stencilMask: part('stencil_mask'),
    softMask: part('soft_mask'),
    colorKey: pairs('color_key'),
    opaque: flag('opaque'),
    decode: pairs('decode'),
    orientation: raw.orientation === undefined ? undefined : { at: at(p, 'orientation'), value: raw.orientation as Orientation },
    iccProfile: part('icc_profile'),
    files: Array.isArray(raw.files) && raw.files.length ? (raw.files as string[]).map((name, i) => ({ at: at(p, 'files', i), name })) : undefined,
  };
}

/** `images`: one declaration per part name; the same name declared twice is refused naming both. */
export function readImageDecls(raw: Record<string, unknown>[] | undefined): Map<string, ImageDecl> | undefined {
  if (!raw?.length) return undefined;
  const out = new Map<string, ImageDecl>();
  raw.forEach((r, i) => {
    const d = readDecl(r, at('', 'images', i));
    const earlier = out.get(d.name);
    if (earlier) refuse('nameDeclaredTwice', at(d.at, 'name'), { name: d.name, at: at(d.at, 'name'), earlier: at(earlier.at, 'name') });
    out.set(d.name, d);
  });
  return out;
}
