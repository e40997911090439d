// src/hosted/fleet/fleet.ts — the render servers a front sends calls to, and which one gets the next
// call. Each server's `GET /health` is read in the background (every HEALTH_INTERVAL_MS while it
// answers, with a doubling backoff while it does not); the call goes to the healthy server with the
// least outstanding work: the front's own calls in flight there plus the renders other fronts keep
// it busy with (what its /health last reported, less this front's own share). A server that says it
// is draining is never chosen; one that joins (a new address in DNS, a restart) is chosen once its
// /health has answered. Members come from a fixed list and from DNS names (dns.ts).
import { type Dispatcher, request } from 'undici';
import { upstreamTarget } from './unix.js';

/** How often a healthy server's /health is read (ms). */
export const HEALTH_INTERVAL_MS = 1000;
/** A /health that has not answered within this is a failure (ms). */
export const HEALTH_TIMEOUT_MS = 2000;
/** First wait after a failed check (ms); doubled per further failure up to HEALTH_BACKOFF_MAX_MS. */
export const HEALTH_BACKOFF_MS = 250;
export const HEALTH_BACKOFF_MAX_MS = 15_000;

/** What a member is known to be. `unknown`: never checked yet (a new member). */
export type MemberState = 'unknown' | 'up' | 'down' | 'draining';

export interface Member {
  readonly url: string;
  state: MemberState;
  /** Calls this front has in flight there now. */
  outstanding: number;
  /** Renders the server had that were not this front's, at its last /health (running + queued − ours). */
  others: number;
  /** Workers it reported (1 until it says). */
  workers: number;
  /** It answered 503 busy: skipped while another has room, until this moment (ms since epoch). */
  busyUntil: number;
  /** Failed checks in a row (for the backoff). */
  failures: number;
  /** Calls sent there so far (tests, /health of the front). */
  chosen: number;
  /** Still listed by its source; a removed member finishes its calls but is never chosen again. */
  listed: boolean;
  timer?: NodeJS.Timeout;
  checking?: boolean;
}

export interface FleetOptions {
  /** Render servers (base URLs) always in the fleet. */
  fixed?: readonly string[];
  intervalMs?: number;
  timeoutMs?: number;
  backoffMs?: number;
  backoffMaxMs?: number;
  dispatcher?: Dispatcher;
  /** Told when a member changes state (the front logs it). */
  onChange?: (m: Member, from: MemberState) => void;
}

/** What the render server's /health says about its load and whether it drains. */
interface HealthBody {
  draining?: unknown;
  load?: { running?: unknown; queued?: unknown; workers?: unknown };
}

export class Fleet {
  private readonly members = new Map<string, Member>();
  /** Sources (a fixed list, each DNS name) and the URLs each lists now. */
  private readonly sources = new Map<string, Set<string>>();
  private stopped = false;
  private readonly intervalMs: number;
  private readonly timeoutMs: number;
  private readonly backoffMs: number;
  private readonly backoffMaxMs: number;
  private rotate = 0;

  constructor(private readonly opts: FleetOptions = {}) {
    this.intervalMs = opts.intervalMs ?? HEALTH_INTERVAL_MS;
    this.timeoutMs = opts.timeoutMs ?? HEALTH_TIMEOUT_MS;
    this.backoffMs = opts.backoffMs ?? HEALTH_BACKOFF_MS;
    this.backoffMaxMs = opts.backoffMaxMs ?? HEALTH_BACKOFF_MAX_MS;
    if (opts.fixed && opts.fixed.length > 0) this.setSource('fixed', opts.fixed);
  }

  /** Replaces what one source lists: new URLs join (checked at once), URLs no longer listed by any source leave. */
  setSource(source: string, urls: Iterable<string>): void {
    if (this.stopped) return;
    this.sources.set(source, new Set([...urls].map(normalUrl)));
    const listed = new Set<string>();
    for (const set of this.sources.values()) for (const u of set) listed.add(u);
    for (const [url, m] of this.members)
      if (!listed.has(url)) {
        m.listed = false;
        clearTimeout(m.timer);
        this.members.delete(url);
      }
    for (const url of listed)
      if (!this.members.has(url)) {
        const m: Member = {
          url,
          state: 'unknown',
          outstanding: 0,
          others: 0,
          workers: 1,
          busyUntil: 0,
          failures: 0,
          chosen: 0,
          listed: true,
        };
        this.members.set(url, m);
        this.schedule(m, 0);
      }
  }

  /** Every member now listed. */
  list(): Member[] {
    return [...this.members.values()];
  }

  get size(): number {
    return this.members.size;
  }

