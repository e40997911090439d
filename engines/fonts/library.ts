// engines/fonts/library.ts — the fonts the service holds (spec: "the hosted service … draws only on
// the fonts the service holds"; GET /health `faces`). OFL families installed by `npm ci` from the
// @expo-google-fonts packages; a description selects one with `fonts: [{name, library: "<face>"}]`.
// Files are read on first use and parsed once per process like any other font (face.ts cache).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** Face name (as a description writes it) → package file. Every family: regular, bold, italic, bold italic. */
export const LIBRARY_FACES: Readonly<Record<string, string>> = {
  noto_sans: '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
  noto_sans_bold: '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf',
  noto_sans_italic: '@expo-google-fonts/noto-sans/400Regular_Italic/NotoSans_400Regular_Italic.ttf',
  noto_sans_bold_italic: '@expo-google-fonts/noto-sans/700Bold_Italic/NotoSans_700Bold_Italic.ttf',
  noto_serif: '@expo-google-fonts/noto-serif/400Regular/NotoSerif_400Regular.ttf',
  noto_serif_bold: '@expo-google-fonts/noto-serif/700Bold/NotoSerif_700Bold.ttf',
  noto_serif_italic: '@expo-google-fonts/noto-serif/400Regular_Italic/NotoSerif_400Regular_Italic.ttf',
  noto_serif_bold_italic: '@expo-google-fonts/noto-serif/700Bold_Italic/NotoSerif_700Bold_Italic.ttf',
  source_code_pro: '@expo-google-fonts/source-code-pro/400Regular/SourceCodePro_400Regular.ttf',
  source_code_pro_bold: '@expo-google-fonts/source-code-pro/700Bold/SourceCodePro_700Bold.ttf',
  source_code_pro_italic: '@expo-google-fonts/source-code-pro/400Regular_Italic/SourceCodePro_400Regular_Italic.ttf',
  source_code_pro_bold_italic: '@expo-google-fonts/source-code-pro/700Bold_Italic/SourceCodePro_700Bold_Italic.ttf',
};

/**
 * The face human-readable text under a code is set in when it names no font (docs/reference.md,
 * "Codes"): monospaced, so an EAN-13's digits fill their seven-module slots evenly, and held by the
 * service, so it needs no licence and works in a hosted description.
 */
export const DEFAULT_CODE_FACE = 'source_code_pro';

/** Number of faces in the general library (GET /health `faces`): those whose file is installed. */
export function libraryFaceCount(): number {
  return Object.keys(LIBRARY_FACES).filter((f) => libraryFile(f) !== undefined).length;
}

const files = new Map<string, Uint8Array | null>();

/** The bytes of a library face, or undefined for a name the library does not hold (or a file not installed). */
export function libraryFile(face: string): Uint8Array | undefined {
  if (!Object.hasOwn(LIBRARY_FACES, face)) return undefined;
  let bytes = files.get(face);
  if (bytes === undefined) {
    try {
      bytes = new Uint8Array(readFileSync(require.resolve(LIBRARY_FACES[face])));
    } catch {
      bytes = null;
    }
    files.set(face, bytes);
  }
  return bytes ?? undefined;
}
