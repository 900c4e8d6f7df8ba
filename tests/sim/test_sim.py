#!/usr/bin/env python3
"""The simulator's own rules: auth, validation, paging, state machine, clock/expiry, faults, request log.

Starts tests/sim/e2b-sim on a free loopback port, runs every check against it, stops it, and prints
"N passed, N failed" as its last line.  Standard library only.
"""
import base64
import http.client
import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.parse

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "lib"))
from report import Fail, check, expect as ok, expect_eq as eq, run, run_tests, test  # noqa: E402,F401
from sim import Sim  # noqa: E402
from seed import KEY, KEY2, ALICE_PROD, BOB_STG1, BOB_STG2, ALICE_STG, NOMETA, ALICE_PAUSED, BOB_PAUSED, RUNNING, PAUSED  # noqa: E402,F401
VPREFIX = "validation error: error in openapi3filter.RequestError: "
INVALID_KEY = "Invalid API key, please visit https://e2b.dev/docs/api-key for more information."

PORT = None


_conn = None


def call(method, path, body=None, key=KEY, headers=None, raw_body=None):
    """One request on a shared keep-alive connection. Returns (status, headers(lower), parsed JSON or None, raw)."""
    global _conn
    h = dict(headers or {})
    if key is not None:
        h["X-API-Key"] = key
    data = raw_body
    if body is not None:
        data = json.dumps(body).encode()
        h["Content-Type"] = "application/json"
    for attempt in (1, 2):
        if _conn is None:
            _conn = http.client.HTTPConnection("127.0.0.1", PORT, timeout=15)
        try:
            _conn.request(method, path, body=data, headers=h)
            r = _conn.getresponse()
            raw = r.read()
            break
        except (http.client.RemoteDisconnected, ConnectionError, BrokenPipeError):
            _conn.close()
            _conn = None
            if attempt == 2:
                raise
    if r.will_close:
        _conn.close()
        _conn = None
    hdrs = {k.lower(): v for k, v in r.getheaders()}
    js = json.loads(raw) if raw and hdrs.get("content-type", "").startswith("application/json") else None
    return r.status, hdrs, js, raw


def ctl(method, path, body=None):
    return call(method, "/_sim/" + path, body=body, key=None)[2]


def err(status, path, method="GET", body=None, key=KEY, raw_body=None):
    st, h, js, raw = call(method, path, body=body, key=key, raw_body=raw_body)
    eq(st, status, "%s %s status" % (method, path))
    eq(js["code"], status, "error body code")
    eq(set(js), {"code", "message"}, "error body keys")
    return js["message"]


def sdk_metadata(d):
    """The metadata query value exactly as E2B's JS SDK builds it (before the query itself is encoded)."""
    return urllib.parse.urlencode({urllib.parse.quote(k, safe="-_.!~*'()"): urllib.parse.quote(v, safe="-_.!~*'()")
                                   for k, v in d.items()})


def qs(**kw):
    return urllib.parse.urlencode(kw, quote_via=urllib.parse.quote)


def ids(rows):
    return [r["sandboxID"] for r in rows]


def list_all(path_base, limit, extra=""):
    out, token, pages = [], None, 0
    while True:
        q = "limit=%d%s" % (limit, extra)
        if token:
            q += "&nextToken=" + urllib.parse.quote(token)
        st, h, js, _ = call("GET", path_base + "?" + q)
        eq(st, 200, "page status")
        out += js
        pages += 1
        token = h.get("x-next-token")
        if not token:
            return out, pages
        ok(pages < 50, "paging does not terminate")


def raw_exchange(request_bytes, timeout=5):
    """Send raw bytes, read until EOF/RST/timeout. Returns (data, error_name)."""
    s = socket.create_connection(("127.0.0.1", PORT), timeout=timeout)
    s.sendall(request_bytes)
    data = b""
    errname = None
    try:
        while True:
            c = s.recv(65536)
            if not c:
                break
            data += c
    except ConnectionResetError:
        errname = "reset"
    except socket.timeout:
        errname = "timeout"
    finally:
        s.close()
    return data, errname


def get_req(path, extra_headers=""):
    return ("GET %s HTTP/1.1\r\nHost: 127.0.0.1\r\nX-API-Key: %s\r\n%s\r\n" % (path, KEY, extra_headers)).encode()


# ----------------------------------------------------------------------------- auth

@test
def auth_missing_malformed_invalid_unknown():
    eq(err(401, "/v2/sandboxes", key=None), "authorization header is missing", "missing")
    eq(err(401, "/v2/sandboxes", key="sk_e2b_abcdef"), "authorization header is malformed", "no prefix")
    eq(err(401, "/v2/sandboxes", key="e2b_xyz"), INVALID_KEY + "\nInvalid API key format", "non-hex")
    eq(err(401, "/v2/sandboxes", key="e2b_" + "ab" * 20), INVALID_KEY + "\nCannot get the team for the given API key",
       "unknown")
    eq(call("GET", "/v2/sandboxes", key=KEY2)[0], 200, "the second team's key")
    eq(err(401, "/templates/defaults", key=None), "authorization header is missing", "dashboard missing")
    # header names are case-insensitive
    st, _, _, _ = call("GET", "/sandboxes", key=None, headers={"x-api-key": KEY})
    eq(st, 200, "lower-case header")
    st, _, _, _ = call("GET", "/sandboxes", key=None, headers={"X-API-KEY": KEY})
    eq(st, 200, "upper-case header")


# ----------------------------------------------------------------------------- listing

@test
def v2_list_default_seed():
    st, h, js, _ = call("GET", "/v2/sandboxes")
    eq(st, 200, "status")
    eq(set(ids(js)), RUNNING | PAUSED, "all seeded")
    starts = [r["startedAt"] for r in js]
    eq(starts, sorted(starts, reverse=True), "startedAt desc")
    eq(h.get("x-total-running"), "5", "X-Total-Running")
    ok("x-next-token" not in h, "no X-Next-Token on a single page")
    row = next(r for r in js if r["sandboxID"] == ALICE_PROD)
    for k in ("templateID", "sandboxID", "clientID", "startedAt", "cpuCount", "memoryMB", "diskSizeMB", "endAt",
              "state", "envdVersion"):
        ok(k in row, "listed field %s" % k)
    ok("envdAccessToken" not in row and "network" not in row, "no secrets in list rows")
    eq(row["metadata"], {"user": "alice", "app": "prod"}, "metadata")
    ok(row["startedAt"].endswith("Z"), "RFC3339 Z")
    paused = next(r for r in js if r["sandboxID"] == ALICE_PAUSED)
    eq(paused["clientID"], "6532622b", "paused clientID")
    eq(paused["state"], "paused", "paused state")
    nm = next(r for r in js if r["sandboxID"] == NOMETA)
    ok("metadata" not in nm, "no metadata key when none set")


@test
def v2_paging_walks_everything_once():
    full = call("GET", "/v2/sandboxes")[2]
    got, pages = list_all("/v2/sandboxes", 2)
    eq(ids(got), ids(full), "concatenated pages == one page")
    eq(pages, 4, "7 items at 2 per page")
    st, h, js, _ = call("GET", "/v2/sandboxes?limit=2")
    tok = h["x-next-token"]
    raw = base64.urlsafe_b64decode(tok).decode()
    ts, _, last = raw.partition("__")
    eq(last, js[-1]["sandboxID"], "token names the last item of the page")
    eq(ts, js[-1]["startedAt"], "token carries its start time")
    # exactly limit items: no token
    st, h, js, _ = call("GET", "/v2/sandboxes?limit=7")
    eq(len(js), 7, "limit=7")
    ok("x-next-token" not in h, "no token when nothing is left")


@test
def v2_paging_ascending_and_bad_tokens():
    full = call("GET", "/v2/sandboxes")[2]
    asc, _ = list_all("/v2/sandboxes", 3, "&order=asc")
    eq(ids(asc), list(reversed(ids(full))), "asc is the exact reverse")
    st, h, js, _ = call("GET", "/v2/sandboxes?limit=3&order=asc")
    tok = h["x-next-token"]
    ok(base64.urlsafe_b64decode(tok).decode().endswith("__asc"), "asc token suffix")
    eq(err(400, "/v2/sandboxes?nextToken=" + urllib.parse.quote(tok)), "Invalid next token", "asc token with desc")
    eq(err(400, "/v2/sandboxes?nextToken=%21%21notbase64"), "Invalid next token", "garbage token")
    bad = base64.urlsafe_b64encode(b"yesterday__ifoo").decode()
    eq(err(400, "/v2/sandboxes?nextToken=" + bad), "Invalid next token", "bad time in token")
    eq(err(400, "/v2/sandboxes?order=up"), VPREFIX + 'parameter "order" in query has an error: value is not one of '
       'the allowed values ["asc","desc"]', "order enum")


@test
def v2_state_filter_and_total_running():
    st, h, js, _ = call("GET", "/v2/sandboxes?state=paused")
    eq(set(ids(js)), PAUSED, "paused only")
    ok("x-total-running" not in h, "no X-Total-Running without running")
    st, h, js, _ = call("GET", "/v2/sandboxes?state=running")
    eq(set(ids(js)), RUNNING, "running only")
    eq(h["x-total-running"], "5", "total running")
    st, h, js, _ = call("GET", "/v2/sandboxes?state=running,paused&limit=1")
    eq(h["x-total-running"], "5", "total running is before paging")
    ok("x-next-token" in h, "token")
    eq(err(400, "/v2/sandboxes?state=running,stopped"), VPREFIX + 'parameter "state" in query has an error: value is '
       'not one of the allowed values ["running","paused"]', "state enum")


