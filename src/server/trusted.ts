// src/server/trusted.ts — which peers' `x-svc-client` the render server honours besides loopback
// (spec: Authentication 2): exact addresses, or address blocks in CIDR form (`10.244.0.0/16`), since
// in a cluster the fronts' addresses change with every restart and only their network is fixed.
import { BlockList, isIP } from 'node:net';

/** A test for peer addresses; throws a RangeError naming an entry that is neither an address nor a block. */
export function trustedPeers(entries: readonly string[]): (address: string) => boolean {
  const list = new BlockList();
  let any = false;
  for (const raw of entries) {
    const entry = raw.trim();
    if (entry === '') continue;
    const [addr, bits, ...rest] = entry.split('/');
    const a = mapped(addr);
    const family = isIP(a);
    const prefix = bits === undefined ? (family === 6 ? 128 : 32) : Number(bits);
    if (
      family === 0 ||
      rest.length > 0 ||
      (bits !== undefined && !/^\d{1,3}$/.test(bits)) ||
      prefix > (family === 6 ? 128 : 32)
    )
      throw new RangeError(`the trusted front "${entry}" is neither an address nor an address block (CIDR)`);
    list.addSubnet(a, prefix, family === 6 ? 'ipv6' : 'ipv4');
    any = true;
  }
  return (address) => {
    if (!any) return false;
    const a = mapped(address.trim());
    const family = isIP(a);
    return family !== 0 && list.check(a, family === 6 ? 'ipv6' : 'ipv4');
  };
}

/** An IPv4-mapped IPv6 address (`::ffff:10.0.0.1`) as its IPv4 form. */
function mapped(a: string): string {
  const m = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(a);
  return m ? m[1] : a;
}
