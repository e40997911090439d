// test/support/decode-codes.ts — reads barcodes back off a rendered page with an independent decoder
// (zxing-wasm, the ZXing C++ reader compiled to WebAssembly), from pixels MuPDF drew.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { prepareZXingModule, type ReadResult, readBarcodes } from 'zxing-wasm/reader';

const require = createRequire(import.meta.url);
let ready: Promise<unknown> | undefined;

function prepare(): Promise<unknown> {
  // The module would fetch its .wasm from a CDN; hand it the file npm installed instead.
  const wasm = readFileSync(require.resolve('zxing-wasm/reader/zxing_reader.wasm'));
  ready ??= prepareZXingModule({
    overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) },
    fireImmediately: true,
  });
  return ready;
}

class ImageDataLike {
  colorSpace = 'srgb';
  constructor(
    readonly data: Uint8ClampedArray,
    readonly width: number,
    readonly height: number,
  ) {}
}

/** Renders page 1 at `dpi` and returns every code ZXing finds on it. */
export async function decodePage(pdf: Uint8Array, dpi = 150): Promise<ReadResult[]> {
  await prepare();
  const dir = mkdtempSync(join(tmpdir(), 'quire-codes-'));
  try {
    writeFileSync(join(dir, 'd.pdf'), pdf);
    execFileSync(
      'mutool',
      ['draw', '-q', '-r', String(dpi), '-c', 'rgb', '-o', join(dir, 'p.ppm'), join(dir, 'd.pdf'), '1'],
      { stdio: 'ignore' },
    );
    const ppm = readFileSync(join(dir, 'p.ppm'));
    const m = /^P6\s+(\d+)\s+(\d+)\s+255\s/.exec(ppm.subarray(0, 64).toString('latin1'))!;
    const w = +m[1],
      h = +m[2],
      off = m[0].length;
    const rgba = new Uint8ClampedArray(w * h * 4);
    for (let i = 0; i < w * h; i++) {
      rgba[i * 4] = ppm[off + i * 3];
      rgba[i * 4 + 1] = ppm[off + i * 3 + 1];
      rgba[i * 4 + 2] = ppm[off + i * 3 + 2];
      rgba[i * 4 + 3] = 255;
    }
    (globalThis as { ImageData?: unknown }).ImageData ??= ImageDataLike;
    const G = globalThis as unknown as { ImageData: new (d: Uint8ClampedArray, w: number, h: number) => ImageData };
    return await readBarcodes(new G.ImageData(rgba, w, h), { maxNumberOfSymbols: 8, tryHarder: true });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
