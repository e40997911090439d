// engines/pdf/compression.ts — PDF engine: the request's `compression` (spec Limits: level 1 to 9)
// turned into what the writer does: the Flate level of every stream the service compresses (content,
// fonts, profiles, embedded files), and whether objects go into object streams with a
// cross-reference stream (PDF 1.5+, never under PDF/A-1). Absent: level 6 and a classic table, the
// form every reader takes.
import { deflateSync } from 'node:zlib';
import type { PDFContext, PDFRef } from 'pdf-lib';
import { DEFAULT_FLATE_LEVEL } from '../../ir/defaults.js';
import type { DocSettings } from '../../ir/types.js';
import { docVersion, versionAtLeast } from '../../ir/version.js';

export interface Compression {
  level: number;
  objectStreams: boolean;
}

export function compressionOf(doc: DocSettings): Compression {
  const c = doc.standards?.compression;
  if (!c) return { level: DEFAULT_FLATE_LEVEL, objectStreams: false };
  // Where the version allows (1.5+) and the claim does not forbid (PDF/A-1), unless the request said no.
  const allowed = versionAtLeast(docVersion(doc), '1.5') && doc.standards?.archive?.level.part !== 1;
  return { level: c.level, objectStreams: c.objectStreams ?? allowed };
}

/** A Flate-compressed stream at the document's level. */
export function flateStream(
  context: PDFContext,
  bytes: Uint8Array,
  level: number,
  dict: Record<string, unknown> = {},
): PDFRef {
  return context.register(context.stream(deflateTight(bytes, level), { ...dict, Filter: 'FlateDecode' } as never));
}

/**
 * `deflateSync`, its output in a buffer of its own size: Node hands back a view of its 16 KB output
 * chunk, so a page's 2 KB stream held 16 KB until the file was written (table-10k: 200 pages, 3 MB;
 * bench/README.md, "table-10k, eighth wave: memory"). Same bytes.
 */
export function deflateTight(bytes: Uint8Array, level: number): Buffer {
  const z = deflateSync(bytes, { level, chunkSize: DEFLATE_CHUNK });
  return z.buffer.byteLength > 2 * z.length ? Buffer.from(z) : z;
}

/**
 * Node's output chunk for `deflateTight`: a page's stream (table-10k: ~2.4 KB) fits one, so each
 * stream leaves no 16 KB chunk behind as garbage (200 pages: 3 MB of buffers the render's end never
 * collects; bench/README.md, "ninth wave: table-10k memory"); a larger stream is several chunks
 * joined into one buffer of its size. Same bytes whatever the chunk (zlib's output does not depend on
 * how its room is handed out).
 */
const DEFLATE_CHUNK = 4096;
