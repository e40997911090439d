// src/server/spool.ts — a request body as it arrives (issue 20): held in memory up to SPOOL_THRESHOLD
// bytes, past it written to a temporary file (mode 0600, in the system's temporary folder) and read
// back only once the body is whole, so an upload that is slow, abandoned or refused holds at most the
// threshold in memory, however large it is. The server (src/server.ts, `receive`) makes one for a body
// announced larger than the threshold or of unknown length, and discards it when it stops reading.
// Writes are synchronous: a chunk of the socket (≤ 64 KiB) to the page cache, microseconds, and no
// write is ever pending when the form ends.
import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Bytes of one part held in memory before it goes to a file (decision, docs/reference.md "Workers, queue and limits"). */
export const SPOOL_THRESHOLD = 8 * 1024 * 1024;

let made = 0;

export class PartSpool {
  private chunks: Buffer[] = [];
  private size = 0;
  private fd: number | undefined;
  private path: string | undefined;

  constructor(private readonly threshold = SPOOL_THRESHOLD) {}

  /** Whether the part has gone to a file. */
  get spooled(): boolean {
    return this.path !== undefined;
  }

  write(chunk: Buffer): void {
    if (this.fd === undefined && this.size + chunk.length <= this.threshold) {
      this.chunks.push(chunk);
      this.size += chunk.length;
      return;
    }
    if (this.fd === undefined) {
      this.path = join(tmpdir(), `quire-part-${process.pid}-${++made}`);
      this.fd = openSync(this.path, 'wx', 0o600);
      for (const c of this.chunks) writeSync(this.fd, c);
      this.chunks = [];
    }
    writeSync(this.fd, chunk);
    this.size += chunk.length;
  }

  /** The whole part: its chunks joined, or its file read back and removed. */
  bytes(): Uint8Array {
    if (this.path === undefined) {
      const out = this.chunks.length === 1 ? this.chunks[0] : Buffer.concat(this.chunks);
      this.chunks = [];
      return out;
    }
    closeSync(this.fd!);
    this.fd = undefined;
    const out = readFileSync(this.path);
    this.discard();
    return out;
  }

  /** Drops what the part holds, its file included. */
  discard(): void {
    this.chunks = [];
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
    if (this.path !== undefined) rmSync(this.path, { force: true });
    this.path = undefined;
  }
}
