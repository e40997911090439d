// tools/bundle/shims.test.ts — the bundle's stand-ins for pdf-lib's encodings table and PNG decoder
// (tools/bundle/lazy-encodings.mjs, lazy-upng.mjs) and fontkit's shaper tables made on first use
// (tools/bundle/lazy-fontkit-tables.mjs; tsup.config.ts `shims`) give what the packages themselves
// give: a tiny entry bundled with the same plugin, run, and compared with the packages loaded from
// node_modules.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { shims } from '../../tsup.config.js';
import { lazyShaperTables } from './lazy-fontkit-tables.mjs';

const root = join(import.meta.dirname, '..', '..');
const require = createRequire(join(root, 'package.json'));

async function bundled(
  contents = "export { Encodings } from '@pdf-lib/standard-fonts';\nexport { default as UPNG } from '@pdf-lib/upng';\n",
): Promise<Record<string, unknown>> {
  const out = await build({
    stdin: {
      contents,
      resolveDir: root,
      loader: 'js',
    },
    bundle: true,
    platform: 'node',
    mainFields: ['module', 'main'], // as tsup bundles: the packages' ES module builds
    format: 'cjs',
    write: false,
    logLevel: 'silent',
    plugins: [shims],
  });
  const mod = { exports: {} as Record<string, unknown> };
  new Function('module', 'exports', 'require', out.outputFiles[0].text)(mod, mod.exports, require);
  return mod.exports;
}

describe('lazy stand-ins in the bundle', () => {
  it('the encodings: getters (nothing inflated at load) giving the package’s tables', async () => {
    const { Encodings } = (await bundled()) as {
      Encodings: Record<string, { unicodeMappings: unknown; name: string }>;
    };
    const real = require('@pdf-lib/standard-fonts').Encodings;
    for (const name of ['Symbol', 'ZapfDingbats', 'WinAnsi']) {
      expect(typeof Object.getOwnPropertyDescriptor(Encodings, name)?.get).toBe('function');
      expect(Encodings[name].name).toBe(real[name].name);
      expect(Encodings[name].unicodeMappings).toEqual(real[name].unicodeMappings);
    }
    expect(Encodings.WinAnsi).toBe(Encodings.WinAnsi); // one object, as the module's
  });

  it('the PNG decoder: the package’s pixels', async () => {
    const { UPNG } = (await bundled()) as {
      UPNG: { decode(b: ArrayBuffer): unknown; toRGBA8(p: unknown): ArrayBuffer[] };
    };
    const pkg = require('@pdf-lib/upng');
    const real = pkg.default ?? pkg;
    expect(Object.keys(UPNG).sort()).toEqual(['decode', 'toRGBA8']); // the stand-in, not the module
    for (const f of ['rgba.png', 'palette.png']) {
      const bytes = readFileSync(join(root, 'corpus/images/png-jpeg-masks/parts', f));
      const ab = () => bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
      const ours = UPNG.toRGBA8(UPNG.decode(ab()));
      const theirs = real.toRGBA8(real.decode(ab())) as ArrayBuffer[];
      expect(ours.length).toBe(theirs.length);
      for (let i = 0; i < ours.length; i++) expect(Buffer.from(ours[i]).equals(Buffer.from(theirs[i]))).toBe(true);
    }
  });
});

describe('fontkit with its shaper tables made on first use', () => {
  // one face per shaper whose tables are now lazy: Arabic, Indic (Devanagari, Khmer), Universal (Balinese, Javanese)
  const NOTO = '/usr/share/fonts/truetype/noto/';
  const cases: [string, string][] = [
    ['NotoSansArabic-Regular.ttf', 'بِسْمِ اللهِ الرَّحْمٰنِ لا إله ١٢٣'],
    ['NotoSansDevanagari-Regular.ttf', 'क्षत्रिय हिन्दी र्क्ष द्ध्र्य ॐ'],
    ['NotoSansKhmer-Regular.ttf', 'ភាសាខ្មែរ ស្រ្តី'],
    ['NotoSansBalinese-Regular.ttf', 'ᬅᬓ᭄ᬱᬭ ᬩᬮᬶ'],
    ['NotoSansJavanese-Regular.ttf', 'ꦲꦏ꧀ꦱꦫ ꦗꦮ'],
  ];
  type Run = { glyphs: { id: number }[]; positions: Record<string, number>[] };
  type Fontkit = { create(b: Buffer): { layout(s: string): Run } };

  it('lays out each shaper’s script as the package does', async () => {
    const source = readFileSync(require.resolve('fontkit').replace(/main\.cjs$/, 'module.mjs'), 'utf8');
    expect(lazyShaperTables(source)).toMatch(/\$var\$stateMachine\$made/); // the rewrite took (five places, or the build fails)
    const ours = (await bundled("export { create } from 'fontkit';\n")) as unknown as Fontkit;
    const real = require('fontkit') as Fontkit;
    for (const [file, text] of cases) {
      const bytes = readFileSync(NOTO + file);
      const a = ours.create(bytes).layout(text);
      const b = real.create(bytes).layout(text);
      const shape = (r: Run) => ({
        ids: r.glyphs.map((g) => g.id),
        at: r.positions.map((p) => [p.xAdvance, p.yAdvance, p.xOffset, p.yOffset]),
      });
      expect(shape(a), file).toEqual(shape(b));
      expect(new Set(a.glyphs.map((g) => g.id)).size, file).toBeGreaterThan(3);
    }
  });
});

describe('unicode-properties with its table made on first use', () => {
  it('gives the package’s properties for every code point of the first three planes', async () => {
    const source = readFileSync(require.resolve('unicode-properties').replace(/main\.cjs$/, 'module.mjs'), 'utf8');
    expect(lazyShaperTables(source, 1)).toMatch(/\$var\$trie\$made/);
    type Props = Record<
      'getCategory' | 'getCombiningClass' | 'getScript' | 'getEastAsianWidth' | 'getNumericValue',
      (cp: number) => unknown
    >;
    const ours = (await bundled("export * from 'unicode-properties';\n")) as unknown as Props;
    const pkg = require('unicode-properties');
    const real = (pkg.default ?? pkg) as Props;
    const names = ['getCategory', 'getCombiningClass', 'getScript', 'getEastAsianWidth', 'getNumericValue'] as const;
    let differ = 0;
    for (let cp = 0; cp < 0x30000; cp += 7) for (const n of names) if (ours[n](cp) !== real[n](cp)) differ++;
    expect(differ).toBe(0);
    expect(ours.getCategory(0x41)).toBe('Lu');
  });
});
