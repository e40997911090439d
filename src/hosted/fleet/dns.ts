// src/hosted/fleet/dns.ts — render servers listed by DNS: one name whose A/AAAA records are the
// servers (a Kubernetes headless Service, a Consul or cloud DNS name), resolved at start and again
// every DNS_REFRESH_MS. An address that appears joins the fleet (chosen once its /health answers);
// one that disappears leaves it (its calls in flight finish). A failed lookup keeps the last list: a
// DNS hiccup must not empty the fleet.
import { promises as dns } from 'node:dns';
import type { Fleet } from './fleet.js';

/** How often each name is resolved again (ms). */
export const DNS_REFRESH_MS = 5000;

export type Lookup = (name: string) => Promise<string[]>;

/** The system resolver (getaddrinfo, as every other program on the host resolves), every address. */
export const systemLookup: Lookup = async (name) =>
  (await dns.lookup(name, { all: true, verbatim: true })).map((a) => a.address);

export interface DnsName {
  host: string;
  port: number;
}

/** `name:port` (the form `--render-dns` takes); undefined when it is not one. */
export function parseDnsName(text: string): DnsName | undefined {
  const m = /^([A-Za-z0-9]([A-Za-z0-9.-]*[A-Za-z0-9])?):(\d{1,5})$/.exec(text.trim());
  if (!m) return undefined;
  const port = Number(m[3]);
  return port >= 1 && port <= 65535 ? { host: m[1], port } : undefined;
}

/** The base URL of the render server at `address` (IPv6 in brackets). */
export function serverUrl(address: string, port: number): string {
  return `http://${address.includes(':') ? `[${address}]` : address}:${port}`;
}

/** Keeps one source of `fleet` equal to what `name` resolves to; returns a function that stops it. */
export function watchDns(
  fleet: Fleet,
  name: DnsName,
  opts: { refreshMs?: number; lookup?: Lookup; onError?: (e: unknown) => void } = {},
): { ready: Promise<void>; stop: () => void } {
  const lookup = opts.lookup ?? systemLookup;
  const source = `dns:${name.host}:${name.port}`;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const once = async (): Promise<void> => {
    try {
      const addresses = await lookup(name.host);
      if (!stopped) fleet.setSource(source, new Set(addresses.map((a) => serverUrl(a, name.port))));
    } catch (e) {
      opts.onError?.(e);
    }
    if (!stopped) {
      timer = setTimeout(() => void once(), opts.refreshMs ?? DNS_REFRESH_MS);
      timer.unref();
    }
  };
  return {
    ready: once(),
    stop: () => {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
