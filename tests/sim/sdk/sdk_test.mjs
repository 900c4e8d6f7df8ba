// E2B's own JS SDK (npm "e2b", pinned in package.json) against tests/sim/e2b-sim.
// Only control-plane calls are used: none of them talks to the in-sandbox envd agent
// (Sandbox.list/create/connect/getInfo/getMetrics/setTimeout/pause/kill, listSnapshots, Volume.list; the newer
// control plane: Sandbox.fork, createSnapshot, deleteSnapshot, updateNetwork, Volume.getInfo, Secret.list/getInfo,
// Template.getBuildStatus).
// What the SDK sends is asserted on the simulator's request log: its v2 calls (POST /v2/sandboxes,
// POST /v2/sandboxes/{id}/connect) and their options are the shapes a client of E2B must send.
// Runs next to a simulator: python3 tests/lib/sim.py -- node sdk_test.mjs (E2B_SIM_URL, E2B_TEST_API_KEY).
// Prints "PASS name" or "FAIL name: why" per check and "N passed, N failed" last (tests/lib/report.py's format).
const KEY = process.env.E2B_TEST_API_KEY
const KEY2 = 'e2b_c0ffeec0ffeec0ffeec0ffeec0ffeec0ffeec0ff' // the simulator's second team (tests/sim/seed.py)
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
const { Sandbox, Volume, Secret, Template, SandboxNotFoundError, SecretNotFoundError, VolumeNotFoundError, AuthenticationError, RateLimitError,
  InvalidArgumentError, ALL_TRAFFIC } = await import('e2b')

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
  const req = (await ctl('GET', 'requests'))[0]
  eq([req.method, req.path], ['POST', '/v2/sandboxes'], 'the SDK creates on v2')
  const body = JSON.parse(req.body)
  eq(body, { templateID: 'base', metadata: { user: 'sdk', app: 'test' }, timeout: 60 },
    'create body: no secure (v2 is always secured), nothing unasked')
  const st = (await ctl('GET', 'state')).sandboxes.find((s) => s.sandboxID === sbx.sandboxId)
  eq(sbx.envdAccessToken, st.envdAccessToken, 'secure create returns the envd token')
  let info = await sbx.getInfo()
  eq([info.sandboxId, info.templateId, info.state, info.name], [sbx.sandboxId, 'rki5dems9wqfm4r03t7g', 'running', 'base'], 'info')
  eq(info.metadata, { app: 'test', user: 'sdk' }, 'metadata')
  eq(info.endAt - info.startedAt, 60_000, 'timeout applied')
  eq(info.allowInternetAccess, undefined, 'allowInternetAccess not set: null from E2B')
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
  await ctl('DELETE', 'requests')
  const again = await Sandbox.connect(sbx.sandboxId, { timeoutMs: 120_000 })
  eq(again.sandboxId, sbx.sandboxId, 'connect returns the sandbox')
  const conn = (await ctl('GET', 'requests'))[0]
  eq([conn.method, conn.path, JSON.parse(conn.body)], ['POST', `/v2/sandboxes/${sbx.sandboxId}/connect`, { timeout: 120 }],
    'the SDK resumes on v2 connect')
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

