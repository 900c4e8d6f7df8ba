// tests/http/connector_browser.mjs - the user's browser in a connector's sign-in, for
// tests/http/test_connector.py: Debian's Chromium, headless, driven by puppeteer-core. It opens an
// authorization URL, signs in on the authorization server's page, leaves ticked on the consent page
// only the scopes it is told to grant, and follows the redirect back to the client's redirect_uri.
// The test CA is trusted for the one certificate the TLS front serves (its SPKI pin), nothing wider.
//   node connector_browser.mjs URL        (also what a connector client runs as $BROWSER)
// Settings from the environment:
//   CONNECTOR_PPTR      the node_modules directory holding puppeteer-core
//   CONNECTOR_CHROMIUM  the browser binary (default /usr/lib/chromium/chromium)
//   CONNECTOR_SPKI      base64 SHA-256 of the TLS front's certificate's public key
//   CONNECTOR_USER, CONNECTOR_PASSWORD   what to type on the sign-in page
//   CONNECTOR_GRANT     the scopes to leave ticked, space-separated ("*": all of them)
//   CONNECTOR_LOG       a file to append one JSON line to: the pages seen and where it ended
// Exit status 0 when the browser reached the redirect_uri with a code.
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export async function authorize(url, opts) {
  const require = createRequire(path.resolve(opts.pptr, 'x.js'));
  const { default: puppeteer } = await import(pathToFileURL(require.resolve('puppeteer-core')).href);
  const redirect = new URL(url).searchParams.get('redirect_uri');
  const seen = { pages: [], redirect_uri: redirect };
  const profile = mkdtempSync(path.join(tmpdir(), 'e2b-mcp-chromium-'));
  const browser = await puppeteer.launch({
    executablePath: opts.chromium || '/usr/lib/chromium/chromium',
    headless: true,
    userDataDir: profile,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-dev-shm-usage',
           '--disable-background-networking', '--disable-component-update',
           `--ignore-certificate-errors-spki-list=${opts.spki}`],
  });
  try {
    const page = await browser.newPage();
    page.setDefaultTimeout(20000);
    const note = async () => {
      const u = new URL(page.url());
      seen.pages.push({ origin: u.origin, path: u.pathname, title: await page.title().catch(() => '') });
    };
    const arrived = () => page.url().startsWith(redirect);
    let r = await page.goto(url, { waitUntil: 'load' });
    await note();
    for (let step = 0; step < 6 && !arrived(); step++) {
      if (await page.$('#password')) {
        seen.client = await page.$eval('#client', (e) => e.textContent);
        await page.type('#login', opts.user);
        await page.type('#password', opts.password);
        [r] = await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.click('#submit')]);
      } else if (await page.$('#allow')) {
        seen.asked = await page.$$eval('input[name=scope]', (l) => l.map((e) => e.value));
        seen.resource = await page.$eval('#resource', (e) => e.textContent);
        const grant = opts.grant === '*' ? seen.asked : opts.grant.split(' ').filter(Boolean);
        for (const box of await page.$$('input[name=scope]')) {
          const v = await box.evaluate((e) => e.value);
          if (!grant.includes(v)) await box.click();
        }
        seen.granted = await page.$$eval('input[name=scope]:checked', (l) => l.map((e) => e.value));
        [r] = await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.click('#allow')]);
      } else break;
      await note();
    }
    const end = new URL(page.url());
    seen.ended = end.origin + end.pathname;
    seen.status = r ? r.status() : 0;
    seen.code = end.searchParams.has('code');   // the code itself is not written anywhere
    seen.error = end.searchParams.get('error') || (await page.$('#error') ? await page.$eval('#error', (e) => e.textContent) : undefined);
    seen.ok = arrived() && seen.code;
  } catch (e) {
    seen.ok = false;
    seen.error = String(e.message || e);
  } finally {
    await browser.close().catch(() => {});
    rmSync(profile, { recursive: true, force: true });
  }
  if (opts.log) appendFileSync(opts.log, JSON.stringify(seen) + '\n');
  return seen;
}

export function fromEnv(env = process.env) {
  return { pptr: env.CONNECTOR_PPTR, chromium: env.CONNECTOR_CHROMIUM, spki: env.CONNECTOR_SPKI,
           user: env.CONNECTOR_USER || '', password: env.CONNECTOR_PASSWORD || '',
           grant: env.CONNECTOR_GRANT || '*', log: env.CONNECTOR_LOG };
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const seen = await authorize(process.argv[2], fromEnv());
  process.exit(seen.ok ? 0 : 1);
}
