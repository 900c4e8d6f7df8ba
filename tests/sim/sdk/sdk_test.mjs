// E2B's own JS SDK (npm "e2b", pinned in package.json) against tests/sim/e2b-sim.
// Only control-plane calls are used: none of them talks to the in-sandbox envd agent
// (Sandbox.list/create/connect/getInfo/getMetrics/setTimeout/pause/kill, listSnapshots).
// Runs next to a simulator: python3 tests/lib/sim.py -- node sdk_test.mjs (E2B_SIM_URL, E2B_TEST_API_KEY).
// Prints "PASS name" or "FAIL name: why" per check and "N passed, N failed" last (tests/lib/report.py's format).
const KEY = process.env.E2B_TEST_API_KEY
const ALICE_PROD = 'ialiceprod00000000001'
const ALICE_STG = 'ialicestaging00000001'
const BOB_STG1 = 'ibobstaging0000000001'
const BOB_STG2 = 'ibobstaging0000000002'
const ALICE_PAUSED = 'ialicepaused000000001'
const BOB_PAUSED = 'ibobpaused00000000001'
const NOMETA = 'inometa00000000000001'

const hardStop = setTimeout(() => { console.log('FAIL suite timed out'); finish(1) }, 120_000)

let passed = 0
let failed = 0
function finish(extraFail = 0) {
  console.log(`${passed} passed, ${failed + extraFail} failed`)
  process.exit(failed + extraFail ? 1 : 0)
}
if (!process.env.E2B_SIM_URL) { console.log('FAIL E2B_SIM_URL is not set: run it under tests/lib/sim.py'); finish(1) }

const BASE = process.env.E2B_SIM_URL
process.env.E2B_API_URL = BASE
process.env.E2B_API_KEY = KEY
delete process.env.E2B_DOMAIN
delete process.env.E2B_DEBUG
const { Sandbox, SandboxNotFoundError, AuthenticationError, RateLimitError } = await import('e2b')

async function ctl(method, p, body) {
  const r = await fetch(`${BASE}/_sim/${p}`, { method, body: body ? JSON.stringify(body) : undefined })
  return r.json()
}
const simNow = async () => new Date((await ctl('GET', 'clock')).now).getTime()
class Fail extends Error {}
function eq(a, b, what) {
  const ja = JSON.stringify(a), jb = JSON.stringify(b)
  if (ja !== jb) throw new Fail(`${what}: expected ${jb}, got ${ja}`)
}
function ok(c, what) { if (!c) throw new Fail(what) }
async function rejects(p, cls, what, re) {
  try { await p } catch (e) {
    ok(e instanceof cls, `${what}: expected ${cls.name}, got ${e && e.constructor && e.constructor.name}: ${e && e.message}`)
    if (re) ok(re.test(e.message), `${what}: message ${JSON.stringify(e.message)} !~ ${re}`)
    return e
  }
  throw new Fail(`${what}: did not throw`)
}
const sorted = (a) => [...a].sort()

const tests = []
const test = (name, fn) => tests.push([name, fn])

