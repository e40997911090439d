// src/server/intake.ts — request bodies read a share at a time (issue 20: /health under 50 ms
// throughout a burst of 200 invoices). Node reads every readable socket in one pass of the event
// loop, up to 32 reads of 64 KiB each: 200 uploads of 1.1 MB sent together are read, parsed and
// handed to their handlers in one pass of 100–200 ms, and a /health arriving meanwhile waits for the
// pass to end. Here the bytes read in one turn of the loop are counted: past TURN_BYTES, each
// upload that delivers more is paused (Node then stops reading its socket; TCP holds the rest on
// the client's side) and resumed at the next turn, after the loop has answered whatever else came
// in. No upload is starved (each gets at least a chunk a turn) and throughput is unchanged (a turn
// still reads megabytes; the workers render far fewer bytes a second than that).
import type http from 'node:http';

/** Bytes of request bodies read in one turn of the event loop before uploads are paused to the next. */
export const TURN_BYTES = 4 * 1024 * 1024;

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
    const list = this.paused;
    this.paused = [];
    for (const req of list) if (!req.destroyed) req.resume();
  };
}
