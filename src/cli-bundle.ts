// src/cli-bundle.ts — the entry of dist/cli-bundle.cjs: the whole command line (src/cli.ts and every
// module its commands import, the render pipeline and the verifier among them) as one CommonJS
// script, which dist/cli.js runs through src/cli-code-cache.ts with V8's compiled code kept between
// processes (Node 20 has no compile cache for ES modules: bench/README.md, "Start-up, seventh wave").
// tsup.config.ts builds it after the ES module bundle; dependencies stay `require`d from node_modules.
export { main } from './cli.js';
