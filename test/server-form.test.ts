// test/server-form.test.ts — the form is read off the event loop (src/server/form.ts, issue 20): the
// direct reader gives exactly what busboy gives whenever it answers, and leaves the rest to busboy;
// renders in the pool run below the event loop's priority.
import { readdirSync, readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RenderPool } from '../src/pool.js';
import { busboyForm, directForm, type Form, readForm } from '../src/server/form.js';

/** A form as undici (the tests' and many clients' HTTP client) writes it: its bytes and content type. */
async function encoded(form: FormData): Promise<{ body: Uint8Array; type: string }> {
  const r = new Response(form);
  return { body: new Uint8Array(await r.arrayBuffer()), type: r.headers.get('content-type')! };
}

function plain(f: Form | undefined): unknown {
  if (!f) return f;
  const parts: Record<string, number[]> = {};
  for (const [k, v] of [...f.parts].sort(([a], [b]) => a.localeCompare(b))) parts[k] = [...v];
  return { description: [...f.description], parts };
}

describe('reading a form', () => {
  it('reads what clients send without busboy, and gives what busboy gives', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ maxLength: 200 }),
        fc.array(fc.tuple(fc.stringMatching(/^[a-z_][a-z0-9_.]{0,11}$/), fc.uint8Array({ maxLength: 300 })), {
          maxLength: 4,
        }),
        async (json, files) => {
          const form = new FormData();
          form.append('json_data', json);
          const seen = new Set(['json_data']);
          for (const [name, bytes] of files) {
            if (seen.has(name)) continue;
            seen.add(name);
            form.append(name, new Blob([bytes]), `${name}.bin`);
          }
          const { body, type } = await encoded(form);
          const direct = directForm(body, type);
          expect(direct).toBeDefined();
          expect(plain(direct)).toEqual(plain((await busboyForm(body, type)) as Form));
        },
      ),
      { numRuns: 100 },
    );
  });

  it('whenever the direct reader answers for arbitrary bytes, busboy answers the same', async () => {
    const head = '--B\r\nContent-Disposition: form-data; name="json_data"\r\n\r\n';
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 200 }), fc.constantFrom('', '\r\n', 'x'), async (bytes, tail) => {
        const body = Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--B--${tail}`)]);
        const direct = directForm(body, 'multipart/form-data; boundary=B');
        const read = await busboyForm(body, 'multipart/form-data; boundary=B');
        if (direct) expect(plain(direct)).toEqual(plain(read as Form));
        // a field that is not UTF-8 is busboy's to decode (it replaces what is not UTF-8)
        if (
          !Buffer.from(bytes).toString('utf8').includes('\uFFFD') &&
          tail !== 'x' &&
          !Buffer.from(bytes).includes('\r\n--B')
        )
          expect(direct).toBeDefined();
      }),
      { numRuns: 200 },
    );
  });

  it('leaves charsets, a part twice, a preamble and a missing json_data to busboy, which refuses or decodes', async () => {
    const t = 'multipart/form-data; boundary=B';
    const twice = Buffer.from(
      '--B\r\nContent-Disposition: form-data; name="json_data"\r\n\r\n{}\r\n--B\r\nContent-Disposition: form-data; name="json_data"\r\n\r\n{}\r\n--B--\r\n',
    );
    expect(directForm(twice, t)).toBeUndefined();
    expect(await readForm(twice, t)).toMatchObject({ key: 'partTwice', status: 400, word: 'form' });

    const latin1 = Buffer.concat([
      Buffer.from(
        '--B\r\nContent-Disposition: form-data; name="json_data"\r\nContent-Type: text/plain; charset=latin1\r\n\r\n',
      ),
      Buffer.from('{"a":"\xe9"}', 'latin1'),
      Buffer.from('\r\n--B--\r\n'),
    ]);
    expect(directForm(latin1, t)).toBeUndefined();
    const read = (await readForm(latin1, t)) as Form;
    expect(Buffer.from(read.description).toString('utf8')).toBe('{"a":"é"}');

    const preamble = Buffer.from('hello\r\n--B\r\nContent-Disposition: form-data; name="json_data"\r\n\r\n{}\r\n--B--');
    expect(directForm(preamble, t)).toBeUndefined();
    expect(Buffer.from(((await readForm(preamble, t)) as Form).description).toString()).toBe('{}');

    const none = Buffer.from(
      '--B\r\nContent-Disposition: form-data; name="logo"; filename="a.png"\r\n\r\nxyz\r\n--B--\r\n',
    );
    expect(directForm(none, t)).toBeUndefined();
    expect(await readForm(none, t)).toMatchObject({ key: 'jsonDataMissing' });

    expect(directForm(Buffer.from('--'), t)).toBeUndefined();
    expect(await readForm(Buffer.from('--'), t)).toMatchObject({ key: 'formUnreadable' });
    const cut = Buffer.from('--B\r\nContent-Disposition: form-data; name="json_data"\r\n\r\n{}');
    expect(await readForm(cut, t)).toMatchObject({ key: 'formUnreadable' });
  });
});

describe.runIf(process.platform === 'linux')('the render pool', () => {
  it('renders below the priority of the thread that answers', async () => {
    const nice = (): Map<string, number> => {
      const out = new Map<string, number>();
      for (const t of readdirSync('/proc/self/task')) {
        const stat = readFileSync(`/proc/self/task/${t}/stat`, 'utf8');
        out.set(t, Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]));
      }
      return out;
    };
    const before = nice();
    const pool = new RenderPool({ workers: 1, queue: 4, timeLimitMs: 60_000 });
    try {
      const out = await pool.run({ description: new TextEncoder().encode('{"items": []}'), parts: [] });
      expect(out.ok).toBe(true);
      const after = nice();
      expect(after.get(String(process.pid))).toBe(before.get(String(process.pid)));
      const fresh = [...after].filter(([t]) => !before.has(t)).map(([, n]) => n);
      expect(fresh).toContain(10);
    } finally {
      await pool.close();
    }
  });
});
