// tests/app/app_browser.mjs - the MCP App in a real browser, for tests/app/test_app.py: Debian's
// Chromium, headless, driven by puppeteer-core (the launch of tests/http/connector_browser.mjs).
// It serves a host page on loopback (tests/app/host.mjs bundled by esbuild, and /mcp passed through
// to the server under test), opens it, works the App like a person (filters, pause, a sandbox's
// charts and logs, paging, the keyboard) and prints one JSON line of what it saw; screenshots (PNG)
// of each view go where it is told.
//   node app_browser.mjs SCENARIO    (overview | detail-dark | readonly)
// Settings from the environment:
//   APP_MODULES   the node_modules directory holding the npm packages (esbuild, the client, ext-apps, puppeteer-core)
//   APP_MCP       the server's MCP endpoint (http://127.0.0.1:PORT/mcp)
//   APP_TOKEN     the bearer token the host sends
//   APP_SHOTS     the directory the PNGs go into ("" none)
//   APP_CHROMIUM  the browser binary (default /usr/lib/chromium/chromium)
import { createRequire } from 'node:module';
import { pathToFileURL, fileURLToPath } from 'node:url';
import { createServer, request as httpRequest } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const scenario = process.argv[2];
const env = process.env;
const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(path.resolve(env.APP_MODULES, 'x.js'));
const load = async (name) => import(pathToFileURL(require.resolve(name)).href);
const SBX = { pause: 'ibobstaging0000000001', open: 'ialiceprod00000000001' };

// ---- the host page and its server (same origin for the page, its script and /mcp) ----
const esbuild = await load('esbuild');
const bundle = (await esbuild.build({ entryPoints: [path.join(here, 'host.mjs')], bundle: true, format: 'esm',
  platform: 'browser', write: false, nodePaths: [env.APP_MODULES], logLevel: 'silent' })).outputFiles[0].contents;
const page = '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>MCP Apps test host</title></head>' +
  '<body style="margin:0"><iframe id="app" title="E2B sandboxes" sandbox="allow-scripts" ' +
  'style="border:0;width:100%;height:400px;display:block"></iframe><script type="module" src="/host.js"></script></body></html>';
const target = new URL(env.APP_MCP);
const server = createServer((req, res) => {
  if (req.url.startsWith('/mcp')) {   // passed through as it came (headers, body, an SSE answer as it streams)
    const up = httpRequest({ host: target.hostname, port: target.port, path: target.pathname, method: req.method,
      headers: { ...req.headers, host: target.host } }, (r) => { res.writeHead(r.statusCode, r.headers); r.pipe(res); });
    up.on('error', () => { res.writeHead(502); res.end(); });
    req.pipe(up);
  } else if (req.url === '/host.js') {
    res.writeHead(200, { 'content-type': 'text/javascript' }); res.end(bundle);
  } else if (req.url.split('?')[0] === '/') {
    res.writeHead(200, { 'content-type': 'text/html' }); res.end(page);
  } else { res.writeHead(req.url === '/favicon.ico' ? 204 : 404); res.end(); }
});
await new Promise((r) => server.listen(0, '127.0.0.1', r));
const origin = `http://127.0.0.1:${server.address().port}`;

