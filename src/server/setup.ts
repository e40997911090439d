// src/server/setup.ts — what `quire serve` and the hosted front in-process (`quire hosted` with no
// render server named) both build from the render server's settings: the licence and clients
// (ServiceSettings), and the render pool sized by the server's memory budget with the settings the
// render server's intake takes. One place, so the two run the very same pool.
import { readFileSync } from 'node:fs';
import type { ServiceSettings } from '../licence/service.js';
import type { RenderPool } from '../pool.js';
import type { ServerOptions } from '../server.js';
import type { ServeConfig } from './config.js';
import type { MemoryPlan } from './memory.js';

/** Reads licence and clients config; prints the sentence and returns undefined when either is bad. */
export async function serviceSettings(
  values: Record<string, unknown>,
  io: { err: (s: string) => void; env: NodeJS.ProcessEnv },
): Promise<ServiceSettings | undefined> {
  const { issuerFingerprint, readClientsConfig, readLicenceWithIssuer, ServiceConfigError } = await import(
    '../licence/service.js'
  );
  const pick = (k: string, env: string) =>
    typeof values[k] === 'string' ? (values[k] as string) : emptyToUndefined(io.env[env]);
  const licence = pick('licence', 'QUIRE_LICENCE');
  const pub = pick('trust-issuer', 'QUIRE_TRUST_ISSUER') ?? pick('licence-public-key', 'QUIRE_LICENCE_PUBLIC_KEY');
  const clients = pick('clients', 'QUIRE_CLIENTS');
  try {
    const operatorPem = pub ? [readFileSync(pub, 'utf8')] : [];
    const read = licence ? readLicenceWithIssuer(licence, operatorPem) : undefined;
    return {
      licence: read?.licence,
      issuer: read?.issuer,
      operatorIssuers: operatorPem.map(issuerFingerprint),
      clients: clients ? readClientsConfig(clients) : undefined,
    };
  } catch (e) {
    if (e instanceof ServiceConfigError || (e as NodeJS.ErrnoException).code) {
      io.err(`quire: ${e instanceof Error ? e.message : String(e)}\n`);
      return undefined;
    }
    throw e;
  }
}

function emptyToUndefined(s: string | undefined): string | undefined {
  return s === undefined || s.trim() === '' ? undefined : s;
}

/** Thrown when the server's memory cannot hold the renders asked for (the sentence names why). */
export class MemorySettingError extends Error {}

/**
 * The render pool and the render server's settings for `config` and `service` (whose page ceiling
 * and render memory it sets from the config): as many workers as the server's memory holds renders
 * at once (src/server/memory.ts). The caller closes the pool.
 */
export async function renderPoolFor(
  config: ServeConfig,
  service: ServiceSettings,
): Promise<{ pool: RenderPool; memory: MemoryPlan; options: ServerOptions }> {
  // The render pipeline is loaded by the pool's workers only, never by the event loop (issue 20: a
  // smaller heap for its garbage collector during bursts; bench/README.md, eighth wave).
  const [{ licensedToday }, { RenderPool }, { planServerMemory }] = await Promise.all([
    import('../licence/service.js'),
    import('../pool.js'),
    import('./memory.js'),
  ]);
  service.pageCeiling = config.pageCeiling;
  service.renderMemory = config.renderMemoryMb * 1024 * 1024;
  let memory: MemoryPlan;
  try {
    memory = planServerMemory({
      limit: config.serverMemoryMb === undefined ? undefined : config.serverMemoryMb * 1024 * 1024,
      perRender: service.renderMemory,
      workers: config.workers,
      bodyCap: config.bodyCap,
      bodyBudget: Math.max(config.bodyCap, config.queueBytes),
    });
  } catch (e) {
    throw new MemorySettingError(`--server-memory: ${(e as Error).message}`);
  }
  const pool = new RenderPool({
    workers: memory.renderSlots,
    queue: config.queue,
    maxWaitMs: config.maxWaitMs,
    queueBytes: config.queueBytes,
    timeLimitMs: config.timeLimitMs,
    memoryLimitMb: config.memoryLimitMb,
    service,
    warmUp: config.warmUp,
  });
  return {
    pool,
    memory,
    options: {
      bodyCap: config.bodyCap,
      pool,
      headerTimeoutMs: config.headerTimeoutMs,
      bodyTimeoutMs: config.bodyTimeoutMs,
      licensed: () => licensedToday(service),
      issuers: { licence: service.issuer, operator: service.operatorIssuers ?? [] },
      trustedFronts: config.trustedFronts,
      bodyBudget: Math.max(config.bodyCap, config.queueBytes),
      serverMemory: memory.limit,
      renderMemory: service.renderMemory,
      drainNoticeMs: config.drainNoticeMs,
    },
  };
}
