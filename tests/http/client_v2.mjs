// The official v2 TypeScript client (@modelcontextprotocol/client, under build/npm/client2)
// against build/e2b-mcp and the simulator: connects in one negotiation mode over one
// transport, reads the tool list from tools/list (every page), calls every tool with
// arguments the simulator can serve, answers each consent question "yes" through the
// elicitation handler, and prints one JSON line: {era, version, tools, calls:[...], asked}.
//   node client_v2.mjs <mode: pin|auto|legacy> <stdio|http> <binary or URL> [KEY=VAL...]
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';

const [mode, kind, target, ...envs] = process.argv.slice(2);
const negotiation = mode === 'pin' ? { mode: { pin: '2026-07-28' } } : { mode };
const client = new Client({ name: 'e2b-mcp-v2-test', version: '1.0.0' },
  { capabilities: { elicitation: { form: {} } }, versionNegotiation: negotiation });
const asked = [];
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
    'e2b_get_sandbox_metrics', 'e2b_set_sandbox_timeout', 'e2b_pause_sandbox', 'e2b_resume_sandbox',
    'e2b_list_snapshots', 'e2b_list_default_templates', 'e2b_list_templates', 'e2b_list_template_builds',
    'e2b_kill_sandbox'];
  let sbx, tpl;
  for (const name of order) {
    if (!out.tools.includes(name)) continue;
    if (name === 'e2b_create_sandbox') sbx = (await call(name, { template_id: 'base', timeout: 60 })).sandboxID;
    else if (name === 'e2b_list_templates') tpl = (await call(name, {})).data?.[0]?.templateID;
    else if (name === 'e2b_list_template_builds') await call(name, { template_id: tpl });
    else if (name === 'e2b_set_sandbox_timeout') await call(name, { sandbox_id: sbx, timeout: 120 });
    else if (['e2b_get_sandbox', 'e2b_get_sandbox_logs', 'e2b_get_sandbox_metrics', 'e2b_pause_sandbox',
      'e2b_resume_sandbox', 'e2b_kill_sandbox'].includes(name)) await call(name, { sandbox_id: sbx });
    else await call(name, {});
  }
  out.unknown = out.tools.filter((t) => !order.includes(t));
} catch (e) {
  out.error = String(e && e.stack || e);
}
try { await client.close(); } catch (e) { /* closing */ }
console.log(JSON.stringify(out));
process.exit(0);
