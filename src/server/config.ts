// src/server/config.ts — the render server's settings, from (highest first) command-line flags, the
// environment, a JSON config file (--config / QUIRE_CONFIG), and the embedded defaults, so
// `quire serve` runs with no file at all. A bad value stops start-up with one sentence; it never
// surfaces later as a bad render. README "Server settings" lists every row of SETTINGS.
import { readFileSync } from 'node:fs';
import { DEFAULT_RENDER_MEMORY_BYTES } from '../../ir/memory-budget.js';
import { DEFAULT_PAGE_CEILING } from '../clients.js';
import {
  DEFAULT_MAX_WAIT_MS,
  DEFAULT_MEMORY_LIMIT_MB,
  DEFAULT_QUEUE_BYTES,
  DEFAULT_QUEUE_PER_WORKER,
  DEFAULT_TIME_LIMIT_MS,
  defaultWorkers,
} from '../pool.js';
import {
  DEFAULT_BODY_CAP,
  DEFAULT_BODY_TIMEOUT_MS,
  DEFAULT_DRAIN_NOTICE_MS,
  DEFAULT_GRACE_MS,
  DEFAULT_HEADER_TIMEOUT_MS,
  DEFAULT_HOST,
  DEFAULT_PORT,
} from '../server.js';
import { trustedPeers } from './trusted.js';
import { DEFAULT_WARM_UP } from './warm-state.js';

const MIB = 1024 * 1024;

export class ConfigError extends Error {}

