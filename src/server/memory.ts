// src/server/memory.ts — the server's memory budget (issue 20): what all renders in flight and all
// request bodies held may take together. Each render may take its per-render budget
// (ir/memory-budget.ts, `--render-memory`), its declared worst case; each body held (being received,
// waiting or rendering) takes its bytes. The server's budget is split once, at start: room for as
// many renders at once as fit beside one body at the cap (at most one per worker: the pool runs no
// more), and the rest for bodies. So a render never waits for memory a body holds nor a body for a
// render's (nothing can wait on anything else: no deadlock), a render past the room waits in the
// pool's queue (503 + Retry-After past its expected wait) and a body past the rest is answered 503
// + Retry-After at once, and renders plus bodies never pass the budget.
import type { Registry } from 'prom-client';
import { Gauge } from 'prom-client';

export interface MemoryPlan {
  /** The server's budget: renders' budgets plus bodies, bytes. */
  limit: number;
  /** One render's budget (its declared worst case), bytes. */
  perRender: number;
  /** Renders allowed to run at once. */
  renderSlots: number;
  /** Bytes of request bodies the server holds at most. */
  bodyBudget: number;
}

export interface MemoryPlanInput {
  /** The server's budget in bytes; absent: workers × perRender + bodyBudget (each part as configured). */
  limit?: number;
  perRender: number;
  /** Renders the server could run at once (its workers; 1 without a pool). */
  workers: number;
  /** Largest body accepted: the bodies' share holds one at least. */
  bodyCap: number;
  /** Bodies' budget as configured (`--queue-bytes`); with a server budget, the lower of it and what is left. */
  bodyBudget: number;
}

/** Splits the server's budget; throws RangeError when it cannot hold one render beside one body at the cap. */
export function planServerMemory(i: MemoryPlanInput): MemoryPlan {
  if (i.limit === undefined)
    return {
      limit: i.workers * i.perRender + i.bodyBudget,
      perRender: i.perRender,
      renderSlots: i.workers,
      bodyBudget: i.bodyBudget,
    };
  const slots = Math.min(i.workers, Math.floor((i.limit - i.bodyCap) / i.perRender));
  if (!(slots >= 1))
    throw new RangeError(
      `the server's memory (${i.limit} bytes) cannot hold one render's budget (${i.perRender} bytes) beside one body at the cap (${i.bodyCap} bytes)`,
    );
  return {
    limit: i.limit,
    perRender: i.perRender,
    renderSlots: slots,
    bodyBudget: Math.min(i.bodyBudget, i.limit - slots * i.perRender),
  };
}

/** What GET /health reports of the server's memory, bytes. */
export interface MemoryReport {
  limit: number;
  render_budget: number;
  renders_at_once: number;
  /** Renders running now × their budget plus bodies held now: at most `limit`. */
  reserved: number;
  bodies_held: number;
  bodies_budget: number;
}

export function memoryReport(plan: MemoryPlan, rendersRunning: number, bodiesHeld: number): MemoryReport {
  return {
    limit: plan.limit,
    render_budget: plan.perRender,
    renders_at_once: plan.renderSlots,
    reserved: Math.min(rendersRunning, plan.renderSlots) * plan.perRender + bodiesHeld,
    bodies_held: bodiesHeld,
    bodies_budget: plan.bodyBudget,
  };
}

/** The same at GET /metrics: `quire_memory_limit_bytes`, `quire_memory_reserved_bytes`, `quire_bodies_held_bytes`. */
export function registerMemoryMetrics(registry: Registry, report: () => MemoryReport): void {
  const gauge = (name: string, help: string, value: (r: MemoryReport) => number): void => {
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        this.set(value(report()));
      },
    });
  };
  gauge('quire_memory_limit_bytes', "the server's memory budget: renders' budgets plus bodies", (r) => r.limit);
  gauge(
    'quire_memory_reserved_bytes',
    'renders running times their budget plus request bodies held',
    (r) => r.reserved,
  );
  gauge('quire_bodies_held_bytes', 'request bodies held (received, waiting or rendering)', (r) => r.bodies_held);
}
