// tests/http/connector_sdk.mjs - a connector as Claude or ChatGPT runs one, for
// tests/http/test_connector.py: the official v2 TypeScript client (@modelcontextprotocol/client,
// build/npm/client2) with its OAuth support (an OAuthClientProvider) against the MCP server's
// public https URL. The first request gets 401; the SDK reads the protected resource metadata and
// the authorization server's, registers a client (RFC 7591), and hands the PKCE authorization URL
// to redirectToAuthorization, which opens it in Chromium (connector_browser.mjs, the user signing
// in and consenting); the code comes back to a callback listener on 127.0.0.1, finishAuth
// exchanges it, and the client connects again and calls tools.
//   node connector_sdk.mjs MCP_URL CALLS   (browser settings: connector_browser.mjs's environment)
// CALLS: comma-separated tool names to call after listing (arguments filled in here). Prints one
// JSON line: the HTTP exchanges in order (method, URL without query, status, challenge), what the
// browser saw, the tools listed, each call's outcome, a tool call beyond the token's scopes sent
// by hand (status, WWW-Authenticate) and what the SDK did about it (step-up).
import { createServer } from 'node:http';
import { randomBytes } from 'node:crypto';
import { Client, StreamableHTTPClientTransport, UnauthorizedError } from '@modelcontextprotocol/client';
import { authorize, fromEnv } from './connector_browser.mjs';

const [mcpUrl, callsArg = ''] = process.argv.slice(2);
const out = { exchanges: [], browser: [], calls: [] };
const opts = fromEnv();

// what the connector's HTTP stack does, in order (no header values but the challenge)
const fetchLogged = async (url, init) => {
  const r = await fetch(url, init);
  const u = new URL(String(url));
  const e = { method: (init && init.method) || 'GET', url: u.origin + u.pathname, status: r.status };
  const ch = r.headers.get('www-authenticate');
  if (ch) e.challenge = ch;
  if (init && typeof init.body === 'string' && u.pathname === '/mcp') {
    try { e.rpc = JSON.parse(init.body).method; } catch { /* not JSON-RPC */ }
  }
  out.exchanges.push(e);
  return r;
};

let code, iss;
const codes = [];
const cb = createServer((req, res) => {
  const u = new URL(req.url, 'http://127.0.0.1');
  if (u.pathname !== '/callback') { res.statusCode = 404; res.end(); return; }
  code = u.searchParams.get('code');
  iss = u.searchParams.get('iss');
  codes.push(u.searchParams);
  res.setHeader('Content-Type', 'text/html');
  res.end('<!DOCTYPE html><title>Connected</title><p>You can close this window.</p>');
});
await new Promise((r) => cb.listen(0, '127.0.0.1', r));
const redirectUrl = `http://127.0.0.1:${cb.address().port}/callback`;

const store = {};
let authUrls = [];
const provider = {
  get redirectUrl() { return redirectUrl; },
  get clientMetadata() {
    return { client_name: 'SDK connector', redirect_uris: [redirectUrl], grant_types: ['authorization_code', 'refresh_token'],
             response_types: ['code'], token_endpoint_auth_method: 'none' };
  },
  clientInformation: () => store.client,
  saveClientInformation: (c) => { store.client = c; },
  tokens: () => store.tokens,
  saveTokens: (t) => { store.tokens = t; },
  state: () => { store.state = randomBytes(16).toString('hex'); return store.state; },
  saveCodeVerifier: (v) => { store.verifier = v; },
  codeVerifier: () => store.verifier,
  saveDiscoveryState: (s) => { store.discovery = s; },
  discoveryState: () => store.discovery,
  redirectToAuthorization: (url) => { authUrls.push(new URL(url)); },
};

function newClient() {
  const c = new Client({ name: 'e2b-mcp-connector-test', version: '1.0.0' }, { capabilities: { elicitation: { form: {} } } });
  c.setRequestHandler('elicitation/create', async () => ({ action: 'accept', content: { confirm: true } }));
  return c;
}
const transport = () => new StreamableHTTPClientTransport(new URL(mcpUrl), { authProvider: provider, fetch: fetchLogged });

function describe(u) {
  const p = u.searchParams;
  return { endpoint: u.origin + u.pathname, response_type: p.get('response_type'), client_id: !!p.get('client_id'),
           code_challenge_method: p.get('code_challenge_method'), code_challenge: !!p.get('code_challenge'),
           state: !!p.get('state'), scope: p.get('scope'), resource: p.get('resource'), redirect_uri: p.get('redirect_uri') };
}

