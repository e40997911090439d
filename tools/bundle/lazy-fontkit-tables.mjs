// tools/bundle/lazy-fontkit-tables.mjs — rewrites fontkit's module (dist/module.mjs) and that of
// unicode-properties, which fontkit imports, as the bundle reads them (tsup.config.ts `shims`): the
// Unicode tables and state machines of fontkit's Arabic, Indic and Universal shapers, and
// unicode-properties' table, are built the first time something asks for them, not when the module
// loads. At load they decoded four base64 tries, unpacked them and built two state machines from
// their JSON, for shapers (and fontkit's own layout) a plain Latin render never runs (bench/README.md,
// "Start-up, eighth wave", second round).
// Each `const X = new (0, trie or dfa)(…)` becomes an object with the one method fontkit calls on it
// (`get` on a trie, `match` on a state machine) that builds the real one on first call: the same
// arguments, the same results. Anything else than the expected number of lines (five in fontkit, one
// in unicode-properties) fails the build, so an upgrade that moves them is seen, not silently left eager.
const LINE = /^const (\$\w+\$var\$(trie|stateMachine)) = (new \(0, \$\w+\$(unicodetrie|dfa)\)\(.*\));$/gm;
export const EXPECTED = 5;

/** fontkit's module source (or unicode-properties', `expected` 1) with its tables made on first use. */
export function lazyShaperTables(source, expected = EXPECTED) {
  let n = 0;
  const out = source.replace(LINE, (_all, name, kind, make, ctor) => {
    const method = kind === 'trie' ? 'get' : 'match';
    if ((ctor === 'unicodetrie') !== (method === 'get')) throw new Error(`fontkit: ${name} is not what it was`);
    n++;
    return `let ${name}$made; const ${name} = { ${method}: (a) => (${name}$made ??= ${make}).${method}(a) };`;
  });
  if (n !== expected) throw new Error(`fontkit's module: ${n} tables found where ${expected} were expected`);
  return out;
}
