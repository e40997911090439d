// verifier/checks/cmap-file.ts — reads an embedded CMap stream (ISO 32000-1 §9.7.5.4, Adobe TN 5014)
// for the CIDs it maps codes to: cidrange, cidchar and notdefrange sections, as written.

export interface CMapCids {
  /** The largest CID a mapping of the CMap reaches (-1 when it maps none). */
  maxCid: number;
}

const hex = (s: string): number => Number.parseInt(s.replace(/\s/g, '') || '0', 16);

/** The CIDs the sections of an embedded CMap map to (the data as written, not its UseCMap). */
export function readCMapCids(data: Uint8Array): CMapCids {
  const text = Buffer.from(data).toString('latin1');
  let maxCid = -1;
  for (const m of text.matchAll(/begin(cid|notdef)range([\s\S]*?)end\1range/g)) {
    for (const r of m[2].matchAll(/<([0-9A-Fa-f\s]*)>\s*<([0-9A-Fa-f\s]*)>\s*(\d+)/g)) {
      const span = Math.max(0, hex(r[2]) - hex(r[1]));
      maxCid = Math.max(maxCid, Number(r[3]) + span);
    }
  }
  for (const m of text.matchAll(/begin(cid|notdef)char([\s\S]*?)end\1char/g)) {
    for (const r of m[2].matchAll(/<[0-9A-Fa-f\s]*>\s*(\d+)/g)) maxCid = Math.max(maxCid, Number(r[1]));
  }
  return { maxCid };
}
