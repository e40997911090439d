// tools/deps.ts — the layering check (`npm run deps`, part of `npm test`): dependency-cruiser over ir/,
// engines/, passes/, src/, verifier/, tools/, bench/, test/ with the rules of .dependency-cruiser.cjs.
// Through dependency-cruiser's API because its command refuses Node 20 (its engines field wants ^22).
// Two cruises: the source graph, type-only imports included, for every direction rule; the compiled
// graph (types and imports used only as types gone, as tsc emits) for the run-time cycle rule alone,
// which is exact there: no type edge can hide a run-time cycle, no type edge makes one up.
//   tools/deps.ts [--json]   (--json: the violations as JSON on stdout)
import { existsSync } from 'node:fs';
import { cruise, type IConfiguration, type ICruiseResult, type IViolation } from 'dependency-cruiser';
import extractDepcruiseConfig from 'dependency-cruiser/config-utl/extract-depcruise-config';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';

const CONFIG = './.dependency-cruiser.cjs';
const PARTS = ['ir', 'engines', 'passes', 'src', 'verifier', 'tools', 'bench', 'test'];
const CYCLE_RULE = 'no-runtime-cycle';

async function run(config: IConfiguration): Promise<ICruiseResult> {
  const tsConfig = extractTSConfig(config.options?.tsConfig?.fileName ?? 'tsconfig.json');
  const options = { ...config.options, ruleSet: config, validate: true, outputType: 'json' as const };
  const out = await cruise(
    PARTS.filter((p) => existsSync(p)),
    options,
    {},
    { tsConfig },
  );
  return JSON.parse(out.output as string) as ICruiseResult;
}

function describe(v: IViolation): string {
  const path = v.cycle?.length ? [v.from, ...v.cycle.map((c) => c.name)].join(' → ') : `${v.from} → ${v.to}`;
  return `  ${v.rule.severity} ${v.rule.name}: ${path}`;
}

const config = (await extractDepcruiseConfig(CONFIG)) as IConfiguration;
const rules = config.forbidden ?? [];
const cycleRule = rules.find((r) => r.name === CYCLE_RULE);
if (!cycleRule || !('to' in cycleRule)) throw new Error(`${CONFIG} has no dependency rule named ${CYCLE_RULE}`);
const cycleTo = { ...cycleRule.to };
if ('viaOnly' in cycleTo) delete cycleTo.viaOnly; // the compiled graph has no type edges to exempt

const [source, compiled] = await Promise.all([
  run({ ...config, forbidden: rules.filter((r) => r !== cycleRule) }),
  run({
    ...config,
    forbidden: [{ ...cycleRule, to: cycleTo }],
    options: { ...config.options, tsPreCompilationDeps: false },
  }),
]);
const violations = [...source.summary.violations, ...compiled.summary.violations];

if (process.argv.includes('--json')) {
  process.stdout.write(`${JSON.stringify(violations, null, 2)}\n`);
} else {
  for (const v of violations) process.stdout.write(`${describe(v)}\n`);
  const byRule = new Map<string, number>();
  for (const v of violations) byRule.set(v.rule.name, (byRule.get(v.rule.name) ?? 0) + 1);
  const counts = [...byRule].map(([rule, n]) => `${rule} ${n}`).join(', ');
  const { totalCruised, totalDependenciesCruised } = source.summary;
  process.stdout.write(
    violations.length === 0
      ? `layering: no violations (${totalCruised} modules, ${totalDependenciesCruised} imports)\n`
      : `layering: ${violations.length} violations (${counts}); the rules: ${CONFIG}\n`,
  );
}
process.exitCode = violations.some((v) => v.rule.severity === 'error') ? 1 : 0;
