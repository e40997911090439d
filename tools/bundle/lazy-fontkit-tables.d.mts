// Types of tools/bundle/lazy-fontkit-tables.mjs (tsup.config.ts imports it).
export const EXPECTED: number;
export function lazyShaperTables(source: string, expected?: number): string;
