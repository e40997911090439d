// ir/pdf-name-pool.ts — pdf-lib's name pool made weak (decision, issue 20: a process's memory is bounded
// by the document, not by history). pdf-lib interns every PDFName in a module-level Map that is never
// emptied: `PDFName.of(name)` returns the one instance per name, and PDFDict finds keys by identity, so
// the interning is load-bearing. But every name a request brings reaches it — subset font names
// (`ABCDEF+Face`, tags from a hash), resource, layer, destination and annotation names from the
// description, glyph names in Differences, and every name pdf-lib's parser reads from a supplied PDF —
// so a long-running server's heap grew with every distinct name it ever wrote or read.
//
// Installing this replaces `PDFName.of` with an interning that holds names weakly: the names the pool
// held when it was installed (pdf-lib's own constants and any made before) stay in pdf-lib's pool,
// strong, as before; a name first asked for later is made by pdf-lib's own constructor and kept in a
// Map of WeakRefs, so while anything holds the instance (a dict, a constant, a render in progress)
// `of` returns that same instance, and once nothing does, it is collected and its entry removed (a
// FinalizationRegistry, plus a sweep of dead entries when the Map has doubled). Identity can only be
// observed while an instance is alive, so this is interning as before; the bytes written are the
// same (the same constructor encodes the name).
import { PDFName } from 'pdf-lib';

type Of = (name: string) => PDFName;

/** pdf-lib's decodeName (core/objects/PDFName.js): `#XX` (upper-case hex, as pdf-lib reads it) → the character. */
function decodeName(name: string): string {
  return name.replace(/#([\dABCDEF]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

let installed: { pool: Map<string, PDFName>; weak: Map<string, WeakRef<PDFName>> } | undefined;

/**
 * pdf-lib's pool itself: the Map on which `PDFName.of('Length')` calls `get` and receives the
 * constant PDFName.Length (the pool is private to its module; this is the one way to reach it).
 */
function capturePool(of: Of): Map<string, PDFName> | undefined {
  const get = Map.prototype.get;
  let pool: Map<string, PDFName> | undefined;
  Map.prototype.get = function (this: Map<unknown, unknown>, key: unknown) {
    const v = get.call(this, key);
    if (v === PDFName.Length && key === 'Length') pool = this as Map<string, PDFName>;
    return v;
  };
  try {
    of.call(PDFName, 'Length');
  } finally {
    Map.prototype.get = get;
  }
  return pool;
}

/** Installs the weak interning once per process (idempotent); false when pdf-lib's pool cannot be reached. */
export function installWeakNamePool(): boolean {
  if (installed) return true;
  const original = PDFName.of as Of;
  const pool = capturePool(original);
  if (!pool) return false;
  const weak = new Map<string, WeakRef<PDFName>>();
  const gone = new FinalizationRegistry<string>((name) => {
    const ref = weak.get(name);
    if (ref && ref.deref() === undefined) weak.delete(name);
  });
  let sweepAt = 1024;
  (PDFName as unknown as { of: Of }).of = (name: string): PDFName => {
    const decoded = decodeName(name);
    const strong = pool.get(decoded);
    if (strong) return strong;
    const alive = weak.get(decoded)?.deref();
    if (alive) return alive;
    // pdf-lib's constructor, through its own `of` (which pools it), then out of its pool into ours.
    const made = original.call(PDFName, name);
    pool.delete(decoded);
    weak.set(decoded, new WeakRef(made));
    gone.register(made, decoded);
    if (weak.size >= sweepAt) {
      for (const [k, ref] of weak) if (ref.deref() === undefined) weak.delete(k);
      sweepAt = Math.max(1024, weak.size * 2);
    }
    return made;
  };
  installed = { pool, weak };
  return true;
}

/** Names held: pdf-lib's strong pool and the weak entries (alive or awaiting removal) — for tests. */
export function namePoolSize(): { strong: number; weak: number } {
  return { strong: installed?.pool.size ?? -1, weak: installed?.weak.size ?? -1 };
}

installWeakNamePool();
