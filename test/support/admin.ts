// test/support/admin.ts — `quire admin …` run in-process against a hosted store, for tests.
import { main } from '../../src/cli.js';

/** Runs `quire admin <store flags> <args>`; returns what it printed, or throws with its complaint. */
export async function admin(store: string[], ...args: string[]): Promise<string> {
  let out = '';
  let err = '';
  const code = await main(['admin', ...store, ...args], {
    out: (s) => {
      out += String(s);
    },
    err: (s) => {
      err += s;
    },
    env: {},
  });
  if (code !== 0) throw new Error(`admin ${args.join(' ')} → ${code}: ${err}`);
  return out.trim();
}
