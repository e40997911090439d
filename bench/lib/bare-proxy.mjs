// bench/lib/bare-proxy.mjs — the floor under the hosted front's CPU a call (bench/front-cpu.mjs `bare`):
// the least a Node process can do to pass a description on to the render server — no key, no store,
// no metrics, no log, no timer, no second attempt: the body streamed through undici as the `json_data`
// part, the answer piped back. Whatever the front spends above this is its own work.
// Run: node bench/lib/bare-proxy.mjs /path/to/render.sock (prints "listening on http://127.0.0.1:PORT")
import http from 'node:http';
import { PassThrough } from 'node:stream';
import { setFlagsFromString } from 'node:v8';
import { Agent, request } from 'undici';

setFlagsFromString('--heap-growing-percent=400'); // as `quire hosted` does (src/hosted/heap.ts)
const agent = new Agent({ connect: { socketPath: process.argv[2] } });
const BOUNDARY = 'bare-proxy-5b0d8c1e3f7a';
const HEAD = Buffer.from(
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="json_data"; filename="d.json"\r\nContent-Type: application/json\r\n\r\n`,
);
const TAIL = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
const server = http.createServer(async (req, res) => {
  const body = new PassThrough();
  body.write(HEAD);
  req.on('end', () => body.end(TAIL));
  req.pipe(body, { end: false });
  try {
    const up = await request('http://localhost/render', {
      method: 'POST',
      dispatcher: agent,
      body,
      headers: {
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
        'content-length': String(HEAD.length + Number(req.headers['content-length']) + TAIL.length),
      },
    });
    res.writeHead(up.statusCode, { 'content-type': String(up.headers['content-type']) });
    up.body.pipe(res);
  } catch {
    res.writeHead(503).end();
  }
});
server.listen(0, '127.0.0.1', () => console.log(`listening on http://127.0.0.1:${server.address().port}`));
process.on('SIGTERM', () => process.exit(0));
