#include "config.h"
#include "json.h"
#include "client.h"
#include "mcp.h"
/* >>e2b tools: the request a two-phase tool builds, the response it shapes ---- */

/* For two-phase tools (e2b_mcp_tool.build/shape): the request. It goes to the
   API (cfg.api_url) with the server's or the client's key. start writes
   "METHOD path" (path as given, e.g. "/v2/sandboxes": -1 when it holds
   a space, a control byte, '?' or '#'); segment adds "/" and a value,
   percent-encoded (-1 for "", "." or "..", or after the query began);
   query adds key=value, both percent-encoded; body opens a JSON object for
   build to fill and close; ask puts a question to the user first (a call
   that bills or destroys) when the client can be asked: a client without
   elicitation, and an in-process caller, are not asked (the tool's
   description should tell the model to ask). What shape needs of the
   arguments, build keeps in rq->id (a string), rq->num or rq->flag: the
   arguments are gone by then. Secret members of E2B's responses (access
   tokens) are the shape's to leave out; only the API key is redacted for it. */
E2B_MCP_DEF int  e2b_mcp_request_start(e2b_mcp_call *c, e2b_mcp_request *rq, const char *method, const char *path);
E2B_MCP_DEF int  e2b_mcp_request_segment(e2b_mcp_request *rq, const char *value);
E2B_MCP_DEF int  e2b_mcp_request_query(e2b_mcp_request *rq, const char *key, const char *value);
E2B_MCP_DEF e2b_mcp_json *e2b_mcp_request_body(e2b_mcp_request *rq);
E2B_MCP_DEF void e2b_mcp_request_ask(e2b_mcp_request *rq, const char *question);
/* In shape: E2B's response parsed, its tokens over r->body (valid during the
   phase), or NULL with the error result set (not JSON, too many values). */
E2B_MCP_DEF const jsmntok_t *e2b_mcp_response_json(e2b_mcp_call *c, const e2b_mcp_response *r);

/* >>e2b tools: the table of E2B's tools ----------------------------------------
   One row each: X(id, "name", "Title", annotations, gate, "description",
   "input schema", output schema), wrapped in IF(E2B_MCP_TOOL_<ID>) so that the
   row is there only when its switch (>>config) is 1. The row's id names its
   enum constant and its two functions in >>e2b tools (the implementation,
   where the table is expanded and where its string helpers, E2B_MCP__MORE,
   E2B_MCP__S_* and E2B_MCP__O_*, are defined). Everything else about the
   tools is counted from this table (how many exist, the names of those left
   out) but for how many are built, which >>derived sums from the switches
   because the server's lists are sized below this layer. */
#define E2B_MCP__IF(on) E2B_MCP__IF_(on)          /* on: a switch's value, 0 or 1 */
#define E2B_MCP__IF_(on) E2B_MCP__IF_##on
#define E2B_MCP__IF_1(row) row
#define E2B_MCP__IF_0(row)
#define E2B_MCP__IF_NOT(on) E2B_MCP__IF_NOT_(on)
#define E2B_MCP__IF_NOT_(on) E2B_MCP__IF_NOT_##on
#define E2B_MCP__IF_NOT_1(row)
#define E2B_MCP__IF_NOT_0(row) row
/* in three parts (the 12 tools of the connectors this server replaces,
   E2B's newer control plane, kill), listed in this order */
