// test/support/standards.ts — shared helpers of the standards and attachments tests: render-or-throw,
// refusal-or-throw, the Factur-X fixture, ICC profiles shipped by Ghostscript (a Debian package
// tools/install-test-deps.sh installs), and a minimal PDF/A attachment made by the service itself.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { render } from '../../src/library.js';
import type { Licence } from '../../src/licence/licence.js';
import type { RenderInput } from '../../src/types.js';
import { helloDescription, NOW } from './fixtures.js';

export type Parts = Record<string, Uint8Array>;

export function ok(description: unknown, parts?: Parts, extra: Partial<RenderInput> = {}) {
  const out = render({ description, parts, now: NOW, ...extra });
  if (!out.ok) throw new Error(`refused ${out.status} ${out.word} ${out.path}: ${out.sentence}`);
  return out;
}

export function refused(description: unknown, parts?: Parts, extra: Partial<RenderInput> = {}) {
  const out = render({ description, parts, now: NOW, ...extra });
  if (out.ok) throw new Error('expected a refusal, got a PDF');
  return out;
}

/** Asserts a refusal's status, word and pointer, and that its sentence names every `names`. */
export function expectRefusal(
  description: unknown,
  parts: Parts | undefined,
  status: number,
  word: string,
  path: string,
  ...names: string[]
) {
  const r = refused(description, parts);
  expect({ status: r.status, word: r.word, path: r.path }).toEqual({ status, word, path });
  for (const n of names) expect(r.sentence).toContain(n);
  expect(r.sentence).toMatch(/^[a-z/]/);
  return r;
}

export const FACTUR_X_XML = new Uint8Array(
  readFileSync(join(import.meta.dirname, '..', 'fixtures', 'factur-x-en16931.xml')),
);

/** A Ghostscript ICC profile by file name (default_cmyk.icc, default_gray.icc, lab.icc, ps_cmyk.icc…). */
export function ghostscriptProfile(name: string): Uint8Array {
  const base = '/usr/share/ghostscript';
  for (const v of existsSync(base) ? readdirSync(base) : []) {
    const f = join(base, v, 'iccprofiles', name);
    if (existsSync(f)) return new Uint8Array(readFileSync(f));
  }
  throw new Error(`Ghostscript's ${name} is missing: run tools/install-test-deps.sh`);
}

export const TAGGING_LICENCE: Licence = {
  holder: 'Tests',
  features: ['tagging'],
  notBefore: '2026-01-01',
  notAfter: '2026-12-31',
  issued: '2026-01-01T00:00:00Z',
};

/** The hello document under a claim, with extra keys. */
export function claimed(archive: string, extra: Record<string, unknown> = {}) {
  return helloDescription({ archive, ...extra });
}

/** A PDF/A-2b file written by the service, to attach where only PDF/A attachments are allowed. */
export function pdfa2bFile(): Uint8Array {
  return ok(helloDescription({ archive: 'pdfa2b', metadata: { title: 'Attached' } })).pdf;
}
