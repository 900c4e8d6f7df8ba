// tests/keystore/oidc_clients.mjs - a real authorization server (oidc-provider, from npm: make
// http-npm-oidc) for tests/keystore/test_keystore.py: one client_credentials client per subject to
// be (a client_credentials access token's sub is its client's id), JWT access tokens (RFC 9068)
// for one resource, signed RS256 with a key made at start, and a "groups" claim for the clients
// named in GROUPS.
//   node oidc_clients.mjs MODULES_DIR RESOURCE SECRET CLIENT_ID... [--groups ID=g1,g2 ...]
// prints "oidc-ready ISSUER" once it listens.
import { createServer } from 'node:http';
import { loadProvider, resourceIndicators, rsaKey } from '../lib/oidc.mjs';

const [modules, resource, secret, ...rest] = process.argv.slice(2);
const ids = [], groups = {};
for (let i = 0; i < rest.length; i++) {
  if (rest[i] === '--groups') { const [id, g] = rest[++i].split('='); groups[id] = g.split(','); } else ids.push(rest[i]);
}
const { Provider, errors } = await loadProvider(modules);

const jwk = rsaKey('keystore-rs256');
const scope = 'e2b:read e2b:write e2b:kill';

const server = createServer();
server.listen(0, '127.0.0.1', () => {
  const issuer = `http://127.0.0.1:${server.address().port}`;
  const provider = new Provider(issuer, {
    clients: ids.map((id) => ({ client_id: id, client_secret: secret, grant_types: ['client_credentials'],
                                redirect_uris: [], response_types: [], token_endpoint_auth_method: 'client_secret_basic' })),
    jwks: { keys: [jwk] },
    scopes: scope.split(' '),
    extraTokenClaims: (ctx, token) => (groups[token.clientId] ? { groups: groups[token.clientId] } : undefined),
    features: {
      devInteractions: { enabled: false },
      clientCredentials: { enabled: true },
      resourceIndicators: resourceIndicators(errors, resource, scope, 300),
    },
  });
  provider.proxy = false;
  server.on('request', provider.callback());
  console.log(`oidc-ready ${issuer}`);
});
process.on('SIGTERM', () => process.exit(0));
