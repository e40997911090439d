// src/server/accept.ts — new connections taken in a few a turn (issue 20: /health under 50 ms
// throughout a burst of 200 invoices). When 200 clients connect together, Node accepts them all in
// one pass and each new socket starts reading at once: the next turn of the event loop read every
// one's request head and first chunks of body (up to 93 heads and 13 MB in one turn, bench/README.md,
// eighth wave), before the intake (src/server/intake.ts) could pause any, and a /health waiting on
// its own connection waited for that turn to end. Pacing the accepts alone does not bound that
// (measured: clients that connected over several turns send their requests together, and 50 heads
// were still read in one turn). So the server accepts sockets paused (`pauseOnConnect`: nothing is
// read from them) and lets at most FIRST_READS of them be *waiting for their first request* at once:
// a socket resumed holds its place until its first request head has been read (or it closes, or
// FIRST_READ_MS passes: a client that connects and sends nothing never holds the door), and the
// next in line, first come first served, is resumed when a place frees. A turn then reads at most
// FIRST_READS new connections' heads and first chunks; nothing is refused, and the line is short
// in time (200 connections: 25 places in turn, each a turn of a few milliseconds).
import type { Server, Socket } from 'node:net';

/**
 * New connections resumed and not yet past their first request head, at most. A new upload's first
 * read is its head and up to ~128 KiB of body, so 8 of them read about the intake's TURN_BYTES
 * (1 MiB) in a turn.
 */
export const FIRST_READS = 8;
/** How long a resumed connection holds its place without sending a request head (ms). */
export const FIRST_READ_MS = 50;

export class Doorway {
  private open = 0;
  private line: Socket[] = [];
  private readonly places = new WeakMap<Socket, () => void>();
  /** Connections that waited in line since the server started (a figure for the bench and tests). */
  held = 0;

  constructor(
    private readonly firstReads = FIRST_READS,
    private readonly firstReadMs = FIRST_READ_MS,
  ) {}

  /** Sockets `server` accepts from now on are paused until this lets them read. */
  install(server: Server): void {
    // net.Server reads `pauseOnConnect` at each connection; http.Server's options do not pass it on.
    (server as Server & { pauseOnConnect: boolean }).pauseOnConnect = true;
    // After http.Server's own 'connection' listener (added when it was made): the parser is attached.
    server.on('connection', this.admit);
    // A request head read frees its connection's place. (Not listened to: 'checkContinue' and
    // 'checkExpectation', whose listeners change how Node answers; such a head frees its place at
    // FIRST_READ_MS.)
    server.on('request', (req: { socket: Socket }) => this.started(req.socket));
  }

  readonly admit = (socket: Socket): void => {
    if (this.open < this.firstReads) this.resume(socket);
    else {
      this.line.push(socket);
      this.held++;
      socket.once('close', () => {
        const i = this.line.indexOf(socket);
        if (i >= 0) this.line.splice(i, 1);
      });
    }
  };

  /** A request head was read on `socket`: its place goes to the next in line. */
  started(socket: Socket): void {
    this.places.get(socket)?.();
  }

  /** Connections waiting in line now. */
  get waiting(): number {
    return this.line.length;
  }

  /** Connections resumed and not yet past their first request head. */
  get reading(): number {
    return this.open;
  }

  private resume(socket: Socket): void {
    this.open++;
    let held = true;
    const free = (): void => {
      if (!held) return;
      held = false;
      clearTimeout(timer);
      this.places.delete(socket);
      socket.off('close', free);
      this.open--;
      this.next();
    };
    const timer = setTimeout(free, this.firstReadMs);
    timer.unref?.();
    this.places.set(socket, free);
    socket.once('close', free);
    socket.resume();
  }

  private next(): void {
    while (this.open < this.firstReads && this.line.length > 0) {
      const socket = this.line.shift()!;
      if (!socket.destroyed) this.resume(socket);
    }
  }
}