@test
def v2_metadata_filter_sdk_encoding():
    def q(meta, extra=""):
        return call("GET", "/v2/sandboxes?" + qs(metadata=sdk_metadata(meta)) + extra)
    st, h, js, _ = q({"user": "alice", "app": "staging"})
    eq(ids(js), [ALICE_STG], "user=alice&app=staging")
    st, h, js, _ = q({"app": "staging"}, "&state=running")
    eq(set(ids(js)), {BOB_STG1, BOB_STG2, ALICE_STG}, "app=staging running")
    eq(h["x-total-running"], "3", "total running with metadata filter")
    st, h, js, _ = q({"user": "bob"})
    eq(set(ids(js)), {BOB_STG1, BOB_STG2, BOB_PAUSED}, "user=bob")
    st, h, js, _ = q({"team": "data eng"})
    eq(ids(js), [BOB_STG2], "value with a space, triple-encoded on the wire")
    st, h, js, _ = q({"user": "nobody"})
    eq(js, [], "no match")
    ok(err(400, "/v2/sandboxes?metadata=justakey").startswith("Error parsing metadata"), "pair without =")
    ok(err(400, "/v2/sandboxes?metadata=" + urllib.parse.quote("a=%zz")).startswith("Error parsing metadata"),
       "bad escape")


@test
def v2_template_and_started_after_filters():
    st, h, js, _ = call("GET", "/v2/sandboxes?template=data-pipeline")
    eq(ids(js), [BOB_STG2], "team alias")
    st, h, js, _ = call("GET", "/v2/sandboxes?template=acme%2Fdata-pipeline")
    eq(ids(js), [BOB_STG2], "namespace/alias")
    st, h, js, _ = call("GET", "/v2/sandboxes?template=base")
    eq(set(ids(js)), {ALICE_PROD, NOMETA, ALICE_PAUSED}, "default alias")
    st, h, js, _ = call("GET", "/v2/sandboxes?template=rki5dems9wqfm4r03t7g&state=paused")
    eq(ids(js), [ALICE_PAUSED], "template id")
    eq(err(400, "/v2/sandboxes?template=base:v1"),
       "Invalid template: tags are not supported here because sandboxes are not tag-scoped", "tag")
    st, h, js, _ = call("GET", "/v2/sandboxes?template=no-such-template")
    eq((st, js, h.get("x-total-running")), (200, [], "0"), "unknown template")
    full = call("GET", "/v2/sandboxes")[2]
    cut = full[2]["startedAt"]
    st, h, js, _ = call("GET", "/v2/sandboxes?" + qs(startedAfter=cut))
    eq(ids(js), ids(full[:3]), "startedAfter inclusive")
    ok(err(400, "/v2/sandboxes?startedAfter=yesterday").startswith(VPREFIX), "bad date-time")


@test
def limit_validation_everywhere():
    for p in ("/v2/sandboxes", "/v2/templates", "/snapshots", "/templates/dp7x2k9m4q8w1e5r3t6y"):
        eq(err(400, p + "?limit=0"), VPREFIX + 'parameter "limit" in query has an error: number must be at least 1',
           p + " limit=0")
        eq(err(400, p + "?limit=101"), VPREFIX + 'parameter "limit" in query has an error: number must be at most 100',
           p + " limit=101")
        ok(err(400, p + "?limit=abc").startswith(VPREFIX), p + " limit=abc")
        eq(call("GET", p + "?limit=100")[0], 200, p + " limit=100")
    eq(err(400, "/v2/sandboxes/%s/logs?limit=1001" % ALICE_PROD),
       VPREFIX + 'parameter "limit" in query has an error: number must be at most 1000', "logs limit")
    st, _, js, _ = call("GET", "/v2/sandboxes/%s/logs?limit=0" % ALICE_PROD)
    eq((st, js), (200, {"logs": []}), "logs limit=0")
    eq(err(400, "/v2/sandboxes/%s/logs?search=%s" % (ALICE_PROD, "a" * 257)),
       VPREFIX + 'parameter "search" in query has an error: maximum string length is 256', "search length")
    eq(call("GET", "/v2/sandboxes/%s/logs?search=%s" % (ALICE_PROD, "a" * 256))[0], 200, "search 256 ok")
    eq(err(400, "/v2/sandboxes/%s/logs?level=fatal" % ALICE_PROD),
       VPREFIX + 'parameter "level" in query has an error: value is not one of the allowed values '
       '["debug","info","warn","error"]', "level enum")


@test
def legacy_list_running_only():
    st, h, js, _ = call("GET", "/sandboxes")
    eq(set(ids(js)), RUNNING, "legacy list is running only")
    ok("x-next-token" not in h and "x-total-running" not in h, "no paging headers")
    st, h, js, _ = call("GET", "/sandboxes?" + qs(metadata=sdk_metadata({"user": "alice"})))
    eq(set(ids(js)), {ALICE_PROD, ALICE_STG}, "legacy metadata")


# ----------------------------------------------------------------------------- detail / create

@test
def detail_secrets_and_ids():
    st, h, d, _ = call("GET", "/sandboxes/" + ALICE_PROD)
    eq(st, 200, "status")
    eq(d["envdAccessToken"], ctl("GET", "state")["sandboxes"][[s["sandboxID"] for s in ctl("GET", "state")["sandboxes"]].index(ALICE_PROD)]["envdAccessToken"], "token")
    eq(d["network"]["rules"]["api.github.com"][0]["transform"]["headers"]["Authorization"],
       "Bearer ghp_SIMSECRET0000000000000000000000000001", "rule header in clear")
    eq(d["allowInternetAccess"], True, "allowInternetAccess")
    eq(d["lifecycle"], {"autoResume": False, "onTimeout": "kill"}, "lifecycle")
    ok("allow_internet_access" not in d, "snake case never on output")
    st, h, d2, _ = call("GET", "/sandboxes/%s-a3f1c2d4" % ALICE_PROD)
    eq(d2["sandboxID"], ALICE_PROD, "ShortID strips -clientID")
    eq(err(400, "/sandboxes/Bad_ID"), "Invalid sandbox ID", "bad id")
    eq(err(404, "/sandboxes/inotthere000000000000"),
       'Sandbox "inotthere000000000000" doesn\'t exist or you don\'t have access to it', "404")
    st, h, p1, raw = call("GET", "/sandboxes/" + ALICE_PAUSED)
    eq((p1["state"], p1["clientID"], p1["domain"]), ("paused", "6532622b", None), "paused detail")
    p2 = call("GET", "/sandboxes/" + ALICE_PAUSED)[2]
    ok(p1["envdAccessToken"] and p1["envdAccessToken"] != p2["envdAccessToken"], "fresh token for paused")
    d = call("GET", "/sandboxes/" + NOMETA)[2]
    eq((d["allowInternetAccess"], d["network"]["denyOut"]), (False, ["0.0.0.0/0"]), "no internet")
    d = call("GET", "/sandboxes/" + BOB_STG1)[2]
    eq(d["allowInternetAccess"], None, "not set -> null")
    ok("envdAccessToken" not in d and "network" not in d, "no token for non-secure")
    eq(call("GET", "/sandboxes/" + BOB_STG2)[2]["lifecycle"]["onTimeout"], "pause", "autoPause lifecycle")


