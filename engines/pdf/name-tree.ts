// engines/pdf/name-tree.ts — PDF engine: a name tree (ISO 32000-1 §7.9.6) from (name, value)
// pairs, as the catalog's /Names entries take them (Dests, EmbeddedFiles…). Keys are sorted by
// their bytes as the spec requires; a tree of up to LEAF_SIZE entries is one node with /Names,
// a larger one a root with /Kids of leaves carrying /Limits.
import { type PDFContext, PDFHexString, type PDFObject, type PDFRef } from 'pdf-lib';

/** Entries per leaf: readers cope with any size, but small leaves keep lookups cheap. */
export const LEAF_SIZE = 64;

/** Text as a PDF text string: UTF-16BE with BOM when not plain ASCII (§7.9.2.2). */
export function textKey(s: string): PDFHexString {
  return PDFHexString.fromText(s);
}

/** Compares by UTF-16BE bytes, the order keys are written in. */
function byBytes(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export function nameTree(context: PDFContext, entries: readonly [string, PDFObject | PDFRef][]): PDFRef {
  const sorted = [...entries].sort((x, y) => byBytes(x[0], y[0]));
  const flat = (part: typeof sorted) => part.flatMap(([k, v]) => [textKey(k), v]);
  if (sorted.length <= LEAF_SIZE) return context.register(context.obj({ Names: flat(sorted) } as never));
  const kids: PDFRef[] = [];
  for (let i = 0; i < sorted.length; i += LEAF_SIZE) {
    const part = sorted.slice(i, i + LEAF_SIZE);
    kids.push(
      context.register(
        context.obj({
          Names: flat(part),
          Limits: [textKey(part[0][0]), textKey(part[part.length - 1][0])],
        } as never),
      ),
    );
  }
  return context.register(context.obj({ Kids: kids } as never));
}