// ---- the browser ----
const { default: puppeteer } = await load('puppeteer-core');
const profile = mkdtempSync(path.join(tmpdir(), 'e2b-mcp-app-'));
const browser = await puppeteer.launch({
  executablePath: env.APP_CHROMIUM || '/usr/lib/chromium/chromium',
  headless: true,
  userDataDir: profile,
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-dev-shm-usage',
         '--disable-background-networking', '--disable-component-update'],
});
const seen = { scenario, requests: [], console: [] };
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
try {
  const tab = await browser.newPage();
  tab.setDefaultTimeout(15000);
  await tab.setViewport({ width: 1100, height: 800 });
  tab.on('request', (r) => seen.requests.push(r.url()));
  tab.on('console', (m) => seen.console.push(m.text()));
  const q = new URLSearchParams({ token: env.APP_TOKEN || '', theme: scenario === 'detail-dark' ? 'dark' : 'light' });
  if (scenario === 'detail-dark') { q.set('tool', 'e2b_get_sandbox_metrics'); q.set('args', JSON.stringify({ sandbox_id: SBX.open })); }
  await tab.goto(`${origin}/?${q}`, { waitUntil: 'load' });
  await tab.waitForFunction(() => window.host?.ready || window.hostError);
  seen.host = await tab.evaluate(() => window.host || { error: window.hostError });
  const frame = await (await tab.$('#app')).contentFrame();
  const shot = async (name) => {
    if (!env.APP_SHOTS) return;
    await sleep(300);   // the host's frame takes the App's last size
    await (await tab.$('#app')).screenshot({ path: path.join(env.APP_SHOTS, name) });
  };
  const rows = () => frame.$$eval('#rows tr', (l) => l.map((r) => ({
    id: r.dataset.sandbox, state: r.children[1]?.textContent, template: r.children[2]?.textContent,
    left: r.children[4]?.textContent, meta: r.children[5]?.textContent,
    actions: [...r.querySelectorAll('[data-action]')].map((b) => b.dataset.action) })));
  const style = () => frame.evaluate(() => ({ bg: getComputedStyle(document.body).backgroundColor,
    fg: getComputedStyle(document.body).color, scheme: getComputedStyle(document.documentElement).colorScheme }));
  // every control named for a screen reader: a button by its text or aria-label, a field by its label
  const unnamed = () => frame.evaluate(() => [...document.querySelectorAll('button, select, input')]
    .filter((e) => !e.closest('[hidden]'))
    .filter((e) => !((e.getAttribute('aria-label') || e.textContent).trim() || e.closest('label')))
    .map((e) => e.outerHTML.slice(0, 80)));

  if (scenario === 'overview' || scenario === 'readonly') {
    await frame.waitForSelector('#rows tr[data-sandbox]');
    seen.rows = await rows();
    seen.concurrency = await frame.$eval('#concurrency', (e) => e.textContent.trim());
    seen.meter = await frame.$eval('#concurrency', (e) => { const m = e.querySelector('meter'); return m ? [m.value, m.max] : null; });
    seen.actionsHeadHidden = await frame.$eval('#actions-head', (e) => e.hidden);
    seen.style = await style();
    seen.unnamed = await unnamed();
    await shot(scenario === 'readonly' ? 'app-readonly.png' : 'app-overview.png');
  }
  if (scenario === 'overview') {
    // filters
    await frame.select('#f-state', 'paused');
    seen.pausedShown = (await rows()).map((r) => r.id);
    await frame.select('#f-state', '');
    await frame.type('#f-meta', 'user=alice');
    seen.aliceShown = (await rows()).map((r) => r.id);
    await frame.$eval('#f-meta', (e) => { e.value = ''; e.dispatchEvent(new Event('input')); });
    // pause from the page, with the keyboard: focus the row's button and press Enter
    await frame.focus(`tr[data-sandbox="${SBX.pause}"] [data-action="pause"]`);
    await tab.keyboard.press('Enter');
    await frame.waitForFunction((id) => document.querySelector(`tr[data-sandbox="${id}"]`)?.children[1].textContent === 'paused',
      { timeout: 10000 }, SBX.pause).then(() => { seen.pausedOnPage = true; }, () => { seen.pausedOnPage = false; });
    seen.afterPause = (await rows()).find((r) => r.id === SBX.pause);
    // one sandbox: its charts and its logs
    await frame.click(`tr[data-sandbox="${SBX.open}"] button.link`);
    await frame.waitForFunction(() => !document.getElementById('detail').hidden && document.querySelectorAll('#logs tr').length > 0);
    seen.focusAfterOpen = await frame.evaluate(() => document.activeElement?.id);
    seen.title = await frame.$eval('#dt-title', (e) => e.textContent);
    seen.charts = await frame.$$eval('#charts figure', (l) => l.map((f) => ({ caption: f.querySelector('figcaption').textContent,
      points: Number(f.dataset.points), circles: f.querySelectorAll('circle').length,
      label: f.querySelector('svg').getAttribute('aria-label') })));
    seen.logs = await frame.$$eval('#logs tr', (l) => l.map((r) => ({ t: r.children[0].textContent, level: r.children[1]?.textContent })));
    seen.detailUnnamed = await unnamed();
    await shot('app-detail.png');
    await frame.select('#l-level', 'warn');
    await frame.waitForFunction((n) => [...document.querySelectorAll('#logs tr')].every((r) => ['warn', 'error'].includes(r.children[1]?.textContent)));
    seen.warnLogs = await frame.$$eval('#logs tr', (l) => l.map((r) => ({ t: r.children[0].textContent, level: r.children[1]?.textContent })));
    const newest = seen.warnLogs[0]?.t;
    await frame.click('#l-older');
    await frame.waitForFunction((t) => document.querySelector('#logs tr td')?.textContent !== t, {}, newest);
    seen.olderLogs = await frame.$$eval('#logs tr', (l) => l.map((r) => ({ t: r.children[0].textContent, level: r.children[1]?.textContent })));
    await frame.click('#back');
    await frame.waitForSelector('#overview:not([hidden]) #rows tr');
    seen.backToOverview = true;
  }
  if (scenario === 'detail-dark') {
    await frame.waitForFunction(() => !document.getElementById('detail').hidden &&
      [...document.querySelectorAll('#charts figure')].some((f) => Number(f.dataset.points) > 0) && document.querySelectorAll('#logs tr').length > 0);
    seen.title = await frame.$eval('#dt-title', (e) => e.textContent);
    seen.charts = await frame.$$eval('#charts figure', (l) => l.map((f) => ({ points: Number(f.dataset.points), circles: f.querySelectorAll('circle').length })));
    seen.style = await style();
    seen.detailActions = await frame.$$eval('#dt-actions [data-action]', (l) => l.map((b) => b.dataset.action));
    await shot('app-detail-dark.png');
  }
  seen.ok = true;
} catch (e) {
  seen.ok = false;
  seen.error = String(e.message || e);
} finally {
  await browser.close().catch(() => {});
  server.close();
  rmSync(profile, { recursive: true, force: true });
}
seen.origin = origin;
console.log(JSON.stringify(seen));
process.exit(0);