#define E2B_MCP__TOOLS(X, IF) E2B_MCP__TOOLS_FIRST(X, IF) E2B_MCP__TOOLS_NEWER(X, IF) E2B_MCP__TOOLS_LAST(X, IF)
#define E2B_MCP__TOOLS_FIRST(X, IF) \
  IF(E2B_MCP_TOOL_LIST_SANDBOXES)(X(list_sandboxes, "e2b_list_sandboxes", "List sandboxes", E2B_MCP_READ_ONLY, 0, \
    "List the team's E2B sandboxes, running and paused, newest first" E2B_MCP__MORE(": ID, template, state, metadata, start and end " \
    "time (endAt: when it will be killed or paused), CPU, memory and disk. Filter by state, template, metadata or " \
    "start time; oldest first with order asc. Results are paged: pass next_token to get the next page. total_running counts the running ones " \
    "matching the filters") ".", \
    "{\"type\":\"object\",\"properties\":{" \
    "\"state\":{\"type\":\"array\",\"items\":{\"type\":\"string\",\"enum\":[\"running\",\"paused\"]}" E2B_MCP__MORE(",\"description\":\"Which states to list (default both).\"") "}," \
    "\"template\":{\"type\":\"string\"" E2B_MCP__MORE(",\"description\":\"Only sandboxes of this template ID or alias (no :tag).\"") "}," \
    "\"metadata\":" E2B_MCP__S_PAIRS("Only sandboxes whose metadata has all these pairs, e.g. [{\\\"key\\\":\\\"user\\\",\\\"value\\\":\\\"alice\\\"}].") "," \
    "\"order\":{\"type\":\"string\",\"enum\":[\"desc\",\"asc\"]" E2B_MCP__MORE(",\"description\":\"By start time: desc (default) newest first, asc oldest first.\"") "}," \
    "\"started_after\":{\"type\":\"string\"" E2B_MCP__MORE(",\"description\":\"ISO 8601 time: only sandboxes started at or after it.\"") "}," \
    E2B_MCP__S_PAGE "}}", \
    E2B_MCP__OUT("{\"type\":\"object\",\"properties\":{\"data\":{\"type\":\"array\",\"items\":" E2B_MCP__O_SANDBOX "}," \
    "\"next_token\":{\"type\":\"string\"},\"total_running\":{\"type\":\"integer\"}},\"required\":[\"data\"]}"))) \
  IF(E2B_MCP_TOOL_GET_SANDBOX)(X(get_sandbox, "e2b_get_sandbox", "Get a sandbox", E2B_MCP_READ_ONLY, 0, \
    "Show one sandbox in detail" E2B_MCP__MORE(": state, template, start and end time, resources, metadata, lifecycle (what happens " \
    "at timeout) and network settings. Access tokens and injected header values are never shown") ".", \
    "{\"type\":\"object\",\"properties\":{" E2B_MCP__S_ID "},\"required\":[\"sandbox_id\"]}", \
    E2B_MCP__OUT(E2B_MCP__O_SANDBOX))) \
  IF(E2B_MCP_TOOL_CREATE_SANDBOX)(X(create_sandbox, "e2b_create_sandbox", "Create a sandbox", 0, 0, \
    "Start a new E2B sandbox from a template (default base" E2B_MCP__MORE("; see e2b_list_default_templates and e2b_list_templates") ")." \
    E2B_MCP__MORE(" It runs until the timeout (default 300 s), then is killed, or paused with auto_pause (auto_resume: it wakes " \
    "on traffic). allow_out/deny_out limit where it may connect; volume_mounts attach the team's volumes.") E2B_MCP__BILLED \
    " Put no secrets in env_vars unless the user gave them for this sandbox." E2B_MCP__MORE(" Metadata (e.g. user, app) helps find it later."), \
    "{\"type\":\"object\",\"properties\":{" \
    "\"template_id\":{\"type\":\"string\"" E2B_MCP__MORE(",\"description\":\"Template ID or name, e.g. base, code-interpreter-v1, team/name:tag (default base).\"") "}," \
    E2B_MCP__S_TIMEOUT(" (default 300)") "," \
    "\"metadata\":" E2B_MCP__S_PAIRS("Labels to find it by later, e.g. [{\\\"key\\\":\\\"user\\\",\\\"value\\\":\\\"alice\\\"}].") "," \
    "\"env_vars\":" E2B_MCP__S_PAIRS("Environment variables for the sandbox's processes, as key/value pairs.") "," \
    "\"auto_pause\":{\"type\":\"boolean\"" E2B_MCP__MORE(",\"description\":\"Pause instead of kill at the timeout (default false): the work can be resumed later and a paused sandbox is not billed for compute.\"") "}," \
    "\"auto_pause_memory\":{\"type\":\"boolean\"" E2B_MCP__MORE(",\"description\":\"With auto_pause, what the pause keeps: true (default) memory and files, so a resume continues where it stopped; false only the files, so a resume boots it fresh (running processes are lost) and auto_resume is not possible.\"") "}," \
    "\"auto_resume\":{\"type\":\"boolean\"" E2B_MCP__MORE(",\"description\":\"With auto_pause: a paused sandbox resumes by itself when a request reaches it, and billing starts again (default false).\"") "}," \
    "\"allow_internet_access\":{\"type\":\"boolean\"" E2B_MCP__MORE(",\"description\":\"false: no outbound internet at all, the same as deny_out [\\\"0.0.0.0/0\\\"] (default: allowed).\"") "}," \
    "\"allow_out\":{\"type\":\"array\",\"items\":{\"type\":\"string\"}" E2B_MCP__MORE(",\"description\":\"Destinations the sandbox may always reach, even when deny_out blocks them: domain names (api.github.com, *.pypi.org), IP addresses or CIDR blocks. To allow only these, also pass deny_out [\\\"0.0.0.0/0\\\"].\"") "}," \
    "\"deny_out\":{\"type\":\"array\",\"items\":{\"type\":\"string\"}" E2B_MCP__MORE(",\"description\":\"Destinations the sandbox may not reach: IP addresses or CIDR blocks, not domain names; \\\"0.0.0.0/0\\\" blocks all but allow_out.\"") "}," \
    "\"https_ports\":{\"type\":\"array\",\"items\":{\"type\":\"integer\",\"minimum\":1,\"maximum\":65535}" E2B_MCP__MORE(",\"description\":\"Ports where a service in the sandbox serves HTTPS rather than plain HTTP, so E2B's proxy connects to it with TLS (its public URL is HTTPS either way).\"") "}," \
    "\"volume_mounts\":{\"type\":\"array\",\"items\":{\"type\":\"object\",\"properties\":{\"name\":{\"type\":\"string\"},\"path\":{\"type\":\"string\"}}," \
    "\"required\":[\"name\",\"path\"]}" E2B_MCP__MORE(",\"description\":\"The team's persistent volumes to mount: name, and an absolute path in the sandbox, e.g. [{\\\"name\\\":\\\"data\\\",\\\"path\\\":\\\"/mnt/data\\\"}].\"") "}" \
    "}}", \
    E2B_MCP__OUT("{\"type\":\"object\",\"properties\":{\"sandboxID\":{\"type\":\"string\"},\"templateID\":{\"type\":\"string\"}," \
    "\"envdVersion\":{\"type\":\"string\"},\"timeout\":{\"type\":\"integer\"}},\"required\":[\"sandboxID\",\"templateID\"]}"))) \
  IF(E2B_MCP_TOOL_GET_SANDBOX_LOGS)(X(get_sandbox_logs, "e2b_get_sandbox_logs", "Get sandbox logs", E2B_MCP_READ_ONLY, 0, \
    "Read a sandbox's logs, newest first by default." E2B_MCP__MORE(" Each has time, level, message and fields. Filter by minimum level " \
    "(debug, info, warn, error) and a case-sensitive search string. To page, pass next_cursor (Unix ms) as cursor " \
    "with the same direction; entries at the boundary may repeat."), \
    "{\"type\":\"object\",\"properties\":{" E2B_MCP__S_ID "," \
    "\"limit\":{\"type\":\"integer\",\"minimum\":1,\"maximum\":1000" E2B_MCP__MORE(",\"description\":\"Entries to return (default " E2B_MCP__LOG_DEF ").\"") "}," \
    "\"cursor\":{\"type\":\"integer\",\"minimum\":0" E2B_MCP__MORE(",\"description\":\"Start here, in Unix milliseconds.\"") "}," \
    "\"direction\":{\"type\":\"string\",\"enum\":[\"forward\",\"backward\"]" E2B_MCP__MORE(",\"description\":\"forward: oldest first from cursor; backward (default): newest first.\"") "}," \
    "\"level\":{\"type\":\"string\",\"enum\":[\"debug\",\"info\",\"warn\",\"error\"]" E2B_MCP__MORE(",\"description\":\"Minimum level.\"") "}," \
    "\"search\":{\"type\":\"string\"" E2B_MCP__MORE(",\"description\":\"Only messages containing this text (case-sensitive, at most 256 characters).\"") "}" \
    "},\"required\":[\"sandbox_id\"]}", \
    E2B_MCP__OUT("{\"type\":\"object\",\"properties\":{\"data\":{\"type\":\"array\",\"items\":{\"type\":\"object\",\"properties\":{" \
    "\"timestamp\":{\"type\":\"string\"},\"level\":{\"type\":\"string\"},\"message\":{\"type\":\"string\"},\"fields\":{\"type\":\"object\"}}}}," \
    "\"next_cursor\":{\"type\":\"integer\"}},\"required\":[\"data\"]}"))) \
  IF(E2B_MCP_TOOL_GET_SANDBOX_METRICS)(X(get_sandbox_metrics, "e2b_get_sandbox_metrics", "Get sandbox metrics", E2B_MCP_READ_ONLY, 0, \
    "Read a sandbox's CPU, memory and disk use over time" E2B_MCP__MORE(": cpuUsedPct (percent of cpuCount), memUsed/memTotal and " \
    "diskUsed/diskTotal in bytes, one sample per step, and a summary with peak and average CPU and peak memory and " \
    "disk. Default range: the sandbox's whole life") ".", \
    "{\"type\":\"object\",\"properties\":{" E2B_MCP__S_ID "," \
    "\"start\":{\"type\":\"integer\",\"minimum\":0" E2B_MCP__MORE(",\"description\":\"Range start, Unix seconds.\"") "}," \
    "\"end\":{\"type\":\"integer\",\"minimum\":0" E2B_MCP__MORE(",\"description\":\"Range end, Unix seconds.\"") "}" \
    "},\"required\":[\"sandbox_id\"]}", \
    E2B_MCP__OUT("{\"type\":\"object\",\"properties\":{\"data\":{\"type\":\"array\",\"items\":" \
    "{\"type\":\"object\",\"properties\":{\"timestampUnix\":{\"type\":\"integer\"},\"cpuCount\":{\"type\":\"integer\"}," \
    "\"cpuUsedPct\":{\"type\":\"number\"},\"memUsed\":{\"type\":\"integer\"},\"memTotal\":{\"type\":\"integer\"}," \
    "\"diskUsed\":{\"type\":\"integer\"},\"diskTotal\":{\"type\":\"integer\"}}}}," \
    "\"summary\":{\"type\":\"object\",\"properties\":{\"samples\":{\"type\":\"integer\"},\"from\":{\"type\":\"integer\"}," \
    "\"to\":{\"type\":\"integer\"},\"cpuUsedPctMax\":{\"type\":\"number\"},\"cpuUsedPctAvg\":{\"type\":\"number\"}," \
    "\"memUsedMax\":{\"type\":\"integer\"},\"memTotal\":{\"type\":\"integer\"},\"diskUsedMax\":{\"type\":\"integer\"}," \
    "\"diskTotal\":{\"type\":\"integer\"},\"cpuCount\":{\"type\":\"integer\"}}}},\"required\":[\"data\"]}"))) \
  IF(E2B_MCP_TOOL_SET_SANDBOX_TIMEOUT)(X(set_sandbox_timeout, "e2b_set_sandbox_timeout", "Set sandbox timeout", E2B_MCP_IDEMPOTENT, 0, \
    "Set when a running sandbox ends: timeout seconds from now." E2B_MCP__MORE(" It can shorten or extend; a paused sandbox cannot " \
    "be changed (resume it instead).") E2B_MCP__BILLED, \
    "{\"type\":\"object\",\"properties\":{" E2B_MCP__S_ID "," E2B_MCP__S_TIMEOUT("") "}," \
    "\"required\":[\"sandbox_id\",\"timeout\"]}", \
    E2B_MCP__OUT(E2B_MCP__O_DONE("timeout", "integer")))) \
  IF(E2B_MCP_TOOL_PAUSE_SANDBOX)(X(pause_sandbox, "e2b_pause_sandbox", "Pause a sandbox", E2B_MCP_IDEMPOTENT, 0, \
    "Pause a running sandbox: its state is saved and compute billing stops" E2B_MCP__MORE("; resume it later with " \
    "e2b_resume_sandbox. memory=false saves only the file system (resume then boots fresh)") ".", \
    "{\"type\":\"object\",\"properties\":{" E2B_MCP__S_ID "," \
    "\"memory\":{\"type\":\"boolean\"" E2B_MCP__MORE(",\"description\":\"Keep the memory too (default true).\"") "}" \
    "},\"required\":[\"sandbox_id\"]}", \
    E2B_MCP__OUT(E2B_MCP__O_DONE("state", "string")))) \
  IF(E2B_MCP_TOOL_RESUME_SANDBOX)(X(resume_sandbox, "e2b_resume_sandbox", "Resume a sandbox", E2B_MCP_IDEMPOTENT, 0, \
    "Resume a paused sandbox, or extend a running one, so that it runs for at least timeout more seconds" E2B_MCP__MORE(" " \
    "(default 300; a running one is never shortened). resumed tells whether it was paused") "." E2B_MCP__BILLED, \
    "{\"type\":\"object\",\"properties\":{" E2B_MCP__S_ID "," E2B_MCP__S_TIMEOUT(" (default 300)") "}," \
    "\"required\":[\"sandbox_id\"]}", \
    E2B_MCP__OUT("{\"type\":\"object\",\"properties\":{\"sandboxID\":{\"type\":\"string\"},\"templateID\":{\"type\":\"string\"}," \
    "\"resumed\":{\"type\":\"boolean\"}},\"required\":[\"sandboxID\",\"resumed\"]}"))) \
  IF(E2B_MCP_TOOL_LIST_SNAPSHOTS)(X(list_snapshots, "e2b_list_snapshots", "List snapshots", E2B_MCP_READ_ONLY, 0, \
    "List the team's sandbox snapshots" E2B_MCP__MORE(" (newest first), optionally only those of one sandbox or with a name " \
    "(name, team/name or name:tag). Paged with next_token") ".", \
    "{\"type\":\"object\",\"properties\":{" \
    "\"sandbox_id\":{\"type\":\"string\"" E2B_MCP__MORE(",\"description\":\"Only snapshots taken from this sandbox.\"") "}," \
    "\"name\":{\"type\":\"string\"" E2B_MCP__MORE(",\"description\":\"Snapshot name or ID, optionally with :tag.\"") "}," E2B_MCP__S_PAGE \
    "}}", \
    E2B_MCP__OUT(E2B_MCP__O_LIST("{\"type\":\"object\",\"properties\":{\"snapshotID\":{\"type\":\"string\"},\"names\":{\"type\":\"array\",\"items\":{\"type\":\"string\"}}}}")))) \
  IF(E2B_MCP_TOOL_LIST_DEFAULT_TEMPLATES)(X(list_default_templates, "e2b_list_default_templates", "List default templates", E2B_MCP_READ_ONLY, 0, \
    "List E2B's public default templates (such as base, code-interpreter-v1 and desktop)" E2B_MCP__MORE(" that any team can start: " \
    "ID, names, CPU, memory (MB), disk (MB) and build") ".", \
    "{\"type\":\"object\",\"properties\":{\"template\":{\"type\":\"string\"" E2B_MCP__MORE(",\"description\":\"Only this template: its ID or a name such as desktop (default: all of them).\"") "}}}", \
    E2B_MCP__OUT(E2B_MCP__O_LIST("{\"type\":\"object\",\"properties\":{\"templateID\":{\"type\":\"string\"},\"names\":{\"type\":\"array\",\"items\":{\"type\":\"string\"}}," \
    "\"cpuCount\":{\"type\":\"integer\"},\"memoryMB\":{\"type\":\"integer\"},\"diskSizeMB\":{\"anyOf\":[{\"type\":\"integer\"},{\"type\":\"null\"}]},\"buildID\":{\"type\":\"string\"}}}")))) \
  IF(E2B_MCP_TOOL_LIST_TEMPLATES)(X(list_templates, "e2b_list_templates", "List team templates", E2B_MCP_READ_ONLY, 0, \
    "List the team's own templates (not E2B's defaults)" E2B_MCP__MORE(": ID, names, resources, build status and usage. Paged with next_token") ".", \
    "{\"type\":\"object\",\"properties\":{" E2B_MCP__S_PAGE "}}", \
    E2B_MCP__OUT(E2B_MCP__O_LIST("{\"type\":\"object\",\"properties\":{\"templateID\":{\"type\":\"string\"},\"names\":{\"type\":\"array\",\"items\":{\"type\":\"string\"}}," \
    "\"buildStatus\":{\"type\":\"string\"}}}")))) \
  IF(E2B_MCP_TOOL_LIST_TEMPLATE_BUILDS)(X(list_template_builds, "e2b_list_template_builds", "List template builds", E2B_MCP_READ_ONLY, 0, \
    "Show one of the team's templates and its builds, newest first" E2B_MCP__MORE(" (status, times, resources). template_id is " \
    "the ID (not an alias). Paged with next_token") ".", \
    "{\"type\":\"object\",\"properties\":{\"template_id\":{\"type\":\"string\"" E2B_MCP__MORE(",\"description\":\"The template ID (templateID in e2b_list_templates).\"") "}," \
    E2B_MCP__S_PAGE "},\"required\":[\"template_id\"]}", \
    E2B_MCP__OUT(E2B_MCP__O_LIST("{\"type\":\"object\",\"properties\":{\"buildID\":{\"type\":\"string\"},\"status\":{\"type\":\"string\"},\"createdAt\":{\"type\":\"string\"}}}"))))
