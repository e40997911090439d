// passes/index.test.ts — the order's own rules: each pass's id is its folder under passes/ (and the
// word tools/explain takes), and every folder under passes/ is a pass.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PASS_IDS } from './index.js';

describe('passes/index.ts', () => {
  it('names one folder per pass, and every folder is a pass', () => {
    const here = import.meta.dirname;
    const folders = readdirSync(here).filter((n) => statSync(join(here, n)).isDirectory());
    expect([...folders].sort()).toEqual([...PASS_IDS].sort());
  });
});
