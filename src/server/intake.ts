// src/server/intake.ts — request bodies read a share at a time (issue 20: /health under 50 ms
// throughout a burst of 200 invoices). Node reads every readable socket in one pass of the event
// loop, up to 32 reads of 64 KiB each: 200 uploads of 1.1 MB sent together are read, parsed and
// handed to their handlers in one pass of 100–200 ms, and a /health arriving meanwhile waits for the
// pass to end. Here the bytes read in one turn of the loop are counted: past TURN_BYTES, each
// upload that delivers more is paused (Node then stops reading its socket; TCP holds the rest on
// the client's side) and resumed at a later turn, after the loop has answered whatever else came
// in: the paused uploads wait in line, and a turn resumes at most as many as its budget holds chunks
// (a turn's reading stays bounded however many uploads arrive together). No upload is starved (the
// line is first in, first out) and throughput is unchanged (a turn still reads megabytes; the
// workers render far fewer bytes a second than that).
import type http from 'node:http';

/**
 * Bytes of request bodies read in one turn of the event loop before uploads are paused to the next.
 * 1 MiB (eighth wave; 4 MiB before): a turn's reading is then at most a few milliseconds, and the
 * turns still read far more bytes a second than the workers render (bench/README.md, "`/health` in
 * a burst, eighth wave").
 */
export const TURN_BYTES = 1024 * 1024;
/** Bytes Node's HTTP parser hands over at most per read of a socket: a resumed upload's first delivery. */
const CHUNK_BYTES = 64 * 1024;

export class Intake {
  private bytes = 0;
  private paused: http.IncomingMessage[] = [];
  private scheduled = false;
  /** Uploads paused for a turn since the server started (a figure for the bench). */
  pauses = 0;

  constructor(private readonly turnBytes = TURN_BYTES) {}

  /** Counts a chunk read for `req`; past the turn's budget the upload waits for the next turn. */
  took(req: http.IncomingMessage, n: number): void {
    this.bytes += n;
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(this.nextTurn);
    }
    if (this.bytes > this.turnBytes && !req.isPaused()) {
      req.pause();
      this.paused.push(req);
      this.pauses++;
    }
  }

  private readonly nextTurn = (): void => {
    this.scheduled = false;
    this.bytes = 0;
    let room = Math.max(1, Math.floor(this.turnBytes / CHUNK_BYTES));
    let i = 0;
    for (; i < this.paused.length && room > 0; i++) {
      const req = this.paused[i];
      if (req.destroyed) continue;
      req.resume();
      room--;
    }
    this.paused = this.paused.slice(i);
    // Those still in line are resumed at the turns after, whether or not more bytes come meanwhile.
    if (this.paused.length > 0) {
      this.scheduled = true;
      setImmediate(this.nextTurn);
    }
  };
}
