// tools/bundle/lazy-encodings.mjs — stands in for `./Encoding` where @pdf-lib/standard-fonts' index
// imports it in the bundle (tsup.config.ts). The module inflates its 180 KB table of the Symbol,
// ZapfDingbats and WinAnsi encodings with pako (JavaScript) when it loads, and pdf-lib imports it at
// load for its standard-font embedder, which quire never calls (engines/fonts/standard-face.ts reads
// the package itself on first use): ~10–30 ms of every fresh process (bench/README.md, "Start-up,
// eighth wave"). Same export, the same objects: the real module is bundled as it is and run the first
// time an encoding is asked for (a `require` inside a getter, which esbuild turns into that module's
// lazy initialiser).
let encodings;
const load = () => {
  encodings ??= require('@pdf-lib/standard-fonts/es/Encoding.js').Encodings;
  return encodings;
};

export const Encodings = {
  get Symbol() {
    return load().Symbol;
  },
  get ZapfDingbats() {
    return load().ZapfDingbats;
  },
  get WinAnsi() {
    return load().WinAnsi;
  },
};