  /**
   * The member the next call goes to, never one of `exclude`: among those up and not busy, the least
   * loaded (outstanding work per worker, ties in turn); else one up but busy; else one not yet
   * checked; else one that failed its last check (a check may have failed by chance; the call is
   * tried once more elsewhere if it is refused). A draining member is never chosen.
   */
  pick(exclude: ReadonlySet<string> = new Set()): Member | undefined {
    const now = Date.now();
    const tiers: Member[][] = [[], [], [], []];
    for (const m of this.members.values()) {
      if (exclude.has(m.url) || m.state === 'draining') continue;
      if (m.state === 'up') tiers[m.busyUntil > now ? 1 : 0].push(m);
      else tiers[m.state === 'unknown' ? 2 : 3].push(m);
    }
    const tier = tiers.find((t) => t.length > 0);
    if (!tier) return undefined;
    const load = (m: Member) => (m.outstanding + m.others) / Math.max(1, m.workers);
    let best: Member | undefined;
    const start = this.rotate++ % tier.length;
    for (let i = 0; i < tier.length; i++) {
      const m = tier[(start + i) % tier.length];
      if (!best || load(m) < load(best)) best = m;
    }
    return best;
  }

  /** A call goes to `m`; call the result once its answer is read (or it failed). */
  begin(m: Member): () => void {
    m.outstanding++;
    m.chosen++;
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      m.outstanding--;
    };
  }

  /** `m` could not be reached: counted down until its /health answers again (checked soon). */
  unreachable(m: Member): void {
    if (m.state === 'draining' || !m.listed) return;
    this.failed(m);
  }

  /**
   * `m` answered 503 (busy, or shutting down): another with room is preferred for `seconds` (its
   * Retry-After), and its /health is read at once (a server shutting down says so there).
   */
  busy(m: Member, seconds: number): void {
    m.busyUntil = Date.now() + Math.max(1, seconds) * 1000;
    if (m.listed && !m.checking) this.schedule(m, 0);
  }

  /** Stops the checks (the front closes). */
  stop(): void {
    this.stopped = true;
    for (const m of this.members.values()) clearTimeout(m.timer);
  }

  /** Resolves once every member has been checked once (or `ms` passed): a front starting waits for this. */
  async settled(ms = this.timeoutMs + 500): Promise<void> {
    const end = Date.now() + ms;
    while (Date.now() < end && [...this.members.values()].some((m) => m.state === 'unknown'))
      await new Promise((r) => setTimeout(r, 20));
  }

  private schedule(m: Member, ms: number): void {
    if (this.stopped) return;
    clearTimeout(m.timer);
    m.timer = setTimeout(() => void this.check(m), ms);
    m.timer.unref();
  }

  private setState(m: Member, next: MemberState): void {
    const from = m.state;
    m.state = next;
    if (from !== next) this.opts.onChange?.(m, from);
  }

  private failed(m: Member): void {
    m.failures++;
    this.setState(m, 'down');
    this.schedule(m, Math.min(this.backoffMaxMs, this.backoffMs * 2 ** Math.min(16, m.failures - 1)));
  }

  private async check(m: Member): Promise<void> {
    if (this.stopped || !m.listed || m.checking) return;
    m.checking = true;
    const ours = m.outstanding;
    try {
      const target = upstreamTarget(m.url);
      const res = await request(new URL('/health', target.origin), {
        method: 'GET',
        headersTimeout: this.timeoutMs,
        bodyTimeout: this.timeoutMs,
        signal: AbortSignal.timeout(this.timeoutMs),
        dispatcher: this.opts.dispatcher ?? target.dispatcher,
      });
      let body: HealthBody = {};
      try {
        body = (await res.body.json()) as HealthBody;
      } catch {
        body = {};
      }
      if (body.draining === true) {
        m.failures = 0;
        this.setState(m, 'draining');
        this.schedule(m, this.intervalMs);
      } else if (res.statusCode === 200) {
        m.failures = 0;
        const running = count(body.load?.running);
        const queued = count(body.load?.queued);
        m.workers = Math.max(1, count(body.load?.workers) || 1);
        m.others = Math.max(0, running + queued - ours);
        if (m.busyUntil > Date.now() && queued === 0 && running < m.workers) m.busyUntil = 0;
        this.setState(m, 'up');
        this.schedule(m, this.intervalMs);
      } else this.failed(m);
    } catch {
      this.failed(m);
    } finally {
      m.checking = false;
    }
  }
}

function count(v: unknown): number {
  return typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : 0;
}

/** A base URL as members are keyed: no trailing slash. */
function normalUrl(u: string): string {
  return u.trim().replace(/\/+$/, '');
}
