// test/support/pdf-tools.ts — runs the independent checkers (qpdf, poppler, MuPDF) on a PDF held in
// memory, so tests judge our output by tools nobody here wrote. Each returns what the tool printed.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Outcome } from '../../src/types.js';

function withFile<T>(pdf: Uint8Array, fn: (file: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'quire-'));
  const file = join(dir, 'doc.pdf');
  writeFileSync(file, pdf);
  try {
    return fn(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** `qpdf --check`: exit code and output (0 = no syntax or stream errors, 3 = warnings, 2 = errors). */
/** A render's PDF, failing the test when it was refused or when qpdf --check finds anything. */
export function renderedClean(out: Outcome): Extract<Outcome, { ok: true }> {
  if (!out.ok) throw new Error(`${out.status} ${out.path}: ${out.sentence}`);
  const q = qpdfCheck(out.pdf);
  if (q.code !== 0) throw new Error(`qpdf --check: ${q.out}`);
  return out;
}

export function qpdfCheck(pdf: Uint8Array): { code: number; out: string } {
  return withFile(pdf, (f) => {
    const r = spawnSync('qpdf', ['--check', f], { encoding: 'utf8' });
    return { code: r.status ?? -1, out: (r.stdout ?? '') + (r.stderr ?? '') };
  });
}

/** `pdftotext` of the whole document (layout mode keeps lines), UTF-8. */
export function pdfToText(pdf: Uint8Array, args: string[] = []): string {
  return withFile(pdf, (f) => execFileSync('pdftotext', [...args, f, '-'], { encoding: 'utf8', maxBuffer: 1 << 28 }));
}

export interface Word {
  text: string;
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
  page: number;
}

/** Word boxes from `pdftotext -bbox` (poppler's coordinates: origin top left, y down). */
export function pdfWords(pdf: Uint8Array, args: string[] = []): Word[] {
  const html = withFile(pdf, (f) =>
    execFileSync('pdftotext', ['-bbox', ...args, f, '-'], { encoding: 'utf8', maxBuffer: 1 << 28 }),
  );
  const words: Word[] = [];
  let page = 0;
  for (const line of html.split('\n')) {
    if (line.includes('<page ')) page++;
    const m = /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*)<\/word>/.exec(line);
    if (m) words.push({ xMin: +m[1], yMin: +m[2], xMax: +m[3], yMax: +m[4], text: decodeEntities(m[5]), page });
  }
  return words;
}

export interface LayoutLine {
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
  words: Word[];
}

/** Lines as poppler groups them (`pdftotext -bbox-layout`: flow, block, line, word), each with its words. */
export function pdfLayoutLines(pdf: Uint8Array): LayoutLine[] {
  const html = withFile(pdf, (f) =>
    execFileSync('pdftotext', ['-bbox-layout', f, '-'], { encoding: 'utf8', maxBuffer: 1 << 28 }),
  );
  const lines: LayoutLine[] = [];
  let page = 0;
  for (const row of html.split('\n')) {
    if (row.includes('<page ')) page++;
    const l = /<line xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">/.exec(row);
    if (l) {
      lines.push({ xMin: +l[1], yMin: +l[2], xMax: +l[3], yMax: +l[4], words: [] });
      continue;
    }
    const w = /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*)<\/word>/.exec(row);
    if (w && lines.length)
      lines[lines.length - 1].words.push({
        xMin: +w[1],
        yMin: +w[2],
        xMax: +w[3],
        yMax: +w[4],
        text: decodeEntities(w[5]),
        page,
      });
  }
  return lines;
}

