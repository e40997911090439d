// .dependency-cruiser.cjs — the layering of quire, checked by `npm run deps` (tools/deps.ts) inside `npm test`.
// Parts and the only allowed directions (docs/architecture.md, issue 22):
//   ir/ ← engines/ ← passes/<pass-id>/ ← src/ ;  verifier/ → ir/ (engines/ only if unavoidable) ;
//   tools/, bench/, test/ and *.test.ts files may import anything.
// Every import counts, type-only ones included (`import type`, `import { type X }`, inline `import('…').X`):
// a type taken from a higher layer ties the layers as surely as a value does. Only the cycle rule
// looks at run-time imports alone (see no-runtime-cycle).
/** The pass ids: passes/<pass-id>/ is one pass, its sub-steps by area inside; = tools/explain's words. */
const PASS_IDS = ['names', 'cross-refusals', 'licences', 'pagination', 'layout', 'dedupe', 'emit'];
/** Test files live beside their modules too (ir/json-reader.test.ts): they are as free as test/. */
const TEST_FILE = '\\.test\\.ts$';
/** Dependency types a compiled module no longer has: types, and imports used only as types. */
const TYPE_ONLY = ['type-only', 'type-import', 'pre-compilation-only'];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-runtime-cycle',
      comment:
        'An import cycle that survives compilation: module evaluation order decides who sees undefined. ' +
        'Cycles through type-only imports are exempt (they vanish at run time). tools/deps.ts checks this rule ' +
        'on the compiled graph alone (exact: an import used only as a type is gone there too, and a type edge ' +
        'cannot hide a run-time cycle); a bare `depcruise` run applies it as written here.',
      severity: 'error',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: TYPE_ONLY } },
    },
    {
      name: 'ir-imports-only-ir',
      comment: 'ir/ is the bottom layer: the description, its words and the interfaces passes implement.',
      severity: 'error',
      from: { path: '^ir/', pathNot: TEST_FILE },
      to: { path: '^(engines|passes|src|verifier|tools|bench|test)/' },
    },
    {
      name: 'engines-import-only-ir',
      comment: 'engines/ is machinery no single pass owns; it uses the IR and its own kind, never a pass or a face.',
      severity: 'error',
      from: { path: '^engines/', pathNot: TEST_FILE },
      to: { path: '^(passes|src|verifier|tools|bench|test)/' },
    },
    {
      name: 'passes-not-to-faces',
      comment: 'passes/ use engines/ and ir/ only; src/ maps its client settings into ir/ words.',
      severity: 'error',
      from: { path: '^passes/', pathNot: TEST_FILE },
      to: { path: '^(src|verifier|tools|bench|test)/' },
    },
    {
      name: 'verifier-not-to-passes-or-faces',
      comment: 'The verifier reads PDFs and the IR; it judges the passes, so it never borrows from them or from src/.',
      severity: 'error',
      from: { path: '^verifier/', pathNot: TEST_FILE },
      to: { path: '^(passes|src|tools|bench|test)/' },
    },
    {
      name: 'pass-not-to-other-pass',
      comment:
        'A pass folder uses its own sub-steps, passes/pass.ts and engines/; what two passes share belongs in ' +
        'engines/ or ir/. (passes/index.ts, the one list of the order, imports every pass.)',
      severity: 'error',
      from: { path: '^passes/([^/]+)/', pathNot: TEST_FILE },
      to: { path: '^passes/[^/]+/', pathNot: '^passes/$1/' },
    },
    {
      name: 'pass-folder-is-a-pass-id',
      comment: `passes/ holds one folder per pass, named by its id (${PASS_IDS.join(', ')}), plus pass.ts and index.ts.`,
      severity: 'error',
      from: {},
      to: { path: '^passes/', pathNot: `^passes/((${PASS_IDS.join('|')})/|pass\\.ts$|index\\.ts$)` },
    },
    {
      name: 'not-to-unresolvable',
      comment: 'An import the check cannot resolve is an import it cannot judge.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // type-only imports are in the graph (marked type-only / type-import); tools/deps.ts cruises the
    // run-time graph (false: types compiled away, imports used only as types elided) for the cycle rule
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    detectJSDocImports: false,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    skipAnalysisNotInRules: true,
  },
};
