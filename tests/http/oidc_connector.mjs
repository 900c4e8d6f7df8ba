// tests/http/oidc_connector.mjs - the authorization server of a Claude or ChatGPT connector, for
// tests/http/test_connector.py: oidc-provider (a certified OpenID provider, from npm) configured as
// the recipe in docs/operating.md asks of one - open dynamic client registration (RFC 7591), authorization code
// with PKCE (S256, required), resource indicators (RFC 8707) and RS256 JWT access tokens (RFC 9068)
// whose aud is the MCP server's resource, the e2b scopes - with its own sign-in and consent pages
// (HTML forms a browser fills: a user name and password, then one checkbox per scope the client
// asked for, so a user can grant less than asked).
//   node oidc_connector.mjs MODULES_DIR ISSUER RESOURCE PORT
// Listens on 127.0.0.1:PORT behind a TLS front that serves ISSUER (https), and prints "oidc-ready"
// once it listens. Users (password "pw" for each): alice, bob; "nobody" is refused.
import { createServer } from 'node:http';
import { loadProvider, resourceIndicators, rsaKey } from '../lib/oidc.mjs';

const [modules, issuer, resource, port] = process.argv.slice(2);
const { Provider, errors } = await loadProvider(modules);

const jwk = rsaKey('connector-rs256');
const scopes = ['e2b:read', 'e2b:write', 'e2b:kill'];
const users = { alice: 'pw', bob: 'pw' };

const provider = new Provider(issuer, {
  jwks: { keys: [jwk] },
  scopes: ['openid', 'offline_access', ...scopes],
  clientDefaults: { grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'],
                    token_endpoint_auth_method: 'none', id_token_signed_response_alg: 'RS256' },
  pkce: { required: () => true },
  findAccount: (ctx, id) => (users[id] ? { accountId: id, claims: () => ({ sub: id }) } : undefined),
  interactions: { url: (ctx, interaction) => `/interaction/${interaction.uid}` },
  // a connector comes back for a new token often: a refresh token for every public client
  issueRefreshToken: (ctx, client) => client.grantTypeAllowed('refresh_token'),
  features: {
    devInteractions: { enabled: false },
    registration: { enabled: true },
    revocation: { enabled: true },
    resourceIndicators: resourceIndicators(errors, resource, scopes.join(' '), 600),
  },
});
provider.proxy = true;   // the TLS front says https in X-Forwarded-Proto

const esc = (s) => String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const page = (title, body) => `<!DOCTYPE html><html><head><meta charset="utf-8"><title>${esc(title)}</title></head>` +
  `<body><h1>${esc(title)}</h1>${body}</body></html>`;

function form(req) {
  return new Promise((resolve) => {
    let b = '';
    req.on('data', (d) => { b += d; });
    req.on('end', () => resolve(new URLSearchParams(b)));
  });
}

async function interaction(req, res, uid, action) {
  const details = await provider.interactionDetails(req, res);
  const { prompt, params, session, grantId } = details;
  if (details.uid !== uid) throw new Error('interaction mismatch');
  const client = await provider.Client.find(params.client_id);
  const name = esc(client.clientName || client.clientId);
  const body = req.method === 'POST' ? await form(req) : null;
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  if (prompt.name === 'login') {
    if (body && action === 'login') {
      const login = body.get('login');
      if (users[login] && users[login] === body.get('password')) {
        await provider.interactionFinished(req, res, { login: { accountId: login } }, { mergeWithLastSubmission: false });
        return;
      }
    }
    const err = body ? '<p id="error">Wrong user name or password.</p>' : '';
    res.end(page('Sign in', `${err}<p>to connect <b id="client">${name}</b></p>` +
      `<form method="post" action="/interaction/${uid}/login"><input id="login" name="login" autofocus>` +
      '<input id="password" name="password" type="password"><button id="submit" type="submit">Sign in</button></form>'));
    return;
  }
  if (!body || action !== 'consent') {
    const asked = Object.values(prompt.details.missingResourceScopes || {}).flat();
    const boxes = asked.map((s) => `<label><input type="checkbox" name="scope" value="${esc(s)}" checked> ${esc(s)}</label><br>`).join('');
    res.end(page('Authorize', `<p><b id="client">${name}</b> asks to use ` +
      `<span id="resource">${esc(params.resource || resource)}</span> as <b id="user">${esc(session.accountId)}</b>:</p>` +
      `<form method="post" action="/interaction/${uid}/consent">${boxes}<button id="allow" type="submit">Allow</button></form>`));
    return;
  }
  const chosen = new Set(body.getAll('scope'));
  const grant = grantId ? await provider.Grant.find(grantId)
    : new provider.Grant({ accountId: session.accountId, clientId: params.client_id });
  if (prompt.details.missingOIDCScope) grant.addOIDCScope(prompt.details.missingOIDCScope.join(' '));
  if (prompt.details.missingOIDCClaims) grant.addOIDCClaims(prompt.details.missingOIDCClaims);
  for (const [indicator, asked] of Object.entries(prompt.details.missingResourceScopes || {})) {
    const yes = asked.filter((s) => chosen.has(s)), no = asked.filter((s) => !chosen.has(s));
    if (yes.length) grant.addResourceScope(indicator, yes.join(' '));
    if (no.length) grant.rejectResourceScope(indicator, no.join(' '));
  }
  await provider.interactionFinished(req, res, { consent: { grantId: await grant.save() } }, { mergeWithLastSubmission: true });
}

const callback = provider.callback();
const server = createServer((req, res) => {
  const m = /^\/interaction\/([A-Za-z0-9_-]+)(?:\/(login|consent))?$/.exec(req.url.split('?')[0]);
  if (!m) return callback(req, res);
  interaction(req, res, m[1], m[2]).catch((e) => {
    res.statusCode = 400;
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.end(page('Error', `<p id="error">${esc(e.message)}</p>`));
  });
});
server.listen(Number(port), '127.0.0.1', () => console.log('oidc-ready'));
process.on('SIGTERM', () => process.exit(0));
