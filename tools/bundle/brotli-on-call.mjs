// tools/bundle/brotli-on-call.mjs — stands in for `brotli/decompress.js` in the bundle (tsup.config.ts).
// fontkit imports brotli's 800 KB JavaScript decoder at load, for WOFF2 files only; quire unpacks
// WOFF2 itself (engines/fonts/web-font.ts, Node's zlib) before fontkit sees a font, so the decoder is
// required the first time fontkit calls it, if ever.
import { createRequire } from 'node:module';

let decompress;
export default (...args) => {
  decompress ??= createRequire(import.meta.url)('brotli/decompress.js');
  return decompress(...args);
};
