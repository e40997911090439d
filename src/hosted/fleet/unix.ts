// src/hosted/fleet/unix.ts — a render server reached over a Unix socket (`--upstream unix:/PATH`, the
// render server started with `quire serve --socket /PATH`). On one machine the front re-sends every
// description it receives; over loopback TCP the kernel runs the whole TCP stack for each byte on
// both sides, over a Unix socket it copies the bytes once (issue 20: the front within 10 % of the
// render server; bench/README.md, "The front: a Unix socket, and no replay copy…"). One undici Agent per socket path,
// shared by the calls and the /health reads; the URL's host is a placeholder.
import { Agent, type Dispatcher } from 'undici';

/** `unix:/absolute/path` — the form `--upstream` accepts besides http://HOST:PORT. */
export const UNIX_UPSTREAM = /^unix:(\/.+)$/;

const agents = new Map<string, Agent>();

/** Where a call to `upstream` goes: the origin for its URLs, and the dispatcher for a Unix socket. */
export function upstreamTarget(upstream: string): { origin: string; dispatcher?: Dispatcher } {
  const m = UNIX_UPSTREAM.exec(upstream);
  if (!m) return { origin: upstream };
  let agent = agents.get(m[1]);
  if (!agent) {
    agent = new Agent({ connect: { socketPath: m[1] } });
    agents.set(m[1], agent);
  }
  return { origin: 'http://localhost', dispatcher: agent };
}