function decodeEntities(s: string): string {
  return s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

export interface FontRow {
  name: string;
  type: string;
  encoding: string;
  emb: boolean;
  sub: boolean;
  uni: boolean;
}

/** `pdffonts` rows. */
export function pdfFonts(pdf: Uint8Array): FontRow[] {
  const out = withFile(pdf, (f) => execFileSync('pdffonts', [f], { encoding: 'utf8' }));
  return out
    .split('\n')
    .slice(2)
    .filter((l) => l.trim())
    .map((l) => {
      const cols = l.trim().split(/\s+/);
      // name type… encoding emb sub uni object ID: the last five columns are fixed.
      const n = cols.length;
      return {
        name: cols[0],
        type: cols.slice(1, n - 6).join(' '),
        encoding: cols[n - 6],
        emb: cols[n - 5] === 'yes',
        sub: cols[n - 4] === 'yes',
        uni: cols[n - 3] === 'yes',
      };
    });
}

/** `pdfinfo` as a key → value map. */
export function pdfInfo(pdf: Uint8Array, args: string[] = []): Record<string, string> {
  const out = withFile(pdf, (f) => execFileSync('pdfinfo', [...args, f], { encoding: 'utf8' }));
  const info: Record<string, string> = {};
  for (const line of out.split('\n')) {
    const m = /^([^:]+):\s*(.*)$/.exec(line);
    if (m) info[m[1].trim()] = m[2].trim();
  }
  return info;
}

/** MuPDF renders every page; returns stderr (warnings and errors) with its exit code. */
export function mutoolDraw(pdf: Uint8Array): { code: number; err: string } {
  return withFile(pdf, (f) => {
    const r = spawnSync('mutool', ['draw', '-q', '-F', 'txt', '-o', '/dev/null', f], { encoding: 'utf8' });
    return {
      code: r.status ?? -1,
      err: (r.stderr ?? '')
        .split('\n')
        .filter((l) => l && !l.includes('ICC support'))
        .join('\n'),
    };
  });
}

/** The text MuPDF extracts (`mutool draw -F txt`), every page. */
export function mutoolText(pdf: Uint8Array): string {
  return withFile(pdf, (f) => spawnSync('mutool', ['draw', '-q', '-F', 'txt', f], { encoding: 'utf8' }).stdout ?? '');
}

/** The RGB of one pixel of page 1 rendered by MuPDF at `dpi`, x/y in PDF points from the bottom left. */
export function pixelAt(pdf: Uint8Array, xPt: number, yPt: number, dpi = 72): [number, number, number] {
  return withFile(pdf, (f) => {
    const out = f.replace(/\.pdf$/, '.ppm');
    execFileSync('mutool', ['draw', '-q', '-r', String(dpi), '-c', 'rgb', '-o', out, f, '1'], {
      stdio: ['ignore', 'ignore', 'ignore'],
    });
    const ppm = readFileSync(out);
    // P6 header: "P6\n<w> <h>\n255\n"
    const text = ppm.subarray(0, 64).toString('latin1');
    const m = /^P6\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(text)!;
    const w = +m[1],
      h = +m[2];
    const start = m[0].length;
    const px = Math.min(w - 1, Math.floor((xPt * dpi) / 72));
    const py = Math.min(h - 1, Math.floor(h - (yPt * dpi) / 72));
    const o = start + (py * w + px) * 3;
    return [ppm[o], ppm[o + 1], ppm[o + 2]];
  });
}

export interface RgbRaster {
  w: number;
  h: number;
  dpi: number;
  data: Buffer;
  offset: number;
}

/** Page `page` rendered by MuPDF as RGB; read points with `rgbAt`. One render serves many points. */
export function renderRgb(pdf: Uint8Array, dpi = 72, page = 1): RgbRaster {
  return withFile(pdf, (f) => {
    const out = f.replace(/\.pdf$/, '.ppm');
    execFileSync('mutool', ['draw', '-q', '-r', String(dpi), '-c', 'rgb', '-o', out, f, String(page)], {
      stdio: ['ignore', 'ignore', 'ignore'],
    });
    const ppm = readFileSync(out);
    const m = /^P6\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(ppm.subarray(0, 64).toString('latin1'))!;
    return { w: +m[1], h: +m[2], dpi, data: ppm, offset: m[0].length };
  });
}

/** The RGB at x/y in PDF points from the bottom left of a rendered page. */
export function rgbAt(r: RgbRaster, xPt: number, yPt: number): [number, number, number] {
  const px = Math.min(r.w - 1, Math.floor((xPt * r.dpi) / 72));
  const py = Math.min(r.h - 1, Math.floor(r.h - (yPt * r.dpi) / 72));
  const o = r.offset + (py * r.w + px) * 3;
  return [r.data[o], r.data[o + 1], r.data[o + 2]];
}

/** `qpdf --json` objects: object id → value (dictionaries as `{"/Key": value}`, streams as `{dict, …}`). */
export function qpdfRawObjects(
  pdf: Uint8Array,
): Record<string, { value?: Record<string, unknown>; stream?: { dict: Record<string, unknown> } }> {
  const json = withFile(pdf, (f) =>
    execFileSync('qpdf', ['--json', '--json-key=qpdf', f], { encoding: 'utf8', maxBuffer: 1 << 28 }),
  );
  const parsed = JSON.parse(json) as {
    qpdf: [unknown, Record<string, { value?: Record<string, unknown>; stream?: { dict: Record<string, unknown> } }>];
  };
  return parsed.qpdf[1];
}

/** The whole file with streams uncompressed (`qpdf --qdf`), as latin1 text, to read content operators. */
export function qpdfUncompressed(pdf: Uint8Array): string {
  return withFile(pdf, (f) => {
    const out = f.replace(/\.pdf$/, '.qdf.pdf');
    spawnSync('qpdf', ['--qdf', '--object-streams=disable', f, out]);
    return readFileSync(out).toString('latin1');
  });
}

/** Renders one page with MuPDF at `dpi` and returns a reader of RGB pixels in PDF points from the bottom left. */
export function pagePixels(
  pdf: Uint8Array,
  page: number,
  dpi = 72,
): (xPt: number, yPt: number) => [number, number, number] {
  const ppm = withFile(pdf, (f) => {
    const out = f.replace(/\.pdf$/, '.ppm');
    execFileSync('mutool', ['draw', '-q', '-r', String(dpi), '-c', 'rgb', '-o', out, f, String(page)], {
      stdio: ['ignore', 'ignore', 'ignore'],
    });
    return readFileSync(out);
  });
  const m = /^P6\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(ppm.subarray(0, 64).toString('latin1'))!;
  const w = +m[1],
    h = +m[2],
    start = m[0].length;
  return (xPt, yPt) => {
    const px = Math.min(w - 1, Math.floor((xPt * dpi) / 72));
    const py = Math.min(h - 1, Math.floor(h - (yPt * dpi) / 72));
    const o = start + (py * w + px) * 3;
    return [ppm[o], ppm[o + 1], ppm[o + 2]];
  };
}

/** `pdfinfo -meta`: the document's XMP packet as text. */
export function pdfMeta(pdf: Uint8Array): string {
  return withFile(pdf, (f) => execFileSync('pdfinfo', ['-meta', f], { encoding: 'utf8' }));
}

/** `pdfdetach -list`: the attachments' names, in the order poppler lists them. */
export function pdfDetachList(pdf: Uint8Array): string[] {
  const out = withFile(pdf, (f) => execFileSync('pdfdetach', ['-list', f], { encoding: 'utf8' }));
  return out
    .split('\n')
    .slice(1)
    .filter((l) => /^\d+: /.test(l))
    .map((l) => l.replace(/^\d+: /, ''));
}

/** `pdfdetach -save N`: the bytes of the N-th attachment (1-based). */
export function pdfDetachSave(pdf: Uint8Array, n: number): Buffer {
  return withFile(pdf, (f) => {
    const out = f.replace(/\.pdf$/, '.att');
    execFileSync('pdfdetach', ['-save', String(n), '-o', out, f]);
    return readFileSync(out);
  });
}

/** `qpdf --list-attachments --verbose`: per attachment key, its description, names, MIME type, dates and checksum. */
export function qpdfAttachments(pdf: Uint8Array): string {
  return withFile(pdf, (f) => execFileSync('qpdf', ['--list-attachments', '--verbose', f], { encoding: 'utf8' }));
}

/** `qpdf --json` objects (object streams and filters decoded by qpdf): id → value or stream dict. */
export function qpdfObjects(pdf: Uint8Array): {
  objects: Record<string, any>;
  trailer: Record<string, any>;
  version: string;
} {
  const j = JSON.parse(
    withFile(pdf, (f) =>
      execFileSync('qpdf', ['--json', '--json-key=qpdf', f], { encoding: 'utf8', maxBuffer: 1 << 28 }),
    ),
  );
  const [head, objs] = j.qpdf as [
    { pdfversion: string },
    Record<string, { value?: unknown; stream?: { dict: unknown } }>,
  ];
  const objects: Record<string, any> = {};
  for (const [k, v] of Object.entries(objs)) objects[k.replace(/^obj:/, '')] = v.value ?? v.stream?.dict;
  return { objects, trailer: objects.trailer, version: head.pdfversion };
}

/** Follows a qpdf JSON reference ("12 0 R") to its object. */
export function deref(objects: Record<string, any>, v: unknown): any {
  return typeof v === 'string' && / R$/.test(v) ? objects[v] : v;
}

/** Apache PDFBox Preflight (PDF/A-1b) over several PDFs in one JVM: one verdict line per file, in order. */
export function preflight(pdfs: Uint8Array[]): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'quire-pf-'));
  try {
    const files = pdfs.map((p, i) => {
      const f = join(dir, `doc${i}.pdf`);
      writeFileSync(f, p);
      return f;
    });
    const script = join(import.meta.dirname, '..', '..', 'tools', 'preflight.sh');
    // One file: preflight.sh prints the single-file form; add a copy so the batch form (one line per file) is used.
    const args = files.length === 1 ? [...files, files[0]] : files;
    const r = spawnSync('bash', [script, ...args], { encoding: 'utf8' });
    const lines = (r.stdout ?? '').split('\n').filter(Boolean);
    return lines.slice(0, files.length).map((l) => l.split('\t').slice(0, 2).join('\t').trim());
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface ShownText {
  x: number;
  y: number;
  size: number;
  font: string;
}

/**
 * Where each TJ of the document is shown: the line start in force and the Tf size, page content read
 * back through `qpdf --qdf` (uncompressed), in content order. For text placed with `1 0 0 1 x y Tm`
 * and moved from there by `tx ty Td` (which adds to the line start, as the PDF reference says).
 */
export function shownText(pdf: Uint8Array): ShownText[] {
  const qdf = withFile(pdf, (f) =>
    execFileSync('qpdf', ['--qdf', '--object-streams=disable', f, '-'], { encoding: 'latin1', maxBuffer: 1 << 28 }),
  );
  const out: ShownText[] = [];
  let font = '',
    size = 0,
    x = 0,
    y = 0;
  for (const m of qdf.matchAll(
    /\/(\w+) ([\d.]+) Tf|1 0 0 1 (-?[\d.]+) (-?[\d.]+) Tm|(?<![\d.])(-?[\d.]+) (-?[\d.]+) Td|\bBT\b|\] TJ/g,
  )) {
    if (m[1]) {
      font = m[1];
      size = +m[2];
    } else if (m[3]) {
      x = +m[3];
      y = +m[4];
    } else if (m[5]) {
      x += +m[5];
      y += +m[6];
    } else if (m[0] === 'BT') {
      x = 0;
      y = 0;
    } else out.push({ x, y, size, font });
  }
  return out;
}

