// src/hosted/cli.ts — `quire hosted` (runs the front) and `quire admin …` (clients, keys, users,
// usage in the hosted store). Settings come from flags, else the environment, else defaults; the
// store is SQLite in --data (default ./quire-data) unless --database names a PostgreSQL URL.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { type Logger, pino } from 'pino';
import type { ClientsConfig } from '../clients.js';
import { BUILD } from '../version.js';
import { parseDnsName, watchDns } from './fleet/dns.js';
import { Fleet, HEALTH_INTERVAL_MS } from './fleet/fleet.js';
import { UNIX_UPSTREAM } from './fleet/unix.js';
import { DEFAULT_FRONT_BODY_CAP, DEFAULT_FRONT_GRACE_MS, DEFAULT_WAIT_MS, startFront } from './front.js';
import { tuneFrontHeap } from './heap.js';
import type { InProcessRender } from './in-process.js';
import { DEFAULT_DATA_DIR, openStore } from './open-store.js';
import { hashPassword } from './passwords.js';
import { type ClientRecord, monthOf, newApiKey, type Store } from './store.js';

export interface HostedIo {
  out: (s: string) => void;
  err: (s: string) => void;
  env: NodeJS.ProcessEnv;
  stdin?: () => string;
}

export class HostedUsageError extends Error {}

const STORE_OPTIONS = { data: { type: 'string' }, database: { type: 'string' } } as const;
/** Default port of the front (the render server takes 8080). */
export const DEFAULT_HOSTED_PORT = 8090;

export const HOSTED_HELP = `Usage: quire hosted [options]

Runs the hosted front: POST /api/v1/render (Authorization: Bearer <API_KEY>, body: the description
as JSON); the same address in a browser offers the box. With no render server named (--upstream,
--render-dns), the front renders in its own process with the render server's pool; naming one
forwards every call to render servers instead (a fleet).

  --port N              $QUIRE_HOSTED_PORT       port (default ${DEFAULT_HOSTED_PORT})
  --host H              $QUIRE_HOSTED_HOST       address (default 127.0.0.1; put TLS in front of it)
  --workers N           $QUIRE_WORKERS           in-process: render workers (default: as quire serve)
  --render-config FILE  $QUIRE_CONFIG            in-process: the render server's settings file (as
                                                 quire serve --config; its $QUIRE_* variables apply too);
                                                 clients' features and ceilings come from the store,
                                                 read at start, unless it names a clients config
  --upstream URL,...    $QUIRE_UPSTREAMS         render servers to forward to (http://HOST:PORT);
                                                 unix:/PATH for one on this machine started with
                                                 --socket /PATH (cheaper than TCP)
  --render-dns N:P,...  $QUIRE_RENDER_DNS        render servers listed by DNS: every address NAME resolves
                                                 to, on PORT, resolved again every 5 s (a headless Service)
  --health-interval MS  $QUIRE_HEALTH_INTERVAL_MS  how often each render server's /health is read
                                                 (default ${HEALTH_INTERVAL_MS}); calls go to the least loaded healthy one
  --data DIR            $QUIRE_DATA              SQLite store directory (default ./${DEFAULT_DATA_DIR})
  --database URL        $QUIRE_DATABASE_URL      PostgreSQL store instead (postgres://…)
  --body-cap BYTES      $QUIRE_HOSTED_BODY_CAP   largest body (default ${DEFAULT_FRONT_BODY_CAP})
  --wait MS             $QUIRE_HOSTED_WAIT_MS    wait for a document before 503 (default ${DEFAULT_WAIT_MS})
  --secure-cookies X    $QUIRE_SECURE_COOKIES    auto (default: when the call came over TLS or
                                                 X-Forwarded-Proto: https), on, off
  --log-level L         $QUIRE_LOG_LEVEL         info (default), warn, error, silent…
  --grace MS            $QUIRE_HOSTED_GRACE_MS   on SIGTERM, time given to calls in flight (default ${DEFAULT_FRONT_GRACE_MS})
  --trust-proxy         $QUIRE_TRUST_PROXY=1     behind a reverse proxy on loopback: the sign-in throttle
                                                 counts by the last X-Forwarded-For address (default off)

GET /metrics (Prometheus) answers loopback callers only.
`;

