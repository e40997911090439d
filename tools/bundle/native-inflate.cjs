// tools/bundle/native-inflate.cjs — stands in for `tiny-inflate` where unicode-trie imports it in
// the bundle (tsup.config.ts). Every fontkit, unicode-properties and linebreak import unpacks a
// Unicode table (raw deflate, twice) at load; tiny-inflate does it in JavaScript the process has not
// yet optimised (~100 ms of a cold `quire render`), Node's zlib in native code. Same contract as
// tiny-inflate: inflate `source` into `dest`; `dest` itself when filled, else a copy of what was written.
// CommonJS, as unicode-trie requires it; zlib through getBuiltinModule (Node 20.16+), which the
// bundle's ES module output turns into no `require` of its own
const { inflateRawSync } = process.getBuiltinModule('node:zlib');

module.exports = function inflate(source, dest) {
  const out = inflateRawSync(source);
  const n = Math.min(out.length, dest.length);
  dest.set(n === out.length ? out : out.subarray(0, n));
  return n < dest.length ? dest.slice(0, n) : dest;
};