@test
def create_validation_and_shapes():
    st, h, s, _ = call("POST", "/sandboxes", {"templateID": "base", "timeout": 60, "secure": True,
                                              "allow_internet_access": False, "metadata": {"k": "a&b<c>"},
                                              "envVars": {"SECRET": "x"}})
    eq(st, 201, "create status")
    eq(s["templateID"], "rki5dems9wqfm4r03t7g", "resolved template id")
    eq(s["alias"], "base", "alias")
    ok(len(s["sandboxID"]) == 21 and s["sandboxID"][0] == "i", "sandbox id shape")
    ok(len(s["envdAccessToken"]) > 20, "envdAccessToken on secure create")
    eq(s["trafficAccessToken"], None, "no traffic token by default")
    d = call("GET", "/sandboxes/" + s["sandboxID"])
    ok(b"a\\u0026b\\u003cc\\u003e" in d[3], "Go-style HTML escaping of & < >")
    eq(d[2]["metadata"], {"k": "a&b<c>"}, "metadata round trip")
    eq(d[2]["allowInternetAccess"], False, "allowInternetAccess out")
    ok(b"SECRET" not in d[3], "envVars never returned")
    end = d[2]["endAt"]
    ok(0 < (iso(end) - iso(d[2]["startedAt"])) <= 60.001, "endAt = start + timeout")
    st, h, s2, _ = call("POST", "/sandboxes", {"templateID": "acme/data-pipeline", "secure": True,
                                               "network": {"allowPublicTraffic": False}})
    eq((st, s2["templateID"]), (201, "dp7x2k9m4q8w1e5r3t6y"), "team template by namespace/alias")
    ok(s2["trafficAccessToken"], "trafficAccessToken when allowPublicTraffic=false")
    d2 = call("GET", "/sandboxes/" + s2["sandboxID"])[2]
    ok(15 - 0.01 <= iso(d2["endAt"]) - iso(d2["startedAt"]) <= 15.01, "default timeout 15 s")
    eq(err(400, "/sandboxes", "POST", {"templateID": "base", "network": {"allowPublicTraffic": False}}),
       "You cannot create a sandbox without public access unless you enable secure envd access via 'secure' flag.",
       "allowPublicTraffic=false needs secure")
    eq(err(400, "/sandboxes", "POST", {"templateID": "base", "timeout": 0}), "Timeout must be greater than 0", "t=0")
    eq(err(400, "/sandboxes", "POST", {"templateID": "base", "timeout": 86401}),
       "Timeout cannot be greater than 24 hours", "t>max")
    eq(err(404, "/sandboxes", "POST", {"templateID": "nope"}), "template 'nope' not found", "unknown template")
    eq(err(404, "/sandboxes", "POST", {"templateID": "base:v9"}), "tag 'v9' does not exist for template 'base'", "tag")
    eq(err(400, "/sandboxes", "POST", {"timeout": 10}), VPREFIX + 'request body has an error: doesn\'t match schema '
       '#/components/schemas/NewSandbox: Error at "/templateID": property "templateID" is missing', "missing templateID")
    eq(err(400, "/sandboxes", "POST", {"templateID": "base", "timeout": -1}), VPREFIX + 'request body has an error: '
       'doesn\'t match schema #/components/schemas/NewSandbox: Error at "/timeout": number must be at least 0', "t<0")
    eq(err(400, "/sandboxes", "POST", {"templateID": "base", "metadata": {"n": 1}}), VPREFIX + 'request body has an '
       'error: doesn\'t match schema #/components/schemas/NewSandbox: Error at "/metadata/n": value must be a string',
       "metadata types")
    ok(err(400, "/sandboxes", "POST", raw_body=b"{not json").startswith(VPREFIX), "bad JSON")
    eq(err(400, "/sandboxes", "POST"), VPREFIX + "request body has an error: value is required but missing", "no body")
    tpl = [t for t in call("GET", "/v2/templates")[2] if t["templateID"] == "dp7x2k9m4q8w1e5r3t6y"][0]
    eq(tpl["spawnCount"], 58, "spawnCount counts the create")
    st, h, js, _ = call("GET", "/v2/sandboxes?limit=1")
    eq(js[0]["sandboxID"], s2["sandboxID"], "newest first")


@test
def v2_create_defaults_and_shapes():
    """POST /v2/sandboxes: always secured, default timeout 300 s, NewSandboxV2 in validation errors."""
    st, h, s, _ = call("POST", "/v2/sandboxes", {"templateID": "base", "metadata": {"user": "v2"}})
    eq(st, 201, "create v2")
    ok(len(s["envdAccessToken"]) > 20, "secured without asking: envdAccessToken")
    d = call("GET", "/sandboxes/" + s["sandboxID"])[2]
    ok(299.99 <= iso(d["endAt"]) - iso(d["startedAt"]) <= 300.01, "default timeout 300 s")
    eq(d["lifecycle"], {"autoResume": False, "onTimeout": "kill"}, "lifecycle defaults")
    st, h, s2, _ = call("POST", "/v2/sandboxes", {"templateID": "base", "secure": False,
                                                 "network": {"allowPublicTraffic": False}})
    ok(st == 201 and s2["envdAccessToken"] and s2["trafficAccessToken"], "secure is not a v2 field: still secured")
    eq(err(400, "/v2/sandboxes", "POST", {"timeout": 10}), VPREFIX + 'request body has an error: doesn\'t match '
       'schema #/components/schemas/NewSandboxV2: Error at "/templateID": property "templateID" is missing', "schema name")
    eq(err(400, "/v2/sandboxes", "POST", {"templateID": "base", "timeout": 86401}),
       "Timeout cannot be greater than 24 hours", "plan limit")
    eq(call("POST", "/v2/sandboxes", {"templateID": "base", "timeout": 86400})[0], 201, "24 h is allowed")
    eq(err(405, "/v2/sandboxes", "PUT"), "method not allowed", "PUT")


@test
def v2_create_new_options():
    """autoResume, autoPauseMemory, network egress (allowOut/denyOut/httpsPorts), volumeMounts."""
    body = {"templateID": "base", "timeout": 60, "autoPause": True, "autoPauseMemory": False,
            "network": {"allowOut": ["api.github.com", "*.pypi.org", "10.0.0.0/8"], "denyOut": ["0.0.0.0/0"],
                        "httpsPorts": [3000, 8443]},
            "volumeMounts": [{"name": "data", "path": "/mnt/data"}]}
    st, h, s, _ = call("POST", "/v2/sandboxes", body)
    eq(st, 201, "create with every option")
    d = call("GET", "/sandboxes/" + s["sandboxID"])[2]
    eq(d["network"]["allowOut"], ["api.github.com", "*.pypi.org", "10.0.0.0/8"], "allowOut")
    eq(d["network"]["denyOut"], ["0.0.0.0/0"], "denyOut")
    eq(d["network"]["httpsPorts"], [3000, 8443], "httpsPorts")
    eq(d["volumeMounts"], [{"name": "data", "path": "/mnt/data"}], "volumeMounts in the detail")
    row = [r for r in call("GET", "/v2/sandboxes")[2] if r["sandboxID"] == s["sandboxID"]][0]
    eq(row["volumeMounts"], [{"name": "data", "path": "/mnt/data"}], "volumeMounts in the list")
    eq(d["lifecycle"], {"autoResume": False, "onTimeout": "pause"}, "lifecycle")
    st_sb = [x for x in ctl("GET", "state")["sandboxes"] if x["sandboxID"] == s["sandboxID"]][0]
    eq((st_sb["autoPauseMemory"], st_sb["autoPause"]), (False, True), "stored snapshot kind")
    ctl("POST", "clock", {"advance": 61})
    eq(call("GET", "/sandboxes/" + s["sandboxID"])[2]["state"], "paused", "auto-paused at the timeout")
    eq([x for x in ctl("GET", "state")["sandboxes"] if x["sandboxID"] == s["sandboxID"]][0]["pausedMemory"], False,
       "the auto-pause kept the file system only")
    st, h, r, _ = call("POST", "/v2/sandboxes", {"templateID": "base", "autoPause": True,
                                                  "autoResume": {"enabled": True}})
    eq(call("GET", "/sandboxes/" + r["sandboxID"])[2]["lifecycle"], {"autoResume": True, "onTimeout": "pause"},
       "autoResume")
    eq(err(400, "/v2/sandboxes", "POST", {"templateID": "base", "autoPause": True, "autoPauseMemory": False,
                                          "autoResume": {"enabled": True}}),
       "autoPauseMemory=false is incompatible with autoResume", "fs-only snapshot cannot auto-resume")
    eq(err(400, "/v2/sandboxes", "POST", {"templateID": "base", "autoPauseMemory": False}),
       "autoPauseMemory can only be set to false when autoPause is true", "needs autoPause")
    ok("autoResume/enabled" in err(400, "/v2/sandboxes", "POST", {"templateID": "base", "autoResume": {}}),
       "autoResume.enabled required")
    ok("denyOut entry 'example.com'" in err(400, "/v2/sandboxes", "POST", {"templateID": "base",
                                             "network": {"denyOut": ["example.com"]}}), "no domains in denyOut")
    ok("49983" in err(400, "/v2/sandboxes", "POST", {"templateID": "base", "network": {"httpsPorts": [49983]}}),
       "the envd port")
    eq(err(400, "/v2/sandboxes", "POST", {"templateID": "base", "network": {"httpsPorts": ["443"]}}),
       VPREFIX + 'request body has an error: doesn\'t match schema #/components/schemas/NewSandboxV2: '
       'Error at "/network/httpsPorts/0": value must be an integer', "httpsPorts type")
    eq(err(400, "/v2/sandboxes", "POST", {"templateID": "base", "volumeMounts": [{"name": "nope", "path": "/x"}]}),
       "volume 'nope' not found", "unknown volume")
    ok('"/volumeMounts/0/path": property "path" is missing' in
       err(400, "/v2/sandboxes", "POST", {"templateID": "base", "volumeMounts": [{"name": "data"}]}), "mount path")
    eq([v["name"] for v in call("GET", "/volumes")[2]], ["data", "models"], "the team's volumes")


@test
def v2_connect_optional_body_and_memory():
    sb = BOB_STG1
    eq(call("POST", "/sandboxes/%s/pause" % sb)[0], 204, "pause")
    st, h, s, _ = call("POST", "/v2/sandboxes/%s/connect" % sb)
    eq((st, s["sandboxID"]), (201, sb), "no body: resumes")
    d = call("GET", "/sandboxes/" + sb)[2]
    ok(299.99 <= iso(d["endAt"]) - iso(d["startedAt"]) <= 300.01, "default timeout 300 s")
    st, h, s, _ = call("POST", "/v2/sandboxes/%s/connect" % sb, {"timeout": 10})
    eq(st, 200, "running: 200")
    eq(iso(call("GET", "/sandboxes/" + sb)[2]["endAt"]), iso(d["endAt"]), "never shortens")
    eq(call("POST", "/sandboxes/%s/pause" % sb)[0], 204, "pause again")
    st, h, s, _ = call("POST", "/v2/sandboxes/%s/connect" % sb, {"timeout": 60, "memory": False})
    eq(st, 201, "resume from the file system")
    eq([x for x in ctl("GET", "state")["sandboxes"] if x["sandboxID"] == sb][0]["resumedFromMemory"], False,
       "memory=false recorded")
    eq(err(400, "/v2/sandboxes/%s/connect" % sb, "POST", {"timeout": 90000}),
       "Timeout cannot be greater than 24 hours", "plan limit")
    eq(err(404, "/v2/sandboxes/inotthere000000000000/connect", "POST", {"timeout": 60}),
       'Sandbox "inotthere000000000000" doesn\'t exist or you don\'t have access to it', "unknown")
    ok(err(400, "/v2/sandboxes/%s/connect" % sb, "POST", {"timeout": "x"}).startswith(VPREFIX + "request body has an "
       "error: doesn't match schema #/components/schemas/ConnectSandboxV2"), "schema name")