/** The uncompressed content of the document's streams (qpdf --qdf), latin1. */
export function qdfText(pdf: Uint8Array): string {
  return withFile(pdf, (f) =>
    execFileSync('qpdf', ['--qdf', '--object-streams=disable', f, '-'], { encoding: 'latin1', maxBuffer: 1 << 28 }),
  );
}

/** Ghostscript renders every page to nothing (nullpage), stopping on any error or warning; exit code and output. */
export function gsRender(pdf: Uint8Array): { code: number; out: string } {
  return withFile(pdf, (f) => {
    const r = spawnSync(
      'gs',
      [
        '-q',
        '-dNOPAUSE',
        '-dBATCH',
        '-dPDFSTOPONERROR',
        '-dPDFSTOPONWARNING',
        '-sDEVICE=nullpage',
        '-o',
        '/dev/null',
        f,
      ],
      { encoding: 'utf8' },
    );
    return {
      code: r.status ?? -1,
      out: ((r.stdout ?? '') + (r.stderr ?? ''))
        .split('\n')
        .filter((l) => l && !/^page /.test(l))
        .join('\n'),
    };
  });
}

/**
 * Share of the pixels in a box (PDF points, origin bottom left) of page 1, rendered by MuPDF at `dpi`,
 * that are not white, and their mean colour: a glyph drawn there gives a share well above 0.
 */