test('list: default states, one page, SDK shapes', async () => {
  const p = Sandbox.list()
  const items = await p.nextItems()
  eq(items.length, 7, 'seeded sandboxes')
  eq(p.hasNext, false, 'no next page')
  const a = items.find((s) => s.sandboxId === ALICE_PROD)
  eq(a.state, 'running', 'state')
  eq(a.metadata, { app: 'prod', user: 'alice' }, 'metadata')
  ok(a.startedAt instanceof Date && !isNaN(a.startedAt) && a.endAt > a.startedAt, 'dates parse')
  eq(a.templateId, 'rki5dems9wqfm4r03t7g', 'templateId')
  eq(a.name, 'base', 'alias as name')
  eq(items.find((s) => s.sandboxId === NOMETA).metadata, {}, 'absent metadata -> {}')
  const log = await ctl('GET', 'requests')
  const last = log[log.length - 1]
  eq([last.method, last.path], ['GET', '/v2/sandboxes'], 'SDK calls v2 list')
  eq(last.headers['x-api-key'], KEY, 'key header')
  ok(/^e2b-js-sdk\//.test(last.headers['user-agent']), 'SDK user agent')
})

test('list: metadata + state filter (double-encoded metadata)', async () => {
  await ctl('DELETE', 'requests')
  const items = await Sandbox.list({ query: { metadata: { app: 'staging' }, state: ['running'] } }).nextItems()
  eq(sorted(items.map((s) => s.sandboxId)), sorted([BOB_STG1, BOB_STG2, ALICE_STG]), 'running staging')
  const q = new URLSearchParams((await ctl('GET', 'requests'))[0].query)
  eq(q.get('state'), 'running', 'state param')
  eq(q.get('metadata'), 'app=staging', 'metadata param (after one decode)')
  const sp = await Sandbox.list({ query: { metadata: { team: 'data eng' } } }).nextItems()
  eq(sp.map((s) => s.sandboxId), [BOB_STG2], 'value with a space')
  const paused = await Sandbox.list({ query: { state: ['paused'], metadata: { user: 'bob' } } }).nextItems()
  eq(paused.map((s) => s.sandboxId), [BOB_PAUSED], 'paused bob')
})

test('list: paging with nextItems', async () => {
  const all = await Sandbox.list().nextItems()
  const p = Sandbox.list({ limit: 2 })
  const got = []
  let pages = 0
  while (p.hasNext) { got.push(...(await p.nextItems())); pages++ }
  eq(pages, 4, 'pages of 2')
  eq(got.map((s) => s.sandboxId), all.map((s) => s.sandboxId), 'same order, no duplicates')
  await ctl('POST', 'seed', { many: 120 })
  const big = Sandbox.list({ query: { state: ['running'] } })
  const first = await big.nextItems()
  eq(first.length, 100, 'server default limit 100')
  ok(big.hasNext, 'has next')
  const second = await big.nextItems()
  eq(second.length, 25, 'rest')
  eq(big.hasNext, false, 'done')
  eq(new Set([...first, ...second].map((s) => s.sandboxId)).size, 125, 'distinct')
})

test('create, getInfo, getMetrics, setTimeout, pause, connect, kill', async () => {
  await ctl('DELETE', 'requests')
  const sbx = await Sandbox.create('base', { timeoutMs: 60_000, metadata: { user: 'sdk', app: 'test' } })
  ok(/^i[a-z0-9]{20}$/.test(sbx.sandboxId), 'sandbox id')
  const body = JSON.parse((await ctl('GET', 'requests'))[0].body)
  eq([body.templateID, body.timeout, body.secure, body.allow_internet_access], ['base', 60, true, true], 'create body')
  const st = (await ctl('GET', 'state')).sandboxes.find((s) => s.sandboxID === sbx.sandboxId)
  eq(sbx.envdAccessToken, st.envdAccessToken, 'secure create returns the envd token')
  let info = await sbx.getInfo()
  eq([info.sandboxId, info.templateId, info.state, info.name], [sbx.sandboxId, 'rki5dems9wqfm4r03t7g', 'running', 'base'], 'info')
  eq(info.metadata, { app: 'test', user: 'sdk' }, 'metadata')
  eq(info.endAt - info.startedAt, 60_000, 'timeout applied')
  eq(info.allowInternetAccess, true, 'allowInternetAccess')
  eq(info.lifecycle, { onTimeout: 'kill', autoResume: false }, 'lifecycle')

  await ctl('POST', 'clock', { advance: 30 })
  const m = await sbx.getMetrics()
  ok(m.length >= 2, `metrics series (${m.length})`)
  ok(m.every((x) => x.timestamp instanceof Date && x.memTotal === 512 * 1024 * 1024 && x.cpuCount === 2), 'metric fields')
  const seeded = await Sandbox.getMetrics(ALICE_PROD, { start: new Date(Date.now() - 600_000), end: new Date() })
  ok(seeded.length > 0, 'metrics with start/end')

  await sbx.setTimeout(20_000)
  info = await sbx.getInfo()
  ok(Math.abs(info.endAt.getTime() - (await simNow()) - 20_000) < 1500, 'setTimeout shortens to now+20s')

  eq(await sbx.pause(), true, 'pause -> true')
  eq(await sbx.pause(), false, 'pause again -> false (409)')
  info = await sbx.getInfo()
  eq(info.state, 'paused', 'paused')
  await rejects(sbx.setTimeout(10_000), SandboxNotFoundError, 'setTimeout on paused -> 404')
  const again = await Sandbox.connect(sbx.sandboxId, { timeoutMs: 120_000 })
  eq(again.sandboxId, sbx.sandboxId, 'connect returns the sandbox')
  info = await again.getInfo()
  eq(info.state, 'running', 'resumed')
  ok(Math.abs(info.endAt - info.startedAt - 120_000) < 5, 'resume timeout')
  await again.connect({ timeoutMs: 5_000 })
  eq((await again.getInfo()).endAt.getTime(), info.endAt.getTime(), 'connect on running never shortens')

  eq(await again.kill(), true, 'kill -> true')
  eq(await Sandbox.kill(sbx.sandboxId), false, 'kill again -> false')
  await rejects(Sandbox.getInfo(sbx.sandboxId), SandboxNotFoundError, 'getInfo after kill')
  await rejects(Sandbox.connect(sbx.sandboxId), SandboxNotFoundError, 'connect after kill', /Paused sandbox .* not found/)
})

test('paused seed: kill paused, getInfo secrets in clear', async () => {
  const info = await Sandbox.getInfo(ALICE_PROD)
  eq(info.network.rules['api.github.com'][0].transform.headers.Authorization,
    'Bearer ghp_SIMSECRET0000000000000000000000000001', 'network rule header value as E2B returns it')
  const p = await Sandbox.getInfo(BOB_PAUSED)
  eq([p.state, p.lifecycle.onTimeout], ['paused', 'pause'], 'paused detail')
  eq(await Sandbox.kill(BOB_PAUSED), true, 'kill paused -> 204 -> true')
  const s = await Sandbox.connect(ALICE_STG, { timeoutMs: 60_000 })
  ok(s.trafficAccessToken && s.envdAccessToken, 'connect returns traffic + envd tokens')
})

test('errors: bad key, concurrency 429, Retry-After retry', async () => {
  await rejects(Sandbox.list({ apiKey: 'e2b_' + 'ab'.repeat(20) }).nextItems(), AuthenticationError, 'unknown key',
    /Cannot get the team for the given API key/)
  await ctl('POST', 'config', { concurrency_limit: 5 })
  const e = await rejects(Sandbox.create('base', { timeoutMs: 10_000 }), RateLimitError, 'concurrency')
  ok(/maximum number of concurrent E2B sandboxes \(5\)/.test(e.message), 'concurrency message')
  await rejects(Sandbox.connect(ALICE_PAUSED, { timeoutMs: 10_000 }), RateLimitError, 'resume over the limit')
  await ctl('POST', 'config', { concurrency_limit: 20 })
  await ctl('DELETE', 'requests')
  await ctl('POST', 'faults', { path: '^/v2/sandboxes$', kind: 'status', status: 429, retry_after: 1 })
  const items = await Sandbox.list().nextItems()
  eq(items.length, 7, 'answer after the retry')
  eq((await ctl('GET', 'requests')).length, 2, 'SDK retried once after Retry-After')
  await rejects(Sandbox.create('no-such-template'), Error, 'unknown template', /template 'no-such-template' not found/)
})

test('snapshots paginator', async () => {
  const p = Sandbox.listSnapshots({ limit: 3 })
  const got = []
  while (p.hasNext) got.push(...(await p.nextItems()))
  eq(got.length, 7, 'all snapshots')
  eq(got[0].snapshotId, 'acme/release-1:default', 'newest first')
  const mine = await Sandbox.listSnapshots({ sandboxId: ALICE_PAUSED }).nextItems()
  eq(sorted(mine.map((s) => s.snapshotId)), ['acme/alice-checkpoint:default', 'acme/alice-checkpoint:v2'], 'by sandbox')
})

test('chunked responses decode the same', async () => {
  await ctl('POST', 'config', { chunked: true })
  const items = await Sandbox.list({ limit: 3 }).nextItems()
  eq(items.length, 3, 'chunked list')
  const info = await Sandbox.getInfo(ALICE_PROD)
  eq(info.sandboxId, ALICE_PROD, 'chunked detail')
})

for (const [name, fn] of tests) {
  await ctl('POST', 'reset')
  try {
    await fn()
    passed++
    console.log(`PASS ${name}`)
  } catch (e) {
    failed++
    console.log(`FAIL ${name}: ${e && e.message}`)
  }
}
clearTimeout(hardStop)
finish()