@test
def teams_are_scoped_by_key():
    """Two keys, two teams: each sees, changes and counts only its own sandboxes."""
    eq(call("GET", "/v2/sandboxes", key=KEY2)[2], [], "the second team starts empty")
    st, h, s, _ = call("POST", "/v2/sandboxes", {"templateID": "base", "metadata": {"who": "globex"}}, key=KEY2)
    eq(st, 201, "the second team creates")
    mine = s["sandboxID"]
    eq(ids(call("GET", "/v2/sandboxes", key=KEY2)[2]), [mine], "it lists only its own")
    ok(mine not in ids(call("GET", "/v2/sandboxes")[2]), "the first team does not see it")
    ok(mine not in ids(call("GET", "/sandboxes")[2]), "nor in the legacy list")
    gone = 'Sandbox "%s" doesn\'t exist or you don\'t have access to it'
    eq(err(404, "/sandboxes/" + mine), gone % mine, "detail of another team's sandbox")
    eq(err(404, "/sandboxes/" + ALICE_PROD, key=KEY2), gone % ALICE_PROD, "and the other way round")
    eq(err(404, "/sandboxes/" + ALICE_PROD, "DELETE", key=KEY2), gone % ALICE_PROD, "no kill across teams")
    eq(err(404, "/sandboxes/%s/pause" % ALICE_PROD, "POST", key=KEY2), gone % ALICE_PROD, "no pause across teams")
    eq(err(404, "/v2/sandboxes/%s/connect" % ALICE_PAUSED, "POST", {"timeout": 60}, key=KEY2), gone % ALICE_PAUSED,
       "no resume across teams")
    eq(err(404, "/sandboxes/%s/metrics" % ALICE_PROD, key=KEY2), gone % ALICE_PROD, "no metrics across teams")
    eq(call("GET", "/v2/sandboxes/%s/logs" % ALICE_PROD, key=KEY2)[2], {"logs": []}, "logs: as unknown")
    eq(call("GET", "/sandboxes/metrics?sandbox_ids=" + ALICE_PROD, key=KEY2)[2], {"sandboxes": {}}, "multi metrics")
    eq(call("GET", "/sandboxes/" + ALICE_PROD)[2]["state"], "running", "untouched")
    eq(call("GET", "/snapshots", key=KEY2)[2], [], "snapshots are the team's")
    eq(call("GET", "/v2/templates", key=KEY2)[2], [], "team templates are the team's")
    eq(err(404, "/v2/sandboxes", "POST", {"templateID": "data-pipeline"}, key=KEY2), "template 'data-pipeline' not found",
       "another team's template cannot be started")
    eq(call("GET", "/volumes", key=KEY2)[2], [], "volumes are the team's")
    eq(len(call("GET", "/templates/defaults", key=KEY2)[2]["templates"]), 3, "default templates are everyone's")
    eq(err(400, "/v2/sandboxes", "POST", {"templateID": "base", "timeout": 3601}, key=KEY2),
       "Timeout cannot be greater than 1 hours", "the second team's plan allows 1 h")
    eq(call("POST", "/v2/sandboxes", {"templateID": "base", "timeout": 3600}, key=KEY2)[0], 201, "1 h is fine")
    ctl("POST", "config", {"concurrency_limit": 5})
    eq(call("POST", "/v2/sandboxes", {"templateID": "base"}, key=KEY2)[0], 201, "the limit counts per team")
    eq(err(429, "/v2/sandboxes", "POST", {"templateID": "base"})[:40], "you have reached the maximum number of c",
       "the first team is at its limit")
    st = ctl("GET", "state")
    eq({t["slug"]: t["running"] for t in st["teams"]}, {"acme": 5, "globex": 3}, "running per team")
    log = ctl("GET", "requests")
    ok(all(r["team"] == ("3b8e5c1a-9d2f-4e7b-8a6c-5f4e3d2c1b0a" if r["headers"].get("x-api-key") == KEY2
                         else "7f9c2b1e-4a3d-4c8b-9e2f-1a2b3c4d5e6f") for r in log), "the log names each request's team")


@test
def error_code_and_keyed_faults():
    ctl("POST", "faults", {"path": "^/v2/sandboxes$", "method": "POST", "kind": "status", "status": 503,
                           "message": "no capacity", "error_code": "sandbox_capacity_unavailable"})
    st, h, js, _ = call("POST", "/v2/sandboxes", {"templateID": "base"})
    eq((st, js), (503, {"code": 503, "message": "no capacity", "error_code": "sandbox_capacity_unavailable"}),
       "error_code in the error body")
    ctl("POST", "faults", {"path": "^/v2/sandboxes$", "kind": "status", "status": 429, "retry_after": 3, "key": KEY2})
    eq(call("GET", "/v2/sandboxes")[0], 200, "a fault for another key does not fire")
    st, h, js, _ = call("GET", "/v2/sandboxes", key=KEY2)
    eq((st, h.get("retry-after")), (429, "3"), "the keyed fault fires for its key")
    eq(call("GET", "/v2/sandboxes", key=KEY2)[0], 200, "once")


def iso(s):
    import datetime
    return datetime.datetime.fromisoformat(s.replace("Z", "+00:00")).timestamp()


# ----------------------------------------------------------------------------- state machine

@test
def pause_connect_resume_kill():
    sb = BOB_STG1
    st, h, js, raw = call("POST", "/sandboxes/%s/pause" % sb, {"memory": True})
    eq((st, raw), (204, b""), "pause 204, no body")
    ok("content-length" not in h or h["content-length"] == "0", "no body on 204")
    eq(err(409, "/sandboxes/%s/pause" % sb, "POST"),
       "Error pausing sandbox - sandbox '%s' is already paused" % sb, "pause again")
    d = call("GET", "/sandboxes/" + sb)[2]
    eq(d["state"], "paused", "paused")
    ok(abs(iso(d["endAt"]) - iso(ctl("GET", "clock")["now"])) < 2, "endAt = pause time")
    eq(err(404, "/sandboxes/%s/timeout" % sb, "POST", {"timeout": 30}),
       'Sandbox "%s" doesn\'t exist or you don\'t have access to it' % sb, "timeout on paused")
    eq(err(404, "/sandboxes/%s/refreshes" % sb, "POST", {"duration": 30}).startswith("Sandbox"), True, "refresh paused")
    ok(err(400, "/sandboxes/%s/connect" % sb, "POST").startswith(VPREFIX), "connect needs a body")
    ok("timeout" in err(400, "/sandboxes/%s/connect" % sb, "POST", {}), "connect needs timeout")
    st, h, s, _ = call("POST", "/sandboxes/%s/connect" % sb, {"timeout": 120})
    eq((st, s["sandboxID"]), (201, sb), "connect resumes paused -> 201")
    d = call("GET", "/sandboxes/" + sb)[2]
    eq(d["state"], "running", "running again")
    end1 = iso(d["endAt"])
    st, h, s, _ = call("POST", "/sandboxes/%s/connect" % sb, {"timeout": 10})
    eq(st, 200, "connect running -> 200")
    eq(iso(call("GET", "/sandboxes/" + sb)[2]["endAt"]), end1, "connect never shortens")
    st, h, s, _ = call("POST", "/sandboxes/%s/connect" % sb, {"timeout": 600})
    eq(st, 200, "connect extend")
    ok(iso(call("GET", "/sandboxes/" + sb)[2]["endAt"]) > end1 + 400, "connect extends")
    st, _, _, raw = call("POST", "/sandboxes/%s/timeout" % sb, {"timeout": 30})
    eq((st, raw), (204, b""), "set timeout 204")
    now = iso(ctl("GET", "clock")["now"])
    ok(abs(iso(call("GET", "/sandboxes/" + sb)[2]["endAt"]) - (now + 30)) < 2, "set timeout shortens")
    eq(err(409, "/sandboxes/%s/resume" % sb, "POST", {"timeout": 30}), "Sandbox %s is already running" % sb,
       "resume running")
    st, _, s, _ = call("POST", "/sandboxes/%s/resume" % ALICE_PAUSED, {"timeout": 60})
    eq(st, 201, "legacy resume")
    ok(s["envdAccessToken"], "secure resume returns a token")
    eq(call("GET", "/sandboxes/" + ALICE_PAUSED)[2]["state"], "running", "resumed")
    eq(call("DELETE", "/sandboxes/" + BOB_PAUSED)[0], 204, "kill paused -> 204")
    eq(call("DELETE", "/sandboxes/" + sb)[0], 204, "kill running -> 204")
    eq(err(404, "/sandboxes/" + sb, "DELETE"), 'Sandbox "%s" doesn\'t exist or you don\'t have access to it' % sb,
       "kill twice")
    eq(err(404, "/sandboxes/" + BOB_PAUSED), 'Sandbox "%s" doesn\'t exist or you don\'t have access to it' % BOB_PAUSED,
       "gone")
    st, _, s, _ = call("POST", "/sandboxes/%s/connect" % ALICE_STG, {"timeout": 60})
    eq(st, 200, "connect running secure")
    ok(s.get("trafficAccessToken") and s.get("envdAccessToken"), "connect returns both tokens")
    eq(err(400, "/sandboxes/%s/connect" % ALICE_STG, "POST", {"timeout": 90000}),
       "Timeout cannot be greater than 24 hours", "connect max")