export const ADMIN_HELP = `Usage: quire admin [--data DIR | --database URL] <command>

  client create NAME --quota N [--features F,F] [--page-ceiling N]
  client set NAME [--quota N] [--features F,F] [--page-ceiling N]
  client list
  key create CLIENT             prints the new API key once; only its hash is kept
  key revoke KEY_ID
  key list [CLIENT]
  user add NAME --client CLIENT --password-file FILE|-    (a user of the browser box)
  usage CLIENT [--month YYYY-MM]
  export-clients                the render server's clients config (page ceilings, features), JSON
`;

function pick(v: unknown, env: string | undefined, dflt?: string): string | undefined {
  if (typeof v === 'string' && v.trim() !== '') return v;
  if (env !== undefined && env.trim() !== '') return env;
  return dflt;
}

function int(name: string, text: string | undefined, min = 0): number | undefined {
  if (text === undefined) return undefined;
  if (!/^\d+$/.test(text.trim())) throw new HostedUsageError(`${name} "${text}" is not a whole number`);
  const n = Number(text);
  if (n < min) throw new HostedUsageError(`${name} ${n} is below ${min}`);
  return n;
}

export async function hostedCommand(args: readonly string[], io: HostedIo): Promise<number | undefined> {
  const { values } = parseArgs({
    args: [...args],
    strict: true,
    allowPositionals: false,
    options: {
      ...STORE_OPTIONS,
      port: { type: 'string' },
      host: { type: 'string' },
      upstream: { type: 'string' },
      workers: { type: 'string' },
      'render-config': { type: 'string' },
      'render-dns': { type: 'string' },
      'health-interval': { type: 'string' },
      'body-cap': { type: 'string' },
      wait: { type: 'string' },
      'secure-cookies': { type: 'string' },
      'log-level': { type: 'string' },
      grace: { type: 'string' },
      'trust-proxy': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    io.out(HOSTED_HELP);
    return 0;
  }
  const secure = pick(values['secure-cookies'], io.env.QUIRE_SECURE_COOKIES, 'auto')!;
  if (!['auto', 'on', 'off'].includes(secure))
    throw new HostedUsageError(`--secure-cookies "${secure}" is not auto, on or off`);
  const store = await openStore({
    dataDir: pick(values.data, io.env.QUIRE_DATA, DEFAULT_DATA_DIR),
    databaseUrl: pick(values.database, io.env.QUIRE_DATABASE_URL),
    // no fsync a charge on the event loop (decision, docs/reference.md "The month's count on disk")
    durability: 'front',
  });
  const dnsNames = (pick(values['render-dns'], io.env.QUIRE_RENDER_DNS) ?? '')
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean)
    .map((n) => {
      const parsed = parseDnsName(n);
      if (!parsed) throw new HostedUsageError(`--render-dns "${n}" is not NAME:PORT`);
      return parsed;
    });
  const upstreams = (pick(values.upstream, io.env.QUIRE_UPSTREAMS) ?? '')
    .split(',')
    .map((u) => u.trim())
    .filter(Boolean);
  for (const u of upstreams)
    if (!/^https?:\/\/[^/]+\/?$/.test(u) && !UNIX_UPSTREAM.test(u))
      throw new HostedUsageError(`--upstream "${u}" is not http://HOST:PORT or unix:/PATH`);
  const logger = pino(
    {
      level: pick(values['log-level'], io.env.QUIRE_LOG_LEVEL, 'info'),
      base: { service: 'quire-hosted', version: BUILD },
    },
    pino.destination(2),
  );
  const bodyCap = int('--body-cap', pick(values['body-cap'], io.env.QUIRE_HOSTED_BODY_CAP)) ?? DEFAULT_FRONT_BODY_CAP;
  // Decision (docs/reference.md, "One box"): no render server named, the pool runs in this process.
  const inProcess =
    upstreams.length === 0 && dnsNames.length === 0
      ? await inProcessRender(values, io, store, bodyCap, logger)
      : undefined;
  if (inProcess === null) {
    await store.close();
    return 1;
  }
  // Forwarding, the front's heap grows wider (src/hosted/heap.ts); V8's flags are the process's, so
  // in-process the render workers' heaps keep V8's own setting, as on the render server.
  if (!inProcess) tuneFrontHeap();
  const fleet = new Fleet({
    fixed: upstreams,
    intervalMs: int(
      '--health-interval',
      pick(values['health-interval'], io.env.QUIRE_HEALTH_INTERVAL_MS, String(HEALTH_INTERVAL_MS)),
      1,
    ),
    onChange: (m, from) => logger.info({ upstream: m.url, from, to: m.state }, 'render server'),
  });
  const watchers = dnsNames.map((n) =>
    watchDns(fleet, n, { onError: (e) => logger.warn({ name: n.host, err: e }, 'render servers not resolved') }),
  );
  // The names are resolved before the first call; servers not checked yet are still tried (after
  // those whose /health has answered), so the front listens at once.
  await Promise.all(watchers.map((w) => w.ready));
  const front = await startFront({
    store,
    fleet,
    logger,
    port: int('--port', pick(values.port, io.env.QUIRE_HOSTED_PORT, String(DEFAULT_HOSTED_PORT))),
    host: pick(values.host, io.env.QUIRE_HOSTED_HOST, '127.0.0.1'),
    bodyCap,
    inProcess,
    waitMs: int('--wait', pick(values.wait, io.env.QUIRE_HOSTED_WAIT_MS), 1),
    secureCookies: secure === 'auto' ? 'auto' : secure === 'on',
    trustProxy: values['trust-proxy'] === true || io.env.QUIRE_TRUST_PROXY === '1',
  });
  io.out(
    `quire hosted ${BUILD} listening on ${front.url} (${store.kind} store, ${inProcess ? `rendering in-process, ${inProcess.pool.threads} worker${inProcess.pool.threads === 1 ? '' : 's'}` : `${fleet.size} render server${fleet.size === 1 ? '' : 's'}`})\n`,
  );
  // SIGTERM drains: no new calls, the ones in flight finish within the grace, then the store closes.
  const grace = int('--grace', pick(values.grace, io.env.QUIRE_HOSTED_GRACE_MS, String(DEFAULT_FRONT_GRACE_MS)))!;
  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal, graceMs: grace }, 'shutting down');
    for (const w of watchers) w.stop();
    void front
      .shutdown(grace)
      .then(async (clean) => {
        fleet.stop();
        await inProcess?.pool.close();
        await store.close();
        logger.info({ clean }, 'stopped');
        logger.flush?.();
      })
      .finally(() => process.exit(0));
    setTimeout(() => process.exit(0), grace + 5000).unref();
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
  return undefined;
}