test('create options on v2: lifecycle, snapshot kind, egress, volumes (request log)', async () => {
  await ctl('DELETE', 'requests')
  const sbx = await Sandbox.create('base', {
    timeoutMs: 90_000,
    lifecycle: { onTimeout: { action: 'pause', keepMemory: false } },
    network: { allowOut: ['api.github.com', '*.pypi.org'], denyOut: [ALL_TRAFFIC], httpsPorts: [3000] },
    volumeMounts: { '/mnt/data': 'data' },
  })
  const log = await ctl('GET', 'requests')
  eq([log[0].method, log[0].path], ['POST', '/v2/sandboxes'], 'v2 create')
  eq(JSON.parse(log[0].body), {
    templateID: 'base', timeout: 90,
    network: { allowOut: ['api.github.com', '*.pypi.org'], denyOut: ['0.0.0.0/0'], httpsPorts: [3000] },
    autoPause: true, autoPauseMemory: false, volumeMounts: [{ name: 'data', path: '/mnt/data' }],
  }, 'the body the SDK sends for these options')
  const info = await Sandbox.getInfo(sbx.sandboxId)
  eq(info.lifecycle, { onTimeout: 'pause', autoResume: false }, 'lifecycle')
  eq([info.network.allowOut, info.network.denyOut, info.network.httpsPorts],
    [['api.github.com', '*.pypi.org'], ['0.0.0.0/0'], [3000]], 'network read back')
  eq(info.volumeMounts, [{ name: 'data', path: '/mnt/data' }], 'volume mounts read back')
  const listed = (await Sandbox.list().nextItems()).find((s) => s.sandboxId === sbx.sandboxId)
  eq(listed.volumeMounts, [{ name: 'data', path: '/mnt/data' }], 'volume mounts listed')
  eq((await Volume.list()).map((v) => v.name), ['data', 'models'], 'Volume.list')

  await ctl('DELETE', 'requests')
  const ar = await Sandbox.create('base', { lifecycle: { onTimeout: 'pause', autoResume: true } })
  eq(JSON.parse((await ctl('GET', 'requests'))[0].body),
    { templateID: 'base', autoPause: true, autoResume: { enabled: true } },
    'auto-resume body (no timeout: the server default)')
  const arInfo = await Sandbox.getInfo(ar.sandboxId)
  eq(arInfo.lifecycle, { onTimeout: 'pause', autoResume: true }, 'auto-resume read back')
  eq(arInfo.endAt - arInfo.startedAt, 300_000, "v2's default timeout is 300 s")
  await rejects(Sandbox.create('base', { lifecycle: { onTimeout: { action: 'pause', keepMemory: false }, autoResume: true } }),
    InvalidArgumentError, 'the SDK itself refuses auto-resume of a file-system snapshot')

  await ctl('POST', 'clock', { advance: 91 })
  eq((await Sandbox.getInfo(sbx.sandboxId)).state, 'paused', 'auto-paused at the timeout')
  await ctl('DELETE', 'requests')
  await Sandbox.connect(sbx.sandboxId, { timeoutMs: 60_000, onResume: 'reboot' })
  eq(JSON.parse((await ctl('GET', 'requests'))[0].body), { timeout: 60, memory: false }, 'reboot: memory false')
})

test('list order and plan limits', async () => {
  await ctl('DELETE', 'requests')
  const desc = await Sandbox.list().nextItems()
  const asc = await Sandbox.list({ order: 'asc' }).nextItems()
  eq(asc.map((s) => s.sandboxId), desc.map((s) => s.sandboxId).reverse(), 'asc is the reverse')
  eq(new URLSearchParams((await ctl('GET', 'requests'))[1].query).get('order'), 'asc', 'order in the query')
  const day = await Sandbox.create('base', { timeoutMs: 86_400_000 })
  const info = await Sandbox.getInfo(day.sandboxId)
  eq(info.endAt - info.startedAt, 86_400_000, 'a 24 h sandbox on a 24 h plan')
  await rejects(Sandbox.create('base', { timeoutMs: 86_401_000 }), Error, 'over the plan', /Timeout cannot be greater than 24 hours/)
  await rejects(Sandbox.create('base', { timeoutMs: 7_200_000, apiKey: KEY2 }), Error, 'a 1 h plan',
    /Timeout cannot be greater than 1 hours/)
})