@test
def refreshes_only_extend_min_15():
    sb = NOMETA
    end0 = iso(call("GET", "/sandboxes/" + sb)[2]["endAt"])
    eq(call("POST", "/sandboxes/%s/refreshes" % sb, {"duration": 20})[0], 204, "refresh 204")
    eq(iso(call("GET", "/sandboxes/" + sb)[2]["endAt"]), end0, "refresh never shortens")
    call("POST", "/sandboxes/%s/timeout" % sb, {"timeout": 1})
    eq(call("POST", "/sandboxes/%s/refreshes" % sb)[0], 204, "refresh without body")
    now = iso(ctl("GET", "clock")["now"])
    ok(abs(iso(call("GET", "/sandboxes/" + sb)[2]["endAt"]) - (now + 15)) < 2, "min 15 s")
    ok(err(400, "/sandboxes/%s/refreshes" % sb, "POST", {"duration": 3601}).startswith(VPREFIX), "max 3600")


@test
def clock_expiry_kill_and_autopause():
    c0 = iso(ctl("GET", "clock")["now"])
    c1 = iso(ctl("POST", "clock", {"advance": 300})["now"])
    ok(299 <= c1 - c0 <= 302, "clock advances")
    eq(call("GET", "/sandboxes/" + NOMETA)[0], 404, "nometa expired and was killed")
    eq(call("GET", "/sandboxes/" + BOB_STG2)[2]["state"], "running", "bob-staging-2 still running at +300")
    ctl("POST", "clock", {"advance": 301})
    d = call("GET", "/sandboxes/" + BOB_STG2)[2]
    eq(d["state"], "paused", "autoPause sandbox paused on timeout")
    st, h, js, _ = call("GET", "/v2/sandboxes?state=running")
    eq(set(ids(js)), {ALICE_PROD, BOB_STG1, ALICE_STG}, "running after expiry")
    eq(h["x-total-running"], "3", "total running after expiry")
    # a sandbox set to timeout 0 ends at the next request
    call("POST", "/sandboxes/%s/timeout" % BOB_STG1, {"timeout": 0})
    eq(call("GET", "/sandboxes/" + BOB_STG1)[0], 404, "timeout 0 ends it")


@test
def concurrency_limit_429():
    ctl("POST", "config", {"concurrency_limit": 6})
    eq(call("POST", "/sandboxes", {"templateID": "base"})[0], 201, "6th running")
    msg = ("you have reached the maximum number of concurrent E2B sandboxes (6). If you need more, please visit "
           "'https://e2b.dev/docs/billing'")
    eq(err(429, "/sandboxes", "POST", {"templateID": "base"}), msg, "7th refused")
    eq(err(429, "/sandboxes/%s/connect" % ALICE_PAUSED, "POST", {"timeout": 30}), msg, "resume refused")
    eq(call("POST", "/sandboxes/%s/connect" % ALICE_PROD, {"timeout": 30})[0], 200, "extending is not limited")
    call("DELETE", "/sandboxes/" + NOMETA)
    eq(call("POST", "/sandboxes/%s/connect" % ALICE_PAUSED, {"timeout": 30})[0], 201, "room again")


@test
def many_sandboxes_paging_and_ties():
    added = ctl("POST", "seed", {"many": 120})["added"]
    eq(len(added), 120, "added")
    eq(len(set(added)), 120, "distinct ids")
    st, h, js, _ = call("GET", "/v2/sandboxes")
    eq(len(js), 100, "default limit 100")
    ok(h.get("x-next-token"), "token on page 1")
    eq(h["x-total-running"], "125", "total running")
    st, h2, js2, _ = call("GET", "/v2/sandboxes?nextToken=" + urllib.parse.quote(h["x-next-token"]))
    eq(len(js2), 27, "page 2")
    ok("x-next-token" not in h2, "last page")
    allrows = js + js2
    eq(len(set(ids(allrows))), 127, "no duplicates across pages")
    keys = [(-iso(r["startedAt"]), r["sandboxID"]) for r in allrows]
    eq(keys, sorted(keys), "(startedAt desc, sandboxID asc)")
    ok(any(allrows[i]["startedAt"] == allrows[i + 1]["startedAt"] for i in range(len(allrows) - 1)), "ties exist")
    got, pages = list_all("/v2/sandboxes", 7)
    eq(ids(got), ids(allrows), "limit=7 walk, ties across page edges")
    again = ctl("POST", "reset")
    ok(again["ok"], "reset")
    again = ctl("POST", "seed", {"many": 2})["added"]
    eq(again, added[:2], "deterministic ids")


# ----------------------------------------------------------------------------- logs, metrics, snapshots

@test
def logs_v2_rules():
    p = "/v2/sandboxes/%s/logs" % ALICE_PROD
    st, h, js, _ = call("GET", p)
    logs = js["logs"]
    eq(len(logs), 1000, "default limit 1000 (the seed has more)")
    ts = [iso(l["timestamp"]) for l in logs]
    eq(ts, sorted(ts, reverse=True), "backward by default: newest first")
    ok(set(l["level"] for l in logs) == {"debug", "info", "warn", "error"}, "every level")
    ok(all(set(l) == {"timestamp", "level", "message", "fields"} for l in logs), "entry fields")
    ok(all(isinstance(v, str) for l in logs for v in l["fields"].values()), "fields are strings")
    ok(ts[0] <= iso(ctl("GET", "clock")["now"]), "nothing from the future")
    js = call("GET", p + "?level=warn&limit=50")[2]["logs"]
    ok(js and all(l["level"] in ("warn", "error") for l in js), "level is a minimum")
    start_ms = int(iso(call("GET", "/sandboxes/" + ALICE_PROD)[2]["startedAt"]) * 1000)
    js = call("GET", p + "?direction=forward&limit=5&cursor=%d" % start_ms)[2]["logs"]
    ts = [iso(l["timestamp"]) for l in js]
    eq(ts, sorted(ts), "forward ascending")
    ok(ts[0] * 1000 >= start_ms - 1, "forward starts at cursor")
    nxt = call("GET", p + "?direction=forward&limit=5&cursor=%d" % int(ts[-1] * 1000))[2]["logs"]
    eq(nxt[0]["timestamp"], js[-1]["timestamp"], "boundary entry repeats when paging by cursor")
    js = call("GET", p + "?search=Request&limit=1000")[2]["logs"]
    ok(js and all("Request" in l["message"] for l in js), "search")
    js2 = call("GET", p + "?search=request&limit=1000")[2]["logs"]
    ok(js2 and not any(l in js for l in js2), "search is case-sensitive")
    eq(call("GET", "/v2/sandboxes/inotthere000000000000/logs")[2], {"logs": []}, "unknown sandbox: empty")
    eq(err(400, "/v2/sandboxes/BAD!/logs"), "Invalid sandbox ID", "bad id")
    st, h, v1, _ = call("GET", "/sandboxes/%s/logs?limit=3" % BOB_STG1)
    eq(set(v1), {"logs", "logEntries"}, "v1 shape")
    eq(set(v1["logs"][0]), {"timestamp", "line"}, "v1 log line")
    ts = [iso(l["timestamp"]) for l in v1["logEntries"]]
    eq(ts, sorted(ts), "v1 forward")


@test
def paused_sandbox_logs_and_metrics_stop_at_pause():
    eq(call("POST", "/sandboxes/%s/pause" % BOB_STG1)[0], 204, "pause")
    pause_t = iso(call("GET", "/sandboxes/" + BOB_STG1)[2]["endAt"])
    ctl("POST", "clock", {"advance": 900})
    logs = call("GET", "/v2/sandboxes/%s/logs" % BOB_STG1)[2]["logs"]
    ok(logs and iso(logs[0]["timestamp"]) <= pause_t, "no log lines after the pause")
    m = call("GET", "/sandboxes/%s/metrics" % BOB_STG1)[2]
    ok(m and m[-1]["timestampUnix"] <= pause_t, "no metrics after the pause")
    eq(call("POST", "/sandboxes/%s/connect" % BOB_STG1, {"timeout": 60})[0], 201, "resume")
    ctl("POST", "clock", {"advance": 30})
    logs = call("GET", "/v2/sandboxes/%s/logs?limit=1" % BOB_STG1)[2]["logs"]
    ok(iso(logs[0]["timestamp"]) > pause_t + 900, "new lines after the resume")