try {
  let client = newClient();
  try {
    await client.connect(transport());
    out.connected_without_auth = true;
  } catch (e) {
    if (!(e instanceof UnauthorizedError) && !String(e).includes('Unauthorized')) throw e;
  }
  if (!authUrls.length) throw new Error('the SDK never asked for an authorization');
  out.authorization = describe(authUrls[0]);
  out.registered = store.client ? { client_id: !!store.client.client_id, token_endpoint_auth_method: store.client.token_endpoint_auth_method,
                                    has_secret: !!store.client.client_secret } : null;
  const seen = await authorize(authUrls[0].href, opts);
  out.browser.push(seen);
  if (!seen.ok || !code) throw new Error('the browser did not bring a code back: ' + JSON.stringify(seen));
  out.state_echoed = codes[codes.length - 1].get('state') === store.state;
  out.iss_echoed = iss;
  const t = transport();
  await t.finishAuth(codes[codes.length - 1]);
  const at = store.tokens.access_token;
  const head = JSON.parse(Buffer.from(at.split('.')[0], 'base64url'));
  const claims = JSON.parse(Buffer.from(at.split('.')[1], 'base64url'));
  out.token = { token_type: store.tokens.token_type, scope: store.tokens.scope, refresh: !!store.tokens.refresh_token,
                alg: head.alg, typ: head.typ, kid: head.kid, aud: claims.aud, iss: claims.iss, sub: claims.sub,
                client_id: !!claims.client_id, ttl: claims.exp - claims.iat };
  client = newClient();
  await client.connect(t);
  out.version = client.getNegotiatedProtocolVersion();
  const tools = [];
  let cursor;
  do {
    const page = await client.listTools(cursor ? { cursor } : {});
    tools.push(...page.tools.map((x) => x.name));
    cursor = page.nextCursor;
  } while (cursor);
  out.tools = tools;
  const made = [];
  for (const name of callsArg.split(',').filter(Boolean)) {
    const args = name === 'e2b_create_sandbox' ? { template_id: 'base', timeout: 60 }
      : /get_sandbox|kill_sandbox|sandbox_logs|pause/.test(name) ? { sandbox_id: made[0] || 'none' } : {};
    const r = await client.callTool({ name, arguments: args });
    const text = (r.content || []).map((c) => c.text || '').join('');
    if (name === 'e2b_create_sandbox' && r.structuredContent) made.push(r.structuredContent.sandboxID || r.structuredContent.sandbox_id);
    out.calls.push({ name, isError: !!r.isError, text: text.slice(0, 300) });
  }
  out.created = made;
  // a call beyond the token's scopes, sent by hand with the token the SDK holds
  if (!tools.includes('e2b_kill_sandbox')) {
  const res = await fetch(mcpUrl, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream',
               'MCP-Protocol-Version': '2026-07-28', 'Mcp-Method': 'tools/call', 'Mcp-Name': 'e2b_kill_sandbox',
               Authorization: `Bearer ${at}` },
    body: JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'tools/call', params: { name: 'e2b_kill_sandbox', arguments: { sandbox_id: 'x' },
      _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} } } }),
  });
  out.beyond = { status: res.status, challenge: res.headers.get('www-authenticate'), body: (await res.text()).slice(0, 300) };
  }
  // the access token refused (as an expired one would be): the SDK refreshes it and goes on
  if (callsArg.includes('e2b_list_sandboxes')) {
    const mark = out.exchanges.length;
    const sig = store.tokens.access_token.split('.');
    sig[2] = sig[2].slice(0, 10) + (sig[2][10] === 'A' ? 'B' : 'A') + sig[2].slice(11);
    store.tokens = { ...store.tokens, access_token: sig.join('.') };
    try {
      const r = await client.callTool({ name: 'e2b_list_sandboxes', arguments: {} });
      out.refresh = { isError: !!r.isError };
    } catch (e) {
      out.refresh = { threw: String(e) };
    }
    out.refresh.exchanges = out.exchanges.slice(mark).map((e) => [e.method, new URL(e.url).pathname, e.status, e.challenge || '']);
    out.refresh.new_token = store.tokens.access_token !== sig.join('.');
  }
  // and through the SDK: a tool the list did not show, which the server refuses with 403; the SDK asks for more (step-up)
  if (!tools.includes('e2b_create_sandbox')) {
    const before = authUrls.length;
    try {
      const r = await client.callTool({ name: 'e2b_create_sandbox', arguments: { template_id: 'base' } });
      out.stepup = { result: r.isError ? 'error' : 'ok' };
    } catch (e) {
      out.stepup = { threw: e.constructor.name };
    }
    if (authUrls.length > before) out.stepup.authorization = describe(authUrls[authUrls.length - 1]);
  }
  await client.close();
  out.ok = true;
} catch (e) {
  out.ok = false;
  out.error = String(e && e.stack || e).slice(0, 800);
}
cb.close();
console.log(JSON.stringify(out));
process.exit(0);
