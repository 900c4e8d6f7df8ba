"""The authorization server the OAuth suites mint access tokens from: oidc-provider (npm) with
client-credentials clients (tests/keystore/oidc_clients.mjs), on a free loopback port.

    op, issuer, jwks, token = start_client_issuer(node, npm, resource, ["alice-app", "bob-app"], jwks_path)
    tok = token("alice-app", "e2b:read")

The issuer's keys are written to jwks_path (the server's E2B_MCP_AUTH_JWKS_FILE); extra goes on the
provider's command line (e.g. "--groups", "team-app=red,blue"). Every client's secret is `secret`."""
import base64
import json
import os
import subprocess
import urllib.parse
import urllib.request

from sim import ROOT, track

ALL_SCOPES = "e2b:read e2b:write e2b:kill"


def start_client_issuer(node, npm, resource, clients, jwks_path, extra=(), secret="s3cret"):
    op = track(subprocess.Popen([node, os.path.join(ROOT, "tests", "keystore", "oidc_clients.mjs"),
                                 os.path.join(npm, "oidc", "node_modules"), resource, secret] + list(clients) + list(extra),
                                stdout=subprocess.PIPE, stderr=subprocess.DEVNULL))
    line = op.stdout.readline().decode()
    if not line.startswith("oidc-ready "):
        raise RuntimeError("oidc-provider did not start: %r" % line)
    issuer = line.split()[1]
    disc = json.loads(urllib.request.urlopen(issuer + "/.well-known/openid-configuration", timeout=10).read())
    with open(jwks_path, "wb") as f:
        f.write(urllib.request.urlopen(disc["jwks_uri"], timeout=10).read())

    def token(client, scope=ALL_SCOPES):
        data = urllib.parse.urlencode({"grant_type": "client_credentials", "scope": scope, "resource": resource}).encode()
        req = urllib.request.Request(disc["token_endpoint"], data=data, headers={
            "Authorization": "Basic " + base64.b64encode((client + ":" + secret).encode()).decode()})
        return json.loads(urllib.request.urlopen(req, timeout=10).read())["access_token"]
    return op, issuer, jwks_path, token
