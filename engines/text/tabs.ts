// engines/text/tabs.ts — text engine: where a tab character sends the pen (spec: flow, `tabs`), with
// PDFlib's methods, which the spec's names follow: `relative` advances by the tab size from where
// the pen is, `typewriter` to the next multiple of the tab size, `ruler` to the n-th ruler stop for
// the n-th tab of the line (past the stops, or a stop the pen has already passed: the next stop
// beyond the pen, then relative). Positions are points from the left edge of the rect.
import type { TabAlign, TabsSpec } from '../../ir/types.js';

export interface TabRules {
  method: TabsSpec['method'];
  /** Tab size in points (a fraction is resolved against the line: the rect's width). */
  size: number;
  ruler: number[];
  alignments: TabAlign[];
  alignChar: string;
  /** One character repeated across the gap a tab opens (spec: flow, `leader`). */
  leader?: string;
}

/** The smallest advance a tab makes, so a pen sitting exactly on a stop still moves on. */
const MIN_ADVANCE = 1e-6;

/** The stop the `n`-th tab of a line (0-based) sends a pen at `pos` to. */
export function tabStop(rules: TabRules, pos: number, n: number): number {
  const size = rules.size;
  if (rules.method === 'ruler') {
    const stop = rules.ruler[n];
    if (stop !== undefined && stop > pos + MIN_ADVANCE) return stop;
    const next = rules.ruler.find((s) => s > pos + MIN_ADVANCE);
    if (next !== undefined) return next;
    return pos + size;
  }
  if (rules.method === 'typewriter') return (Math.floor(pos / size + MIN_ADVANCE) + 1) * size;
  return pos + size;
}

/** How the `n`-th tab aligns the text after it: its own entry in `alignments`, else left. */
export function tabAlign(rules: TabRules, n: number): TabAlign {
  return rules.alignments[n] ?? 'left';
}
