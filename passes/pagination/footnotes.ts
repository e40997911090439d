// passes/pagination/footnotes.ts — pagination sub-step: the foot of a story's box (issue 23,
// docs/reference.md "flow", footnotes). A line holding marks is placed only with its notes at the foot
// of the same box: the notes' lines are stacked up from the box's bottom, under `gap` points of room
// (the rule is drawn halfway in it), and the text's floor rises by what they take. When a line's notes
// do not fit whole, the line still stays if every note but its last fits whole and the last's first
// line does; the rest of that note continues at the foot of the next box (before anything else there),
// and no further mark is placed in the box (its note would come before the continued one ends).
// Otherwise the line goes to the next box, as a line that does not fit. A `{columns}` section's boxes
// share the foot of the story's box (flow-fit.ts `foot`), so notes are set full width under the columns.

import type { StoryNoteSet } from '../../engines/text/story-notes.js';

/** A line of a note: the note (index in StoryNoteSet.list) and its line. */
export interface FootLine {
  note: number;
  line: number;
}

/** A note line placed at a box's foot, with its baseline (page y). */
export interface PlacedFootLine extends FootLine {
  baseline: number;
}

const EPS = 1e-6;

/** The foot of one box: the note lines it holds, what waits for the next box, the height it takes. */
export class Foot {
  lines: FootLine[] = [];
  carry: FootLine[] = [];
  /** Points from the box's bottom to the top of the room above the notes (0 when it holds none). */
  height = 0;

  constructor(readonly notes: StoryNoteSet) {}

  clone(): Foot {
    const f = new Foot(this.notes);
    f.copyFrom(this);
    return f;
  }

  copyFrom(o: Foot): void {
    this.lines = o.lines.slice();
    this.carry = o.carry.slice();
    this.height = o.height;
  }

  private lh(fl: FootLine): number {
    return this.notes.list[fl.note].p.lines[fl.line].leading;
  }

  /** The height notes `ids` add whole, and the height they add with the last cut to its first line. */
  need(ids: readonly number[], alreadyAdded = 0): { whole: number; least: number } {
    let whole = this.height + alreadyAdded > 0 ? 0 : this.notes.gap;
    let least = whole;
    ids.forEach((id, k) => {
      const lines = this.notes.list[id].p.lines;
      for (let l = 0; l < lines.length; l++) {
        whole += lines[l].leading;
        if (k < ids.length - 1 || l === 0) least += lines[l].leading;
      }
    });
    return { whole, least };
  }

  /** Whether a line with marks may go in this box at all (no note continues from it to the next). */
  get open(): boolean {
    return this.carry.length === 0;
  }

  /** Adds notes `ids`, as many lines as `room` points hold (unbounded: all); the rest waits for the next box. */
  add(ids: readonly number[], room: number): void {
    let left = room - (this.height > 0 ? 0 : this.notes.gap);
    let cut = !this.open;
    const start = this.height;
    for (const id of ids) {
      const n = this.notes.list[id].p.lines.length;
      for (let line = 0; line < n; line++) {
        const fl = { note: id, line };
        const h = this.lh(fl);
        if (!cut && h <= left + EPS) {
          this.lines.push(fl);
          left -= h;
          this.height += h;
        } else {
          cut = true;
          this.carry.push(fl);
        }
      }
    }
    if (start === 0 && this.height > 0) this.height += this.notes.gap;
  }

  /** A fresh foot for the next box, holding first what this one could not: at most `room` points of it. */
  next(room: number): Foot {
    const f = new Foot(this.notes);
    const waiting = this.carry;
    if (!waiting.length) return f;
    let left = room - this.notes.gap;
    let k = 0;
    // At least one line moves on, so a note always ends.
    while (k < waiting.length && (k === 0 || this.lh(waiting[k]) <= left + EPS)) {
      left -= this.lh(waiting[k]);
      f.height += this.lh(waiting[k]);
      f.lines.push(waiting[k]);
      k++;
    }
    f.height += this.notes.gap;
    f.carry = waiting.slice(k);
    return f;
  }

  /** The foot's lines with their baselines, stacked from `bottom` up under the room above them. */
  placed(bottom: number): PlacedFootLine[] {
    let y = bottom + this.height - this.notes.gap;
    return this.lines.map((fl) => {
      const line = this.notes.list[fl.note].p.lines[fl.line];
      y -= line.leading;
      return Object.assign({}, fl, { baseline: y - line.descender });
    });
  }
}
