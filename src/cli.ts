#!/usr/bin/env node
// src/cli.ts — the `quire` command: `quire serve` runs the server of src/server.ts, `quire render`
// calls the very `render()` the server calls, on a description file and the parts named beside it.
// `quire verify` runs the built-in verifier on any PDF (src/cli-verify.ts).
// Exit codes: 0 done, 1 refused (or the PDF could not be written / the server could not listen),
// 2 usage error (unknown option, missing or unreadable argument).
// Start-up: each command loads what it needs when it runs (dynamic imports), so `quire verify` never
// loads the render pipeline nor the server, and `quire render` never the server (bench/startup.mjs).
import { readFileSync, realpathSync, writeFileSync } from 'node:fs';
import module from 'node:module';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { findingId } from '../ir/diagnostics.js';
import { VerifyUsageError, verifyCommand } from './cli-verify.js';
import { serviceSettings } from './server/setup.js';
import type { RenderInput } from './types.js';

const SERVICE_OPTIONS = {
  licence: { type: 'string' },
  'trust-issuer': { type: 'string' },
  'licence-public-key': { type: 'string' },
  clients: { type: 'string' },
} as const;

const SERVICE_HELP = `  --licence KEY|FILE           the server's licence key (default: $QUIRE_LICENCE)
  --trust-issuer FILE          an issuer public key the operator trusts besides the built-in ones ($QUIRE_TRUST_ISSUER;
                               formerly --licence-public-key)
  --clients FILE               clients config: page ceilings and entitlements ($QUIRE_CLIENTS)
`;

const help = (
  build: string,
): string => `quire ${build} — one JSON description (plus the files it names) in, one PDF out.

Usage:
  quire serve [--config FILE] [--port N] [--host H] [--workers N] …
  quire render desc.json|- [--part name=file]... -o out.pdf [--json] [--now ISO] [--client NAME]
  quire verify file.pdf [--standard pdfa2b]...
  quire licence keygen|issue|show …
  quire hosted [--port N] [--upstream URL] [--data DIR | --database URL] …
  quire admin client|key|user|usage|export-clients …
  quire --version
  quire <command> --help
`;

const serveHelp = (settingsHelp: () => string): string => `Usage: quire serve [options]

Runs the render server: POST /render (multipart/form-data, part json_data plus the files the
description names), GET /health and GET /metrics (Prometheus). Renders run in worker threads; a
full queue is answered 503 at once; SIGTERM stops accepting and finishes the calls in flight.

Every setting comes from its flag, else its environment variable, else the config file, else the
default shown:

${settingsHelp()}  -h, --help                  this text
`;

const RENDER_HELP = `Usage: quire render desc.json|- [--part name=file]... -o out.pdf [--json] [--now ISO] [--client NAME]

Renders one description ("-": read from standard input) to a PDF with the same code the server
runs. Pages, remarks and findings are printed to stderr; a refusal prints
"refused <status> <word>: <sentence>".

Options:
  --part name=file   a file the description names as a part (repeatable)
  -o, --output FILE  where the PDF goes ("-" for stdout); required
  --json             print the outcome as one JSON object on stdout (pages, remarks, findings, or
                     the refusal's status, word, sentence and path) instead of lines on stderr
  --now ISO          the moment of rendering, e.g. 2024-05-01T12:00:00Z (default: now)
  --client NAME      render under this client's settings, as x-svc-client does
${SERVICE_HELP}  -h, --help         this text

Exit codes: 0 written, 1 refused (or a bad licence/clients setting), 2 usage, 3 the PDF was made
but could not be written (no such folder, no permission, disk full).
`;

/** Exit code of `quire render` when the PDF was made but could not be written. */
export const EXIT_WRITE_FAILED = 3;

/** A usage error: message printed with the command's help hint, exit code 2. */
class UsageError extends Error {}