export function inkIn(
  pdf: Uint8Array,
  box: { llx: number; lly: number; urx: number; ury: number },
  dpi = 72,
): { share: number; mean: [number, number, number] } {
  return withFile(pdf, (f) => {
    const out = f.replace(/\.pdf$/, '.ppm');
    execFileSync('mutool', ['draw', '-q', '-r', String(dpi), '-c', 'rgb', '-o', out, f, '1'], {
      stdio: ['ignore', 'ignore', 'ignore'],
    });
    const ppm = readFileSync(out);
    const m = /^P6\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(ppm.subarray(0, 64).toString('latin1'))!;
    const w = +m[1],
      h = +m[2],
      start = m[0].length;
    const s = dpi / 72;
    const x0 = Math.max(0, Math.floor(box.llx * s)),
      x1 = Math.min(w, Math.ceil(box.urx * s));
    const y0 = Math.max(0, Math.floor(h - box.ury * s)),
      y1 = Math.min(h, Math.ceil(h - box.lly * s));
    let inked = 0,
      total = 0;
    const sum = [0, 0, 0];
    for (let y = y0; y < y1; y++) {
      for (let x = x0; x < x1; x++) {
        const o = start + (y * w + x) * 3;
        total++;
        if (ppm[o] < 200 || ppm[o + 1] < 200 || ppm[o + 2] < 200) {
          inked++;
          sum[0] += ppm[o];
          sum[1] += ppm[o + 1];
          sum[2] += ppm[o + 2];
        }
      }
    }
    const n = inked || 1;
    return { share: total ? inked / total : 0, mean: [sum[0] / n, sum[1] / n, sum[2] / n] };
  });
}

