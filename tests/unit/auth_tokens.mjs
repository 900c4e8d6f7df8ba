// tests/unit/auth_tokens.mjs - the keys and access tokens test_auth.c checks, made fresh
// at every run with node's crypto (nothing signed is kept in the tree).
//   node tests/unit/auth_tokens.mjs DIR
// writes DIR/jwks.json (the issuer's keys, with some the verifier must skip) and
// DIR/tokens.txt, one "name expected token" line a case, expected being the
// e2b_mcp_auth_err name the verifier must answer.
import { generateKeyPairSync, createSign, createHmac, sign as edsign } from 'node:crypto';
import { writeFileSync, mkdirSync } from 'node:fs';

const dir = process.argv[2];
if (!dir) { console.error('usage: auth_tokens.mjs DIR'); process.exit(2); }
mkdirSync(dir, { recursive: true });

// AUTH_TOKENS_ISS: another issuer for every token (bench/identity.py's own, served on loopback).
export const ISS = process.env.AUTH_TOKENS_ISS || 'https://auth.example.test/';
export const AUD = 'https://mcp.example.test/mcp';
const now = Math.floor(Date.now() / 1000);

const rsa = (bits) => generateKeyPairSync('rsa', { modulusLength: bits });
const ec = (curve) => generateKeyPairSync('ec', { namedCurve: curve });
const keys = {
  rsa1: rsa(2048), rsa4096: rsa(4096), ec1: ec('P-256'),
  rsaOther: rsa(2048), ecOther: ec('P-256'),           // not in the JWKS: forgers
  rsaWeak: rsa(1024), ec384: ec('P-384'), rsaEnc: rsa(2048), rsaPs: rsa(2048),
};
const jwk = (k, extra) => ({ ...k.publicKey.export({ format: 'jwk' }), ...extra });
const jwks = { keys: [
  jwk(keys.rsa1, { kid: 'rsa-1', use: 'sig', alg: 'RS256' }),
  jwk(keys.rsaWeak, { kid: 'rsa-weak' }),                 // under 2048 bits: skipped
  jwk(keys.ec384, { kid: 'ec-384' }),                     // P-384: skipped
  { kty: 'oct', kid: 'hmac', k: 'c2VjcmV0' },             // a symmetric key: skipped
  jwk(keys.rsaEnc, { kid: 'rsa-enc', use: 'enc' }),       // for encryption: skipped
  jwk(keys.rsaPs, { kid: 'rsa-ps', alg: 'PS256' }),       // another algorithm: skipped
  jwk(keys.rsa4096, { kid: 'rsa-4096' }),
  jwk(keys.ec1, { kid: 'ec-1', use: 'sig' }),
] };
writeFileSync(`${dir}/jwks.json`, JSON.stringify(jwks, null, 1));

const b64 = (x) => Buffer.from(typeof x === 'string' ? x : JSON.stringify(x)).toString('base64url');
function jwt(header, claims, key, how) {
  const input = `${b64(header)}.${b64(claims)}`;
  let sig;
  if (how === 'none') sig = Buffer.alloc(0);
  else if (how === 'hmac') sig = createHmac('sha256', key).update(input).digest();
  else if (header.alg === 'ES256' || how === 'ec') sig = edsign('sha256', Buffer.from(input), { key: key.privateKey, dsaEncoding: 'ieee-p1363' });
  else sig = createSign('sha256').update(input).sign(key.privateKey);
  return `${input}.${sig.toString('base64url')}`;
}
const good = (extra) => ({ iss: ISS, aud: AUD, sub: 'user-1', client_id: 'c1', scope: 'e2b:read e2b:write',
                          iat: now - 10, nbf: now - 10, exp: now + 300, jti: 'j1', ...extra });
const RS = (kid, typ = 'at+jwt') => ({ alg: 'RS256', typ, kid });
const ES = (kid) => ({ alg: 'ES256', typ: 'at+jwt', kid });

const cases = [];
const add = (name, expected, token) => cases.push(`${name} ${expected} ${token}`);