interface Io {
  out: (s: string | Uint8Array) => void;
  err: (s: string) => void;
  env: NodeJS.ProcessEnv;
  /** Standard input, whole (tests give it; the command reads fd 0). */
  stdin?: () => string;
  /** Told the description's size before `render` renders it (src/cli-launch.ts sizes V8's young generation). */
  described?: (bytes: number) => void;
  /** Told each pass's end while `render` renders (src/cli-launch.ts collects a large render's garbage). */
  passed?: (pass: string) => void;
}

const defaultIo: Io = {
  out: (s) => process.stdout.write(s),
  err: (s) => process.stderr.write(s),
  env: process.env,
};

/**
 * Runs the command line (without `node` and the script). Resolves to the exit code, or to
 * undefined while `serve` keeps running.
 */
export async function main(args: readonly string[], io: Io = defaultIo): Promise<number | undefined> {
  const [command, ...rest] = args;
  try {
    switch (command) {
      case undefined:
      case '-h':
      case '--help':
      case 'help':
        io.out(help((await import('./version.js')).BUILD));
        return command === undefined ? 2 : 0;
      case '-v':
      case '--version':
        io.out(`${(await import('./version.js')).BUILD}\n`);
        return 0;
      case 'serve':
        return await serve(rest, io);
      case 'render':
        return await renderCommand(rest, io);
      case 'licence':
        return (await import('./cli-licence.js')).licenceCommand(rest, io);
      case 'verify':
        return await verifyCommand(rest, io);
      case 'hosted':
      case 'admin': {
        const hosted = await import('./hosted/cli.js');
        try {
          return await (command === 'hosted' ? hosted.hostedCommand : hosted.adminCommand)(rest, io);
        } catch (e) {
          if (!(e instanceof hosted.HostedUsageError)) throw e;
          io.err(`quire: ${e.message}\nTry "quire ${command} --help".\n`);
          return 2;
        }
      }
      default:
        throw new UsageError(`unknown command "${command}"`);
    }
  } catch (e) {
    if ((e as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      io.err(`quire: ${(e as Error).message}\nTry "quire ${command} --help".\n`);
      return 2;
    }
    if (e instanceof UsageError || e instanceof VerifyUsageError) {
      io.err(`quire: ${e.message}\n${usageHint(command)}`);
      return 2;
    }
    throw e;
  }
}

function usageHint(command: string | undefined): string {
  return command === 'serve' || command === 'render' || command === 'verify' || command === 'licence'
    ? `Try "quire ${command} --help".\n`
    : 'Try "quire --help".\n';
}

/** Runs a parseArgs call, turning its complaints (unknown option, missing value) into usage errors. */
function usage<T>(parse: () => T): T {
  try {
    return parse();
  } catch (e) {
    throw new UsageError(e instanceof Error ? e.message : String(e));
  }
}

// ——— serve ———

async function serve(args: readonly string[], io: Io): Promise<number | undefined> {
  const { ConfigError, resolveServeConfig, settingFlags, settingsHelp } = await import('./server/config.js');
  const { values, positionals } = usage(() =>
    parseArgs({
      args: [...args],
      allowPositionals: true,
      strict: true,
      options: { ...settingFlags(), help: { type: 'boolean', short: 'h' } },
    }),
  );
  if (values.help) {
    io.out(serveHelp(settingsHelp));
    return 0;
  }
  if (positionals.length) throw new UsageError(`unexpected argument "${positionals[0]}"`);
  let config;
  try {
    config = resolveServeConfig(values, io.env);
  } catch (e) {
    if (e instanceof ConfigError) throw new UsageError(e.message);
    throw e;
  }
  const service = await serviceSettings(
    { licence: config.licence, 'trust-issuer': config.licencePublicKey, clients: config.clients },
    { ...io, env: {} },
  );
  if (!service) return 1;
  const [{ defaultLogger, startServer }, { BUILD }, { MemorySettingError, renderPoolFor }] = await Promise.all([
    import('./server.js'),
    import('./version.js'),
    import('./server/setup.js'),
  ]);
  const logger = defaultLogger(config.logLevel);
  // Issue 20: as many workers as the server's memory holds renders at once (src/server/setup.ts).
  let setup;
  const poolStarted = performance.now();
  try {
    setup = await renderPoolFor(config, service);
  } catch (e) {
    if (e instanceof MemorySettingError) throw new UsageError(e.message);
    throw e;
  }
  const { pool, memory } = setup;
  if (service.operatorIssuers?.length)
    logger.warn(
      { operatorIssuers: service.operatorIssuers, licenceIssuer: service.issuer ?? null },
      'licences signed by an issuer the operator added are accepted (--trust-issuer)',
    );
  let running;
  try {
    running = await startServer({
      ...setup.options,
      port: config.port,
      host: config.host,
      socket: config.socket,
      probePort: config.probePort,
      logger,
    });
  } catch (e) {
    await pool.close();
    io.err(
      `quire: cannot listen on ${config.socket ?? `${config.host}:${config.port}`}: ${e instanceof Error ? e.message : String(e)}\n`,
    );
    return 1;
  }
  io.out(`quire ${BUILD} listening on ${running.url} (${memory.renderSlots} workers)\n`);
  if (running.probeUrl) io.out(`quire probes on ${running.probeUrl} (GET /health only)\n`);
  logger.info(
    {
      url: running.url,
      workers: config.workers,
      queue: config.queue,
      timeLimitMs: config.timeLimitMs,
      bodyCap: config.bodyCap,
      pageCeiling: config.pageCeiling,
    },
    'listening',
  );
  // Issue 20: the workers warm up before the server says it is ready (src/warm-up.ts; GET /health 503 `warming`).
  void pool
    .warmed()
    .then(() => logger.info({ warmUp: config.warmUp, ms: Math.round(performance.now() - poolStarted) }, 'ready'));
  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal, inFlight: running.inFlight, graceMs: config.graceMs }, 'shutting down');
    void running.shutdown(config.graceMs).then(async (clean) => {
      await pool.close();
      logger.info({ clean }, 'stopped');
      logger.flush?.();
      process.exit(0);
    });
    // Whatever happens, the process ends shortly after the grace period.
    setTimeout(() => process.exit(0), config.graceMs + 5000).unref();
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
  return undefined;
}

