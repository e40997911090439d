// tools/verify-server.ts — keeps one warm verifier process for scripts that call a command per file,
// such as ../shared/validators/score.mjs over the 1 641 files of the veraPDF corpus: a process start
// per file would cost more than verifying. `tools/verify-client.sh FILE` asks it and prints exactly
// what `quire verify --quiet` prints (PASS/FAIL/ERROR first).
//   npx tsx tools/verify-server.ts [port]      (default 7719, loopback only)
//   STD=pdfa2b tools/verify-client.sh file.pdf
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { UnreadablePdf, verify } from '../verifier/index.js';

const port = Number(process.argv[2] ?? 7719);
createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://x');
  const file = url.searchParams.get('file') ?? '';
  const standard = url.searchParams.get('standard') ?? 'pdfa1b';
  const answer = (s: string): void => {
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end(s);
  };
  verify(readFileSync(file), [standard]).then(
    (fs) =>
      answer(
        fs.length
          ? `FAIL ${standard}: ${fs.length} findings ${[...new Set(fs.map((f) => `${f.clause}-t${f.test}`))].join(',')}\n`
          : `PASS ${standard}\n`,
      ),
    (e: unknown) => answer(`ERROR ${e instanceof UnreadablePdf ? 'not a readable PDF' : String(e).split('\n')[0]}\n`),
  );
}).listen(port, '127.0.0.1', () => process.stdout.write(`verify server on 127.0.0.1:${port}\n`));
