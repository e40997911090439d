// src/cli-licence.ts — `quire licence …`: make an issuer key pair and issue signed licence keys
// (src/licence/licence.ts). The private key stays with whoever issues licences; the server is given
// the public key (`licence_public_key`) or a build pins it (TRUSTED_ISSUER_KEYS).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { LICENCE_FEATURES, type LicenceFeature } from '../ir/entitlements.js';
import { generateIssuerKeys, issueLicence } from './licence/licence.js';
import { readLicence, ServiceConfigError } from './licence/service.js';

export const LICENCE_HELP = `Usage:
  quire licence keygen --out DIR
      writes DIR/issuer-private.pem (keep it secret) and DIR/issuer-public.pem
  quire licence issue --key issuer-private.pem --holder NAME --features F[,F…] --from YYYY-MM-DD --until YYYY-MM-DD
      prints a licence key; features: ${LICENCE_FEATURES.join(', ')} (or "all")
  quire licence show KEY|FILE --public-key issuer-public.pem
      verifies a key and prints what it carries
`;

export interface LicenceIo {
  out: (s: string) => void;
  err: (s: string) => void;
}

/** Runs `quire licence …`; returns the exit code (2 for usage errors). */
export function licenceCommand(args: readonly string[], io: LicenceIo): number {
  const [first, ...more] = args;
  // `quire licence --help` (or -h) before a subcommand asks for this help, as after one
  const asksHelp = first === '--help' || first === '-h';
  const sub = asksHelp ? 'help' : first;
  const rest = asksHelp ? [] : more;
  const { values, positionals } = parseArgs({
    args: [...rest],
    allowPositionals: true,
    strict: false,
    options: {
      out: { type: 'string' },
      key: { type: 'string' },
      holder: { type: 'string' },
      features: { type: 'string' },
      from: { type: 'string' },
      until: { type: 'string' },
      'public-key': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const str = (k: string) => (typeof values[k] === 'string' ? (values[k] as string) : undefined);
  const usage = (msg: string) => {
    io.err(`quire licence: ${msg}\n${LICENCE_HELP}`);
    return 2;
  };
  if (values.help || sub === undefined || sub === 'help') {
    io.out(LICENCE_HELP);
    return sub === undefined ? 2 : 0;
  }
  if (sub === 'keygen') {
    const dir = str('out');
    if (!dir) return usage('--out DIR is missing');
    const k = generateIssuerKeys();
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'issuer-private.pem'), k.privateKey, { mode: 0o600 });
    writeFileSync(join(dir, 'issuer-public.pem'), k.publicKey);
    io.out(`wrote ${join(dir, 'issuer-private.pem')} and ${join(dir, 'issuer-public.pem')}\n`);
    return 0;
  }
  if (sub === 'issue') {
    const [key, holder, features, from, until] = ['key', 'holder', 'features', 'from', 'until'].map(str);
    if (!key || !holder || !features || !from || !until)
      return usage('issue needs --key, --holder, --features, --from and --until');
    const list = features === 'all' ? [...LICENCE_FEATURES] : features.split(',').map((f) => f.trim());
    const unknown = list.find((f) => !(LICENCE_FEATURES as readonly string[]).includes(f));
    if (unknown) return usage(`unknown feature "${unknown}"`);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(from) || !/^\d{4}-\d{2}-\d{2}$/.test(until) || from > until)
      return usage('--from and --until must be dates YYYY-MM-DD, from ≤ until');
    io.out(
      issueLicence(readFileSync(key, 'utf8'), {
        holder,
        features: list as LicenceFeature[],
        notBefore: from,
        notAfter: until,
        issued: new Date().toISOString(),
      }) + '\n',
    );
    return 0;
  }
  if (sub === 'show') {
    const pub = str('public-key');
    if (!positionals[0] || !pub) return usage('show needs KEY|FILE and --public-key');
    try {
      const l = readLicence(positionals[0], [readFileSync(pub, 'utf8')]);
      io.out(`${JSON.stringify(l, null, 2)}\n`);
      return 0;
    } catch (e) {
      if (e instanceof ServiceConfigError) {
        io.err(`${e.message}\n`);
        return 1;
      }
      throw e;
    }
  }
  return usage(`unknown subcommand "${sub}"`);
}
