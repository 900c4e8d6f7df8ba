// tests/http/oidc_server.mjs - a real OAuth 2.1 authorization server for tests/http/test_oauth.py:
// oidc-provider (a certified OpenID provider, from npm: make http-npm-oidc) on 127.0.0.1, with
// client_credentials, resource indicators (RFC 8707) and JWT access tokens (RFC 9068) for one
// resource, signed RS256 with a key made at start.
//   node oidc_server.mjs MODULES_DIR RESOURCE CLIENT_ID CLIENT_SECRET
// prints "oidc-ready ISSUER" once it listens.
// Behind a TLS front (tests/http/test_jwks.py), from the environment: OIDC_PORT (listen there),
// OIDC_ISSUER (its public https URL: requests are taken as coming through it), OIDC_KEYS (files
// of private JWKs, space-separated, the first signing: a missing one is made, with its name as
// kid), OIDC_JWKS_DELAY_MS (the JWKS answers that late), OIDC_NO_AS_METADATA (RFC 8414's document
// is 404, as with a provider that has only OpenID discovery), OIDC_LOG (one line per request:
// method, path, and which credentials headers it carried).
import { createServer } from 'node:http';
import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { loadProvider, resourceIndicators, rsaKey as newKey } from '../lib/oidc.mjs';

const [modules, resource, clientId, clientSecret] = process.argv.slice(2);
const { Provider, errors } = await loadProvider(modules);
const keys = (process.env.OIDC_KEYS || '').split(' ').filter(Boolean).map((f) => {
  if (!existsSync(f)) writeFileSync(f, JSON.stringify(newKey(path.basename(f, '.json'))));
  return JSON.parse(readFileSync(f, 'utf8'));
});
const jwk = keys.length ? keys[0] : newKey('test-rs256');
const delay = Number(process.env.OIDC_JWKS_DELAY_MS || 0);
const scope = process.env.OIDC_SCOPES || 'e2b:read e2b:write e2b:kill';

const server = createServer();
server.listen(Number(process.env.OIDC_PORT || 0), '127.0.0.1', () => {
  const issuer = process.env.OIDC_ISSUER || `http://127.0.0.1:${server.address().port}`;
  const provider = new Provider(issuer, {
    clients: [{ client_id: clientId, client_secret: clientSecret, grant_types: ['client_credentials'],
                redirect_uris: [], response_types: [], token_endpoint_auth_method: 'client_secret_basic' }],
    jwks: { keys: keys.length ? keys : [jwk] },
    scopes: scope.split(' '),
    features: {
      devInteractions: { enabled: false },
      clientCredentials: { enabled: true },
      resourceIndicators: resourceIndicators(errors, resource, scope, 300),
    },
  });
  provider.proxy = !!process.env.OIDC_ISSUER;
  const front = process.env.OIDC_ISSUER ? new URL(issuer) : null;
  const handle = provider.callback();
  server.on('request', (req, res) => {
    if (process.env.OIDC_LOG) {
      appendFileSync(process.env.OIDC_LOG, `${req.method} ${req.url} x-api-key=${'x-api-key' in req.headers} ` +
                     `authorization=${'authorization' in req.headers}\n`);
    }
    if (front) {   // the front terminated TLS for the issuer's public URL
      req.headers['x-forwarded-proto'] = 'https';
      req.headers['x-forwarded-host'] = front.host;
    }
    if (process.env.OIDC_NO_AS_METADATA && req.url.startsWith('/.well-known/oauth-authorization-server')) {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end('{"error":"not_found"}');
    } else if (delay && req.url.startsWith('/jwks')) setTimeout(() => handle(req, res), delay);
    else handle(req, res);
  });
  console.log(`oidc-ready ${issuer}`);
});
process.on('SIGTERM', () => process.exit(0));