type Kind = 'int' | 'string' | 'level';
interface Setting {
  key: string;
  flag: string;
  env: string;
  kind: Kind;
  min?: number;
  max?: number;
  help: string;
  dflt: () => string | number | undefined;
}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** Every setting of the render server: config-file key, flag, environment variable, default. */
export const SETTINGS: readonly Setting[] = [
  {
    key: 'port',
    flag: 'port',
    env: 'PORT',
    kind: 'int',
    min: 0,
    max: 65535,
    help: 'port to listen on (0 picks a free one)',
    dflt: () => DEFAULT_PORT,
  },
  {
    key: 'host',
    flag: 'host',
    env: 'HOST',
    kind: 'string',
    help: 'address to listen on; keep it on loopback behind the front (the server trusts x-svc-client)',
    dflt: () => DEFAULT_HOST,
  },
  {
    key: 'socket',
    flag: 'socket',
    env: 'QUIRE_SOCKET',
    kind: 'string',
    help: 'a Unix socket path to listen on instead of host:port (for a front on this machine: --upstream unix:PATH)',
    dflt: () => undefined,
  },
  {
    key: 'probe_port',
    flag: 'probe-port',
    env: 'QUIRE_PROBE_PORT',
    kind: 'int',
    min: 0,
    max: 65535,
    help: 'a second port at host answering only GET /health, for probes that open a new connection each time: accepted at once during a burst',
    dflt: () => undefined,
  },
  {
    key: 'trusted_fronts',
    flag: 'trusted-fronts',
    env: 'QUIRE_TRUSTED_FRONTS',
    kind: 'string',
    help: 'addresses or CIDR blocks (comma-separated) whose x-svc-client is honoured besides loopback',
    dflt: () => undefined,
  },
  {
    key: 'body_cap',
    flag: 'body-cap',
    env: 'QUIRE_BODY_CAP',
    kind: 'int',
    min: 0,
    help: 'largest request body in bytes (spec Limits)',
    dflt: () => DEFAULT_BODY_CAP,
  },
  {
    key: 'page_ceiling',
    flag: 'page-ceiling',
    env: 'QUIRE_PAGE_CEILING',
    kind: 'int',
    min: 1,
    help: "largest document in pages for every client (a client's own ceiling may be lower)",
    dflt: () => DEFAULT_PAGE_CEILING,
  },
  {
    key: 'workers',
    flag: 'workers',
    env: 'QUIRE_WORKERS',
    kind: 'int',
    min: 1,
    max: 1024,
    help: 'render worker threads',
    dflt: () => defaultWorkers(),
  },
  {
    key: 'queue',
    flag: 'queue',
    env: 'QUIRE_QUEUE',
    kind: 'int',
    min: 0,
    help: `renders that may wait for a worker at most (default ${DEFAULT_QUEUE_PER_WORKER} per worker); past it 503 at once`,
    dflt: () => undefined,
  },
  {
    key: 'max_wait_ms',
    flag: 'max-wait',
    env: 'QUIRE_MAX_WAIT_MS',
    kind: 'int',
    min: 0,
    help: 'longest expected wait a render is admitted with, ms (from recent render times); past it 503',
    dflt: () => DEFAULT_MAX_WAIT_MS,
  },
  {
    key: 'queue_bytes',
    flag: 'queue-bytes',
    env: 'QUIRE_QUEUE_BYTES',
    kind: 'int',
    min: 0,
    help: 'request bodies allowed to wait for a worker, bytes; past it 503',
    dflt: () => DEFAULT_QUEUE_BYTES,
  },
  {
    key: 'time_limit_ms',
    flag: 'time-limit',
    env: 'QUIRE_TIME_LIMIT_MS',
    kind: 'int',
    min: 1,
    help: 'longest one render may run, ms; past it 413 drawing',
    dflt: () => DEFAULT_TIME_LIMIT_MS,
  },
  {
    key: 'memory_limit_mb',
    flag: 'memory-limit',
    env: 'QUIRE_MEMORY_LIMIT_MB',
    kind: 'int',
    min: 64,
    help: 'heap one render may use, MiB; past it 413 drawing',
    dflt: () => DEFAULT_MEMORY_LIMIT_MB,
  },
  {
    key: 'render_memory_mb',
    flag: 'render-memory',
    env: 'QUIRE_RENDER_MEMORY_MB',
    kind: 'int',
    min: 1,
    help: 'memory budget of one render (pictures, supplied streams), MiB; past it 413 drawing',
    dflt: () => DEFAULT_RENDER_MEMORY_BYTES / MIB,
  },
  {
    key: 'server_memory_mb',
    flag: 'server-memory',
    env: 'QUIRE_SERVER_MEMORY_MB',
    kind: 'int',
    min: 1,
    help: "memory budget of the whole server (renders at their budget plus request bodies held), MiB; default: the workers' budgets plus queue_bytes",
    dflt: () => undefined,
  },
  {
    key: 'warm_up',
    flag: 'warm-up',
    env: 'QUIRE_WARM_UP',
    kind: 'int',
    min: 0,
    max: 100_000,
    help: 'renders of a built-in document each worker does when it starts, before it takes work (0: none); /health says warming meanwhile',
    dflt: () => DEFAULT_WARM_UP,
  },
  {
    key: 'header_timeout_ms',
    flag: 'header-timeout',
    env: 'QUIRE_HEADER_TIMEOUT_MS',
    kind: 'int',
    min: 1,
    help: 'time to send the request head, ms',
    dflt: () => DEFAULT_HEADER_TIMEOUT_MS,
  },
  {
    key: 'body_timeout_ms',
    flag: 'body-timeout',
    env: 'QUIRE_BODY_TIMEOUT_MS',
    kind: 'int',
    min: 1,
    help: 'time to send the whole request, ms',
    dflt: () => DEFAULT_BODY_TIMEOUT_MS,
  },
  {
    key: 'grace_ms',
    flag: 'grace',
    env: 'QUIRE_GRACE_MS',
    kind: 'int',
    min: 0,
    help: 'on SIGTERM, time given to calls in flight, ms',
    dflt: () => DEFAULT_GRACE_MS,
  },
  {
    key: 'drain_notice_ms',
    flag: 'drain-notice',
    env: 'QUIRE_DRAIN_NOTICE_MS',
    kind: 'int',
    min: 0,
    help: 'on SIGTERM, time /health says draining while calls are still accepted (within the grace), ms',
    dflt: () => DEFAULT_DRAIN_NOTICE_MS,
  },
  {
    key: 'licence',
    flag: 'licence',
    env: 'QUIRE_LICENCE',
    kind: 'string',
    help: "the server's licence key (text or file)",
    dflt: () => undefined,
  },
  {
    key: 'trust_issuer',
    flag: 'trust-issuer',
    env: 'QUIRE_TRUST_ISSUER',
    kind: 'string',
    help: 'an issuer public key (PEM file) the operator trusts besides the built-in ones (GET /health says so)',
    dflt: () => undefined,
  },
  {
    key: 'licence_public_key',
    flag: 'licence-public-key',
    env: 'QUIRE_LICENCE_PUBLIC_KEY',
    kind: 'string',
    help: 'the former name of trust_issuer (same meaning)',
    dflt: () => undefined,
  },
  {
    key: 'clients',
    flag: 'clients',
    env: 'QUIRE_CLIENTS',
    kind: 'string',
    help: 'clients config (JSON file): page ceilings and entitlements',
    dflt: () => undefined,
  },
  {
    key: 'log_level',
    flag: 'log-level',
    env: 'QUIRE_LOG_LEVEL',
    kind: 'level',
    help: `log level: ${LOG_LEVELS.join(', ')}`,
    dflt: () => 'info',
  },
];