// ——— render ———

async function renderCommand(args: readonly string[], io: Io): Promise<number> {
  const { values, positionals } = usage(() =>
    parseArgs({
      args: [...args],
      allowPositionals: true,
      strict: true,
      options: {
        part: { type: 'string', multiple: true },
        output: { type: 'string', short: 'o' },
        now: { type: 'string' },
        client: { type: 'string' },
        json: { type: 'boolean' },
        ...SERVICE_OPTIONS,
        help: { type: 'boolean', short: 'h' },
      },
    }),
  );
  if (values.help) {
    io.out(RENDER_HELP);
    return 0;
  }
  const json = values.json === true;
  if (positionals.length === 0) throw new UsageError('the description file is missing');
  if (positionals.length > 1) throw new UsageError(`unexpected argument "${positionals[1]}"`);
  const output = values.output;
  if (output === undefined || output === '') throw new UsageError('-o out.pdf is missing');
  if (json && output === '-') throw new UsageError('--json prints on stdout, where -o - would put the PDF');

  let now: Date | undefined;
  if (values.now !== undefined) {
    now = new Date(values.now);
    if (!/^\d{4}-\d{2}-\d{2}/.test(values.now) || Number.isNaN(now.getTime())) {
      throw new UsageError(`--now "${values.now}" is not an ISO 8601 date and time`);
    }
  }

  // the description's bytes are held by `input` alone, and let go once read (below)
  const input: RenderInput = { description: descriptionBytes(positionals[0], io) };
  const parts = new Map<string, Uint8Array>();
  for (const spec of values.part ?? []) {
    const eq = spec.indexOf('=');
    if (eq <= 0 || eq === spec.length - 1) throw new UsageError(`--part "${spec}" must read name=file`);
    const name = spec.slice(0, eq);
    if (name === 'json_data') throw new UsageError('the part name json_data is the description itself');
    if (parts.has(name)) throw new UsageError(`the part "${name}" is given twice`);
    parts.set(name, readArg(spec.slice(eq + 1)));
  }

  const service = await serviceSettings(values, io);
  if (!service) return 1;
  const { render } = await import('./library.js');
  input.parts = parts;
  input.client = values.client;
  input.now = now;
  input.service = service;
  input.trace = (pass) => {
    // read: the bytes are garbage now (the library reads them only then): 1.6 MB for table-10k
    if (pass === 'read') input.description = undefined;
    io.passed?.(pass);
  };
  const outcome = render(input);
  if (!outcome.ok) {
    if (json) {
      const { status, word, sentence, path, remarks } = outcome;
      io.out(`${JSON.stringify({ ok: false, status, word, sentence, path, remarks })}\n`);
    } else io.err(`refused ${outcome.status} ${outcome.word}: ${outcome.sentence}\n`);
    return 1;
  }
  try {
    if (output === '-') io.out(outcome.pdf);
    else writeFileSync(output, outcome.pdf);
  } catch (e) {
    const why = e instanceof Error ? e.message : String(e);
    if (json) io.out(`${JSON.stringify({ ok: false, output, written: false, error: why })}\n`);
    else io.err(`quire: cannot write ${output}: ${why}\n`);
    return EXIT_WRITE_FAILED;
  }
  if (json) {
    const findings = outcome.findings.map((f) => ({ id: findingId(f), message: f.message }));
    io.out(
      `${JSON.stringify({ ok: true, output, pages: outcome.pages, bytes: outcome.pdf.byteLength, remarks: outcome.remarks, findings })}\n`,
    );
    return 0;
  }
  const n = (k: number, one: string): string => `${k} ${one}${k === 1 ? '' : 's'}`;
  io.err(
    `wrote ${output === '-' ? 'stdout' : output}: ${n(outcome.pages, 'page')}, ` +
      `${n(outcome.remarks.length, 'remark')}, ${n(outcome.findings.length, 'finding')}\n`,
  );
  for (const r of outcome.remarks) io.err(`remark: ${r.text}\n`);
  for (const f of outcome.findings) io.err(`finding: ${findingId(f)} ${f.message}\n`);
  return 0;
}

