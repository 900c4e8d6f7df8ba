// The official v2 TypeScript client (@modelcontextprotocol/client, under build/npm/client2)
// against build/e2b-mcp and the simulator: connects in one negotiation mode over one
// transport, reads the tool list from tools/list (every page), calls every tool with
// arguments the simulator can serve, answers each consent question "yes" through the
// elicitation handler, lists every prompt and gets each with arguments that fit it, lists and reads
// every resource and resource template, completes every argument of both, and prints one JSON
// line: {era, version, tools, calls:[...], asked, prompts, gets, bad_get, resources, templates,
// reads, bad_read, completions, and in a 2025 session subscribed, subscribe, updated}.
//   node client_v2.mjs <mode: pin|auto|legacy> <stdio|http> <binary or URL> [KEY=VAL...]
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';

const [mode, kind, target, ...envs] = process.argv.slice(2);
const negotiation = mode === 'pin' ? { mode: { pin: '2026-07-28' } } : { mode };
const client = new Client({ name: 'e2b-mcp-v2-test', version: '1.0.0' },
  { capabilities: { elicitation: { form: {} } }, versionNegotiation: negotiation });
const asked = [];
// a 2025 session may subscribe to the sandbox it creates (resources/subscribe), a 2026-07-28 client over HTTP
// listen to it (subscriptions/listen): its pause, resume and kill below are told as
// notifications/resources/updated (stdio: a line; HTTP: the session's GET stream, or the listen stream)
const updated = [];
client.setNotificationHandler('notifications/resources/updated', (n) => { updated.push(n.params.uri); });
client.setRequestHandler('elicitation/create', async (request) => {
  asked.push(request.params.message);
  return { action: 'accept', content: { confirm: true } };
});
let transport;
if (kind === 'stdio') {
  const env = { PATH: process.env.PATH };
  for (const kv of envs) { const i = kv.indexOf('='); env[kv.slice(0, i)] = kv.slice(i + 1); }
  transport = new StdioClientTransport({ command: target, args: [], env, stderr: 'ignore' });
} else transport = new StreamableHTTPClientTransport(new URL(target));