@test
def metrics_rules():
    st, h, js, _ = call("GET", "/sandboxes/%s/metrics" % ALICE_PROD)
    eq(st, 200, "status")
    ok(len(js) > 10, "series")
    m = js[0]
    eq(set(m), {"timestamp", "timestampUnix", "cpuCount", "cpuUsedPct", "memUsed", "memTotal", "memCache",
                "diskUsed", "diskTotal"}, "metric fields")
    eq(m["memTotal"], 512 * 1024 * 1024, "memTotal in bytes")
    ok(m["diskTotal"] > 10 ** 9 and m["memUsed"] < m["memTotal"], "bytes")
    t = [x["timestampUnix"] for x in js]
    eq(t, sorted(t), "ascending")
    eq(iso(m["timestamp"]), m["timestampUnix"], "timestamp == timestampUnix")
    now = int(iso(ctl("GET", "clock")["now"]))
    js = call("GET", "/sandboxes/%s/metrics?start=%d&end=%d" % (ALICE_PROD, now - 600, now))[2]
    ok(js and all(now - 600 <= x["timestampUnix"] <= now for x in js), "range respected")
    eq(err(400, "/sandboxes/%s/metrics?start=%d&end=%d" % (ALICE_PROD, now, now - 10)),
       "Invalid time range for metrics", "start > end")
    eq(err(404, "/sandboxes/inotthere000000000000/metrics").startswith("Sandbox"), True, "unknown sandbox")
    st, h, js, _ = call("GET", "/sandboxes/metrics?sandbox_ids=%s,%s,%s" % (ALICE_PROD, ALICE_PAUSED, BOB_STG1))
    eq(set(js["sandboxes"]), {ALICE_PROD, BOB_STG1}, "latest per running sandbox")
    ok(err(400, "/sandboxes/metrics").startswith(VPREFIX), "sandbox_ids required")
    many = ",".join("i%020d" % i for i in range(101))
    eq(err(400, "/sandboxes/metrics?sandbox_ids=" + many), "Too many sandboxes requested, maximum is 100", ">100")
    eq(err(400, "/sandboxes/metrics?sandbox_ids=ok1,BAD"), "Invalid sandbox ID", "bad id in list")



@test
def ended_sandbox_logs_kept_7_days():
    """A killed or timed-out sandbox is gone (404, unlisted) but its logs stay readable for 7 days."""
    gone = {ALICE_PROD, NOMETA, ALICE_PAUSED}
    kill_t = iso(ctl("GET", "clock")["now"])
    eq(call("DELETE", "/sandboxes/" + ALICE_PROD)[0], 204, "kill running")
    eq(call("DELETE", "/sandboxes/" + ALICE_PAUSED)[0], 204, "kill paused")
    nometa_end = iso(call("GET", "/sandboxes/" + NOMETA)[2]["endAt"])
    ctl("POST", "clock", {"advance": 600})  # NOMETA's timeout ends it (a kill: no autoPause)
    for sb in sorted(gone):
        eq(call("GET", "/sandboxes/" + sb)[0], 404, "%s ended: detail 404" % sb)
    listed = ids(call("GET", "/v2/sandboxes?state=running,paused")[2]) + ids(call("GET", "/sandboxes")[2])
    ok(not gone & set(listed), "ended sandboxes are not listed")
    ok(not gone & {s["sandboxID"] for s in ctl("GET", "state")["sandboxes"]}, "nor among the state's sandboxes")
    eq(call("GET", "/sandboxes/%s/metrics" % ALICE_PROD)[0], 404, "metrics of an ended sandbox: 404")
    logs = call("GET", "/v2/sandboxes/%s/logs" % ALICE_PROD)[2]["logs"]
    eq(len(logs), 1000, "killed: its logs are still served")
    ok(iso(logs[0]["timestamp"]) <= kill_t + 1, "killed: no lines after the kill")
    logs = call("GET", "/v2/sandboxes/%s/logs" % NOMETA)[2]["logs"]
    ok(logs and iso(logs[0]["timestamp"]) <= nometa_end, "timed out: logs kept, none after endAt")
    v1 = call("GET", "/sandboxes/%s/logs" % NOMETA)[2]
    ok(v1["logs"] and len(v1["logs"]) == len(v1["logEntries"]) == len(logs), "v1 serves them too")
    ok(call("GET", "/v2/sandboxes/%s/logs" % ALICE_PAUSED)[2]["logs"], "killed while paused: logs kept")
    ctl("POST", "config", {"logs_404": True})
    eq(call("GET", "/v2/sandboxes/%s/logs" % NOMETA)[0], 200, "an ended sandbox is not unknown (logs_404)")
    ctl("POST", "config", {"logs_404": False})
    ctl("POST", "clock", {"advance": 7 * 86400 - 1200})  # now = kill + 7 d - 10 min
    logs = call("GET", "/v2/sandboxes/%s/logs?direction=forward" % ALICE_PROD)[2]["logs"]
    ok(logs and iso(logs[0]["timestamp"]) >= kill_t - 601, "day 7: only the last 10 minutes are within 7 days")
    eq(call("GET", "/v2/sandboxes/%s/logs" % ALICE_PAUSED)[2], {"logs": []}, "older lines are past retention")
    ctl("POST", "clock", {"advance": 1200})
    eq(call("GET", "/v2/sandboxes/%s/logs" % ALICE_PROD)[2], {"logs": []}, "after 7 days: nothing")
    eq(call("GET", "/sandboxes/%s/logs" % NOMETA)[2], {"logs": [], "logEntries": []}, "v1 after 7 days")
    ok(ALICE_PROD not in {e["sandboxID"] for e in ctl("GET", "state")["ended"]}, "forgotten after 7 days")


@test
def metrics_step_tiers_and_wide_ranges():
    """E2B's step tiers by range; a range wider than the data returns the existing samples, bucketed."""
    now = int(iso(ctl("GET", "clock")["now"]))
    p = "/sandboxes/%s/metrics" % ALICE_STG  # ran for 2 h
    for rng, step in ((600, 5), (3599, 5), (3600, 30), (6 * 3600 - 1, 30), (6 * 3600, 60), (12 * 3600 - 1, 60),
                      (12 * 3600, 120), (86400 - 1, 120), (86400, 300), (7 * 86400 - 1, 300), (7 * 86400, 900),
                      (now - 1, 900)):
        st, _, js, _ = call("GET", p + "?start=%d&end=%d" % (now - rng, now))
        t = [x["timestampUnix"] for x in js]
        ok(st == 200 and len(t) >= 2, "range %d s: a series (%d points)" % (rng, len(t)))
        ok(all(x % step == 0 for x in t), "range %d s: buckets start on multiples of %d s" % (rng, step))
        eq(set(b - a for a, b in zip(t, t[1:])), {step}, "range %d s: step" % rng)
        eq(t[-1], now - now % step, "range %d s: the last bucket holds the newest sample" % rng)
    start = int(iso(call("GET", "/sandboxes/" + ALICE_STG)[2]["startedAt"]))
    js = call("GET", p + "?start=1")[2]
    t = [x["timestampUnix"] for x in js]
    ok(t and t[0] <= start < t[0] + 900 and t[-1] <= now, "start=1: 15-minute buckets over the sandbox's life")
    ok(all(x["memTotal"] == 4096 * 1024 * 1024 and x["memUsed"] < x["memTotal"] for x in js), "bucketed values")
    js = call("GET", "/sandboxes/%s/metrics?start=1" % NOMETA)[2]
    ok(1 <= len(js) <= 2, "a 1-minute sandbox over a wide range: its samples in one or two buckets (%d)" % len(js))
    sb = call("POST", "/sandboxes", {"templateID": "base", "timeout": 3600})[2]["sandboxID"]
    ctl("POST", "clock", {"advance": 300})
    t = [x["timestampUnix"] for x in call("GET", "/sandboxes/%s/metrics" % sb)[2]]
    eq(set(b - a for a, b in zip(t, t[1:])), {30}, "default range = the sandbox's own 1 h: step 30 s")


@test
def timeout_without_body():
    """The body of POST /timeout is optional in the spec: no validator error; the handler's binding decides."""
    p = "/sandboxes/%s/timeout" % ALICE_PROD
    end0 = iso(call("GET", "/sandboxes/" + ALICE_PROD)[2]["endAt"])
    parse_err = "Error when parsing request: error when parsing request: EOF"
    st, _, js, _ = call("POST", p, headers={"Content-Type": "application/json"})
    eq((st, js), (400, {"code": 400, "message": parse_err}), "empty JSON body: the handler's parse error")
    eq(iso(call("GET", "/sandboxes/" + ALICE_PROD)[2]["endAt"]), end0, "nothing changed")
    st, _, js, _ = call("POST", "/sandboxes/inotthere000000000000/timeout",
                        headers={"Content-Type": "application/json; charset=utf-8"})
    eq((st, js["message"]), (400, parse_err), "the body is parsed before the sandbox is looked up")
    eq(err(400, "/sandboxes/BAD!/timeout", "POST"), "Invalid sandbox ID", "the ID is checked first")
    eq(call("POST", p, key=None, headers={"Content-Type": "application/json"})[0], 401, "auth before the handler")
    m = err(400, p, "POST", {})
    ok(m.startswith(VPREFIX) and 'property "timeout" is missing' in m, "{} still fails the schema")
    eq(err(404, "/sandboxes/inotthere000000000000/timeout", "POST").startswith("Sandbox"), True,
       "no body, no Content-Type, unknown sandbox: 404")
    st, _, _, raw = call("POST", p)
    eq((st, raw), (204, b""), "no body, no Content-Type: form binding, timeout 0, 204")
    eq(call("GET", "/sandboxes/" + ALICE_PROD)[0], 404, "timeout 0: the sandbox ended")