add('ok_rs256', 'OK', jwt(RS('rsa-1'), good(), keys.rsa1));
add('ok_es256', 'OK', jwt(ES('ec-1'), good(), keys.ec1));
add('ok_rs4096', 'OK', jwt(RS('rsa-4096'), good(), keys.rsa4096));
add('ok_aud_array', 'OK', jwt(RS('rsa-1'), good({ aud: ['https://other.example.test', AUD] }), keys.rsa1));
add('ok_within_skew', 'OK', jwt(RS('rsa-1'), good({ exp: now - 30 }), keys.rsa1));
// RFC 9068: typ at+jwt; JWT or none only with e2b_mcp_auth.typ_jwt (test_auth.c turns it on for these two)
add('typ_jwt', 'TYPE', jwt(RS('rsa-1', 'JWT'), good(), keys.rsa1));
add('typ_none', 'TYPE', jwt({ alg: 'RS256', kid: 'rsa-1' }, good(), keys.rsa1));
add('ok_es256_no_kid', 'OK', jwt({ alg: 'ES256', typ: 'at+jwt' }, good(), keys.ec1));   // the only EC key
add('rs256_no_kid', 'KID', jwt({ alg: 'RS256', typ: 'at+jwt' }, good(), keys.rsa1));   // two RSA keys: which?
add('expired', 'EXPIRED', jwt(RS('rsa-1'), good({ exp: now - 3600, iat: now - 7200, nbf: now - 7200 }), keys.rsa1));
add('not_yet_valid', 'EARLY', jwt(RS('rsa-1'), good({ nbf: now + 3600, exp: now + 7200 }), keys.rsa1));
add('wrong_aud', 'AUDIENCE', jwt(RS('rsa-1'), good({ aud: 'https://other.example.test/mcp' }), keys.rsa1));
add('aud_prefix', 'AUDIENCE', jwt(RS('rsa-1'), good({ aud: AUD + '/x' }), keys.rsa1));
add('wrong_iss', 'ISSUER', jwt(RS('rsa-1'), good({ iss: 'https://evil.example.test/' }), keys.rsa1));
add('no_exp', 'CLAIMS', jwt(RS('rsa-1'), good({ exp: undefined }), keys.rsa1));
add('unknown_kid', 'KID', jwt(RS('nope'), good(), keys.rsa1));
add('weak_key_skipped', 'KID', jwt(RS('rsa-weak'), good(), keys.rsaWeak));
add('forged_rs256', 'SIGNATURE', jwt(RS('rsa-1'), good(), keys.rsaOther));
add('forged_es256', 'SIGNATURE', jwt(ES('ec-1'), good(), keys.ecOther));
{ // a valid token whose claims were changed after signing (more scope)
  const [h, , s] = jwt(RS('rsa-1'), good(), keys.rsa1).split('.');
  add('tampered_claims', 'SIGNATURE', `${h}.${b64(good({ scope: 'e2b:read e2b:write e2b:kill' }))}.${s}`);
  const [eh, ep] = jwt(ES('ec-1'), good(), keys.ec1).split('.');
  add('truncated_sig', 'SIGNATURE', `${eh}.${ep}.${s.slice(0, 40)}`);
}
add('alg_none', 'ALG', jwt({ alg: 'none', typ: 'at+jwt', kid: 'rsa-1' }, good(), null, 'none'));
add('alg_none_no_kid', 'ALG', jwt({ alg: 'none' }, good(), null, 'none'));
add('hs256_with_public_key', 'ALG', jwt({ alg: 'HS256', typ: 'at+jwt', kid: 'rsa-1' }, good(),
  keys.rsa1.publicKey.export({ type: 'spki', format: 'pem' }), 'hmac'));