export async function adminCommand(args: readonly string[], io: HostedIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args: [...args],
    strict: true,
    allowPositionals: true,
    options: {
      ...STORE_OPTIONS,
      quota: { type: 'string' },
      features: { type: 'string' },
      'page-ceiling': { type: 'string' },
      client: { type: 'string' },
      'password-file': { type: 'string' },
      month: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help || positionals.length === 0) {
    io.out(ADMIN_HELP);
    return values.help ? 0 : 2;
  }
  const store = await openStore({
    dataDir: pick(values.data, io.env.QUIRE_DATA, DEFAULT_DATA_DIR),
    databaseUrl: pick(values.database, io.env.QUIRE_DATABASE_URL),
  });
  try {
    const [what, verb, name] = positionals;
    const features =
      values.features === undefined
        ? undefined
        : values.features
            .split(',')
            .map((f) => f.trim())
            .filter(Boolean);
    const ceiling = int('--page-ceiling', values['page-ceiling'], 1);
    switch (what === 'usage' || what === 'export-clients' ? what : `${what} ${verb ?? ''}`.trim()) {
      case 'client create': {
        need(name, 'the client name');
        const quota = int('--quota', values.quota);
        if (quota === undefined) throw new HostedUsageError('--quota N is missing');
        if (await store.getClient(name)) throw new HostedUsageError(`the client "${name}" exists already`);
        await store.createClient({ name, quota, features: features ?? [], pageCeiling: ceiling ?? null });
        io.out(`client ${name}: ${quota} documents a month\n`);
        return 0;
      }
      case 'client set': {
        need(name, 'the client name');
        const changes: Partial<ClientRecord> = {};
        if (values.quota !== undefined) changes.quota = int('--quota', values.quota)!;
        if (features) changes.features = features;
        if (ceiling !== undefined) changes.pageCeiling = ceiling;
        if (!(await store.updateClient(name, changes))) throw new HostedUsageError(`there is no client "${name}"`);
        io.out(`client ${name} updated\n`);
        return 0;
      }
      case 'client list':
        for (const c of await store.listClients())
          io.out(
            `${c.name}\tquota ${c.quota}\tfeatures ${c.features.join(',') || '-'}\tpage ceiling ${c.pageCeiling ?? '-'}\n`,
          );
        return 0;
      case 'key create': {
        need(name, 'the client name');
        if (!(await store.getClient(name))) throw new HostedUsageError(`there is no client "${name}"`);
        const k = newApiKey();
        await store.addKey(k.id, k.hash, name, new Date());
        io.out(`${k.key}\n`);
        io.err(`key ${k.id} for ${name}: shown once, keep it; only its hash is stored\n`);
        return 0;
      }
      case 'key revoke':
        need(name, 'the key id');
        if (!(await store.revokeKey(name, new Date()))) throw new HostedUsageError(`there is no live key "${name}"`);
        io.out(`key ${name} revoked\n`);
        return 0;
      case 'key list':
        for (const k of await store.listKeys(name))
          io.out(`${k.id}\t${k.client}\t${k.created}\t${k.revoked ? `revoked ${k.revoked}` : 'live'}\n`);
        return 0;
      case 'user add': {
        need(name, 'the user name');
        if (!values.client) throw new HostedUsageError('--client CLIENT is missing');
        if (!(await store.getClient(values.client)))
          throw new HostedUsageError(`there is no client "${values.client}"`);
        const file = values['password-file'];
        if (!file) throw new HostedUsageError('--password-file FILE (or - for standard input) is missing');
        const password = (
          file === '-' ? (io.stdin?.() ?? readFileSync(0, 'utf8')) : readFileSync(file, 'utf8')
        ).replace(/\r?\n$/, '');
        if (password.length < 8) throw new HostedUsageError('the password must have 8 characters or more');
        await store.addUser({ name, client: values.client, passwordHash: hashPassword(password) });
        io.out(`user ${name} of ${values.client} added\n`);
        return 0;
      }
      case 'usage': {
        const client = verb;
        need(client, 'the client name');
        const month = values.month ?? monthOf(new Date());
        if (!/^\d{4}-\d{2}$/.test(month)) throw new HostedUsageError(`--month "${month}" is not YYYY-MM`);
        const c = await store.getClient(client);
        if (!c) throw new HostedUsageError(`there is no client "${client}"`);
        io.out(`${client} ${month}: ${await store.used(client, month)} of ${c.quota}\n`);
        return 0;
      }
      case 'export-clients': {
        io.out(JSON.stringify(await clientsConfigOf(store), null, 2) + '\n');
        return 0;
      }
      default:
        throw new HostedUsageError(`unknown admin command "${positionals.join(' ')}"`);
    }
  } finally {
    await store.close();
  }
}