@test
def snapshots_paging_and_filters():
    got, pages = list_all("/snapshots", 2)
    eq(len(got), 7, "7 snapshots")
    eq(pages, 4, "pages")
    ok(all(set(s) == {"snapshotID", "names"} for s in got), "SnapshotInfo")
    eq(got[0]["snapshotID"], "acme/release-1:default", "newest first")
    js = call("GET", "/snapshots?sandboxID=" + ALICE_PAUSED)[2]
    eq(sorted(s["snapshotID"] for s in js), ["acme/alice-checkpoint:default", "acme/alice-checkpoint:v2"], "by sandbox")
    eq(len(call("GET", "/snapshots?name=alice-checkpoint")[2]), 2, "bare name: all tags")
    eq([s["snapshotID"] for s in call("GET", "/snapshots?name=alice-checkpoint:v2")[2]],
       ["acme/alice-checkpoint:v2"], "name:tag")
    eq(len(call("GET", "/snapshots?name=acme/nightly")[2]), 2, "namespace/name")
    eq(call("GET", "/snapshots?name=nope")[2], [], "unknown name")
    eq(call("GET", "/snapshots?name=other/nightly")[0], 400, "other namespace")
    eq(err(400, "/snapshots?sandboxID=Bad_Id"), "Invalid sandbox ID", "bad sandboxID")


@test
def templates_endpoints():
    v1 = call("GET", "/templates")[2]
    eq(len(v1), 4, "4 team templates")
    c = [t["createdAt"] for t in v1]
    eq(c, sorted(c), "legacy list ascending")
    ok(all(not t["public"] for t in v1), "team only")
    ok("rki5dems9wqfm4r03t7g" not in [t["templateID"] for t in v1], "no defaults in team list")
    got, pages = list_all("/v2/templates", 3)
    eq([t["templateID"] for t in got], [t["templateID"] for t in reversed(v1)], "v2 desc, paged")
    eq(pages, 2, "v2 pages")
    keys = {"templateID", "buildID", "cpuCount", "memoryMB", "diskSizeMB", "public", "createdAt", "updatedAt",
            "createdBy", "lastSpawnedAt", "spawnCount", "buildCount", "envdVersion", "aliases", "names", "buildStatus"}
    eq(set(got[0]), keys, "Template fields")
    eq(err(400, "/v2/templates?teamID=someone-else"), "Team ID param mismatch with the API key", "teamID")
    st, h, t, _ = call("GET", "/templates/dp7x2k9m4q8w1e5r3t6y")
    eq((st, len(t["builds"])), (200, 100), "first build page")
    ok(h.get("x-next-token"), "more builds")
    st, h2, t2, _ = call("GET", "/templates/dp7x2k9m4q8w1e5r3t6y?nextToken=" + urllib.parse.quote(h["x-next-token"]))
    eq(len(t2["builds"]), 30, "second build page")
    ok("x-next-token" not in h2, "last builds page")
    allb = t["builds"] + t2["builds"]
    eq(len(set(b["buildID"] for b in allb)), 130, "130 distinct builds")
    c = [b["createdAt"] for b in allb]
    eq(c, sorted(c, reverse=True), "builds desc")
    eq(t["names"], ["acme/data-pipeline"], "names")
    eq(err(404, "/templates/data-pipeline"), "Template data-pipeline not found", "alias is not an id")
    eq(err(403, "/templates/rki5dems9wqfm4r03t7g"),
       "You don't have access to this sandbox template (rki5dems9wqfm4r03t7g)", "default template")
    d = call("GET", "/templates/defaults")[2]["templates"]
    eq([x["aliases"][0]["alias"] for x in d], ["base", "code-interpreter-v1", "desktop"], "defaults")
    eq(set(d[0]), {"id", "aliases", "buildId", "ramMb", "vcpu", "totalDiskSizeMb", "createdAt", "public",
                   "buildCount", "spawnCount", "envdVersion"}, "dashboard casing")
    ok(any(x["totalDiskSizeMb"] is None for x in d), "one null disk size")


@test
def unknown_path_and_method():
    eq(err(404, "/v3/nothing"), "no matching operation was found", "unknown path")
    eq(err(404, "/sandboxes/x/refresh", "POST", {}), "no matching operation was found", "refresh (wrong name)")
    eq(err(405, "/v2/sandboxes", "DELETE"), "method not allowed", "method")


# ----------------------------------------------------------------------------- request log

@test
def request_log_records_exactly():
    ctl("DELETE", "requests")
    call("GET", "/v2/sandboxes?state=running&metadata=user%3Dalice", headers={"User-Agent": "t/1"})
    call("POST", "/sandboxes/%s/timeout" % ALICE_PROD, {"timeout": 99})
    ctl("GET", "clock")
    log = ctl("GET", "requests")
    eq(len(log), 2, "control calls are not logged")
    a, b = log
    eq((a["method"], a["path"], a["query"], a["body"]),
       ("GET", "/v2/sandboxes", "state=running&metadata=user%3Dalice", ""), "GET entry")
    eq(a["headers"]["x-api-key"], KEY, "lower-cased header names")
    eq(a["headers"]["user-agent"], "t/1", "UA")
    eq((b["method"], b["path"], b["query"], json.loads(b["body"])), ("POST", "/sandboxes/%s/timeout" % ALICE_PROD,
                                                                     "", {"timeout": 99}), "POST entry")
    eq(ctl("DELETE", "requests")["cleared"], 2, "clear")
    eq(ctl("GET", "requests"), [], "empty")


# ----------------------------------------------------------------------------- faults and HTTP framing

@test
def fault_status_with_retry_after_and_count():
    ctl("POST", "faults", {"path": "^/v2/sandboxes$", "kind": "status", "status": 429, "retry_after": 7, "count": 2})
    for i in range(2):
        st, h, js, _ = call("GET", "/v2/sandboxes")
        eq((st, h.get("retry-after"), js), (429, "7", {"code": 429, "message": "Rate limit exceeded"}), "429 #%d" % i)
    eq(call("GET", "/v2/sandboxes")[0], 200, "third is normal")
    ctl("POST", "faults", {"path": "/pause$", "method": "POST", "kind": "status", "status": 503, "message": "down"})
    eq(call("GET", "/sandboxes/" + ALICE_PROD)[0], 200, "other paths untouched")
    eq(err(503, "/sandboxes/%s/pause" % ALICE_PROD, "POST"), "down", "503 with message")
    eq(call("GET", "/sandboxes/" + ALICE_PROD)[2]["state"], "running", "faulted request had no effect")
    ctl("POST", "faults", {"path": "^/sandboxes$", "kind": "status", "status": 502, "body": "<html>bad gateway</html>"})
    st, h, js, raw = call("GET", "/sandboxes")
    eq((st, raw, h["content-type"].split(";")[0]), (502, b"<html>bad gateway</html>", "text/html"), "non-JSON 502")
    ctl("POST", "faults", {"path": "sandboxes", "kind": "status", "status": 500})
    ctl("DELETE", "faults")
    eq(call("GET", "/sandboxes")[0], 200, "faults cleared")
    ctl("DELETE", "requests")
    ctl("POST", "faults", {"path": "^/v2/sandboxes$", "kind": "status", "status": 500})
    call("GET", "/v2/sandboxes?limit=1")
    eq([r["query"] for r in ctl("GET", "requests")], ["limit=1"], "faulted requests are logged")


@test
def fault_delay():
    ctl("POST", "faults", {"path": "^/v2/sandboxes$", "kind": "delay", "delay_ms": 400})
    t = time.time()
    st = call("GET", "/v2/sandboxes")[0]
    dt = time.time() - t
    ok(st == 200 and dt >= 0.39, "delayed then answered (%.2fs)" % dt)
    t = time.time()
    call("GET", "/v2/sandboxes")
    ok(time.time() - t < 0.3, "only once")


@test
def fault_reset():
    ctl("POST", "faults", {"path": "^/v2/sandboxes$", "kind": "reset"})
    data, e = raw_exchange(get_req("/v2/sandboxes"))
    eq((data, e), (b"", "reset"), "connection reset without an answer")
    eq(call("GET", "/v2/sandboxes")[0], 200, "next one fine")


@test
def fault_truncate():
    ctl("POST", "faults", {"path": "^/v2/sandboxes$", "kind": "truncate"})
    data, e = raw_exchange(get_req("/v2/sandboxes"))
    head, _, body = data.partition(b"\r\n\r\n")
    cl = int([l for l in head.split(b"\r\n") if l.lower().startswith(b"content-length:")][0].split(b":")[1])
    ok(e is None and 0 < len(body) < cl, "fewer bytes (%d) than Content-Length (%d), then EOF" % (len(body), cl))


@test
def fault_bad_chunked():
    ctl("POST", "faults", {"path": "^/v2/sandboxes$", "kind": "bad_chunked"})
    data, e = raw_exchange(get_req("/v2/sandboxes"))
    head, _, body = data.partition(b"\r\n\r\n")
    ok(b"transfer-encoding: chunked" in head.lower(), "chunked header")
    ok(b"\r\nzz" in body, "bad chunk-size line")