/** `qpdf --json` (version 2) of the document, parsed; `keys` limits it (`outlines`, `pages`, `qpdf`…). */
export function qpdfJson(pdf: Uint8Array, keys: string[] = []): Record<string, unknown> {
  return withFile(pdf, (f) =>
    JSON.parse(
      execFileSync('qpdf', ['--json', ...keys.map((k) => `--json-key=${k}`), f], {
        encoding: 'utf8',
        maxBuffer: 64 << 20,
      }),
    ),
  );
}

/**
 * Every object of the document as qpdf reads it: `get('trailer')`, `get('8 0 R')`, and `deref(v)` to
 * follow a reference. qpdf writes names as "/Name", text strings as "u:…", other strings as "b:…".
 */
export function pdfObjects(pdf: Uint8Array): { get(ref: string): any; deref(v: unknown): any } {
  const q = qpdfJson(pdf, ['qpdf']).qpdf as [unknown, Record<string, { value?: unknown; stream?: { dict: unknown } }>];
  const objs = q[1];
  const get = (ref: string) => {
    const o = objs[ref === 'trailer' ? 'trailer' : `obj:${ref}`];
    return o?.value ?? o?.stream?.dict;
  };
  const deref = (v: unknown) => (typeof v === 'string' && / \d+ R$/.test(v) ? get(v) : v);
  return { get, deref };
}

/** `mutool show` of the selectors (`outline`, `trailer/Root`, `pages/1/Annots`…). */
export function mutoolShow(pdf: Uint8Array, ...selectors: string[]): string {
  return withFile(pdf, (f) => execFileSync('mutool', ['show', f, ...selectors], { encoding: 'utf8' }));
}

/** Links poppler finds over text (`pdftohtml -xml`): the text and where the link leads (a URI, or `#n` for page n). */
export function popplerLinks(pdf: Uint8Array): { text: string; href: string }[] {
  const xml = withFile(pdf, (f) => execFileSync('pdftohtml', ['-xml', '-stdout', '-i', '-q', f], { encoding: 'utf8' }));
  return [...xml.matchAll(/<a href="([^"]*)">(.*?)<\/a>/g)].map((m) => ({
    text: decodeEntities(m[2]),
    href: decodeEntities(m[1]).replace(/^[^#]*\.html(?=#)/, ''),
  }));
}

/** `pdfinfo -dests`: named destination → "page [ view ]" as poppler resolves it. */
export function pdfDests(pdf: Uint8Array): Map<string, string> {
  const out = withFile(pdf, (f) => execFileSync('pdfinfo', ['-dests', f], { encoding: 'utf8' }));
  const m = new Map<string, string>();
  for (const line of out.split('\n')) {
    const r = /^\s*(\d+)\s+(\[.*\])\s+"(.*)"$/.exec(line);
    if (r) m.set(r[3], `${r[1]} ${r[2]}`);
  }
  return m;
}

export interface Raster {
  width: number;
  height: number;
  dpi: number;
  at(xPt: number, yPt: number): [number, number, number];
}

/**
 * Page `page` rendered once by MuPDF (`mutool draw`, RGB) or poppler (`pdftoppm`); `at` reads a pixel
 * at x/y in PDF points from the bottom left.
 */