/* E2B's newer control plane (issue 33's tools): none of them is in the small
   profile unless its embedder switches it on, so a small build does not name
   them as left out (E2B_MCP__BUILT_OUT): to a client there they are tools
   like any other it does not have. */
#define E2B_MCP__TOOLS_NEWER(X, IF) \
  IF(E2B_MCP_TOOL_FORK_SANDBOX)(X(fork_sandbox, "e2b_fork_sandbox", "Fork a sandbox", 0, 0, \
    "Copy a running sandbox into count new sandboxes (1-100) that go on from its exact state, memory and files" E2B_MCP__MORE(": " \
    "to try several approaches at once from one point. The source is paused for a moment and keeps running with its ID and " \
    "end time; each copy gets its own sandboxID and runs for timeout seconds (default 300). A paused source cannot be " \
    "forked (resume it first)") "." \
    " Each copy is billed like a sandbox of its own: ask the user first, naming the count, and keep the timeout short.", \
    "{\"type\":\"object\",\"properties\":{" E2B_MCP__S_ID "," \
    "\"count\":{\"type\":\"integer\",\"minimum\":1,\"maximum\":100" E2B_MCP__MORE(",\"description\":\"How many copies (default 1); each bills.\"") "}," \
    E2B_MCP__S_TIMEOUT(" for each copy (default 300)") "},\"required\":[\"sandbox_id\"]}", \
    E2B_MCP__OUT("{\"type\":\"object\",\"properties\":{\"sandboxID\":{\"type\":\"string\"},\"forks\":{\"type\":\"array\",\"items\":" \
    "{\"type\":\"object\",\"properties\":{\"sandboxID\":{\"type\":\"string\"},\"templateID\":{\"type\":\"string\"},\"error\":{\"type\":\"object\"}}}}," \
    "\"started\":{\"type\":\"integer\"},\"failed\":{\"type\":\"integer\"},\"timeout\":{\"type\":\"integer\"}}," \
    "\"required\":[\"sandboxID\",\"forks\",\"started\",\"failed\"]}"))) \
  IF(E2B_MCP_TOOL_CREATE_SNAPSHOT)(X(create_snapshot, "e2b_create_snapshot", "Create a snapshot", 0, 0, \
    "Save a sandbox's current state (memory and files) as a persistent snapshot that new sandboxes can start from" E2B_MCP__MORE(" " \
    "(pass its snapshotID or name as e2b_create_sandbox's template_id); it outlives the sandbox. The sandbox is paused for " \
    "a moment while it is taken. A name that exists gets a new version") ".", \
    "{\"type\":\"object\",\"properties\":{" E2B_MCP__S_ID "," \
    "\"name\":{\"type\":\"string\"" E2B_MCP__MORE(",\"description\":\"A name to start sandboxes from later, e.g. before-upgrade (letters, digits, -, _ and .; default: none, the snapshot ID only).\"") "}" \
    "},\"required\":[\"sandbox_id\"]}", \
    E2B_MCP__OUT("{\"type\":\"object\",\"properties\":{\"snapshotID\":{\"type\":\"string\"},\"names\":{\"type\":\"array\",\"items\":{\"type\":\"string\"}}," \
    "\"sandboxID\":{\"type\":\"string\"}},\"required\":[\"snapshotID\",\"sandboxID\"]}"))) \
  IF(E2B_MCP_TOOL_DELETE_SNAPSHOT)(X(delete_snapshot, "e2b_delete_snapshot", "Delete a snapshot", E2B_MCP_DESTRUCTIVE | E2B_MCP_IDEMPOTENT, \
    E2B_MCP__GATE_KILL | E2B_MCP__GATE_EXTRA, \
    "Delete a snapshot for good. This cannot be undone: no sandbox can start from it again. Ask the user first.", \
    "{\"type\":\"object\",\"properties\":{\"snapshot_id\":{\"type\":\"string\"" E2B_MCP__MORE(",\"description\":\"The snapshotID from e2b_list_snapshots, e.g. team/name:default.\"") "}}," \
    "\"required\":[\"snapshot_id\"]}", \
    E2B_MCP__OUT("{\"type\":\"object\",\"properties\":{\"snapshotID\":{\"type\":\"string\"},\"state\":{\"type\":\"string\"}},\"required\":[\"snapshotID\",\"state\"]}"))) \
  IF(E2B_MCP_TOOL_SET_SANDBOX_NETWORK)(X(set_sandbox_network, "e2b_set_sandbox_network", "Set sandbox network rules", E2B_MCP_IDEMPOTENT, E2B_MCP__GATE_EXTRA, \
    "Replace a running sandbox's outbound network rules" E2B_MCP__MORE(": allow_out and deny_out as e2b_create_sandbox takes them; " \
    "what is not given is cleared. To lock it down to a few hosts: allow_out [those hosts], deny_out [\\\"0.0.0.0/0\\\"]. " \
    "The result is the rules E2B now holds") ".", \
    "{\"type\":\"object\",\"properties\":{" E2B_MCP__S_ID "," \
    "\"allow_out\":{\"type\":\"array\",\"items\":{\"type\":\"string\"}" E2B_MCP__MORE(",\"description\":\"Destinations it may always reach, even when deny_out blocks them: domain names (api.github.com, *.pypi.org), IP addresses or CIDR blocks.\"") "}," \
    "\"deny_out\":{\"type\":\"array\",\"items\":{\"type\":\"string\"}" E2B_MCP__MORE(",\"description\":\"Destinations it may not reach: IP addresses or CIDR blocks; \\\"0.0.0.0/0\\\" blocks all but allow_out.\"") "}," \
    "\"allow_internet_access\":{\"type\":\"boolean\"" E2B_MCP__MORE(",\"description\":\"false: no outbound internet at all; true with no lists: open egress.\"") "}" \
    "},\"required\":[\"sandbox_id\"]}", \
    E2B_MCP__OUT("{\"type\":\"object\",\"properties\":{\"sandboxID\":{\"type\":\"string\"},\"network\":{\"type\":\"object\",\"properties\":{" \
    "\"allowOut\":{\"type\":\"array\",\"items\":{\"type\":\"string\"}},\"denyOut\":{\"type\":\"array\",\"items\":{\"type\":\"string\"}}}}}," \
    "\"required\":[\"sandboxID\",\"network\"]}"))) \
  IF(E2B_MCP_TOOL_GET_TEAM_USAGE)(X(get_team_usage, "e2b_get_team_usage", "Get team usage", E2B_MCP_READ_ONLY, 0, \
    "Read the team's usage over a time window" E2B_MCP__MORE(": concurrent sandboxes and sandbox starts per second over time, their " \
    "maxima in the window with when they happened, and the latest count; the samples themselves with series. Default " \
    "window: E2B's. For a weekly review pass start = now minus 7 days (Unix seconds)") ".", \
    "{\"type\":\"object\",\"properties\":{" \
    "\"start\":{\"type\":\"integer\",\"minimum\":0" E2B_MCP__MORE(",\"description\":\"Window start, Unix seconds.\"") "}," \
    "\"end\":{\"type\":\"integer\",\"minimum\":0" E2B_MCP__MORE(",\"description\":\"Window end, Unix seconds (default now).\"") "}," \
    "\"series\":{\"type\":\"boolean\"" E2B_MCP__MORE(",\"description\":\"Also return every sample of the window as data (default false: the summary only, which covers them all).\"") "}}}", \
    E2B_MCP__OUT("{\"type\":\"object\",\"properties\":{\"teamID\":{\"type\":\"string\"},\"teamIDFrom\":{\"type\":\"string\",\"enum\":[\"configuration\",\"events\"]}," \
    "\"data\":{\"type\":\"array\",\"items\":{\"type\":\"object\",\"properties\":{\"timestampUnix\":{\"type\":\"integer\"}," \
    "\"concurrentSandboxes\":{\"type\":\"integer\"},\"sandboxStartRate\":{\"type\":\"number\"}}}}," \
    "\"summary\":{\"type\":\"object\",\"properties\":{\"samples\":{\"type\":\"integer\"},\"concurrentSandboxesLatest\":{\"type\":\"integer\"}," \
    "\"concurrentSandboxesMax\":{\"type\":\"object\",\"properties\":{\"value\":{\"type\":\"number\"},\"timestampUnix\":{\"type\":\"integer\"}}}," \
    "\"sandboxStartRateMax\":{\"type\":\"object\",\"properties\":{\"value\":{\"type\":\"number\"},\"timestampUnix\":{\"type\":\"integer\"}}}}}," \
    "\"next_start\":{\"type\":\"integer\"}},\"required\":[\"teamID\",\"summary\"]}"))) \
  IF(E2B_MCP_TOOL_GET_SANDBOXES_METRICS)(X(get_sandboxes_metrics, "e2b_get_sandboxes_metrics", "Get many sandboxes' metrics", E2B_MCP_READ_ONLY, E2B_MCP__GATE_EXTRA, \
    "Read the latest CPU, memory and disk use of many sandboxes at once, with totals" E2B_MCP__MORE(": of every running " \
    "sandbox (the newest 100), or of the ones named. Answers what runs now and what it uses in one call") ".", \
    "{\"type\":\"object\",\"properties\":{\"sandbox_ids\":{\"type\":\"array\",\"items\":{\"type\":\"string\"},\"minItems\":1,\"maxItems\":100" \
    E2B_MCP__MORE(",\"description\":\"Sandbox IDs (default: every running sandbox).\"") "}}}", \
    E2B_MCP__OUT("{\"type\":\"object\",\"properties\":{\"data\":{\"type\":\"array\",\"items\":{\"type\":\"object\",\"properties\":{" \
    "\"sandboxID\":{\"type\":\"string\"},\"cpuCount\":{\"type\":\"integer\"},\"cpuUsedPct\":{\"type\":\"number\"},\"memUsed\":{\"type\":\"integer\"}," \
    "\"memTotal\":{\"type\":\"integer\"}},\"required\":[\"sandboxID\"]}},\"totals\":{\"type\":\"object\",\"properties\":{\"sandboxes\":{\"type\":\"integer\"}," \
    "\"cpuCount\":{\"type\":\"integer\"},\"memTotal\":{\"type\":\"integer\"},\"cpuBusy\":{\"type\":\"number\"}}}},\"required\":[\"data\",\"totals\"]}"))) \
  IF(E2B_MCP_TOOL_LIST_EVENTS)(X(list_events, "e2b_list_events", "List lifecycle events", E2B_MCP_READ_ONLY, 0, \
    "List sandbox lifecycle events of the team or of one sandbox, newest first" E2B_MCP__MORE(": created, updated, paused, " \
    "resumed, checkpointed (snapshot or fork) and killed, with time, sandbox, template and build; E2B keeps them 7 days. " \
    "Filter by types; paged with next_token") ".", \
    "{\"type\":\"object\",\"properties\":{" \
    "\"sandbox_id\":{\"type\":\"string\"" E2B_MCP__MORE(",\"description\":\"Only this sandbox's events (default: the whole team's).\"") "}," \
    "\"types\":{\"type\":\"array\",\"items\":{\"type\":\"string\",\"enum\":[\"created\",\"updated\",\"paused\",\"resumed\",\"checkpointed\",\"killed\"]}" \
    E2B_MCP__MORE(",\"description\":\"Only events of these types (default: all).\"") "}," \
    "\"limit\":{\"type\":\"integer\",\"minimum\":1,\"maximum\":100" E2B_MCP__MORE(",\"description\":\"Page size, 1-100 (default 20).\"") "}," \
    "\"next_token\":{\"type\":\"string\"" E2B_MCP__MORE(",\"description\":\"The next_token of the previous page, to get the next one.\"") "}}}", \
    E2B_MCP__OUT(E2B_MCP__O_LIST("{\"type\":\"object\",\"properties\":{\"id\":{\"type\":\"string\"},\"type\":{\"type\":\"string\"}," \
    "\"timestamp\":{\"type\":\"string\"},\"sandboxId\":{\"type\":\"string\"},\"sandboxTemplateId\":{\"type\":\"string\"}},\"required\":[\"type\",\"timestamp\"]}")))) \
  IF(E2B_MCP_TOOL_LIST_VOLUMES)(X(list_volumes, "e2b_list_volumes", "List volumes", E2B_MCP_READ_ONLY, E2B_MCP__GATE_EXTRA, \
    "List the team's persistent volumes" E2B_MCP__MORE(" (ID and name), which e2b_create_sandbox can mount with volume_mounts") ".", \
    "{\"type\":\"object\",\"properties\":{\"next_token\":{\"type\":\"string\"" E2B_MCP__MORE(",\"description\":\"The next_token of the previous result, to read on.\"") "}}}", \
    E2B_MCP__OUT(E2B_MCP__O_LIST("{\"type\":\"object\",\"properties\":{\"volumeID\":{\"type\":\"string\"},\"name\":{\"type\":\"string\"}},\"required\":[\"volumeID\",\"name\"]}")))) \
  IF(E2B_MCP_TOOL_GET_VOLUME)(X(get_volume, "e2b_get_volume", "Get a volume", E2B_MCP_READ_ONLY, E2B_MCP__GATE_EXTRA, \
    "Show one of the team's volumes" E2B_MCP__MORE(": ID, name and, on a team's own cluster, its domain. Its access token is never shown") ".", \
    "{\"type\":\"object\",\"properties\":{\"volume_id\":{\"type\":\"string\"" E2B_MCP__MORE(",\"description\":\"The volumeID from e2b_list_volumes.\"") "}},\"required\":[\"volume_id\"]}", \
    E2B_MCP__OUT("{\"type\":\"object\",\"properties\":{\"volumeID\":{\"type\":\"string\"},\"name\":{\"type\":\"string\"},\"domain\":{\"type\":\"string\"}},\"required\":[\"volumeID\",\"name\"]}"))) \
  IF(E2B_MCP_TOOL_LIST_SECRETS)(X(list_secrets, "e2b_list_secrets", "List secrets", E2B_MCP_READ_ONLY, E2B_MCP__GATE_EXTRA, \
    "List the team's secrets by name, with their metadata, version and times" E2B_MCP__MORE(". A secret's value is never shown " \
    "(E2B never returns it). Paged with next_token") ".", \
    "{\"type\":\"object\",\"properties\":{" E2B_MCP__S_PAGE "}}", \
    E2B_MCP__OUT(E2B_MCP__O_LIST("{\"type\":\"object\",\"properties\":{\"secretID\":{\"type\":\"string\"},\"name\":{\"type\":\"string\"}," \
    "\"currentVersion\":{\"type\":\"integer\"},\"metadata\":{\"type\":\"object\"}},\"required\":[\"secretID\",\"name\"]}")))) \
  IF(E2B_MCP_TOOL_GET_TEMPLATE_BUILD)(X(get_template_build, "e2b_get_template_build", "Get a template build", E2B_MCP_READ_ONLY, E2B_MCP__GATE_EXTRA, \
    "Show one build of a team template: its status (building, waiting, ready, error), why it failed, and its log entries" \
    E2B_MCP__MORE(" from logs_offset (build IDs are in e2b_list_template_builds)") ".", \
    "{\"type\":\"object\",\"properties\":{\"template_id\":{\"type\":\"string\"" E2B_MCP__MORE(",\"description\":\"The template ID.\"") "}," \
    "\"build_id\":{\"type\":\"string\"" E2B_MCP__MORE(",\"description\":\"The build ID (buildID in e2b_list_template_builds).\"") "}," \
    "\"logs_offset\":{\"type\":\"integer\",\"minimum\":0" E2B_MCP__MORE(",\"description\":\"The first log entry to return (default 0; next_logs_offset to read on).\"") "}," \
    "\"limit\":{\"type\":\"integer\",\"minimum\":0,\"maximum\":100" E2B_MCP__MORE(",\"description\":\"Log entries to return, 0-100 (default 100).\"") "}," \
    "\"level\":{\"type\":\"string\",\"enum\":[\"debug\",\"info\",\"warn\",\"error\"]" E2B_MCP__MORE(",\"description\":\"Minimum level.\"") "}" \
    "},\"required\":[\"template_id\",\"build_id\"]}", \
    E2B_MCP__OUT("{\"type\":\"object\",\"properties\":{\"templateID\":{\"type\":\"string\"},\"buildID\":{\"type\":\"string\"}," \
    "\"status\":{\"type\":\"string\",\"enum\":[\"building\",\"waiting\",\"ready\",\"error\"]},\"reason\":{\"type\":\"object\"}," \
    "\"logEntries\":{\"type\":\"array\",\"items\":{\"type\":\"object\",\"properties\":{\"timestamp\":{\"type\":\"string\"},\"level\":{\"type\":\"string\"}," \
    "\"message\":{\"type\":\"string\"}}}},\"next_logs_offset\":{\"type\":\"integer\"}},\"required\":[\"templateID\",\"buildID\",\"status\",\"logEntries\"]}")))
