// tests/lib/oidc.mjs - what the suites' authorization servers share (tests/http/oidc_server.mjs,
// tests/http/oidc_connector.mjs, tests/keystore/oidc_clients.mjs): oidc-provider loaded from the
// suite's npm directory, an RSA signing key as a private JWK, and resource indicators (RFC 8707)
// that issue RS256 JWT access tokens (RFC 9068) for one resource and refuse any other.
import { generateKeyPairSync } from 'node:crypto';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import path from 'node:path';

export async function loadProvider(modules) {
  const require = createRequire(path.resolve(modules, 'x.js'));
  const { default: Provider, errors } = await import(pathToFileURL(require.resolve('oidc-provider')).href);
  return { Provider, errors };
}

export function rsaKey(kid) {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { ...privateKey.export({ format: 'jwk' }), kid, use: 'sig', alg: 'RS256' };
}

export function resourceIndicators(errors, resource, scope, ttl) {
  return {
    enabled: true,
    defaultResource: () => resource,
    useGrantedResource: () => true,
    getResourceServerInfo: (ctx, indicator) => {
      if (indicator !== resource) throw new errors.InvalidTarget();
      return { scope, audience: resource, accessTokenTTL: ttl, accessTokenFormat: 'jwt', jwt: { sign: { alg: 'RS256' } } };
    },
  };
}