export interface ServeConfig {
  port: number;
  host: string;
  /** A Unix socket path to listen on instead of host:port. */
  socket?: string;
  /** A second port answering only GET /health (src/server/probe.ts). */
  probePort?: number;
  bodyCap: number;
  pageCeiling: number;
  workers: number;
  queue: number;
  maxWaitMs: number;
  queueBytes: number;
  /** Addresses besides loopback whose x-svc-client is honoured. */
  trustedFronts: string[];
  timeLimitMs: number;
  memoryLimitMb: number;
  /** The memory budget of one render, MiB (ir/memory-budget.ts). */
  renderMemoryMb: number;
  /** The server's memory budget (src/server/memory.ts), MiB; absent: derived. */
  serverMemoryMb?: number;
  /** Warm-up renders per worker at start (src/warm-up.ts); 0: none. */
  warmUp: number;
  headerTimeoutMs: number;
  bodyTimeoutMs: number;
  graceMs: number;
  drainNoticeMs: number;
  licence?: string;
  licencePublicKey?: string;
  clients?: string;
  logLevel: string;
}

/** parseArgs options for every setting (all strings), plus --config. */
export function settingFlags(): Record<string, { type: 'string' }> {
  return Object.fromEntries([
    ['config', { type: 'string' as const }],
    ...SETTINGS.map((d) => [d.flag, { type: 'string' as const }]),
  ]);
}

/** The help lines of the settings, for `quire serve --help`. */
export function settingsHelp(): string {
  const rows = [
    ['--config FILE', 'QUIRE_CONFIG', 'a JSON file of the settings below, keys as in README'],
    ...SETTINGS.map((d) => {
      const v = d.dflt();
      return [
        `--${d.flag} ${d.kind === 'int' ? 'N' : 'X'}`,
        d.env,
        `${d.help}${v === undefined ? '' : ` (default ${v})`}`,
      ];
    }),
  ];
  return rows.map(([f, e, h]) => `  ${f.padEnd(26)} $${e.padEnd(24)} ${h}`).join('\n') + '\n';
}

function blank(v: unknown): boolean {
  return v === undefined || (typeof v === 'string' && v.trim() === '');
}

