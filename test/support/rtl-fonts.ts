// test/support/rtl-fonts.ts — OFL Noto Sans Hebrew and Arabic from npm, for right-to-left tests.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const b64 = (p: string) => readFileSync(require.resolve(p)).toString('base64');

export const NOTO_HEBREW_B64 = b64('@expo-google-fonts/noto-sans-hebrew/400Regular/NotoSansHebrew_400Regular.ttf');
export const NOTO_ARABIC_B64 = b64('@expo-google-fonts/noto-sans-arabic/400Regular/NotoSansArabic_400Regular.ttf');
