// tools/bundle/lazy-upng.mjs — stands in for `@pdf-lib/upng` where pdf-lib's PNG reader imports it in
// the bundle (tsup.config.ts). UPNG builds its inflate and CRC tables when it loads (~5–25 ms of a
// fresh process), and pdf-lib imports it at load for `embedPng`, which a render calls only for a PNG
// pdf-lib decodes. Same contract for the two functions pdf-lib calls: the real module is bundled as
// it is and run on the first call (a `require` inside the function, which esbuild turns into that
// module's lazy initialiser).
let upng;
const load = () => {
  upng ??= require('@pdf-lib/upng/UPNG.js').default;
  return upng;
};

export default {
  decode: (...args) => load().decode(...args),
  toRGBA8: (...args) => load().toRGBA8(...args),
};
