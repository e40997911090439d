// test/readme.test.ts — README cannot drift from the product: every ```sh block of README.md runs as
// written, in order, in a fresh `git clone` of this repository in a temporary folder (so only what is
// committed counts), and the ```ts block runs with tsx against the package as it builds there. A
// comment line before a block steers it:
//   <!-- readme-test: serves URL -->   the block keeps running (a server): started in the background,
//                                      awaited until URL answers 200, stopped when the test ends
//   <!-- readme-test: skip: WHY -->    not run here (the test command itself; Docker, which has its
//                                      own test/dockerfile.test.ts)
// Blocks run with `bash -e` in the clone's root; whatever a block leaves running in the
// background (`… &`) is stopped with its process group at the end.
// The install step: `npm ci` in a block is left out while the clone's node_modules can be linked to
// this checkout's (`npm ci` fetches and unpacks ~600 MB: minutes of CPU the rest of the suite wants);
// QUIRE_README_INSTALL=1 runs it as written instead.
// The blocks use the README's fixed ports 8080 and 8090: the test stops with a clear message when
// either is taken rather than talking to someone else's server.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');
const INSTALL = process.env.QUIRE_README_INSTALL === '1';

interface Block {
  lang: string;
  code: string;
  directive?: string;
}

/** The fenced blocks of a Markdown text, each with the readme-test comment just before it. */
function readmeBlocks(markdown: string): Block[] {
  const blocks: Block[] = [];
  const re = /(?:<!--\s*readme-test:\s*(.*?)\s*-->\n)?```(\w+)\n([\s\S]*?)```/g;
  for (const m of markdown.matchAll(re)) blocks.push({ directive: m[1], lang: m[2], code: m[3] });
  return blocks;
}

function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = createServer();
    s.once('error', () => resolve(false));
    s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
  });
}

let dir: string;
let clone: string;
let blocks: Block[] = [];
const running: ChildProcess[] = [];
const env: NodeJS.ProcessEnv = Object.fromEntries(
  Object.entries(process.env).filter(([k]) => !/^(PORT|HOST|QUIRE_.*|NODE_OPTIONS|VITEST.*)$/.test(k)),
);

/** Runs a block in its own process group; resolves with its exit code and output. */
function run(code: string): Promise<{ status: number | null; out: string }> {
  const child = spawn('bash', ['-e', '-c', code], { cwd: clone, env, detached: true });
  running.push(child);
  let out = '';
  child.stdout.on('data', (c: Buffer) => {
    out += c;
  });
  child.stderr.on('data', (c: Buffer) => {
    out += c;
  });
  // 'exit', not 'close': a server the block leaves running in the background holds its output open
  return new Promise((resolve) => child.once('exit', (status) => resolve({ status, out })));
}

async function serve(code: string, url: string): Promise<void> {
  const child = spawn('bash', ['-e', '-c', code], { cwd: clone, env, detached: true, stdio: 'pipe' });
  running.push(child);
  let out = '';
  child.stdout.on('data', (c: Buffer) => {
    out += c;
  });
  child.stderr.on('data', (c: Buffer) => {
    out += c;
  });
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });
  for (let i = 0; i < 600; i++) {
    if (exited) throw new Error(`the block ended before ${url} answered:\n${out}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer:\n${out}`);
}

function pdfText(file: string): string {
  return execFileSync('pdftotext', [join(clone, file), '-'], { encoding: 'utf8' });
}

beforeAll(async () => {
  for (const port of [8080, 8090])
    if (!(await portFree(port)))
      throw new Error(`port ${port} is taken: README's blocks use it; stop whatever listens there`);
  dir = mkdtempSync(join(tmpdir(), 'quire-readme-'));
  clone = join(dir, 'quire');
  execFileSync('git', ['clone', '--quiet', '--no-hardlinks', root, clone]);
  if (!INSTALL) symlinkSync(join(root, 'node_modules'), join(clone, 'node_modules'));
  blocks = readmeBlocks(readFileSync(join(clone, 'README.md'), 'utf8'));
}, 120_000);

afterAll(() => {
  for (const c of running)
    try {
      process.kill(-c.pid!, 'SIGKILL');
    } catch {
      // the group has ended
    }
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('README', () => {
  it('runs every shell block as written, in order', { timeout: 600_000 }, async () => {
    const shell = blocks.filter((b) => b.lang === 'sh');
    expect(shell.length).toBeGreaterThanOrEqual(6);
    const skipped: string[] = [];
    for (const b of shell) {
      const code = INSTALL ? b.code : b.code.replace(/\bnpm ci && /g, '');
      const serves = /^serves (\S+)$/.exec(b.directive ?? '');
      if (b.directive?.startsWith('skip:')) skipped.push(b.code.split('\n')[0]);
      else if (serves) await serve(code, serves[1]);
      else {
        const r = await run(code);
        expect(r.status, `block failed:\n${b.code}\n${r.out}`).toBe(0);
      }
    }
    // not run here, each for its reason in the README: the test command itself (it runs this test),
    // Docker (no daemon; test/dockerfile.test.ts replays the Dockerfile), the fleet's fronts (they
    // name a PostgreSQL host and other machines; test/fleet.test.ts runs the same flags on loopback)
    // and Kubernetes (no cluster; test/deploy.test.ts validates the manifests)
    expect(skipped).toEqual([
      'sh tools/install-test-deps.sh && npm ci && npm test',
      'docker build --build-arg QUIRE_COMMIT=$(git rev-parse --short HEAD) -t quire .',
      'node dist/cli.js hosted --database postgres://quire@db/quire --render-dns render.internal:8080',
      'kubectl create namespace quire',
    ]);
    expect(pdfText('hello.pdf')).toContain('Hello from quire');
    expect(execFileSync('pdfdetach', ['-list', join(clone, 'invoice.pdf')], { encoding: 'utf8' })).toContain(
      'factur-x.xml',
    );
    expect(pdfText('document.pdf')).toContain('Hello from quire, hosted');
    // the data folder the quick start made is ignored by git
    expect(existsSync(join(clone, 'quire-data'))).toBe(true);
    expect(execFileSync('git', ['status', '--porcelain', '--', 'quire-data'], { cwd: clone, encoding: 'utf8' })).toBe(
      '',
    );
  });

  it('runs the code example against the package built in the clone', { timeout: 120_000 }, async () => {
    const ts = blocks.filter((b) => b.lang === 'ts');
    expect(ts).toHaveLength(1);
    writeFileSync(join(clone, 'readme-example.mts'), ts[0].code);
    const r = await run('node_modules/.bin/tsx readme-example.mts');
    expect(r.status, r.out).toBe(0);
    expect(r.out).toMatch(/^1 page\(s\), \d+ finding\(s\)\n$/);
    expect(pdfText('from-code.pdf')).toContain('Hello');
  });
});
