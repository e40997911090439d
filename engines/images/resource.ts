// engines/images/resource.ts — images engine: a picture read from its part with its `images`
// declaration applied (spec "images"): masks, colour key, opacity, decode, ICC profile, orientation
// and metadata, each checked against the picture itself. The result is everything the emitter needs
// to write the image XObject, and a content key so the same picture read the same way is written
// once however many names, items and pages draw it.
import { createHash } from 'node:crypto';
import type { ImageResource, ImageStream, XmpRules } from '../../ir/image-resource.js';
import { currentBudget } from '../../ir/memory-budget.js';
import { refuse } from '../../ir/messages.js';
import type { JsonPointer } from '../../ir/pointer.js';
import type { ImageDecl, PartRef } from '../../ir/types.js';
import { readIccHeader } from './icc.js';
import { ImageError, MAX_UNPACKED_IMAGE_BYTES, type Picture } from './picture.js';
import { readPicture } from './read-picture.js';
import { isSvg, resolveSvg } from './svg-image.js';

/** EXIF values of the spec's orientation names (docs/reference.md "images"). */
export const ORIENTATION_EXIF: Record<string, number> = {
  upright: 1,
  mirrored_left_to_right: 2,
  upside_down: 3,
  mirrored_top_to_bottom: 4,
  mirrored_and_turned_left: 5,
  turned_right: 6,
  mirrored_and_turned_right: 7,
  turned_left: 8,
};

export interface PartSource {
  /** Bytes of a part; refused naming the key when the request did not send it. */
  bytes(name: string, at: JsonPointer): Uint8Array;
}

/** Reads a part as a picture; a failure is refused naming the part and the key that named it. */
export function pictureOf(parts: PartSource, name: string, at: JsonPointer): Picture {
  const bytes = parts.bytes(name, at);
  try {
    return readPicture(bytes);
  } catch (e) {
    if (!(e instanceof ImageError)) throw e;
    if (e.kind === 'unsupported' && !e.format)
      refuse('imageFormatUnsupported', at, { part: name, at, format: e.detail });
    if (e.kind === 'unsupported')
      refuse('imageUnreadable', at, { part: name, at, format: e.format, detail: `it is ${e.detail}` });
    if (e.kind === 'too-large')
      refuse('imageTooLarge', at, {
        image: name,
        at,
        width: e.size[0],
        height: e.size[1],
        limit: MAX_UNPACKED_IMAGE_BYTES,
      });
    if (e.kind === 'past-budget')
      refuse('imagePastMemory', at, {
        image: name,
        at,
        width: e.size[0],
        height: e.size[1],
        need: e.need[0],
        left: e.need[1],
        limit: currentBudget().limit,
      });
    if (e.kind === 'data-short')
      refuse('imageDataShort', at, {
        image: name,
        at,
        width: e.size[0],
        height: e.size[1],
        least: e.need[0],
        present: e.need[1],
      });
    refuse('imageUnreadable', at, { part: name, at, format: e.format, detail: e.detail });
  }
}

function digest(...parts: (Uint8Array | string)[]): string {
  const h = createHash('sha256');
  for (const p of parts) h.update(typeof p === 'string' ? p : p).update('\u0000');
  return h.digest('hex');
}

function stream(p: Picture): ImageStream {
  return { width: p.width, height: p.height, bpc: p.bpc, space: p.space, components: p.components, data: p.data };
}

const count = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** Refuses two declaration keys that cannot stand together. */
function exclusive(why: string, ...keys: (JsonPointer | undefined)[]): void {
  const given = keys.filter((k): k is JsonPointer => k !== undefined);
  if (given.length > 1) refuse('imageKeysTogether', given[1], { key: given[0], other: given[1], reason: why });
}

/** A 1-bit, 1-component picture, as a stencil or a stencil mask must be. */
function checkStencil(p: Picture, name: string, at: JsonPointer): void {
  if (p.bpc !== 1 || p.components !== 1 || p.space.kind !== 'gray') {
    const kind = { gray: 'grey', rgb: 'RGB', cmyk: 'CMYK', indexed: 'palette' }[p.space.kind];
    refuse('imageNotStencil', at, {
      image: name,
      at,
      kind: `${p.bpc}-bit ${kind}${p.alpha ? ' with alpha' : ''} (${p.format})`,
    });
  }
}

