// test/dockerfile.test.ts — the image's file set, proved without a Docker daemon: the build stage is
// replayed in an empty folder holding exactly what its COPY lines name (node_modules linked in place
// of the install steps), its other RUN lines run as written, the runtime stage gets exactly what its
// COPY --from lines take, and its CMD, under the Dockerfile's ENV, serves /health and renders a PDF
// (pdftotext reads it). A source folder the Dockerfile forgets fails here, not at `docker build`.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');

interface Stage {
  name: string;
  from: string;
  lines: string[];
}

/** The Dockerfile's stages, each with its instructions (continuation lines joined, comments dropped). */
function stagesOf(text: string): Stage[] {
  const lines = text
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
  const stages: Stage[] = [];
  for (const l of lines) {
    const from = /^FROM\s+(\S+)(?:\s+AS\s+(\S+))?/i.exec(l);
    if (from) stages.push({ from: from[1], name: from[2] ?? String(stages.length), lines: [] });
    else stages.at(-1)?.lines.push(l);
  }
  return stages;
}

/** Steps that install packages: the test links the project's node_modules instead of running them. */
const INSTALLS = /^(apt-get |npm ci\b|npm prune\b|npm rebuild\b)/;
/**
 * The steps the test runs as written, on this machine: only these, so a RUN line it does not know
 * (which could touch the system: `rm -rf /var/lib/apt/lists/*`) fails the test instead of running.
 */
const REPLAYED = ['QUIRE_NO_DTS=1 npx tsup'];

let dir: string;
let server: ChildProcess | undefined;
let url: string;
const stages = stagesOf(readFileSync(join(root, 'Dockerfile'), 'utf8'));

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'quire-docker-'));
  const ctx: Record<string, string> = {};
  const workdirs: Record<string, string> = {};
  for (const stage of stages) {
    const fs = join(dir, stage.name);
    let workdir = fs;
    const env: Record<string, string> = {};
    for (const line of stage.lines) {
      const [op, ...rest] = line.split(/\s+/);
      const arg = line.slice(op.length).trim();
      if (op === 'WORKDIR') {
        workdir = join(fs, arg);
        mkdirSync(workdir, { recursive: true });
      } else if (op === 'ENV') {
        for (const m of arg.matchAll(/(\w+)=(\S*)/g)) env[m[1]] = m[2].startsWith('$') ? '' : m[2];
      } else if (op === 'COPY') {
        const fromFlag = rest[0]?.startsWith('--from=') ? rest.shift()!.slice('--from='.length) : undefined;
        const dest = rest.pop()!;
        for (const src of rest) {
          const source = fromFlag ? join(dir, fromFlag, src) : join(root, src);
          const target =
            dest.endsWith('/') || rest.length > 1 ? join(workdir, dest, src.split('/').pop()!) : join(workdir, dest);
          mkdirSync(dirname(target), { recursive: true });
          cpSync(source, target, { recursive: true, verbatimSymlinks: true });
        }
      } else if (op === 'RUN') {
        if (arg.startsWith('apt-get ')) continue; // the system toolchain of the build stage
        for (const step of arg.split('&&').map((s) => s.trim())) {
          if (INSTALLS.test(step)) {
            if (step.startsWith('npm ci') && !existsSync(join(workdir, 'node_modules')))
              symlinkSync(join(root, 'node_modules'), join(workdir, 'node_modules'));
            continue;
          }
          if (!REPLAYED.includes(step)) throw new Error(`the test does not know the Dockerfile step "${step}"`);
          execFileSync('sh', ['-c', step], { cwd: workdir, env: { ...process.env, ...env }, stdio: 'pipe' });
        }
      } else if (op === 'CMD') {
        ctx.cmd = arg;
        ctx.cwd = workdir;
        ctx.env = JSON.stringify(env);
      }
    }
    workdirs[stage.name] = workdir;
  }
  const [command, ...args] = JSON.parse(ctx.cmd) as string[];
  expect(command).toBe('node');
  // the Dockerfile's ENV, but a free port on loopback (no container network here)
  const env = { ...process.env, ...(JSON.parse(ctx.env) as Record<string, string>), HOST: '127.0.0.1', PORT: '0' };
  server = spawn(process.execPath, args, { cwd: ctx.cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  url = await new Promise<string>((resolve, reject) => {
    let out = '';
    let err = '';
    server!.stderr!.on('data', (c: Buffer) => {
      err += c;
    });
    server!.stdout!.on('data', (c: Buffer) => {
      out += c;
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) resolve(m[1]);
    });
    server!.once('exit', (code) => reject(new Error(`the image's CMD exited ${code}: ${out}${err}`)));
  });
}, 240_000);

afterAll(() => {
  server?.kill('SIGKILL');
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('Dockerfile', () => {
  it('builds on a maintained Node LTS in both stages', () => {
    expect(stages.map((s) => s.name)).toEqual(['build', 'runtime']);
    for (const s of stages) expect(s.from).toMatch(/^node:(22|24)-/);
  });

  it("serves /health from the runtime stage's files alone", async () => {
    // The image warms its render workers first (issue 20, docs/reference.md "Warm-up"): /health
    // answers 503 `warming: true` until they have, as a readiness probe would see it, then 200.
    const deadline = Date.now() + 60_000;
    let r = await fetch(`${url}/health`);
    while (r.status === 503 && Date.now() < deadline) {
      expect(((await r.json()) as { warming: boolean }).warming).toBe(true);
      await new Promise((done) => setTimeout(done, 200));
      r = await fetch(`${url}/health`);
    }
    expect(r.status).toBe(200);
    const health = (await r.json()) as { faces: number; warming: boolean };
    expect(health.faces).toBe(12);
    expect(health.warming).toBe(false);
  }, 90_000);

  it('renders examples/hosted.json (library fonts) to a PDF pdftotext reads', async () => {
    const form = new FormData();
    form.set('json_data', new Blob([readFileSync(join(root, 'examples', 'hosted.json'))]), 'hosted.json');
    const r = await fetch(`${url}/render`, { method: 'POST', body: form });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/pdf');
    const file = join(dir, 'out.pdf');
    writeFileSync(file, new Uint8Array(await r.arrayBuffer()));
    expect(execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' })).toContain('Hello from quire, hosted');
  });
});
