// test/server-intake.test.ts — request bodies read a share a turn (src/server/intake.ts, issue 20:
// /health during a burst of uploads): past the turn's budget an upload is paused, and every paused
// upload is resumed at the next turn of the event loop (none starved, none left paused).
import { EventEmitter } from 'node:events';
import type http from 'node:http';
import { describe, expect, it } from 'vitest';
import { Intake } from '../src/server/intake.js';

class FakeUpload extends EventEmitter {
  paused = false;
  destroyed = false;
  resumed = 0;
  pause(): this {
    this.paused = true;
    return this;
  }
  resume(): this {
    this.paused = false;
    this.resumed++;
    return this;
  }
  isPaused(): boolean {
    return this.paused;
  }
}

const asReq = (u: FakeUpload) => u as unknown as http.IncomingMessage;

describe('Intake', () => {
  it('pauses uploads past the turn budget and resumes them all at the next turn', async () => {
    const intake = new Intake(200_000);
    const ups = Array.from({ length: 4 }, () => new FakeUpload());
    const gone = new FakeUpload();
    // 4 × 80 kB in one turn: the first two fit the budget, the third passes it.
    for (const u of ups) intake.took(asReq(u), 80_000);
    intake.took(asReq(gone), 80_000);
    gone.destroyed = true;
    expect(ups.map((u) => u.paused)).toEqual([false, false, true, true]);
    expect(intake.pauses).toBe(3);
    await new Promise((r) => setImmediate(r));
    expect(ups.map((u) => u.paused)).toEqual([false, false, false, false]);
    expect(gone.resumed).toBe(0); // a destroyed upload is left alone
    // A new turn starts with a fresh budget.
    intake.took(asReq(ups[0]), 190_000);
    expect(ups[0].paused).toBe(false);
    intake.took(asReq(ups[1]), 20_000);
    expect(ups[1].paused).toBe(true);
  });

  it('resumes no more uploads a turn than its budget holds chunks, first paused first, until none waits', async () => {
    // A budget of three 64 KiB chunks: ten uploads paused in one turn come back three a turn.
    const intake = new Intake(3 * 64 * 1024);
    const ups = Array.from({ length: 11 }, () => new FakeUpload());
    intake.took(asReq(ups[0]), 3 * 64 * 1024 + 1);
    for (const u of ups) if (!u.paused) intake.took(asReq(u), 64 * 1024);
    expect(ups.filter((u) => u.paused).length).toBe(11);
    const turns: number[][] = [];
    for (let t = 0; t < 5; t++) {
      await new Promise((r) => setImmediate(r));
      turns.push(ups.flatMap((u, i) => (u.paused ? [] : [i])));
    }
    expect(turns).toEqual([
      [0, 1, 2],
      [0, 1, 2, 3, 4, 5],
      [0, 1, 2, 3, 4, 5, 6, 7, 8],
      [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
      [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
    ]);
  });
});
