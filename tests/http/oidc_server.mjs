// tests/http/oidc_server.mjs - a real OAuth 2.1 authorization server for tests/http/test_oauth.py:
// oidc-provider (a certified OpenID provider, from npm: make http-npm-oidc) on 127.0.0.1, with
// client_credentials, resource indicators (RFC 8707) and JWT access tokens (RFC 9068) for one
// resource, signed RS256 with a key made at start.
//   node oidc_server.mjs MODULES_DIR RESOURCE CLIENT_ID CLIENT_SECRET
// prints "oidc-ready ISSUER" once it listens.
import { createServer } from 'node:http';
import { generateKeyPairSync } from 'node:crypto';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import path from 'node:path';

const [modules, resource, clientId, clientSecret] = process.argv.slice(2);
const require = createRequire(path.resolve(modules, 'x.js'));
const { default: Provider, errors } = await import(pathToFileURL(require.resolve('oidc-provider')).href);

const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const jwk = { ...privateKey.export({ format: 'jwk' }), kid: 'test-rs256', use: 'sig', alg: 'RS256' };
const scope = process.env.OIDC_SCOPES || 'e2b:read e2b:write e2b:kill';

const server = createServer();
server.listen(0, '127.0.0.1', () => {
  const issuer = `http://127.0.0.1:${server.address().port}`;
  const provider = new Provider(issuer, {
    clients: [{ client_id: clientId, client_secret: clientSecret, grant_types: ['client_credentials'],
                redirect_uris: [], response_types: [], token_endpoint_auth_method: 'client_secret_basic' }],
    jwks: { keys: [jwk] },
    scopes: scope.split(' '),
    features: {
      devInteractions: { enabled: false },
      clientCredentials: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => resource,
        useGrantedResource: () => true,
        getResourceServerInfo: (ctx, indicator) => {
          if (indicator !== resource) throw new errors.InvalidTarget();
          return { scope, audience: resource, accessTokenTTL: 300, accessTokenFormat: 'jwt', jwt: { sign: { alg: 'RS256' } } };
        },
      },
    },
  });
  provider.proxy = false;
  server.on('request', provider.callback());
  console.log(`oidc-ready ${issuer}`);
});
process.on('SIGTERM', () => process.exit(0));