add('hs256_with_jwk_n', 'ALG', jwt({ alg: 'HS256', kid: 'rsa-1' }, good(), jwks.keys[0].n, 'hmac'));
add('es256_on_rsa_key', 'ALG', jwt(ES('rsa-1'), good(), keys.ec1));
add('rs256_on_ec_key', 'ALG', jwt(RS('ec-1'), good(), keys.rsa1));
add('rs512', 'ALG', jwt({ alg: 'RS512', kid: 'rsa-1' }, good(), keys.rsa1));
add('typ_dpop', 'TYPE', jwt(RS('rsa-1', 'dpop+jwt'), good(), keys.rsa1));
add('crit_header', 'MALFORMED', jwt({ ...RS('rsa-1'), crit: ['exp'] }, good(), keys.rsa1));
add('huge_header', 'TOO_LARGE', jwt({ ...RS('rsa-1'), x5u: 'https://x.example.test/' + 'a'.repeat(2000) }, good(), keys.rsa1));
add('huge_token', 'TOO_LARGE', jwt(RS('rsa-1'), good({ pad: 'p'.repeat(5000) }), keys.rsa1));
add('huge_scope', 'TOO_LARGE', jwt(RS('rsa-1'), good({ scope: 'e2b:read '.repeat(80) }), keys.rsa1));
add('two_parts', 'MALFORMED', `${b64(RS('rsa-1'))}.${b64(good())}`);
add('four_parts', 'MALFORMED', jwt(RS('rsa-1'), good(), keys.rsa1) + '.x');
add('not_base64url', 'MALFORMED', `${b64(RS('rsa-1'))}+.${b64(good())}.AAAA`);
add('header_not_object', 'MALFORMED', jwt('"RS256"', good(), keys.rsa1, 'rsa'));
add('claims_not_json', 'MALFORMED', (() => {
  const input = `${b64(RS('rsa-1'))}.${b64('not json')}`;
  return `${input}.${createSign('sha256').update(input).sign(keys.rsa1.privateKey).toString('base64url')}`;
})());
// A member name given twice (RFC 7519 section 4: refused), signed by the issuer's own key, so
// only the doubled name can refuse them: the claims' text written by hand, since JSON.stringify
// cannot double a name. Each doubled value is one a first-value reader would get wrong.
const claimsText = (extra) => {
  const o = good();
  return '{' + Object.entries(o).map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`).join(',') + extra + '}';
};
add('dup_exp', 'DUPLICATE', jwt(RS('rsa-1'), claimsText(`,"exp":${now - 3600}`), keys.rsa1));
add('dup_sub', 'DUPLICATE', jwt(RS('rsa-1'), claimsText(',"sub":"mallory"'), keys.rsa1));
add('dup_scope', 'DUPLICATE', jwt(RS('rsa-1'), claimsText(',"scope":"e2b:kill"'), keys.rsa1));
add('dup_aud', 'DUPLICATE', jwt(RS('rsa-1'), claimsText(',"aud":"https://other.example.test/mcp"'), keys.rsa1));
add('dup_iss', 'DUPLICATE', jwt(RS('rsa-1'), claimsText(',"iss":"https://evil.example.test/"'), keys.rsa1));
add('dup_nested', 'DUPLICATE', jwt(RS('rsa-1'), claimsText(',"cnf":{"jkt":"a","jkt":"b"}'), keys.rsa1));
add('dup_escaped_name', 'DUPLICATE', jwt(RS('rsa-1'), claimsText(`,"\\u0065xp":${now - 3600}`), keys.rsa1));
add('dup_header_kid', 'DUPLICATE', jwt('{"alg":"RS256","typ":"at+jwt","kid":"rsa-1","kid":"rsa-4096"}', good(), keys.rsa1, 'rsa'));
add('dup_header_alg', 'DUPLICATE', jwt('{"alg":"RS256","typ":"at+jwt","kid":"rsa-1","alg":"none"}', good(), keys.rsa1, 'rsa'));
// For the HTTP suites: valid tokens that grant one scope, all three, or none.
add('http_read', 'OK', jwt(RS('rsa-1'), good({ scope: 'e2b:read' }), keys.rsa1));
add('http_all', 'OK', jwt(ES('ec-1'), good({ scope: 'e2b:read e2b:write e2b:kill' }), keys.ec1));
add('http_none', 'OK', jwt(RS('rsa-1'), good({ scope: undefined }), keys.rsa1));
add('http_bob', 'OK', jwt(RS('rsa-1'), good({ sub: 'user-2', scope: 'e2b:read e2b:write e2b:kill' }), keys.rsa1));   // another user
add('http_custom', 'OK', jwt(RS('rsa-1'), good({ scope: 'sandbox.read sandbox.write' }), keys.rsa1));
writeFileSync(`${dir}/tokens.txt`, cases.join('\n') + '\n');
writeFileSync(`${dir}/meta.txt`, `${ISS}\n${AUD}\n`);
console.log(`${cases.length} tokens, ${jwks.keys.length} JWKs in ${dir}`);
