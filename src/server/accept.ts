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
// FIRST_READ_MS passes once some of it came), and the next in line, first come first served, is
// resumed when a place frees. A turn then reads at most FIRST_READS new connections' heads and first
// chunks; nothing is refused, and the line is short in time (200 connections: 25 places in turn,
// each a turn of a few milliseconds).
// A connection whose client has sent nothing by the end of the turn after it was resumed gives its
// place back at once, is paused again and goes back to the head of the line PARK_MS later (ninth
// wave, second round). Clients open their connections before they write (a burst's HTTP client
// opens its 200 over a second or more, each silent for a while): holding a place for FIRST_READ_MS
// each, such connections slowed the line to a few places a turn, and a /health on a new connection
// (a Kubernetes probe opens one each time) waited its place for up to 0.8 s in the server
// (bench/README.md, "ninth wave, second round"). Silent ones are paused, not left reading, so the
// bound holds: letting them read whenever their bytes came read 36-56 heads in one turn again.
import type { Server, Socket } from 'node:net';

/**
 * New connections resumed and not yet past their first request head, at most. A new upload's first
 * read is its head and up to ~128 KiB of body, so 8 of them read about the intake's TURN_BYTES
 * (1 MiB) in a turn.
 */
export const FIRST_READS = 8;
/** How long a resumed connection holds its place once some of its first request has come but not its whole head (ms). */
export const FIRST_READ_MS = 50;
/**
 * How long a connection that had a place and sent nothing in its turn waits, paused, before it is
 * at the head of the line again (ms). A silent client is looked at again for one turn this often
 * until it sends (or Node's head timeout ends it): a few system calls each time, no place held.
 */
export const PARK_MS = 5;

export class Doorway {
  private open = 0;
  private line: Socket[] = [];
  /** Connections given a place that sent nothing in their turn: paused, back in line when due. */
  private parked: { socket: Socket; due: number }[] = [];
  private parkTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly places = new WeakMap<Socket, () => void>();
  /** Connections that waited in line since the server started (a figure for the bench and tests). */
  held = 0;
  /** Times a connection gave back its place having sent nothing (a figure for the bench and tests). */
  silent = 0;

  constructor(
    private readonly firstReads = FIRST_READS,
    private readonly firstReadMs = FIRST_READ_MS,
    private readonly parkMs = PARK_MS,
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
    socket.once('close', () => this.forget(socket));
    if (this.open < this.firstReads) this.resume(socket);
    else {
      this.line.push(socket);
      this.held++;
    }
  };

  /** A request head was read on `socket`: its place goes to the next in line. */
  started(socket: Socket): void {
    this.places.get(socket)?.();
  }

  /** Connections waiting in line now (and those parked, silent, to take their turn again). */
  get waiting(): number {
    return this.line.length + this.parked.length;
  }

  /** Connections resumed and not yet past their first request head. */
  get reading(): number {
    return this.open;
  }

  private forget(socket: Socket): void {
    const i = this.line.indexOf(socket);
    if (i >= 0) this.line.splice(i, 1);
    const j = this.parked.findIndex((p) => p.socket === socket);
    if (j >= 0) this.parked.splice(j, 1);
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
    const before = socket.bytesRead;
    socket.resume();
    // Once a turn has read what the socket had (the check phase of the turn after this one, past
    // its poll): if nothing came, the place goes back and the socket is paused until PARK_MS.
    setImmediate(() =>
      setImmediate(() => {
        if (!held || socket.destroyed || socket.bytesRead !== before) return;
        socket.pause();
        this.silent++;
        this.park(socket);
        free();
      }),
    );
  }

  private park(socket: Socket): void {
    this.parked.push({ socket, due: performance.now() + this.parkMs });
    this.arm();
  }

  /** One timer, for the parked connection due first. */
  private arm(): void {
    if (this.parkTimer || this.parked.length === 0) return;
    let first = Number.POSITIVE_INFINITY;
    for (const p of this.parked) first = Math.min(first, p.due);
    this.parkTimer = setTimeout(this.unpark, Math.max(1, first - performance.now()));
    this.parkTimer.unref?.();
  }

  private readonly unpark = (): void => {
    this.parkTimer = undefined;
    const now = performance.now() + 1;
    // Back in line as the oldest (they came first), then places are given as usual.
    const due = this.parked.filter((p) => p.due <= now).map((p) => p.socket);
    this.parked = this.parked.filter((p) => p.due > now);
    this.line = due.concat(this.line);
    this.next();
    this.arm();
  };

  private next(): void {
    while (this.open < this.firstReads && this.line.length > 0) {
      const socket = this.line.shift()!;
      if (!socket.destroyed) this.resume(socket);
    }
  }
}
