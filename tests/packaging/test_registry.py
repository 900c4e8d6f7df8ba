"""The server's entries for discovery: server.json for the MCP registry (written by `make mcpb`) and
the server card the binary serves over Streamable HTTP (SEP-2127), both against the rules of the
registry's published schema (tests/lib/registry_rules.py), against each other, and the card as two
replicas with the same settings serve it.

    python3 tests/packaging/test_registry.py SERVER_JSON BUNDLE..."""
import hashlib
import http.client
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
import report  # noqa: E402
from report import check  # noqa: E402
from sim import ROOT, server_env  # noqa: E402
from mcp import start_http  # noqa: E402
from sim import stop  # noqa: E402
from registry_rules import problems  # noqa: E402

BIN = os.path.join(ROOT, "build", "e2b-mcp")
PUBLIC = "https://mcp.example.com/mcp"
TOKEN = "card-test-token-0123456789abcdef"
KEY = "e2b_" + "7" * 40


def get(port, path, method="GET"):
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    c.request(method, path, headers={"Accept": "application/json"})
    r = c.getresponse()
    body = r.read()
    c.close()
    return r.status, {k.lower(): v for k, v in r.getheaders()}, body


def rules_fail(doc, card=False):
    return bool(problems(doc, card=card))


def server_json_checks(path, bundles):
    with open(path) as f:
        doc = json.load(f)
    p = problems(doc)
    check("server.json follows the registry schema's rules", not p, p)
    check("server.json names the 2025-12-11 schema",
          doc.get("$schema") == "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json", doc.get("$schema"))
    pk = doc.get("packages", [])
    check("one mcpb package per bundle", sorted(os.path.basename(x["identifier"]) for x in pk) ==
          sorted(os.path.basename(b) for b in bundles), [x.get("identifier") for x in pk])
    for b in bundles:
        with open(b, "rb") as f:
            want = hashlib.sha256(f.read()).hexdigest()
        mine = [x for x in pk if x["identifier"].endswith("/" + os.path.basename(b))]
        check("%s: fileSha256 is the file's" % os.path.basename(b), mine and mine[0].get("fileSha256") == want,
              mine and mine[0].get("fileSha256"))
        check("%s: registryType mcpb, stdio, the server's version" % os.path.basename(b),
              mine and mine[0].get("registryType") == "mcpb" and mine[0].get("transport") == {"type": "stdio"} and
              mine[0].get("version") == doc.get("version"), mine)
        check("%s: downloaded over https" % os.path.basename(b), mine and mine[0]["identifier"].startswith("https://"), mine)
    env = [e for x in pk for e in x.get("environmentVariables", [])]
    check("the key is a secret input, never a value", env and all(e.get("isSecret") and "value" not in e for e in env
                                                                  if e["name"] == "E2B_API_KEY"), env)
    # the rules can fail: each broken copy is refused
    broken = [("name without a namespace", dict(doc, name="e2b-mcp")),
              ("description over 100 characters", dict(doc, description="x" * 101)),
              ("version 'latest'", dict(doc, version="latest")),
              ("a version range", dict(doc, version="^0.1.0")),
              ("no version", {k: v for k, v in doc.items() if k != "version"}),
              ("an unknown field", dict(doc, tools=[])),
              ("an mcpb without its hash", dict(doc, packages=[{k: v for k, v in pk[0].items() if k != "fileSha256"}])),
              ("a hash in capitals", dict(doc, packages=[dict(pk[0], fileSha256=pk[0]["fileSha256"].upper())])),
              ("a package without transport", dict(doc, packages=[{k: v for k, v in pk[0].items() if k != "transport"}])),
              ("a remote without a URL", dict(doc, remotes=[{"type": "streamable-http"}])),
              ("a stdio remote", dict(doc, remotes=[{"type": "stdio"}]))]
    for what, d in broken:
        check("the rules refuse %s" % what, rules_fail(d), d)
    return doc


def card_checks(sj):
    env = server_env(None, key=KEY, extra={"E2B_MCP_PUBLIC_URL": PUBLIC, "E2B_MCP_HTTP_TOKEN": TOKEN})
    port, proc = start_http(BIN, env)
    port2, proc2 = start_http(BIN, env)
    try:
        st, h, body = get(port, "/mcp/server-card")
        check("GET /mcp/server-card: 200 without a token (public)", st == 200, st)
        check("its type is application/mcp-server-card+json", h.get("content-type") == "application/mcp-server-card+json", h)
        check("open to any origin (CORS), GET only", h.get("access-control-allow-origin") == "*" and
              h.get("access-control-allow-methods") == "GET", h)
        check("cacheable for an hour", h.get("cache-control") == "public, max-age=3600", h)
        card = json.loads(body)
        p = problems(card, card=True)
        check("the card follows the schema's rules", not p, p)
        check("the card's $schema is the v1 server card",
              card.get("$schema") == "https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json", card)
        for k in ("name", "title", "description", "version"):
            check("card and server.json agree on %s" % k, card.get(k) == sj.get(k), (card.get(k), sj.get(k)))
        r = card.get("remotes", [{}])[0]
        check("the remote is the configured public URL, streamable-http", r.get("url") == PUBLIC and
              r.get("type") == "streamable-http", r)
        check("it says a bearer token is required", r.get("authentication") == {"required": True, "schemes": ["bearer"]}, r)
        check("it lists the revisions served, newest first",
              r.get("supportedProtocolVersions", [])[:2] == ["2026-07-28", "2025-11-25"] and
              "2024-11-05" in r.get("supportedProtocolVersions", []), r)
        caps = card.get("capabilities", {})
        check("capabilities as initialize gives them", "tools" in caps and "logging" in caps, caps)
        check("no token or key in the card", TOKEN.encode() not in body and KEY.encode() not in body)
        st2, h2, body2 = get(port, "/.well-known/mcp/server-card")
        check("the well-known path serves the same card as application/json",
              st2 == 200 and h2.get("content-type") == "application/json" and body2 == body, (st2, h2))
        st3, _, body3 = get(port, "/.well-known/mcp/server-card.json")
        check("and its .json form", st3 == 200 and body3 == body, st3)
        st4, _, body4 = get(port2, "/mcp/server-card")
        check("a second replica serves the same bytes", st4 == 200 and body4 == body, body4)
        st5, _, _ = get(port, "/mcp/server-card", "POST")
        check("a POST to the card is not served (404)", st5 == 404, st5)
        st6, _, _ = get(port, "/mcp/server-cards")
        check("a path that only starts like it is 404", st6 == 404, st6)
        st7, _, _ = get(port, "/mcp")
        check("the endpoint itself still wants the token (401)", st7 == 401, st7)
    finally:
        stop(proc)
        stop(proc2)
    # no public URL, no token: a card with no remote
    port, proc = start_http(BIN, server_env(None, key=KEY))
    try:
        st, _, body = get(port, "/mcp/server-card")
        card = json.loads(body)
        check("without E2B_MCP_PUBLIC_URL the card names no remote (never the request's Host)",
              st == 200 and "remotes" not in card and not problems(card, card=True), card)
    finally:
        stop(proc)


def main():
    sj = server_json_checks(sys.argv[1], sys.argv[2:])
    card_checks(sj)


report.run(main)
