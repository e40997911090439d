// test/support/fixtures.ts — shared inputs for tests: the OFL Noto Sans face from npm, and small
// descriptions built around it.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

export const NOTO_SANS_PATH = require.resolve('@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf');
export const NOTO_SANS = new Uint8Array(readFileSync(NOTO_SANS_PATH));
export const NOTO_SANS_B64 = Buffer.from(NOTO_SANS).toString('base64');

/** A fixed clock so outputs are reproducible. */
export const NOW = new Date('2026-11-22T12:00:00Z');

/** A one-page description: a red rect and a paragraph in Noto Sans given inline. */
export function helloDescription(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    fonts: [{ name: 'Body', data: NOTO_SANS_B64 }],
    items: [
      { type: 'rect', rect: { llx: 50, lly: 700, urx: 200, ury: 750 }, fill: [1, 0, 0] },
      {
        type: 'text',
        rect: { llx: 72, lly: 500, urx: 300, ury: 680 },
        content: ['Hello quire, the office of difficult AVATAR Ty.'],
        font: 'Body',
        font_size: 14,
      },
    ],
    ...extra,
  };
}