@test
def fault_huge():
    ctl("POST", "faults", {"path": "^/v2/sandboxes$", "kind": "huge", "size": 3 * 1024 * 1024})
    st, h, js, raw = call("GET", "/v2/sandboxes")
    eq((st, len(raw)), (200, 3 * 1024 * 1024), "exact size")
    ok(isinstance(js, list) and js[0]["sandboxID"], "valid JSON with the endpoint's shape")
    ctl("POST", "faults", {"path": "^/sandboxes/", "kind": "huge", "size": 100000})
    st, h, js, raw = call("GET", "/sandboxes/" + ALICE_PROD)
    eq((len(raw), js["sandboxID"]), (100000, ALICE_PROD), "object body")


@test
def fault_close_and_keepalive():
    # keep-alive: two requests on one socket, both answered
    data, e = raw_exchange(get_req("/sandboxes") + get_req("/v2/sandboxes", "Connection: close\r\n"))
    eq(data.count(b"HTTP/1.1 200 OK"), 2, "two answers on one connection")
    ctl("POST", "faults", {"path": "^/sandboxes$", "kind": "close"})
    data, e = raw_exchange(get_req("/sandboxes") + get_req("/sandboxes"))
    eq(data.count(b"HTTP/1.1 200 OK"), 1, "closed after the first answer")
    ok(b"Connection: close" in data, "Connection: close header")
    head, _, body = data.partition(b"\r\n\r\n")
    json.loads(body)


@test
def chunked_responses():
    ctl("POST", "config", {"chunked": True})
    st, h, js, raw = call("GET", "/v2/sandboxes")
    eq(h.get("transfer-encoding"), "chunked", "chunked")
    ok("content-length" not in h, "no Content-Length with chunked")
    eq(len(js), 7, "decodes")
    eq(call("DELETE", "/sandboxes/" + NOMETA)[0], 204, "204 still fine")
    data, e = raw_exchange(get_req("/sandboxes/" + ALICE_PROD, "Connection: close\r\n"))
    ok(b"\r\n1\r\n{\r\n" in data, "odd first chunk sizes")
    ctl("POST", "config", {"chunked": False})
    ctl("POST", "faults", {"path": "^/sandboxes$", "kind": "chunked"})
    eq(call("GET", "/sandboxes")[1].get("transfer-encoding"), "chunked", "per-request chunked fault")
    eq(call("GET", "/sandboxes")[1].get("transfer-encoding"), None, "back to Content-Length")


@test
def chunked_request_body_and_expect_continue():
    body = json.dumps({"timeout": 77}).encode()
    req = ("POST /sandboxes/%s/timeout HTTP/1.1\r\nHost: x\r\nX-API-Key: %s\r\nTransfer-Encoding: chunked\r\n"
           "Expect: 100-continue\r\nConnection: close\r\n\r\n" % (ALICE_PROD, KEY)).encode()
    req += b"%x\r\n" % 3 + body[:3] + b"\r\n" + b"%x\r\n" % (len(body) - 3) + body[3:] + b"\r\n0\r\n\r\n"
    data, e = raw_exchange(req)
    ok(data.startswith(b"HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 204"), "100 Continue then 204: %r" % data[:60])
    eq(json.loads(ctl("GET", "requests")[-1]["body"]), {"timeout": 77}, "decoded chunked body logged")


@test
def reset_restores_seed():
    call("DELETE", "/sandboxes/" + ALICE_PROD)
    ctl("POST", "clock", {"advance": 10000})
    ctl("POST", "config", {"concurrency_limit": 1})
    ctl("POST", "faults", {"path": ".", "kind": "status", "status": 500, "count": 100})
    ctl("POST", "reset")
    eq(len(call("GET", "/v2/sandboxes")[2]), 7, "seed back")
    eq(ctl("GET", "clock")["offset"], 0, "clock offset cleared")
    eq(ctl("GET", "config")["concurrency_limit"], 20, "config restored")
    eq(ctl("GET", "faults"), [], "faults cleared")


@test
def test_delay_and_inflight():
    # delay_ms holds every API answer; /_sim/inflight counts the requests answered at once
    import threading
    ctl("POST", "config", {"delay_ms": 300})
    took, errs = [], []

    def one():
        c = http.client.HTTPConnection("127.0.0.1", PORT, timeout=15)
        t = time.time()
        try:
            c.request("GET", "/v2/sandboxes?limit=1", headers={"X-API-Key": KEY})
            c.getresponse().read()
        except OSError as e:
            errs.append(e)
        took.append(time.time() - t)
        c.close()
    ts = [threading.Thread(target=one) for _ in range(4)]
    for t in ts:
        t.start()
    for t in ts:
        t.join(15)
    ok(not errs and len(took) == 4 and min(took) >= 0.3, "delay_ms: every answer waits 300 ms")
    for _ in range(50):   # a handler thread counts itself out just after its answer has left
        fl = ctl("GET", "inflight")
        if fl["now"] == 0:
            break
        time.sleep(0.02)
    eq((fl["now"], fl["max"]), (0, 4), "inflight: 4 answered at once, none open after")
    ctl("POST", "config", {"delay_ms": 0})


def held_get(path, done):
    """GET path on a connection of its own, in a thread; appends (path, status) to done when answered."""
    import threading

    def one():
        c = http.client.HTTPConnection("127.0.0.1", PORT, timeout=40)
        try:
            c.request("GET", path, headers={"X-API-Key": KEY})
            r = c.getresponse()
            r.read()
            done.append((path, r.status))
        except OSError as e:
            done.append((path, repr(e)))
        c.close()
    t = threading.Thread(target=one, daemon=True)
    t.start()
    return t


def wait_held(n, timeout=5):
    """The held list once it has n requests (or as it is at the timeout)."""
    deadline = time.time() + timeout
    while True:
        h = ctl("GET", "held")["held"]
        if len(h) >= n or time.time() > deadline:
            return h
        time.sleep(0.02)


@test
def test_hold_and_release():
    # hold mode: API requests wait unanswered until released one by one, or by a path regex
    eq(ctl("POST", "config", {"hold": True})["hold"], True, "hold: the config says so")
    done, ts = [], []
    paths = ["/sandboxes/" + x for x in (ALICE_PROD, BOB_STG1, NOMETA)]
    for i, p in enumerate(paths):   # one at a time, so the arrival order is known
        ts.append(held_get(p, done))
        wait_held(i + 1)
    held = ctl("GET", "held")["held"]
    eq([(h["n"], h["method"], h["path"]) for h in held], [(1, "GET", paths[0]), (2, "GET", paths[1]), (3, "GET", paths[2])],
       "held: every request in arrival order, numbered")
    eq(ctl("GET", "inflight")["now"], 3, "inflight: held requests are open ones")
    time.sleep(0.3)
    eq(done, [], "held: nothing answered before a release")
    eq(call("GET", "/_sim/state", key=None)[0], 200, "hold: the control API is never held")
    eq(ctl("POST", "release", {"n": 2}), {"released": 1}, "release n: one")
    ts[1].join(5)
    eq(done, [(paths[1], 200)], "release n: exactly that request answered")
    eq([h["n"] for h in ctl("GET", "held")["held"]], [1, 3], "release n: the others still held")
    eq(ctl("POST", "release", {"n": 99}), {"released": 0}, "release: an unknown n releases none")
    eq(call("POST", "/_sim/release", body={}, key=None)[0], 400, "release: neither n nor match is 400")
    eq(call("POST", "/_sim/release", body={"match": "("}, key=None)[0], 400, "release: a bad regex is 400")
    eq(ctl("POST", "release", {"match": "nometa|aliceprod"}), {"released": 2}, "release match: both")
    ts[0].join(5)
    ts[2].join(5)
    eq(sorted(done), sorted((p, 200) for p in paths), "release match: answered normally")
    eq([r["path"] for r in ctl("GET", "requests")], [paths[1], paths[0], paths[2]],
       "release: answered in the order released (a match's in arrival order)")
    eq(ctl("GET", "held")["held"], [], "held: empty once all are released")
    # hold off releases every held one
    t = held_get(paths[0], done)
    wait_held(1)
    ctl("POST", "config", {"hold": False})
    t.join(5)
    eq((len(done), ctl("GET", "held")["held"]), (4, []), "hold false: releases what is held")
    t = held_get(paths[0], done)
    t.join(5)
    eq(len(done), 5, "hold false: requests are answered at once again")
    # reset ends hold mode and releases
    ctl("POST", "config", {"hold": True})
    t = held_get(paths[0], done)
    eq(len(wait_held(1)), 1, "hold: held again")
    ctl("POST", "reset")
    t.join(5)
    eq((len(done), ctl("GET", "held")["held"], ctl("GET", "config")["hold"]), (6, [], False),
       "reset: releases the held requests and ends hold mode")
    for _ in range(50):   # a handler thread counts itself out just after its answer has left
        if ctl("GET", "inflight")["now"] == 0:
            break
        time.sleep(0.02)
    eq(ctl("GET", "inflight")["now"], 0, "inflight: none open after")


# ----------------------------------------------------------------------------- runner

def fresh():
    """A new connection to a simulator back at its seed."""
    global _conn
    if _conn is not None:
        _conn.close()
        _conn = None
    ctl("POST", "reset")


def main():
    global PORT
    signal.alarm(180)  # hard bound for the whole suite
    sim = Sim.start()
    PORT = sim.port
    run_tests(only=sys.argv[1:], before=fresh)
    if not sim.alive():
        check("the simulator ran to the end", False, "it exited during the run")


if __name__ == "__main__":
    run(main)