/** The description file's bytes (`-`: standard input), its size told to `io.described`. */
function descriptionBytes(path: string, io: Io): Uint8Array {
  const bytes = path === '-' ? readStdin(io) : readArg(path);
  io.described?.(bytes.byteLength);
  return bytes;
}

/** The description from standard input (`quire render -`). */
function readStdin(io: Io): Uint8Array {
  try {
    return io.stdin ? new TextEncoder().encode(io.stdin()) : readFileSync(0);
  } catch (e) {
    throw new UsageError(`cannot read standard input: ${e instanceof Error ? e.message : String(e)}`);
  }
}

function readArg(path: string): Uint8Array {
  try {
    return readFileSync(path);
  } catch (e) {
    throw new UsageError(`cannot read ${path}: ${e instanceof Error ? e.message : String(e)}`);
  }
}

/** True when this file is the program being run (node dist/cli.js, the `quire` bin link, tsx src/cli.ts). */
function invokedDirectly(): boolean {
  const script = process.argv[1];
  if (!script) return false;
  try {
    return realpathSync(script) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

if (invokedDirectly()) {
  // Node 22.1 and later keep V8's compiled code of the modules loaded from here on (every command's are
  // loaded by dynamic imports) in a cache folder, so the next process skips compiling them; Node 20
  // has no such cache and goes on without (NODE_DISABLE_COMPILE_CACHE=1 turns it off).
  (module as { enableCompileCache?: () => unknown }).enableCompileCache?.();
  main(process.argv.slice(2)).then(
    (code) => {
      if (code !== undefined) process.exitCode = code;
    },
    (e: unknown) => {
      process.stderr.write(`quire: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
      process.exitCode = 1;
    },
  );
}
