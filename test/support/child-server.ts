// test/support/child-server.ts — runs `node dist/cli.js serve` as a child process on a free port,
// reads its URL from the first line it prints and keeps its JSON log lines, for tests that check the
// server as an operator runs it (workers, limits, signals).
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const CLI = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));

export interface ChildServer {
  url: string;
  child: ChildProcess;
  /** Log lines (parsed JSON) written so far. */
  logs: Record<string, unknown>[];
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  stop(): Promise<void>;
}

export async function startChildServer(args: string[] = [], env: Record<string, string> = {}): Promise<ChildServer> {
  return startChild(['serve', '--port', '0', '--host', '127.0.0.1', ...args], env);
}

/** The hosted front (`quire hosted`) as a child process. */
export async function startChildFront(args: string[] = [], env: Record<string, string> = {}): Promise<ChildServer> {
  return startChild(['hosted', '--port', '0', '--host', '127.0.0.1', ...args], env);
}

/** Any `quire` command that prints "listening on <url>" once it serves. */
export async function startChild(
  args: string[],
  env: Record<string, string> = {},
  /** How long it may take to print its address (a loaded machine starts slowly). */
  startMs = 45_000,
): Promise<ChildServer> {
  const child = spawn(process.execPath, [CLI, ...args], {
    // No warm-up renders unless a test asks (src/warm-up.ts): each would cost every child server seconds of CPU.
    env: { ...process.env, PORT: '', HOST: '', QUIRE_WARM_UP: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: Record<string, unknown>[] = [];
  let errText = '';
  child.stderr!.setEncoding('utf8');
  child.stderr!.on('data', (chunk: string) => {
    errText += chunk;
    let nl: number;
    while ((nl = errText.indexOf('\n')) >= 0) {
      const line = errText.slice(0, nl);
      errText = errText.slice(nl + 1);
      try {
        logs.push(JSON.parse(line) as Record<string, unknown>);
      } catch {
        logs.push({ text: line });
      }
    }
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`server did not start: ${out} ${errText}`)), startMs);
    child.stdout!.setEncoding('utf8');
    child.stdout!.on('data', (chunk: string) => {
      out += chunk;
      const m = /listening on (http:\/\/\S+|unix:\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited ${code}: ${out} ${errText}`));
    });
  });
  return {
    url,
    child,
    logs,
    exited,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}

/** A description that takes a few seconds to draw (2 000 rects on each of 600 pages), for busy-worker tests. */
export function slowDescription(items = 2000, pages = 600): string {
  const list: unknown[] = [];
  for (let i = 0; i < items; i++) {
    list.push({
      type: 'rect',
      rect: { llx: i % 500, lly: (i * 7) % 800, urx: (i % 500) + 3, ury: ((i * 7) % 800) + 3 },
      fill: [i % 2, 0.2, 0.3],
      pages: [],
    });
  }
  list.push({ type: 'rect', rect: { llx: 0, lly: 0, urx: 1, ury: 1 }, pages: [pages] });
  return JSON.stringify({ items: list });
}

/**
 * A render that outlasts any short limit a test sets (about 5.8 s and 0.8 GB on a quiet machine, so
 * it is always cut first): for tests that need a render still running at a deadline (time limit,
 * grace period, the front's wait). slowDescription() alone takes ~1.1 s now, too close to those.
 */
export function verySlowDescription(): string {
  return slowDescription(6000, 1000);
}

export const SMALL_DESCRIPTION = JSON.stringify({
  items: [{ type: 'rect', rect: { llx: 10, lly: 10, urx: 100, ury: 100 }, fill: [1, 0, 0] }],
});