test('two keys, two teams: each sees only its own sandboxes', async () => {
  const theirs = await Sandbox.create('base', { apiKey: KEY2, metadata: { team: 'globex' } })
  eq((await Sandbox.list({ apiKey: KEY2 }).nextItems()).map((s) => s.sandboxId), [theirs.sandboxId], 'own list')
  ok(!(await Sandbox.list().nextItems()).some((s) => s.sandboxId === theirs.sandboxId), 'not in the other list')
  await rejects(Sandbox.getInfo(ALICE_PROD, { apiKey: KEY2 }), SandboxNotFoundError, "another team's sandbox")
  eq(await Sandbox.kill(ALICE_PROD, { apiKey: KEY2 }), false, "another team's kill: not found")
  eq((await Sandbox.getInfo(ALICE_PROD)).state, 'running', 'untouched')
  await ctl('DELETE', 'requests')
  await Sandbox.list({ apiKey: KEY2 }).nextItems()
  eq((await ctl('GET', 'requests'))[0].headers['x-api-key'], KEY2, 'the key sent is the one given')
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
  await ctl('POST', 'faults', { path: '^/v2/sandboxes$', method: 'POST', kind: 'status', status: 503,
    message: 'no capacity', error_code: 'sandbox_capacity_unavailable' })
  await rejects(Sandbox.create('base'), Error, 'a 503 with error_code', /no capacity/)
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

test('fork: copies with their own IDs, the source checkpointed, a paused source refused', async () => {
  await ctl('DELETE', 'requests')
  const forks = await Sandbox.fork(ALICE_PROD, { count: 2, timeoutMs: 90_000 })
  eq(forks.length, 2, 'two results')
  ok(forks.every((f) => f instanceof Sandbox), `each a Sandbox: ${forks}`)
  const ids = forks.map((f) => f.sandboxId)
  ok(new Set(ids).size === 2 && !ids.includes(ALICE_PROD), `own IDs: ${ids}`)
  const log = (await ctl('GET', 'requests')).filter((r) => !r.path.startsWith('/_sim'))
  eq([log[0].method, log[0].path], ['POST', `/sandboxes/${ALICE_PROD}/fork`], 'fork request')
  eq(JSON.parse(log[0].body), { timeout: 90, count: 2 }, 'fork body: seconds and count')
  const listed = await Sandbox.list({ query: { state: ['running'] } }).nextItems()
  ok(ids.every((id) => listed.some((s) => s.sandboxId === id)), 'copies listed as running')
  const info = await Sandbox.getInfo(ids[0])
  eq(info.metadata, { app: 'prod', user: 'alice' }, 'a copy keeps the source metadata')
  const ev = await (await fetch(`${BASE}/events/sandboxes/${ids[0]}`, { headers: { 'X-API-Key': KEY } })).json()
  eq(ev.map((e) => e.type), ['sandbox.lifecycle.resumed'], 'a copy starts with a resumed event')
  const src = await (await fetch(`${BASE}/events/sandboxes/${ALICE_PROD}?types=sandbox.lifecycle.checkpointed`,
    { headers: { 'X-API-Key': KEY } })).json()
  eq(src.length, 1, 'the source was checkpointed once')
  await rejects(Sandbox.fork(ALICE_PAUSED), Error, 'paused source', /resume it first/)
  await rejects(Sandbox.fork('inosuch0000000000000a'), SandboxNotFoundError, 'unknown source')
})

test('fork at the concurrency limit: each copy succeeds or fails', async () => {
  const running = (await ctl('GET', 'state')).running
  await ctl('POST', 'config', { concurrency_limit: running + 1 })
  const forks = await Sandbox.fork(BOB_STG1, { count: 3 })
  ok(forks[0] instanceof Sandbox, 'first copy started')
  ok(forks[1] instanceof RateLimitError && forks[2] instanceof RateLimitError, `the others 429: ${forks.slice(1)}`)
})

test('snapshots: create (named, unnamed), listed, delete, delete again', async () => {
  const snap = await Sandbox.createSnapshot(BOB_STG1, { name: 'sdk-snap' })
  eq(snap.snapshotId, 'acme/sdk-snap:default', 'named snapshot ID')
  const plain = await Sandbox.createSnapshot(BOB_STG2)
  ok(/^[a-z0-9]{20}:default$/.test(plain.snapshotId), `unnamed: ${plain.snapshotId}`)
  const mine = await Sandbox.listSnapshots({ sandboxId: BOB_STG1 }).nextItems()
  ok(mine.some((s) => s.snapshotId === 'acme/sdk-snap:default'), 'listed by its sandbox')
  await ctl('DELETE', 'requests')
  eq(await Sandbox.deleteSnapshot('acme/sdk-snap:default'), true, 'deleted')
  const log = (await ctl('GET', 'requests')).filter((r) => !r.path.startsWith('/_sim'))
  eq([log[0].method, log[0].path], ['DELETE', '/templates/acme%2Fsdk-snap%3Adefault'], 'one encoded path segment')
  eq(await Sandbox.deleteSnapshot('acme/sdk-snap:default'), false, 'gone: false')
  const after = await Sandbox.listSnapshots({ sandboxId: BOB_STG1 }).nextItems()
  ok(!after.some((s) => s.snapshotId === 'acme/sdk-snap:default'), 'no longer listed')
})

test('updateNetwork: rules replaced and reflected; old envd and paused refused', async () => {
  await ctl('DELETE', 'requests')
  await Sandbox.updateNetwork(ALICE_PROD, { allowOut: ['api.github.com'], denyOut: [ALL_TRAFFIC] })
  const log = (await ctl('GET', 'requests')).filter((r) => !r.path.startsWith('/_sim'))
  eq([log[0].method, log[0].path], ['PUT', `/sandboxes/${ALICE_PROD}/network`], 'PUT network')
  const body = JSON.parse(log[0].body)
  eq([body.allowOut, body.denyOut], [['api.github.com'], ['0.0.0.0/0']], 'SDK body')
  const info = await Sandbox.getInfo(ALICE_PROD)
  eq([info.network.allowOut, info.network.denyOut], [['api.github.com'], ['0.0.0.0/0']], 'getInfo reflects the rules')
  ok(!info.network.rules || Object.keys(info.network.rules).length === 0, 'omitted rules were cleared')
  await rejects(Sandbox.updateNetwork(BOB_STG2, { denyOut: ['10.0.0.0/8'] }), Error, 'envd too old', /0\.5\.13/)
  await rejects(Sandbox.updateNetwork(ALICE_PAUSED, { denyOut: ['10.0.0.0/8'] }), Error, 'paused', /not running/)
  await rejects(Sandbox.updateNetwork('inosuch0000000000000a', {}), SandboxNotFoundError, 'unknown')
})

test('volumes: getInfo carries the token; secrets: metadata, never a value; build status', async () => {
  const vols = await Volume.list()
  const data = vols.find((v) => v.name === 'data')
  const info = await Volume.getInfo(data.volumeId)
  eq([info.volumeId, info.name], [data.volumeId, 'data'], 'volume info')
  ok(/^SIMVOLTOKEN-/.test(info.token), 'E2B gives the volume token')
  await rejects(Volume.getInfo('nosuch'), VolumeNotFoundError, 'unknown volume')
  const p = Secret.list({ limit: 2 })
  const first = await p.nextItems()
  eq(first.map((x) => x.name), ['db-password', 'github-token'], 'first page, newest first')
  ok(p.hasNext, 'a next page')
  const second = await p.nextItems()
  eq(second.map((x) => x.name), ['openai-key'], 'second page')
  ok(!p.hasNext, 'last page')
  const one = await Secret.getInfo('openai-key')
  eq(one.metadata, { owner: 'alice', purpose: 'llm' }, 'secret metadata by name')
  ok(!JSON.stringify([first, second, one]).includes('SIMSECRETVALUE'), 'no value anywhere')
  await rejects(Secret.getInfo('nosuch'), SecretNotFoundError, 'unknown secret')
  const tpl = await (await fetch(`${BASE}/templates/zz9y8x7w6v5u4t3s2r1q`, { headers: { 'X-API-Key': KEY } })).json()
  const st = await Template.getBuildStatus({ templateId: 'zz9y8x7w6v5u4t3s2r1q', buildId: tpl.builds[0].buildID }, { logsOffset: 35 })
  eq(st.status, 'error', 'failed build')
  eq(st.logEntries.length, 5, 'log entries from logsOffset')
  ok(st.logEntries[4].timestamp instanceof Date && /exit status 1/.test(st.reason.message), 'reason and entries map')
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
