// src/version.ts — the build number every answer carries in `x-svc-version` and /health gives as
// `version` (spec: Versioning 1). It is the package version, plus `+<short commit>` when one is known:
// `QUIRE_COMMIT` from the environment wins; otherwise `git rev-parse --short HEAD` run in the package
// directory, once at startup. Any failure falls back silently to the bare package version.
//
// package.json is found by walking upward from this module's own file for a package.json named
// "quire", so the same code works from `src/version.ts` (tsx, vitest) and from a bundled
// `dist/*.js` (tsup), whose directories sit at different depths.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

interface PackageInfo {
  dir: string;
  version: string;
}

/** The directory and version of the nearest enclosing package.json named "quire", or undefined. */
export function findPackage(from: string): PackageInfo | undefined {
  let dir = from;
  for (;;) {
    const file = join(dir, 'package.json');
    try {
      if (existsSync(file)) {
        const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: unknown; version?: unknown };
        if (pkg.name === 'quire' && typeof pkg.version === 'string') return { dir, version: pkg.version };
      }
    } catch {
      // an unreadable package.json on the way up is not ours; keep climbing
    }
    const up = dirname(dir);
    if (up === dir) return undefined;
    dir = up;
  }
}

/** The short commit: `QUIRE_COMMIT`, else git in the package directory, else undefined. */
function findCommit(dir: string | undefined, env: NodeJS.ProcessEnv): string | undefined {
  const given = env.QUIRE_COMMIT?.trim();
  if (given) return given;
  // Only ask git when the package directory is itself a checkout (has its own .git, file or
  // folder): an installed copy inside somebody else's repository must not report their commit.
  if (dir === undefined || !existsSync(join(dir, '.git'))) return undefined;
  try {
    const out = execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      cwd: dir,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      timeout: 2000,
      windowsHide: true,
    }).trim();
    return /^[0-9a-f]{4,40}$/i.test(out) ? out : undefined;
  } catch {
    return undefined; // no git, no commits yet, not a repository: fail silently
  }
}

/** Builds the build number from a starting directory and an environment (exported for tests). */
export function buildNumber(from: string, env: NodeJS.ProcessEnv = process.env): string {
  const pkg = findPackage(from);
  const version = pkg?.version ?? '0.0.0';
  const commit = findCommit(pkg?.dir, env);
  return commit ? `${version}+${commit}` : version;
}

function here(): string {
  try {
    return dirname(fileURLToPath(import.meta.url));
  } catch {
    return process.cwd();
  }
}

/** The build number of this service, computed once at startup. */
export const BUILD: string = buildNumber(here());
