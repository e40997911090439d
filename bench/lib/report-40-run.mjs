// bench/lib/report-40-run.mjs — one tool on the 40-page report, in a process of its own (bench/report-40.ts
// starts it once per tool and round): `warmup` documents, then `n` timed ones; one JSON line out.
//   node bench/lib/report-40-run.mjs --tool quire   --in description.json          [--n 5] [--warmup 1] [--out f.pdf]
//   node bench/lib/report-40-run.mjs --tool pdfmake --in docdef.json --peers DIR --families JSON --leading L
//        --header TEXT --footer TEXT [--n 5] [--warmup 1] [--out f.pdf]     (--tool pdfmake-nokeep: no pageBreakBefore)
// quire: dist/bench-entry.js's render (refusals thrown); a refusal is printed as {refused: sentence}.
// pdfmake: the peers' install (DIR/peers/node_modules), the library's Noto faces in its virtual fs; the
// definition is copied before each render (pdfmake writes into it), outside the timing.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const args = process.argv.slice(2);
const opt = (k, d) => {
  const i = args.indexOf(k);
  return i >= 0 ? args[i + 1] : d;
};
const tool = opt('--tool');
const n = Number(opt('--n', 5));
const warmup = Number(opt('--warmup', 1));
const input = JSON.parse(readFileSync(opt('--in'), 'utf8'));

let renderOnce;
if (tool === 'quire') {
  const { render } = await import(pathToFileURL(join(root, 'dist', 'bench-entry.js')).href);
  renderOnce = async (d) => render(d);
} else if (tool === 'pdfmake' || tool === 'pdfmake-nokeep') {
  const peers = createRequire(join(opt('--peers'), 'peers', 'package.json'));
  const pdfmake = peers('pdfmake');
  const PDFKit = peers('pdfkit');
  const library = createRequire(join(root, 'package.json'));
  const faces = {
    noto_serif: '@expo-google-fonts/noto-serif/400Regular/NotoSerif_400Regular.ttf',
    noto_serif_bold: '@expo-google-fonts/noto-serif/700Bold/NotoSerif_700Bold.ttf',
    noto_sans: '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
    noto_sans_bold: '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf',
  };
  pdfmake.setUrlAccessPolicy(() => false);
  pdfmake.setLocalAccessPolicy(() => false);
  for (const [face, path] of Object.entries(faces))
    pdfmake.virtualfs.writeFileSync(`${face}.ttf`, readFileSync(library.resolve(path)));
  const families = JSON.parse(opt('--families'));
  const fonts = {};
  for (const [family, { normal, bold }] of Object.entries(families))
    fonts[family] = { normal: `${normal}.ttf`, bold: `${bold}.ttf` };
  pdfmake.setFonts(fonts);
  // pdfmake's lineHeight multiplies the font's own line height: make its baselines the flow's leading
  const doc = new PDFKit({ font: null });
  doc.font(readFileSync(library.resolve(faces.noto_serif)));
  const leading = Number(opt('--leading'));
  const size = input.defaultStyle.fontSize;
  input.defaultStyle.lineHeight = leading / doc._font.lineHeight(size, false);
  const header = opt('--header');
  const footer = opt('--footer');
  const margin = input.pageMargins[0];
  renderOnce = async (dd) => {
    dd.header = (page) =>
      page > 1 ? { text: header, font: 'Sans', fontSize: 8, margin: [margin, 28, margin, 0] } : undefined;
    dd.footer = (page, count) => ({
      text: footer.replace('{current_page}', page).replace('{total_pages}', count),
      font: 'Sans',
      fontSize: 8,
      alignment: 'center',
      margin: [margin, 20, margin, 0],
    });
    // keep a heading with what follows it: pdfmake's documented recipe (left out by pdfmake-nokeep, as
    // it costs pdfmake a look at every node's followers)
    if (tool === 'pdfmake')
      dd.pageBreakBefore = (node, following) => Boolean(node.headlineLevel) && following.length === 0;
    return pdfmake.createPdf(dd).getBuffer();
  };
} else throw new Error(`--tool quire|pdfmake|pdfmake-nokeep, not ${tool}`);

const text = JSON.stringify(input);
let pdf;
try {
  for (let i = 0; i < warmup; i++) pdf = await renderOnce(JSON.parse(text));
  const times = [];
  for (let i = 0; i < n; i++) {
    const d = JSON.parse(text); // a fresh copy, outside the timing
    const t0 = performance.now();
    pdf = await renderOnce(d);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const median = n % 2 ? times[(n - 1) / 2] : (times[n / 2 - 1] + times[n / 2]) / 2;
  if (opt('--out')) writeFileSync(opt('--out'), pdf);
  const rss = process.resourceUsage().maxRSS / 1024;
  console.log(
    JSON.stringify({ tool, n, warmup, median_ms: median, min_ms: times[0], peak_rss_mb: rss, bytes: pdf.length }),
  );
} catch (e) {
  const message = String(e?.message ?? e).split('\n')[0];
  if (tool === 'quire' && message.startsWith('refused '))
    console.log(JSON.stringify({ tool, refused: message.slice(8) }));
  else {
    console.log(JSON.stringify({ tool, error: message }));
    process.exitCode = 2;
  }
}
