// src/server/probe.ts — a listening socket of its own for health probes (issue 20: /health under 50 ms
// throughout a burst, on a new connection too, as a Kubernetes probe opens one each time). Node's
// libuv accepts one connection per turn of the event loop from each listening socket (libuv 1.45,
// "don't accept() connections in a loop"): when a burst's 200 connections are queued on the main
// port, a probe connecting behind them waits one turn per connection ahead of it, 0.4–2.9 s during a
// burst (bench/README.md, "ninth wave, second round"). A second listener has its own queue and its
// own accept each turn, so a probe there is accepted at the next turn. Its connections go to the same
// http.Server (same handler, headers, request ids, logs) and are read at once (not paused by the
// doorway of src/server/accept.ts: they carry no uploads); on them only GET/HEAD /health is answered,
// anything else 404 (src/server.ts).
import type http from 'node:http';
import { type AddressInfo, createServer, type Socket } from 'node:net';

const probeSockets = new WeakSet<Socket>();

/** Whether `socket` came in through the probe port. */
export function isProbeSocket(socket: Socket | null | undefined): boolean {
  return socket != null && probeSockets.has(socket);
}

export interface ProbeListener {
  /** e.g. `http://127.0.0.1:8081` (the port actually bound). */
  url: string;
  close(): Promise<void>;
}

/** Listens on `port` at `host`; each connection is handed to `server` as its own would be. */
export async function listenProbe(server: http.Server, port: number, host: string): Promise<ProbeListener> {
  const open = new Set<Socket>();
  const probe = createServer((socket) => {
    probeSockets.add(socket);
    open.add(socket);
    socket.once('close', () => open.delete(socket));
    server.emit('connection', socket);
  });
  await new Promise<void>((resolve, reject) => {
    probe.once('error', reject);
    probe.listen(port, host, () => {
      probe.off('error', reject);
      resolve();
    });
  });
  const a = probe.address() as AddressInfo;
  const url = `http://${a.family === 'IPv6' || a.address.includes(':') ? `[${a.address}]` : a.address}:${a.port}`;
  return {
    url,
    close: () =>
      new Promise<void>((resolve) => {
        probe.close(() => resolve());
        for (const socket of open) socket.destroy();
      }),
  };
}