/** Resolves every setting: flag, then environment, then config file, then default. Throws ConfigError. */
export function resolveServeConfig(flags: Record<string, unknown>, env: NodeJS.ProcessEnv): ServeConfig {
  const file = readConfigFile(
    blank(flags.config) ? (blank(env.QUIRE_CONFIG) ? undefined : env.QUIRE_CONFIG) : String(flags.config),
  );
  const out: Record<string, string | number | undefined> = {};
  for (const d of SETTINGS) {
    const [raw, where] = !blank(flags[d.flag])
      ? [flags[d.flag], `--${d.flag}`]
      : !blank(env[d.env])
        ? [env[d.env], `$${d.env}`]
        : file && !blank(file.values[d.key])
          ? [file.values[d.key], `"${d.key}" in ${file.path}`]
          : [d.dflt(), ''];
    out[d.key] = raw === undefined ? undefined : check(d, raw, where);
  }
  const workers = out.workers as number;
  const trustedFronts = ((out.trusted_fronts as string | undefined) ?? '')
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
  try {
    trustedPeers(trustedFronts);
  } catch (e) {
    throw new ConfigError(`trusted_fronts: ${(e as Error).message}`);
  }
  return {
    port: out.port as number,
    host: out.host as string,
    socket: out.socket as string | undefined,
    probePort: out.probe_port as number | undefined,
    bodyCap: out.body_cap as number,
    pageCeiling: out.page_ceiling as number,
    workers,
    queue: (out.queue as number | undefined) ?? workers * DEFAULT_QUEUE_PER_WORKER,
    maxWaitMs: out.max_wait_ms as number,
    queueBytes: out.queue_bytes as number,
    trustedFronts,
    timeLimitMs: out.time_limit_ms as number,
    memoryLimitMb: out.memory_limit_mb as number,
    renderMemoryMb: out.render_memory_mb as number,
    serverMemoryMb: out.server_memory_mb as number | undefined,
    warmUp: out.warm_up as number,
    headerTimeoutMs: out.header_timeout_ms as number,
    bodyTimeoutMs: out.body_timeout_ms as number,
    graceMs: out.grace_ms as number,
    drainNoticeMs: out.drain_notice_ms as number,
    licence: out.licence as string | undefined,
    licencePublicKey: (out.trust_issuer ?? out.licence_public_key) as string | undefined,
    clients: out.clients as string | undefined,
    logLevel: out.log_level as string,
  };
}

function check(d: Setting, raw: unknown, where: string): string | number {
  if (d.kind === 'int') {
    const text = typeof raw === 'number' ? String(raw) : String(raw).trim();
    if (!/^\d+$/.test(text)) throw new ConfigError(`${where} "${text}" is not a whole number`);
    const n = Number(text);
    if (n < (d.min ?? 0) || n > (d.max ?? Number.MAX_SAFE_INTEGER))
      throw new ConfigError(`${where} ${n} is outside ${d.min ?? 0}..${d.max ?? Number.MAX_SAFE_INTEGER}`);
    return n;
  }
  if (typeof raw !== 'string') throw new ConfigError(`${where} must be a string`);
  if (d.kind === 'level' && !(LOG_LEVELS as readonly string[]).includes(raw))
    throw new ConfigError(`${where} "${raw}" is not one of ${LOG_LEVELS.join(', ')}`);
  return raw;
}

function readConfigFile(path: string | undefined): { path: string; values: Record<string, unknown> } | undefined {
  if (path === undefined) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(path, 'utf8'));
  } catch (e) {
    throw new ConfigError(
      `the config file ${path} cannot be read as JSON: ${e instanceof Error ? e.message : String(e)}`,
    );
  }
  if (!value || typeof value !== 'object' || Array.isArray(value))
    throw new ConfigError(`the config file ${path} must hold one JSON object`);
  const known = new Set(SETTINGS.map((d) => d.key));
  // A misspelt key in a config file would silently keep a default: refused, unlike unknown request keys.
  for (const k of Object.keys(value))
    if (!known.has(k)) throw new ConfigError(`the config file ${path} has the unknown setting "${k}"`);
  return { path, values: value as Record<string, unknown> };
}
