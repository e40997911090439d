// test/support/postgres.ts — a throw-away PostgreSQL server on loopback for the hosted store's tests:
// Debian's postgresql binaries (tools/install-test-deps.sh installs them), a cluster in a temporary
// directory owned by the `postgres` user (initdb refuses root), trust authentication on 127.0.0.1.
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface TestPostgres {
  url: string;
  stop(): void;
}

function binDir(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
  for (const v of versions) if (existsSync(join(root, v, 'bin', 'initdb'))) return join(root, v, 'bin');
  return undefined;
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

/** Why PostgreSQL tests cannot run here, or undefined when they can. */
export function postgresUnavailable(): string | undefined {
  if (!binDir())
    return "no PostgreSQL binaries under /usr/lib/postgresql (tools/install-test-deps.sh installs Debian's postgresql)";
  if (process.getuid?.() !== 0 && spawnSync('id', ['-u']).stdout.toString().trim() !== '0') {
    return 'the test starts its cluster as the postgres user, which needs root';
  }
  if (spawnSync('id', ['postgres']).status !== 0) return 'no postgres user on this machine';
  return undefined;
}

export async function startPostgres(): Promise<TestPostgres> {
  const bin = binDir()!;
  const dir = mkdtempSync(join(tmpdir(), 'quire-pg-'));
  const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
  chownSync(dir, uid, gid);
  const asPg = (cmd: string, args: string[]) =>
    execFileSync('runuser', ['-u', 'postgres', '--', join(bin, cmd), ...args], { stdio: 'pipe' });
  asPg('initdb', ['-D', join(dir, 'data'), '-A', 'trust', '-U', 'quire', '--no-sync']);
  const port = await freePort();
  asPg('pg_ctl', [
    '-D',
    join(dir, 'data'),
    '-l',
    join(dir, 'log'),
    '-w',
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`,
    'start',
  ]);
  return {
    url: `postgres://quire@127.0.0.1:${port}/postgres`,
    stop() {
      try {
        asPg('pg_ctl', ['-D', join(dir, 'data'), '-m', 'immediate', 'stop']);
      } catch {
        /* already gone */
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
