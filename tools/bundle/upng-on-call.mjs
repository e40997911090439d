// tools/bundle/upng-on-call.mjs — stands in for `@pdf-lib/upng` in the bundle (tsup.config.ts).
// pdf-lib imports UPNG for its own PNG embedder, and UPNG builds its inflate tables at load (~0.5 MB
// of heap in every process); quire reads PNG itself (engines/images/) and never calls pdf-lib's
// embedder, so UPNG is required, from beside pdf-lib, the first time pdf-lib calls it, if ever
// (bench/README.md, "table-10k, eighth wave: memory").
import { createRequire } from 'node:module';

let upng;
const real = () => {
  if (!upng) {
    const fromPdfLib = createRequire(createRequire(import.meta.url).resolve('pdf-lib'));
    const m = fromPdfLib('@pdf-lib/upng');
    upng = m.default ?? m;
  }
  return upng;
};
export default {
  decode: (...args) => real().decode(...args),
  toRGBA8: (...args) => real().toRGBA8(...args),
};