/** The picture named `name` read as its declaration says. `usedAt` is the first key that names it. */
export interface ResolveContext {
  /** Names of the declared attachments (images[].files must name one). */
  attachments: ReadonlySet<string>;
  /** What the archive claim asks of an XMP packet. */
  xmpRules: XmpRules;
  /** The description's fonts by name: an SVG image's text is set in the one its font-family names. */
  fonts?: ReadonlyMap<string, { face: unknown }>;
}

const NO_CLAIM: ResolveContext = {
  attachments: new Set(),
  xmpRules: { trappedInXmp: true, describeExtensions: false },
};

export function resolveImage(
  parts: PartSource,
  name: string,
  decl: ImageDecl | undefined,
  usedAt: JsonPointer,
  rc: ResolveContext = NO_CLAIM,
): ImageResource {
  const bytes = parts.bytes(name, decl ? `${decl.at}/name` : usedAt);
  if (isSvg(bytes))
    return resolveSvg(bytes, name, decl, usedAt, {
      // An embedded PNG or JPEG is read as a part of its own would be, with no declaration.
      raster: (b, where) => resolveImage({ bytes: () => b }, `${name} ${where}`, undefined, usedAt, rc),
      bytes: (part, at) => parts.bytes(part, at),
      xmpRules: rc.xmpRules,
      attachments: rc.attachments,
      orientation: decl?.orientation ? ORIENTATION_EXIF[decl.orientation.value] : 1,
      fonts: rc.fonts,
    });
  const picture = pictureOf(parts, name, decl ? `${decl.at}/name` : usedAt);
  const d = decl ?? ({ at: usedAt, name } as ImageDecl);
  const maskKeys = [d.softMask?.at, d.stencilMask?.at, d.colorKey?.at];
  if (d.stencil) {
    exclusive('a stencil is its own mask', d.stencil, ...maskKeys, d.opaque);
    if (d.iccProfile)
      refuse('imageIccOnStencil', d.iccProfile.at, { key: d.iccProfile.at, image: name, stencil: d.stencil });
    checkStencil(picture, name, d.stencil);
  }
  exclusive('an image carries one kind of see-through information', ...maskKeys);
  exclusive('opaque drops the see-through information the other gives', d.opaque, ...maskKeys);

  const main = stream(picture);
  const keyParts: (Uint8Array | string)[] = [parts.bytes(name, usedAt)];
  const res: ImageResource = {
    name,
    at: d.at,
    key: '',
    main,
    stencil: !!d.stencil,
    orientation: d.orientation ? ORIENTATION_EXIF[d.orientation.value] : picture.orientation,
    natural: [(picture.width * 72) / (picture.dpi?.[0] ?? 72), (picture.height * 72) / (picture.dpi?.[1] ?? 72)],
  };
  const maxSample = picture.bpc === 16 ? 0xffff : (1 << picture.bpc) - 1;

  if (d.stencil) {
    main.space = undefined;
    main.imageMask = true;
  } else {
    // Colours: the declared profile stands over the file's own; either must describe the picture's components.
    const colours = picture.space.kind === 'indexed' ? 3 : picture.components;
    if (d.iccProfile) {
      const bytes = parts.bytes(d.iccProfile.part, d.iccProfile.at);
      const h = readIccHeader(bytes);
      if (typeof h === 'string')
        refuse('imageIccUnreadable', d.iccProfile.at, { part: d.iccProfile.part, at: d.iccProfile.at, detail: h });
      if (h.n !== colours)
        refuse('imageIccMismatch', d.iccProfile.at, {
          profile: d.iccProfile.part,
          at: d.iccProfile.at,
          components: h.n,
          space: h.space,
          image: name,
          imageComponents: colours,
        });
      main.icc = { bytes, n: h.n };
      keyParts.push('icc', bytes);
    } else if (picture.icc) {
      const h = readIccHeader(picture.icc);
      // A file whose own profile does not fit its pixels keeps its device space (docs/reference.md).
      if (typeof h !== 'string' && h.n === colours) main.icc = { bytes: picture.icc, n: h.n };
    }

    // See-through information: a declared mask stands over the file's own; opaque drops both.
    if (d.softMask) {
      const m = pictureOf(parts, d.softMask.part, d.softMask.at);
      if (m.components !== 1 || m.space.kind !== 'gray' || m.alpha || m.colorKey) {
        const what =
          m.space.kind === 'indexed'
            ? 'a palette'
            : m.alpha || m.colorKey
              ? 'transparency of its own'
              : `${m.components} components`;
        refuse('imageSoftMaskNotGrey', d.softMask.at, { mask: d.softMask.part, at: d.softMask.at, found: what });
      }
      res.smask = { ...stream(m), space: undefined };
      keyParts.push('smask', parts.bytes(d.softMask.part, d.softMask.at));
    } else if (d.stencilMask) {
      const m = pictureOf(parts, d.stencilMask.part, d.stencilMask.at);
      checkStencil(m, d.stencilMask.part, d.stencilMask.at);
      res.mask = { stencil: { ...stream(m), space: undefined, imageMask: true } };
      keyParts.push('mask', parts.bytes(d.stencilMask.part, d.stencilMask.at));
    } else if (d.colorKey) {
      const pairs = d.colorKey.pairs;
      if (pairs.length !== picture.components)
        refuse('imagePairCount', d.colorKey.at, {
          key: d.colorKey.at,
          pairs: count(pairs.length, 'pair'),
          image: name,
          components: count(picture.components, 'component'),
        });
      pairs.forEach((pair, i) =>
        pair.forEach((v, j) => {
          if (v > maxSample)
            refuse('imageColorKeyRange', `${d.colorKey!.at}/${i}/${j}`, {
              key: `${d.colorKey!.at}/${i}/${j}`,
              value: v,
              max: maxSample,
              image: name,
            });
        }),
      );
      res.mask = { key: pairs.flat() };
      keyParts.push('key', JSON.stringify(pairs));
    } else if (!d.opaque) {
      if (picture.alpha)
        res.smask = {
          width: picture.width,
          height: picture.height,
          bpc: picture.alpha.bpc,
          components: 1,
          data: { filter: 'raw', bytes: picture.alpha.bytes },
        };
      else if (picture.colorKey) res.mask = { key: picture.colorKey };
    }
    if (d.opaque) keyParts.push('opaque');
  }

  // Decode: the stored samples' meaning. A file stored inverted (Adobe CMYK) is read [1 0 …]; a
  // declared decode is meant of the picture's true values, so its pairs are turned round for it.
  const comps = d.stencil ? 1 : picture.components;
  if (d.decode) {
    if (d.decode.pairs.length !== comps)
      refuse('imagePairCount', d.decode.at, {
        key: d.decode.at,
        pairs: count(d.decode.pairs.length, 'pair'),
        image: name,
        components: count(comps, 'component'),
      });
    main.decode = d.decode.pairs.flatMap(([lo, hi]) => (picture.inverted ? [hi, lo] : [lo, hi]));
    keyParts.push('decode', JSON.stringify(d.decode.pairs));
  } else if (picture.inverted) {
    main.decode = Array.from({ length: comps }, () => [1, 0]).flat();
  }
  if (d.stencil) keyParts.push('stencil');

  if (d.metadata?.facts) {
    res.metadata = { facts: d.metadata.facts };
    res.mediaType = picture.format === 'PNG' ? 'image/png' : 'image/jpeg';
    res.xmpRules = rc.xmpRules;
    keyParts.push('facts', JSON.stringify(d.metadata.facts));
  } else if (d.metadata?.packet) {
    const packet = parts.bytes(d.metadata.packet.part, d.metadata.packet.at);
    res.metadata = { packet };
    keyParts.push('packet', packet);
  }
  if (d.files) {
    // spec "images": names of declared attachments the picture claims; they belong to the picture.
    for (const f of d.files)
      if (!rc.attachments.has(f.name)) refuse('attachmentUnknown', f.at, { attachment: f.name, at: f.at });
    res.files = [...new Set(d.files.map((f) => f.name))];
    keyParts.push('files', JSON.stringify(res.files));
  }
  res.key = digest(...keyParts);
  return res;
}

export type { PartRef };
