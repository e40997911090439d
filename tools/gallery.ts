// tools/gallery.ts — renders the examples gallery (examples/gallery/*.json) with the library and
// writes a PNG preview of each first page to docs/examples/<name>.png (pdftoppm, 60 dpi), which
// README shows. The parts a description names are taken from examples/parts/.
//   npm run gallery            (needs poppler-utils: tools/install-test-deps.sh installs it)
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { render } from '../src/library.js';

const root = join(import.meta.dirname, '..');
const gallery = join(root, 'examples', 'gallery');
const out = join(root, 'docs', 'examples');
/** The moment every gallery document is rendered at, so previews change only when the drawing does. */
export const GALLERY_NOW = new Date('2026-11-27T10:00:00Z');

/** The parts of examples/parts/ a gallery description names (by its `part` and `xml` values). */
export function galleryParts(text: string): Record<string, Uint8Array> {
  const parts: Record<string, Uint8Array> = {};
  for (const f of readdirSync(join(root, 'examples', 'parts')))
    if (text.includes(`"${f}"`)) parts[f] = readFileSync(join(root, 'examples', 'parts', f));
  return parts;
}

export function galleryNames(): string[] {
  return readdirSync(gallery)
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.slice(0, -5))
    .sort();
}

function main(): void {
  mkdirSync(out, { recursive: true });
  const tmp = mkdtempSync(join(tmpdir(), 'quire-gallery-'));
  try {
    for (const name of galleryNames()) {
      const text = readFileSync(join(gallery, `${name}.json`), 'utf8');
      const o = render({ description: text, parts: galleryParts(text), now: GALLERY_NOW });
      if (!o.ok) throw new Error(`${name}: refused ${o.status} ${o.path}: ${o.sentence}`);
      const pdf = join(tmp, `${name}.pdf`);
      writeFileSync(pdf, o.pdf);
      execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', '-singlefile', pdf, join(out, name)]);
      if (!existsSync(join(out, `${name}.png`))) throw new Error(`${name}: no preview written`);
      console.log(
        `docs/examples/${name}.png: ${o.pages} page(s), ${o.remarks.length} remark(s), ${o.findings.length} finding(s)`,
      );
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.filename === process.argv[1]) main();