#define E2B_MCP__TOOLS_LAST(X, IF) \
  IF(E2B_MCP_TOOL_KILL_SANDBOX)(X(kill_sandbox, "e2b_kill_sandbox", "Kill a sandbox", E2B_MCP_DESTRUCTIVE | E2B_MCP_IDEMPOTENT, E2B_MCP__GATE_KILL, \
    "Kill a sandbox now, running or paused. This cannot be undone: its files, memory and snapshot are destroyed. " \
    "Ask the user first" E2B_MCP__MORE("; prefer e2b_pause_sandbox when the work may be needed again") ".", \
    "{\"type\":\"object\",\"properties\":{" E2B_MCP__S_ID "},\"required\":[\"sandbox_id\"]}", \
    E2B_MCP__OUT(E2B_MCP__O_DONE("state", "string"))))

#define E2B_MCP__T_ONE(id, name, title, ann, gate, desc, in, out) + 1
#define E2B_MCP__T_NAME(id, name, title, ann, gate, desc, in, out) name " "
/* How many rows are built (usable in #if; it must be >>derived's
   E2B_MCP__TOOLS_BUILT, which sizes the server's lists below this layer:
   >>e2b tools checks that they agree). */
#define E2B_MCP__TOOLS_ROWS (0 E2B_MCP__TOOLS(E2B_MCP__T_ONE, E2B_MCP__IF))
/* The names of E2B's tools this build leaves out, each followed by a space: a
   call to one is told that it is not built in (s->built_out); the small
   profile's leaves out the newer control plane, which it never builds unless
   asked to. E2B_MCP__BUILT_OUT_N: how many (usable in #if). */
#ifdef E2B_MCP_SMALL
#  define E2B_MCP__OUT_ROWS(X, IF) E2B_MCP__TOOLS_FIRST(X, IF) E2B_MCP__TOOLS_LAST(X, IF)
#else
#  define E2B_MCP__OUT_ROWS(X, IF) E2B_MCP__TOOLS(X, IF)
#endif
#define E2B_MCP__BUILT_OUT " " E2B_MCP__OUT_ROWS(E2B_MCP__T_NAME, E2B_MCP__IF_NOT)
#define E2B_MCP__BUILT_OUT_N (0 E2B_MCP__OUT_ROWS(E2B_MCP__T_ONE, E2B_MCP__IF_NOT))
