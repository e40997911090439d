// test/project.test.ts — the project's outward promises that are files: the Dockerfile copies what
// exists, README opens with the two commands and .ci/run runs the second verbatim, every message in
// the table is used by the code.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REFUSALS, REMARKS } from '../ir/messages.js';

const ROOT = join(import.meta.dirname, '..');
const read = (p: string) => readFileSync(join(ROOT, p), 'utf8');

describe('Dockerfile', () => {
  const docker = read('Dockerfile');
  it('is multi-stage and runs the server as a non-root user', () => {
    expect(docker.match(/^FROM /gm)?.length).toBeGreaterThanOrEqual(2);
    expect(docker).toMatch(/^USER node$/m);
    expect(docker).toMatch(/CMD \["node", "dist\/cli.js", "serve"\]/);
  });
  it('copies only sources that exist', () => {
    for (const m of docker.matchAll(/^COPY (?!--from)(.+) \S+$/gm)) {
      for (const src of m[1].split(/\s+/)) expect(existsSync(join(ROOT, src)), src).toBe(true);
    }
  });
});

describe('README and CI', () => {
  it('opens with the install-and-start command and the install-and-test command; .ci/run runs the latter verbatim', () => {
    const blocks = [...read('README.md').matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1].trim());
    expect(blocks[0]).toBe('npm ci && npm start');
    expect(read('.ci/run')).toContain(`\n${blocks[1]}\n`);
  });
});

function sources(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(join(ROOT, dir))) {
    const rel = join(dir, name);
    if (statSync(join(ROOT, rel)).isDirectory()) sources(rel, out);
    else if (name.endsWith('.ts') && !name.endsWith('.test.ts') && rel !== join('ir', 'messages.ts'))
      out.push(read(rel));
  }
  return out;
}

describe('message table', () => {
  const code = ['ir', 'engines', 'passes', 'src'].flatMap((d) => sources(d)).join('\n');
  it.each(Object.keys(REFUSALS))('refusal %s is used by the code', (key) => {
    expect(code).toMatch(new RegExp(`['".]${key}\\b`));
  });
  it.each(Object.keys(REMARKS))('remark %s is used by the code', (key) => {
    expect(code).toMatch(new RegExp(`['".]${key}\\b`));
  });
});