const out = { mode, kind, calls: [], asked };
try {
  await client.connect(transport);
  out.era = client.getProtocolEra();
  out.version = client.getNegotiatedProtocolVersion();
  const tools = [];
  let cursor;
  do {
    const page = await client.listTools(cursor ? { cursor } : {});
    tools.push(...page.tools);
    cursor = page.nextCursor;
  } while (cursor);
  out.tools = tools.map((t) => t.name);
  const call = async (name, args) => {
    const r = await client.callTool({ name, arguments: args });
    const sc = r.structuredContent ?? {};
    out.calls.push({ name, isError: !!r.isError, text: r.isError ? r.content?.[0]?.text : undefined });
    return sc;
  };
  // every listed tool, in an order where each finds what it needs
  const order = ['e2b_list_sandboxes', 'e2b_create_sandbox', 'e2b_get_sandbox', 'e2b_get_sandbox_logs',
    'e2b_get_sandbox_metrics', 'e2b_set_sandbox_timeout', 'e2b_fork_sandbox', 'e2b_create_snapshot',
    'e2b_pause_sandbox', 'e2b_resume_sandbox', 'e2b_list_snapshots', 'e2b_list_default_templates',
    'e2b_list_templates', 'e2b_list_template_builds', 'e2b_get_team_usage', 'e2b_list_events', 'e2b_kill_sandbox'];
  let sbx, tpl, copies = [];
  for (const name of order) {
    if (!out.tools.includes(name)) continue;
    if (name === 'e2b_create_sandbox') {
      sbx = (await call(name, { template_id: 'base', timeout: 60 })).sandboxID;
      if (client.getServerCapabilities()?.resources?.subscribe && sbx) {
        out.subscribed = `e2b://sandboxes/${sbx}`;
        try {
          if (out.era === 'modern') {   // 2026-07-28: subscriptions/listen, the client's listen(); its honoured filter names the URI
            const sub = await client.listen({ resourceSubscriptions: [out.subscribed] });
            out.subscribe = (sub.honoredFilter.resourceSubscriptions || []).includes(out.subscribed) ? {} : { honored: sub.honoredFilter };
          } else out.subscribe = await client.subscribeResource({ uri: out.subscribed });
        } catch (e) { out.subscribe = { error: String(e.message) }; }
      }
    }
    else if (name === 'e2b_list_templates') tpl = (await call(name, {})).data?.[0]?.templateID;
    else if (name === 'e2b_list_template_builds') await call(name, { template_id: tpl });
    else if (name === 'e2b_set_sandbox_timeout') await call(name, { sandbox_id: sbx, timeout: 120 });
    else if (name === 'e2b_fork_sandbox') copies = ((await call(name, { sandbox_id: sbx, count: 1, timeout: 60 })).forks ?? [])
      .map((f) => f.sandboxID).filter(Boolean);
    else if (['e2b_get_sandbox', 'e2b_get_sandbox_logs', 'e2b_get_sandbox_metrics', 'e2b_pause_sandbox', 'e2b_create_snapshot',
      'e2b_resume_sandbox', 'e2b_kill_sandbox'].includes(name)) await call(name, { sandbox_id: sbx });
    else await call(name, {});
  }
  // the fork's copy goes too (its kill asked like any), so the next run's lists are as long as this one's
  out.copies_killed = 0;
  for (const id of copies) {
    const r = await client.callTool({ name: 'e2b_kill_sandbox', arguments: { sandbox_id: id } });
    if (!r.isError) out.copies_killed++;
  }
  out.unknown = out.tools.filter((t) => !order.includes(t));
  // every prompt (every page), got with arguments that fit it, then one got without its required argument
  const prompts = [];
  cursor = undefined;
  do {
    const page = await client.listPrompts(cursor ? { cursor } : {});
    prompts.push(...page.prompts);
    cursor = page.nextCursor;
  } while (cursor);
  out.prompts = prompts.map((p) => ({ name: p.name, description: p.description,
    args: (p.arguments ?? []).map((a) => ({ name: a.name, required: !!a.required, description: a.description })) }));
  const promptArgs = { sandbox_id: sbx ?? 'sbx-none', template: 'base', metadata: 'project=web', minutes: '5', level: 'error', days: '7',
    keep: sbx ?? 'nothing' };
  out.gets = [];
  for (const p of prompts) {
    const args = {};
    for (const a of p.arguments ?? []) args[a.name] = promptArgs[a.name] ?? 'x';
    const r = await client.getPrompt({ name: p.name, arguments: args });
    out.gets.push({ name: p.name, args, messages: r.messages });
  }
  // every resource and resource template (every page), each read (a template with a live sandbox's ID and
  // a template's), an unknown URI, and every argument of every prompt and template completed
  const resources = [];
  cursor = undefined;
  do {
    const page = await client.listResources(cursor ? { cursor } : {});
    resources.push(...page.resources);
    cursor = page.nextCursor;
  } while (cursor);
  const templates = [];
  cursor = undefined;
  do {
    const page = await client.listResourceTemplates(cursor ? { cursor } : {});
    templates.push(...page.resourceTemplates);
    cursor = page.nextCursor;
  } while (cursor);
  out.resources = resources.map((r) => ({ uri: r.uri, name: r.name, description: r.description }));
  out.templates = templates.map((t) => ({ uri: t.uriTemplate, name: t.name, description: t.description }));
  out.reads = [];
  const read = async (uri) => {
    try {
      const r = await client.readResource({ uri });
      out.reads.push({ uri, contents: r.contents.map((c) => ({ uri: c.uri, mimeType: c.mimeType, text: c.text })) });
      return r.contents[0]?.text;
    } catch (e) {
      out.reads.push({ uri, error: { code: e.code, message: String(e.message) } });
    }
  };
  const fill = {};
  for (const r of resources) {
    const text = await read(r.uri);
    if (r.uri === 'e2b://sandboxes' && text) fill.sandboxID = JSON.parse(text).data?.[0]?.sandboxID;
  }
  fill.templateID = tpl;
  out.live = fill;
  for (const t of templates) await read(t.uriTemplate.replace(/\{(\w+)\}/g, (_, v) => fill[v] ?? 'x'));
  try {
    await client.readResource({ uri: 'e2b://nope' });
    out.bad_read = { ok: true };
  } catch (e) {
    out.bad_read = { code: e.code, data: e.data };
  }
  out.completions = [];
  for (const p of prompts) {
    for (const a of p.arguments ?? []) {
      const r = await client.complete({ ref: { type: 'ref/prompt', name: p.name }, argument: { name: a.name, value: '' } });
      out.completions.push({ ref: p.name, arg: a.name, values: r.completion.values });
    }
  }
  for (const t of templates) {
    for (const v of t.uriTemplate.match(/\{\w+\}/g) ?? []) {
      const name = v.slice(1, -1);
      const r = await client.complete({ ref: { type: 'ref/resource', uri: t.uriTemplate }, argument: { name, value: '' } });
      out.completions.push({ ref: t.uriTemplate, arg: name, values: r.completion.values });
    }
  }
  try {
    await client.getPrompt({ name: 'e2b_why_failed', arguments: {} });
    out.bad_get = { ok: true };
  } catch (e) {
    out.bad_get = { code: e.code, message: String(e.message) };
  }
  if (out.subscribed) {   // the server polls E2B every 5 s (E2B_MCP_SUBSCRIBE_POLL_MS): a few intervals at most
    for (let i = 0; i < 150 && !updated.includes(out.subscribed); i++) await new Promise((r) => setTimeout(r, 100));
    out.updated = updated;
  }
} catch (e) {
  out.error = String(e && e.stack || e);
}
try { await client.close(); } catch (e) { /* closing */ }
console.log(JSON.stringify(out));
process.exit(0);
