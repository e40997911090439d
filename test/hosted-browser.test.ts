// test/hosted-browser.test.ts — the paste box in a real browser: playwright-core driving Debian's
// chromium (headless), against a real front and render server. Signed out, the box asks to sign in;
// signed in, a pasted description comes back as a PDF; a bad one shows its sentence; the month's
// count is unchanged (the box counts nothing).
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin } from './support/admin.js';
import { type ChildServer, SMALL_DESCRIPTION, startChildFront, startChildServer } from './support/child-server.js';

const CHROMIUM = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p));
if (!CHROMIUM) console.warn('hosted browser box: SKIPPED (no Debian chromium; tools/install-test-deps.sh installs it)');

describe.skipIf(!CHROMIUM)('the browser box', () => {
  const data = mkdtempSync(join(tmpdir(), 'quire-hosted-'));
  const store = ['--data', data];
  let render: ChildServer;
  let front: ChildServer;
  let browser: Browser;
  beforeAll(async () => {
    await admin(store, 'client', 'create', 'studio', '--quota', '5');
    const pw = join(data, 'pw');
    writeFileSync(pw, 'correct horse battery\n');
    await admin(store, 'user', 'add', 'ada', '--client', 'studio', '--password-file', pw);
    render = await startChildServer(['--workers', '1']);
    front = await startChildFront([...store, '--upstream', render.url]);
    // --no-sandbox: the test runs as root in CI, where Chromium's sandbox cannot start.
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await front?.stop();
    await render?.stop();
  });

  it('signed out asks to sign in; signed in renders a pasted description; a bad one shows its sentence; nothing counted', async () => {
    const page = await browser.newPage();
    await page.goto(`${front.url}/api/v1/render`);
    await expect(page.locator('button[type=submit]').textContent()).resolves.toBe('Sign in');

    // A wrong password shows the message and stays signed out.
    await page.fill('input[name=user]', 'ada');
    await page.fill('input[name=password]', 'wrong password');
    await page.click('button[type=submit]');
    await expect(page.locator('#error').textContent()).resolves.toBe('The user or the password is wrong.');

    await page.fill('input[name=user]', 'ada');
    await page.fill('input[name=password]', 'correct horse battery');
    await page.click('button[type=submit]');
    await page.waitForSelector('#description');

    await page.fill('#description', SMALL_DESCRIPTION);
    const [answer] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/v1/render') && r.request().method() === 'POST'),
      page.click('#render'),
    ]);
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-type']).toBe('application/pdf');
    await page.waitForSelector('#pdf:not([hidden])');
    // The PDF the page shows (and offers for download), read back from its blob.
    const head = await page.evaluate(async () => {
      const src = (document.getElementById('pdf') as HTMLIFrameElement).src;
      const b = new Uint8Array(await (await fetch(src)).arrayBuffer());
      return {
        head: String.fromCharCode(...b.slice(0, 5)),
        length: b.length,
        download: (document.getElementById('download') as HTMLAnchorElement).download,
      };
    });
    expect(head.head).toBe('%PDF-');
    expect(head.length).toBeGreaterThan(100);
    expect(head.download).toBe('document.pdf');

    await page.fill(
      '#description',
      '{"items": [{"type": "rect", "rect": {"llx": "1 +", "lly": 0, "urx": 1, "ury": 1}}]}',
    );
    await page.click('#render');
    await page.waitForFunction(() => (document.getElementById('error')?.textContent ?? '') !== '');
    expect(await page.locator('#error').textContent()).toMatch(/\/items\/0\/rect\/llx does not parse/);
    await expect(page.locator('#pdf').isHidden()).resolves.toBe(true);

    expect(await admin(store, 'usage', 'studio')).toMatch(/: 0 of 5$/);

    // Signing out brings the sign-in form back.
    await page.click('form[action$="/session/end"] button');
    await page.waitForSelector('input[name=password]');
    await page.close();
  }, 60_000);

  it('a post from the box without the form token is refused (CSRF)', async () => {
    const ctx = await browser.newContext();
    const page = await ctx.newPage();
    await page.goto(`${front.url}/api/v1/render`);
    await page.fill('input[name=user]', 'ada');
    await page.fill('input[name=password]', 'correct horse battery');
    await page.click('button[type=submit]');
    await page.waitForSelector('#description');
    const status = await page.evaluate(
      async (body) =>
        (await fetch('/api/v1/render', { method: 'POST', body, headers: { 'content-type': 'application/json' } }))
          .status,
      SMALL_DESCRIPTION,
    );
    expect(status).toBe(403);
    await ctx.close();
  }, 60_000);
});