export function renderPage(pdf: Uint8Array, dpi = 72, page = 1, tool: 'mutool' | 'pdftoppm' = 'mutool'): Raster {
  return withFile(pdf, (f) => {
    const out = f.replace(/\.pdf$/, '.ppm');
    if (tool === 'mutool')
      execFileSync('mutool', ['draw', '-q', '-r', String(dpi), '-c', 'rgb', '-o', out, f, String(page)], {
        stdio: ['ignore', 'ignore', 'ignore'],
      });
    else
      execFileSync(
        'pdftoppm',
        ['-r', String(dpi), '-f', String(page), '-l', String(page), '-singlefile', f, out.replace(/\.ppm$/, '')],
        { stdio: ['ignore', 'ignore', 'ignore'] },
      );
    const ppm = readFileSync(out);
    const m = /^P6\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(ppm.subarray(0, 64).toString('latin1'))!;
    const w = +m[1],
      h = +m[2],
      start = m[0].length;
    return {
      width: w,
      height: h,
      dpi,
      at(xPt, yPt) {
        const px = Math.min(w - 1, Math.floor((xPt * dpi) / 72));
        const py = Math.min(h - 1, Math.floor(h - (yPt * dpi) / 72));
        const o = start + (py * w + px) * 3;
        return [ppm[o], ppm[o + 1], ppm[o + 2]];
      },
    };
  });
}

export interface ImageRow {
  page: number;
  num: number;
  type: string;
  width: number;
  height: number;
  color: string;
  comp: number;
  bpc: number;
  enc: string;
  interp: boolean;
  object: number;
}

/** `pdfimages -list` rows (poppler): one per image drawn, smask and stencil rows included. */
export function pdfImagesList(pdf: Uint8Array): ImageRow[] {
  const out = withFile(pdf, (f) => execFileSync('pdfimages', ['-list', f], { encoding: 'utf8' }));
  return out
    .split('\n')
    .slice(2)
    .filter((l) => l.trim())
    .map((l) => {
      const c = l.trim().split(/\s+/);
      return {
        page: +c[0],
        num: +c[1],
        type: c[2],
        width: +c[3],
        height: +c[4],
        color: c[5],
        comp: +c[6],
        bpc: +c[7],
        enc: c[8],
        interp: c[9] === 'yes',
        object: +c[10],
      };
    });
}

/** `pdfinfo -struct-text`: poppler's reading of the structure tree, each element with the text it holds. */
export function pdfStructText(pdf: Uint8Array): string {
  return withFile(pdf, (f) => execFileSync('pdfinfo', ['-struct-text', f], { encoding: 'utf8', maxBuffer: 1 << 28 }));
}

/** One character as MuPDF's structured text sees it: its pen origin and its quad (ul, ur, ll, lr), y down from the page top. */
export interface StextChar {
  c: string;
  x: number;
  y: number;
  quad: number[];
}

/** Every character of page 1 from `mutool draw -F stext`, in content order. */
export function mutoolChars(pdf: Uint8Array): StextChar[] {
  const xml = withFile(pdf, (f) =>
    execFileSync('mutool', ['draw', '-q', '-F', 'stext', '-o', '-', f, '1'], {
      encoding: 'utf8',
      maxBuffer: 1 << 28,
      stdio: ['ignore', 'pipe', 'ignore'],
    }),
  );
  const out: StextChar[] = [];
  for (const m of xml.matchAll(/<char quad="([^"]+)" x="([^"]+)" y="([^"]+)"[^>]* c="([^"]*)"\/>/g)) {
    const c = decodeEntities(
      m[4].replace(/&#x([0-9a-f]+);/gi, (_, h: string) => String.fromCodePoint(parseInt(h, 16))),
    );
    out.push({ quad: m[1].split(' ').map(Number), x: +m[2], y: +m[3], c });
  }
  return out;
}

/**
 * What Ghostscript, MuPDF and qpdf say of each named PDF, one line per complaint: a non-zero exit or
 * any warning output. Empty when every reader takes every file silently (issue 4: "Ghostscript and
 * MuPDF render every test document without warnings").
 */
export function rendererComplaints(docs: readonly { name: string; pdf: Uint8Array }[]): string[] {
  return docs.flatMap(({ name, pdf }) => {
    const gs = gsRender(pdf),
      mu = mutoolDraw(pdf),
      q = qpdfCheck(pdf);
    const out: string[] = [];
    if (gs.code !== 0 || gs.out) out.push(`${name}: gs ${gs.code} ${gs.out}`);
    if (mu.code !== 0 || mu.err) out.push(`${name}: mutool ${mu.code} ${mu.err}`);
    if (q.code !== 0) out.push(`${name}: qpdf ${q.out}`);
    return out;
  });
}
