// test/package.test.ts — the package as a user gets it: `npm pack` (the built dist/ of `npm test`),
// the tarball installed into an empty project with `--omit=optional`, then `import { render } from
// 'quire'` renders (pdftotext reads the page) with no native module installed, the JSON Schema is
// importable as `quire/schema.json`, the types reach TypeScript through `exports` (a misspelt key is a
// compile error) and the hosted front, whose drivers are optional, says which package it lacks.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');
const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
let dir: string;
let app: string;
let files: string[];

/** Runs a script as a module file of the app, as a user's program would. */
function node(script: string): { code: number; out: string; err: string } {
  writeFileSync(join(app, 'script.mjs'), script);
  const r = spawnSync(process.execPath, ['script.mjs'], { cwd: app, encoding: 'utf8' });
  return { code: r.status ?? -1, out: r.stdout, err: r.stderr };
}

beforeAll(() => {
  for (const f of ['index.js', 'index.d.ts', 'server.d.ts', 'hosted.d.ts', 'async-worker.js'])
    if (!existsSync(join(root, 'dist', f))) throw new Error(`dist/${f} is missing: run npm run build first`);
  dir = mkdtempSync(join(tmpdir(), 'quire-pack-'));
  // --ignore-scripts: `prepare` would build again; npm test has just built dist/
  const packed = JSON.parse(
    execFileSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', dir], {
      cwd: root,
      encoding: 'utf8',
    }),
  ) as { filename: string; files: { path: string }[] }[];
  files = packed[0].files.map((f) => f.path);
  app = join(dir, 'app');
  mkdirSync(app);
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'app', private: true, type: 'module' }));
  execFileSync(
    'npm',
    ['install', '--omit=optional', '--prefer-offline', '--no-audit', '--no-fund', join(dir, packed[0].filename)],
    { cwd: app, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
  );
}, 300_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('npm pack', () => {
  it('holds dist with its types, the schema, the licence and no source maps or tests', () => {
    for (const f of ['dist/index.js', 'dist/index.d.ts', 'dist/cli.js', 'schema/description.schema.json', 'LICENSE'])
      expect(files).toContain(f);
    expect(files.filter((f) => f.endsWith('.map') || f.endsWith('.test.ts') || f.startsWith('src/'))).toEqual([]);
    const pkg = JSON.parse(readFileSync(join(app, 'node_modules', 'quire', 'package.json'), 'utf8'));
    expect(pkg.private).toBeUndefined();
    expect(pkg.license).toBe('Apache-2.0');
  });

  it('installs with --omit=optional without any native module', () => {
    const nm = join(app, 'node_modules');
    expect(existsSync(join(nm, 'better-sqlite3'))).toBe(false);
    expect(existsSync(join(nm, 'pg'))).toBe(false);
    const native = (readdirSync(nm, { recursive: true }) as string[]).filter((f) => f.endsWith('.node'));
    expect(native).toEqual([]);
  });

  it("import { render } from 'quire' renders a page pdftotext reads, sync and async alike", () => {
    const r = node(`
      import { render, renderAsync } from 'quire';
      import { writeFileSync } from 'node:fs';
      const description = {
        fonts: [{ name: 'Body', library: 'noto_sans' }],
        items: [{ type: 'text', rect: { llx: 72, lly: 600, urx: 500, ury: 700 }, content: ['Installed from the tarball'], font: 'Body', font_size: 20 }],
      };
      const now = new Date('2026-01-01T00:00:00Z');
      const out = render({ description, now });
      if (!out.ok) throw new Error(out.sentence);
      writeFileSync('out.pdf', out.pdf);
      const later = await renderAsync({ description, now });
      console.log(JSON.stringify({ pages: out.pages, same: later.ok && Buffer.compare(later.pdf, out.pdf) === 0 }));
    `);
    expect(r.err).toBe('');
    expect(JSON.parse(r.out)).toEqual({ pages: 1, same: true });
    const text = execFileSync('pdftotext', [join(app, 'out.pdf'), '-'], { encoding: 'utf8' });
    expect(text).toContain('Installed from the tarball');
  });

  it('quire render (the bin, run from dist/cli-bundle.cjs with a code cache) writes the bytes render() gives', () => {
    expect(files).toContain('dist/cli-bundle.cjs');
    const description = {
      fonts: [{ name: 'Body', library: 'noto_sans' }],
      items: [
        {
          type: 'text',
          rect: { llx: 72, lly: 600, urx: 500, ury: 700 },
          content: ['From the bin'],
          font: 'Body',
          font_size: 20,
        },
      ],
    };
    writeFileSync(join(app, 'desc.json'), JSON.stringify(description));
    const bin = join(app, 'node_modules', '.bin', 'quire');
    const env = { ...process.env, QUIRE_CACHE_DIR: join(dir, 'code-cache') };
    for (const out of ['cold.pdf', 'cached.pdf']) {
      const r = spawnSync(bin, ['render', 'desc.json', '-o', out, '--now', '2026-01-01T00:00:00Z'], {
        cwd: app,
        env,
        encoding: 'utf8',
      });
      expect(r.status, r.stderr).toBe(0);
    }
    const cached = readdirSync(join(dir, 'code-cache'));
    expect(cached.filter((f) => f.startsWith('cli-'))).toEqual([
      expect.stringMatching(/^cli-render-[0-9a-f]{40}\.v8$/),
    ]);
    expect(cached.filter((f) => f.startsWith('ajv-')).length).toBeGreaterThan(0); // the validators it used
    const r = node(`
      import { render } from 'quire';
      import { readFileSync } from 'node:fs';
      const out = render({ description: JSON.parse(readFileSync('desc.json', 'utf8')), now: new Date('2026-01-01T00:00:00Z') });
      console.log(['cold.pdf', 'cached.pdf'].map((f) => Buffer.compare(readFileSync(f), out.pdf) === 0).join(' '));
    `);
    expect(r.err).toBe('');
    expect(r.out.trim()).toBe('true true');
  });

  it('ships the JSON Schema as quire/schema.json', () => {
    const r = node(`
      import schema from 'quire/schema.json' with { type: 'json' };
      console.log(schema.title, Object.keys(schema.properties).includes('items'));
    `);
    expect(r.out.trim()).toBe('quire description true');
  });

  it('the hosted front names the optional driver it lacks; the server loads without one', () => {
    const r = node(`
      const { openStore } = await import('quire/hosted');
      const { createServer } = await import('quire/server');
      console.log(typeof createServer);
      try { await openStore({ dataDir: 'data' }); } catch (e) { console.log(e.message); }
    `);
    expect(r.out).toBe(
      'function\nthe hosted store needs the optional package better-sqlite3, which is not installed (npm install better-sqlite3)\n',
    );
  });

  it('gives TypeScript the Description type: a typo in a key is a compile error', () => {
    writeFileSync(
      join(app, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          module: 'nodenext',
          moduleResolution: 'nodenext',
          strict: true,
          noEmit: true,
          skipLibCheck: false,
          types: [],
        },
      }),
    );
    const good = `import { render, renderAsync, type Description, type Outcome } from 'quire';
const d: Description = { items: [{ type: 'rect', rect: { llx: 0, lly: 0, urx: 10, ury: 10 }, fill: [1, 0, 0] }] };
const o: Outcome = render({ description: d });
void renderAsync({ description: d }).then((x) => x.ok && x.pdf.byteLength);
void o;
`;
    writeFileSync(join(app, 'good.ts'), good);
    const ok = spawnSync(process.execPath, [tsc, '-p', '.'], { cwd: app, encoding: 'utf8' });
    expect(ok.stdout + ok.stderr).toBe('');
    writeFileSync(join(app, 'typo.ts'), good.replace('fill:', 'fil:'));
    const bad = spawnSync(process.execPath, [tsc, '-p', '.'], { cwd: app, encoding: 'utf8' });
    expect(bad.status).not.toBe(0);
    expect(bad.stdout).toMatch(/typo\.ts\(2,.*'fil' does not exist/);
  });
});