function need(v: string | undefined, what: string): asserts v is string {
  if (!v) throw new HostedUsageError(`${what} is missing`);
}

/** The render server's clients config the store's clients make (`admin export-clients`, the pool in-process). */
async function clientsConfigOf(store: Store): Promise<ClientsConfig> {
  const clients: Record<string, { features: string[]; page_ceiling?: number }> = {};
  for (const c of await store.listClients())
    clients[c.name] = { features: c.features, ...(c.pageCeiling ? { page_ceiling: c.pageCeiling } : {}) };
  return { default: { features: [] }, clients } as ClientsConfig;
}

/**
 * The render pool in this process, from the render server's settings (`--render-config`, the
 * `quire serve` environment, `--workers`): the very pool `quire serve` builds (src/server/setup.ts).
 * Null when a setting is wrong (said on stderr).
 */
async function inProcessRender(
  values: { workers?: string; 'render-config'?: string },
  io: HostedIo,
  store: Store,
  bodyCap: number,
  logger: Logger,
): Promise<InProcessRender | null> {
  const [
    { ConfigError, resolveServeConfig },
    { MemorySettingError, renderPoolFor, serviceSettings },
    { createInProcessRender },
  ] = await Promise.all([import('../server/config.js'), import('../server/setup.js'), import('./in-process.js')]);
  let config;
  try {
    config = resolveServeConfig({ config: values['render-config'], workers: values.workers }, io.env);
  } catch (e) {
    if (e instanceof ConfigError) throw new HostedUsageError(e.message);
    throw e;
  }
  // The front's cap is the one bodies meet (the render server's intake, under the front's budget).
  config.bodyCap = bodyCap;
  const service = await serviceSettings(
    { licence: config.licence, 'trust-issuer': config.licencePublicKey, clients: config.clients },
    { err: io.err, env: {} },
  );
  if (!service) return null;
  service.clients ??= await clientsConfigOf(store);
  let setup;
  try {
    setup = await renderPoolFor(config, service);
  } catch (e) {
    if (e instanceof MemorySettingError) throw new HostedUsageError(e.message);
    throw e;
  }
  const { pool: _pool, bodyCap: _cap, ...options } = setup.options;
  return createInProcessRender(setup.pool, bodyCap, { ...options, logger: logger.child({ part: 'render' }) });
}
