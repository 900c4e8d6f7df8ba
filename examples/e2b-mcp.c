/* e2b-mcp: the E2B sandbox MCP server over stdio (and, with --http, Streamable HTTP).

   Configuration comes from the environment (see --help); the API key is never
   printed. Build: make (gives build/e2b-mcp). */
#define E2B_MCP_IMPLEMENTATION
#include "../e2b_mcp.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>
#include <signal.h>
#include <stdarg.h>
#ifndef _WIN32
#include <sys/resource.h>
#endif
#include <time.h>
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>
#include <dirent.h>
#ifdef _WIN32
#include <windows.h>   /* MoveFileExA: a rename over an existing file */
#else
#include <sys/stat.h>
#include <termios.h>
#endif

static e2b_mcp_server srv;   /* every buffer the server uses lives here */

/* SIGTERM, SIGINT: the server's loop ends (stdio's as at stdin's end, HTTP's
   after the calls in flight) and main returns, so what is left to write (an
   audit log's refusal summaries, atexit) is written in the main thread. A
   second SIGINT ends it at once, as a second Ctrl-C does elsewhere: the user
   at a terminal chose not to wait for E2B's answers (what was not yet written
   is lost then). SIGTERM stays graceful: an orchestrator that sends it again
   still means "stop", and follows with SIGKILL when it stops waiting. */
static volatile sig_atomic_t interrupts;
static void on_stop(int sig) {
  srv.http.stop = 1;
  srv.stdio_stop = 1;
  if (sig == SIGINT && interrupts++) {
    signal(SIGINT, SIG_DFL);
    raise(SIGINT);
  }
}
/* A handler that stays installed: sigaction where there is one, restarting
   the system calls it interrupts (SA_RESTART). ISO C's signal() under
   -std=c99 has System V's meaning, the default put back while the handler
   runs, so a second signal a few microseconds after the first killed the
   server. Handlers only set flags; the work is done in the loop. */
static void on_signal(int sig, void (*h)(int)) {
#ifndef _WIN32
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = h;
  sigemptyset(&sa.sa_mask);
  sa.sa_flags = SA_RESTART;
  (void)sigaction(sig, &sa, NULL);
#else
  signal(sig, h);
#endif
}

/* Writes the strings up to NULL to stderr: messages without printf, which
   keeps the static binary small. */
static void say(const char *first, ...) {
  va_list ap;
  const char *p;
  va_start(ap, first);
  for (p = first; p; p = va_arg(ap, const char *)) fputs(p, stderr);
  va_end(ap);
}
static const char *num(unsigned v, char *buf) {   /* buf: 12 bytes */
  char *p = buf + 11;
  *p = 0;
  do { *--p = (char)('0' + v % 10); v /= 10; } while (v);
  return p;
}

/* E2B_MCP_STATE_DIR: the record of used consent tokens that replicas share,
   so a user's "yes" is good once across all of them (cfg.state_once). One
   empty file per used token, named "<expiry>-<id>" and created with O_EXCL,
   so of two replicas given the same token at once exactly one wins; files of
   expired tokens are removed, at most once a minute. */
static char state_dir[1024];
static void state_dir_sweep(unsigned long long now) {
  static unsigned long long swept;
  char path[sizeof state_dir + 64];
  struct dirent *e;
  DIR *d;
  if (now < swept + 60) return;
  swept = now;
  if (!(d = opendir(state_dir))) return;
  while ((e = readdir(d)) != NULL) {
    const char *p = e->d_name;
    unsigned long long exp = 0;
    while (*p >= '0' && *p <= '9') exp = exp * 10 + (unsigned long long)(*p++ - '0');
    if (p == e->d_name || *p != '-' || strlen(p) != 17 || exp >= now) continue;
    strcpy(path, state_dir); strcat(path, "/"); strcat(path, e->d_name);
    unlink(path);
  }
  closedir(d);
}
static int state_dir_once(void *user, const char *id, unsigned long long expires_s) {
  char path[sizeof state_dir + 64], digits[24], *p = digits + sizeof digits - 1;
  int fd;
  (void)user;
  state_dir_sweep((unsigned long long)time(NULL));
  *p = 0;
  do { *--p = (char)('0' + expires_s % 10); expires_s /= 10; } while (expires_s);
  strcpy(path, state_dir); strcat(path, "/"); strcat(path, p); strcat(path, "-"); strcat(path, id);
  fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0600);
  if (fd >= 0) { close(fd); return 1; }
  return errno == EEXIST ? 0 : -1;
}

#if E2B_MCP_REDIS
/* E2B_MCP_REDIS_URL: what replicas share, in Redis (>>redis): a consent
   answer's requestState is marked used with SET NX PX (its key lives as long
   as the token could), so of all replicas exactly one takes it; when Redis
   cannot say, the answer is refused (never taken twice). */
static e2b_mcp_redis redis;
static int redis_on, redis_said_down;
static void redis_log(int ok) {   /* a line when it goes down, and when it comes back */
  if (!ok && !redis_said_down) say("e2b-mcp: ", redis.why, "; what needs Redis is refused until it answers\n", NULL);
  if (ok && redis_said_down) say("e2b-mcp: Redis answers again\n", NULL);
  redis_said_down = !ok;
}
static int redis_state_once(void *user, const char *id, unsigned long long expires_s) {
  char key[96];
  unsigned long long now = (unsigned long long)time(NULL);
  int r;
  (void)user;
  if (strlen(id) > 64) return -1;
  strcpy(key, "e2b-mcp:state:"); strcat(key, id);
  r = e2b_mcp_redis_set_once(&redis, key, expires_s > now ? (unsigned long)(expires_s - now) * 1000UL + 1000UL : 1000UL);
  redis_log(r >= 0);
  return r;
}
#if E2B_MCP_LIMITS
/* The limits per user, shared by the replicas (cfg.limit_take): one token
   bucket per principal and kind in a Redis hash, taken from by one script
   (atomic), which answers 0 (taken) or the ms until a call is there. */
static const char redis_bucket_lua[] =
  "local cap = tonumber(ARGV[1]) * 1000 local rate = tonumber(ARGV[2]) "
  "local t = redis.call('TIME') local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000) "
  "local v = redis.call('HMGET', KEYS[1], 'tok', 'at') local tok = tonumber(v[1]) local at = tonumber(v[2]) "
  "if tok == nil or at == nil then tok = cap at = now end "
  "if now > at then tok = math.min(cap, tok + (now - at) * rate / 60) end "
  "local wait = 0 "
  "if tok >= 1000 then tok = tok - 1000 else wait = math.max(1, math.ceil((1000 - tok) * 60 / rate)) end "
  "redis.call('HSET', KEYS[1], 'tok', tostring(tok), 'at', tostring(now)) "
  "redis.call('PEXPIRE', KEYS[1], math.floor(cap * 60 / rate) + 1000) "
  "return wait";
static long redis_limit_take(void *user, unsigned long long principal, int bill, int per_min, int burst) {
  static const char hex[] = "0123456789abcdef";
  char key[64], nb[12], nr[12], *k;
  const char *argv[6];
  e2b_mcp_redis_reply rep;
  int i;
  (void)user;
  strcpy(key, bill ? "e2b-mcp:limit:bill:" : "e2b-mcp:limit:calls:");
  rep.type = 0;
  k = key + strlen(key);
  for (i = 0; i < 16; i++) *k++ = hex[(principal >> (60 - 4 * i)) & 15];
  *k = 0;
  argv[0] = "EVAL"; argv[1] = redis_bucket_lua; argv[2] = "1"; argv[3] = key;
  argv[4] = num((unsigned)burst, nb); argv[5] = num((unsigned)per_min, nr);
  if (e2b_mcp_redis_command(&redis, 6, argv, NULL, &rep) != 0 || rep.type != ':' || rep.num < 0) {
    if (rep.type == '-') strcpy(redis.why, "Redis refused the limits' script (EVAL)");
    redis_log(0);
    return -1;
  }
  redis_log(1);
  return (long)rep.num;
}
#endif
#endif

#if E2B_MCP_LIMITS
/* "PER_MINUTE:BURST" (BURST defaults to PER_MINUTE) into its two numbers: 0, or -1 (said why). */
static int limit_env(const char *name, int *per_min, int *burst) {
  const char *v = getenv(name);
  char *end;
  long a, b;
  if (!v || !*v) return 0;
  a = strtol(v, &end, 10);
  b = a;
  if (*end == ':') b = strtol(end + 1, &end, 10);
  if (*end || a < 1 || b < 1 || a > 1000000 || b > 1000000) {
    say("e2b-mcp: ", name, " wants PER_MINUTE or PER_MINUTE:BURST (whole numbers from 1), e.g. 60:10\n", NULL);
    return -1;
  }
  *per_min = (int)a; *burst = (int)b;
  return 0;
}
#endif

/* Whether a switch in the environment is on: "1", or "true" as a bundle's
   boolean setting is written into it (an MCP bundle's user_config). */
static int env_on(const char *v) { return v && (strcmp(v, "1") == 0 || strcmp(v, "true") == 0); }

/* "HOST:PORT", "[V6]:PORT" or ":PORT" (loopback) into host and port. */
static int split_addr(const char *a, char *host, size_t cap, unsigned *port) {
  const char *colon = strrchr(a, ':'), *h = a, *he;
  char *end;
  unsigned long p;
  if (!colon || colon[1] < '0' || colon[1] > '9') return -1;   /* digits only: no sign, no space */
  he = colon;
  if (*h == '[') { h++; if (he == h || he[-1] != ']') return -1; he--; }
  if ((size_t)(he - h) >= cap) return -1;
  memcpy(host, h, (size_t)(he - h));
  host[he - h] = 0;
  if (!host[0]) strcpy(host, "127.0.0.1");
  p = strtoul(colon + 1, &end, 10);
  if (*end || p > 65535) return -1;
  *port = (unsigned)p;
  return 0;
}

/* Whether host is a private address: RFC 1918 (10/8, 172.16/12, 192.168/16),
   IPv4 link-local (169.254/16), IPv6 unique local (fc00::/7) or link-local
   (fe80::/10). --auth none is taken there as on loopback; a name or a wildcard
   (0.0.0.0, ::) is not: it is, or may become, reachable from anywhere. */
static int private_addr(const char *h) {
  unsigned v[4] = {0, 0, 0, 0};
  int i = 0, digits = 0;
  const char *p;
  if (strchr(h, ':')) {   /* the first group, four hex digits: fc.., fd.., fe8. to feb. */
    char g[5];
    for (i = 0; i < 4 && h[i] && h[i] != ':'; i++) g[i] = (char)(h[i] >= 'A' && h[i] <= 'F' ? h[i] + 32 : h[i]);
    if (i != 4 || h[4] != ':') return 0;
    g[4] = 0;
    return (g[0] == 'f' && (g[1] == 'c' || g[1] == 'd') && isxdigit((unsigned char)g[2]) && isxdigit((unsigned char)g[3])) ||
           (g[0] == 'f' && g[1] == 'e' && strchr("89ab", g[2]) && isxdigit((unsigned char)g[3]));
  }
  for (p = h; *p; p++) {   /* four decimal numbers 0..255, nothing else */
    if (*p == '.' && digits && i < 3) { i++; digits = 0; continue; }
    if (*p < '0' || *p > '9' || ++digits > 3) return 0;
    v[i] = v[i] * 10 + (unsigned)(*p - '0');
    if (v[i] > 255) return 0;
  }
  if (i != 3 || !digits) return 0;
  return v[0] == 10 || (v[0] == 172 && v[1] >= 16 && v[1] < 32) || (v[0] == 192 && v[1] == 168) || (v[0] == 169 && v[1] == 254);
}

/* SIGHUP: the key store is read again and the audit log opened again (a
   rotation moved it), each when the server gets to it. */
#if E2B_MCP_KEYSTORE || E2B_MCP_AUDIT
static volatile sig_atomic_t hup_ks, hup_log;
#ifdef SIGHUP
static void on_hup(int sig) { (void)sig; hup_ks = hup_log = 1; }
#endif
#endif

#if E2B_MCP_AUDIT
/* The audit log (E2B_MCP_AUDIT_LOG): one JSON line per record, from the
   library's (cfg.audit, cfg.audit_start). Writes and destroys are always
   written, reads with E2B_MCP_AUDIT_READS=1. Nothing in a record is a secret:
   the library built its arguments from decoded values; this writer escapes
   every string again, so each record is one line of valid UTF-8 JSON.
   Fail closed: a call that starts, bills, changes or destroys a sandbox has
   a "started" line written before anything goes to E2B; when that line
   cannot be written (a full disk, a path gone) the call is refused
   (E2B_MCP_AUDIT_FAIL_OPEN=1: it runs, unrecorded). stderr says why once per
   failure, and that the log is written again once it is; the file is opened
   again at the next record after a failure, and on SIGHUP (a rotation).
   Refusals (nothing reached E2B, outcome not ok) of one subject are written
   in full once per E2B_MCP_AUDIT_REFUSALS_S (60 s), the rest counted into
   one summary line at the end of that interval: a caller refused every
   time cannot fill the disk. The fold goes by request, not by member: the
   members of the 2025-03-26 batch whose refusal is written in full are each
   written in full too (a batch is bounded by its size, and a reader sees
   everything it tried, not its first member and a count), while the members
   of a batch that comes later in the interval are counted like any request.
   Exempting every batch member would let a flood of one-call batches pass
   the fold. */
static int audit_fd = -1;
static const char *audit_path, *audit_client;
static int audit_reads, audit_fail_open, audit_broken, audit_partial;
static long audit_refusals_s = 60;
static int audit_is_stderr(void) { return !strcmp(audit_path, "-") || !strcmp(audit_path, "stderr"); }
/* Opens the log again (0, or -1 with errno set); loud: say why at start. */
static int audit_open(int loud) {
  if (audit_fd > 2) close(audit_fd);
  audit_fd = -1;
  if (audit_is_stderr()) { audit_fd = 2; return 0; }
  audit_fd = open(audit_path, O_WRONLY | O_APPEND | O_CREAT, 0600);
  if (audit_fd < 0 && loud) say("e2b-mcp: E2B_MCP_AUDIT_LOG=", audit_path, ": cannot be opened for appending (", strerror(errno), ")\n", NULL);
  return audit_fd < 0 ? -1 : 0;
}
/* One line out, whole or not at all as far as a reader can tell: 0, or -1
   (said once). A line cut short by a full disk is ended by the next one's
   leading line break, so no record is glued to half of another. */
static int audit_emit(const char *line, size_t n) {
  size_t done = 0;
  long r = 0;
  int err = 0;
  if (hup_log) { hup_log = 0; (void)audit_open(0); }
  if (audit_fd < 0 && audit_open(0) != 0) err = errno;
  if (!err && audit_partial) {
    do { r = (long)write(audit_fd, "\n", 1); } while (r < 0 && errno == EINTR);
    if (r == 1) audit_partial = 0; else err = r < 0 ? errno : ENOSPC;
  }
  while (!err && done < n) {
    r = (long)write(audit_fd, line + done, n - done);
    if (r > 0) done += (size_t)r;
    else if (r < 0 && errno == EINTR) continue;
    else err = r < 0 ? errno : ENOSPC;
  }
  if (err) {
    if (done) audit_partial = 1;
    if (!audit_is_stderr()) { if (audit_fd > 2) close(audit_fd); audit_fd = -1; }   /* opened again at the next record */
    if (!audit_broken)
      say("e2b-mcp: E2B_MCP_AUDIT_LOG=", audit_path, ": a record cannot be written (", strerror(err), "); ",
          audit_fail_open ? "calls go on unrecorded (E2B_MCP_AUDIT_FAIL_OPEN=1)" :
          "calls that start, bill, change or destroy a sandbox are refused until it can be", "\n", NULL);
    audit_broken = 1;
    e2b_mcp_audit_failed(&srv);
    return -1;
  }
  if (audit_broken) say("e2b-mcp: E2B_MCP_AUDIT_LOG=", audit_path, ": records are written again\n", NULL);
  audit_broken = 0;
  return 0;
}
static void audit_time(char *ts, time_t t) { strftime(ts, 32, "%Y-%m-%dT%H:%M:%SZ", gmtime(&t)); }
static char audit_buf[E2B_MCP_AUDIT_ARGS_MAX + E2B_MCP_SUBJECT_MAX * 8 + 512];
/* A record as one line (outcome: r's, or the one given): 0, or -1. */
static int audit_write(const e2b_mcp_audit_record *r) {
  static const char *const groups[3] = { "read", "write", "kill" };
  char ts[32];
  e2b_mcp_json w;
  audit_time(ts, time(NULL));
  e2b_mcp_json_init(&w, audit_buf, sizeof audit_buf - 1);
  e2b_mcp_json_obj(&w);
  e2b_mcp_json_key(&w, "time"); e2b_mcp_json_str(&w, ts);
  e2b_mcp_json_key(&w, "subject"); if (r->who) e2b_mcp_json_str(&w, r->who); else e2b_mcp_json_null(&w);
  e2b_mcp_json_key(&w, "client"); e2b_mcp_json_str(&w, audit_client);
  e2b_mcp_json_key(&w, "tool"); e2b_mcp_json_str(&w, r->tool);
  e2b_mcp_json_key(&w, "group"); e2b_mcp_json_str(&w, groups[r->group >= 0 && r->group < 3 ? r->group : 1]);
  e2b_mcp_json_key(&w, "sandbox_id"); if (*r->sandbox_id) e2b_mcp_json_str(&w, r->sandbox_id); else e2b_mcp_json_null(&w);
  e2b_mcp_json_key(&w, "arguments"); e2b_mcp_json_raw(&w, r->args, strlen(r->args));   /* the library's: one line of JSON */
  e2b_mcp_json_key(&w, "e2b_status"); if (r->e2b_status) e2b_mcp_json_int(&w, r->e2b_status); else e2b_mcp_json_null(&w);
  e2b_mcp_json_key(&w, "outcome"); e2b_mcp_json_str(&w, r->outcome);
  e2b_mcp_json_key(&w, "duration_ms"); e2b_mcp_json_int(&w, (long long)r->duration_ms);
  e2b_mcp_json_key(&w, "traceparent"); if (r->traceparent) e2b_mcp_json_str(&w, r->traceparent); else e2b_mcp_json_null(&w);
  e2b_mcp_json_obj_end(&w);
  if (w.err) return -1;
  audit_buf[w.len++] = '\n';
  return audit_emit(audit_buf, w.len);
}

/* Refusals by subject: the first of an interval written, the others counted. */
#define AUDIT_REFUSERS 64
static struct {
  int used, anon;
  char who[E2B_MCP_SUBJECT_MAX], outcome[24], tool[64];
  time_t since, last;
  unsigned long count;
  unsigned long batch;   /* the batch of the refusal written in full (r->batch): its other members are too */
} refusers[AUDIT_REFUSERS];
static void audit_summary(int i) {
  char t1[32], t2[32], t3[32];
  e2b_mcp_json w;
  if (refusers[i].count) {
    audit_time(t1, time(NULL)); audit_time(t2, refusers[i].since); audit_time(t3, refusers[i].last);
    e2b_mcp_json_init(&w, audit_buf, sizeof audit_buf - 1);
    e2b_mcp_json_obj(&w);
    e2b_mcp_json_key(&w, "time"); e2b_mcp_json_str(&w, t1);
    e2b_mcp_json_key(&w, "subject"); if (!refusers[i].anon) e2b_mcp_json_str(&w, refusers[i].who); else e2b_mcp_json_null(&w);
    e2b_mcp_json_key(&w, "client"); e2b_mcp_json_str(&w, audit_client);
    e2b_mcp_json_key(&w, "outcome"); e2b_mcp_json_str(&w, refusers[i].outcome);
    e2b_mcp_json_key(&w, "summary"); e2b_mcp_json_str(&w, "more refusals of this subject, counted, not written one by one");
    e2b_mcp_json_key(&w, "count"); e2b_mcp_json_int(&w, (long long)refusers[i].count);
    e2b_mcp_json_key(&w, "last_tool"); e2b_mcp_json_str(&w, refusers[i].tool);
    e2b_mcp_json_key(&w, "from"); e2b_mcp_json_str(&w, t2);
    e2b_mcp_json_key(&w, "to"); e2b_mcp_json_str(&w, t3);
    e2b_mcp_json_obj_end(&w);
    if (!w.err) { audit_buf[w.len++] = '\n'; (void)audit_emit(audit_buf, w.len); }
  }
  refusers[i].used = 0;
}
/* Summaries whose interval is over (all: at the end). */
static void audit_tick(int all) {
  time_t now = time(NULL);
  int i;
  for (i = 0; i < AUDIT_REFUSERS; i++)
    if (refusers[i].used && (all || now - refusers[i].since >= audit_refusals_s)) audit_summary(i);
}
/* 1: r is counted into its subject's summary and not written now. */
static int audit_counted(const e2b_mcp_audit_record *r) {
  time_t now = time(NULL);
  int i, free_i = -1, old = 0;
  if (r->e2b_status || !strcmp(r->outcome, "ok")) return 0;
  for (i = 0; i < AUDIT_REFUSERS; i++) {
    if (!refusers[i].used) { if (free_i < 0) free_i = i; continue; }
    if (refusers[i].since < refusers[old].since || !refusers[old].used) old = i;
    if ((r->who ? !refusers[i].anon && !strcmp(refusers[i].who, r->who) : refusers[i].anon) && !strcmp(refusers[i].outcome, r->outcome)) {
      if (r->batch && r->batch == refusers[i].batch) return 0;   /* a member of the batch written in full */
      refusers[i].count++;
      refusers[i].last = now;
      e2b_mcp__strlcpy(refusers[i].tool, r->tool, sizeof refusers[i].tool);
      return 1;
    }
  }
  if (free_i < 0) { audit_summary(old); free_i = old; }   /* the table full: the oldest interval ends early */
  refusers[free_i].used = 1;
  refusers[free_i].anon = !r->who;
  e2b_mcp__strlcpy(refusers[free_i].who, r->who ? r->who : "", sizeof refusers[free_i].who);
  e2b_mcp__strlcpy(refusers[free_i].outcome, r->outcome, sizeof refusers[free_i].outcome);
  refusers[free_i].since = refusers[free_i].last = now;
  refusers[free_i].count = 0;
  refusers[free_i].batch = r->batch;
  return 0;
}
static void audit_end(void) { audit_tick(1); }
static void audit_line(void *user, const e2b_mcp_audit_record *r) {
  (void)user;
  audit_tick(0);
  if (r->group == E2B_MCP_GROUP_READ && !audit_reads) return;
  if (audit_counted(r)) return;
  (void)audit_write(r);
}
/* Before a call goes to E2B: its "started" line; a write or a kill that
   cannot be recorded is refused (reads, billing nothing, are not held). */
static int audit_started(void *user, const e2b_mcp_audit_record *r) {
  (void)user;
  if (r->group == E2B_MCP_GROUP_READ) return 0;
  return audit_write(r) == 0 || audit_fail_open ? 0 : -1;
}
/* /readyz: the audit log takes lines (the last one was written, and the file
   is still there to write). */
static int audit_ready(e2b_mcp_json *w) {
  const char *why = NULL;
  if (audit_broken) why = "the last audit record could not be written";
  else if (!audit_is_stderr() && access(audit_path, W_OK) != 0) why = "the audit log file cannot be written";
  e2b_mcp_json_key(w, "audit_log");
  e2b_mcp_json_str(w, why ? why : "ok");
  return why != NULL;
}
#endif

#if E2B_MCP_KEYSTORE
/* The key store (E2B_MCP_KEYSTORE_*): which E2B key each access token's
   subject uses. The library opens and writes the format (>>keys); the file
   is read and written here. */
static e2b_mcp_keystore keystore;   /* the one in use */
static unsigned char ks_file[E2B_MCP_KEYSTORE_FILE_MAX + 1];
static unsigned char ks_master[32];
static const char *ks_path;

/* The master secret: E2B_MCP_KEYSTORE_MASTER, or the file E2B_MCP_KEYSTORE_MASTER_FILE
   names (its trailing line break and spaces left out). 0, or -1 (said why). */
static int ks_master_load(void) {
  const char *v = getenv("E2B_MCP_KEYSTORE_MASTER"), *file = getenv("E2B_MCP_KEYSTORE_MASTER_FILE");
  char buf[1024];
  size_t n = 0;
  int r;
  if (file && *file) {
    FILE *f = fopen(file, "rb");
    if (!f) { say("e2b-mcp: E2B_MCP_KEYSTORE_MASTER_FILE=", file, ": cannot be read\n", NULL); return -1; }
    n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    while (n && (buf[n - 1] == '\n' || buf[n - 1] == '\r' || buf[n - 1] == ' ')) n--;
    v = buf;
  } else if (v && *v) n = strlen(v);
  else {
    say("e2b-mcp: the key store needs its master secret: E2B_MCP_KEYSTORE_MASTER, or E2B_MCP_KEYSTORE_MASTER_FILE "
        "naming a file that holds it (make one with: openssl rand -hex 32)\n", NULL);
    return -1;
  }
  r = e2b_mcp_keystore_master(ks_master, v, n);
  memset(buf, 0, sizeof buf);
  if (r != 0) { say("e2b-mcp: the key store's master secret: ", e2b_mcp_keystore_strerror(r), "\n", NULL); return -1; }
  return 0;
}

/* Reads the store file into ks: 0; 1 when there is no file yet (ks empty); -1 (said why). */
static int ks_read(e2b_mcp_keystore *ks) {
  FILE *f = fopen(ks_path, "rb");
  size_t n;
  int r;
  memset(ks, 0, sizeof *ks);
  if (!f) {
    if (errno == ENOENT) return 1;
    say("e2b-mcp: E2B_MCP_KEYSTORE_FILE=", ks_path, ": cannot be read\n", NULL);
    return -1;
  }
  n = fread(ks_file, 1, sizeof ks_file, f);
  fclose(f);
  r = n < sizeof ks_file ? e2b_mcp_keystore_open(ks, ks_master, ks_file, n) : E2B_MCP_KS_FULL;
  if (r != 0) {
    say("e2b-mcp: E2B_MCP_KEYSTORE_FILE=", ks_path, ": ", e2b_mcp_keystore_strerror(r),
        r == E2B_MCP_KS_MASTER ? " (check E2B_MCP_KEYSTORE_MASTER or E2B_MCP_KEYSTORE_MASTER_FILE)\n" : "\n", NULL);
    return -1;
  }
  return 0;
}

/* Writes ks to the store file, atomically: a temporary file of a name no
   other writer uses, made beside it with O_EXCL|O_NOFOLLOW (a file or link
   planted there is never followed nor reused), with the store's mode (and
   owner, where this process may), written, fsync'd, renamed over the store
   and the directory fsync'd, so a reader (a server on SIGHUP, another
   keys command) meets the old file or the new one, whole, even after a
   crash. The caller holds ks_lock. A store that is a symbolic link is
   refused: the rename would replace the link, not the file it names. */
static int ks_write(const e2b_mcp_keystore *ks) {
  char tmp[1100], dir[1100], hex[17];
  unsigned char nonce[12], rnd[8];
  long n, w = 0;
  int fd, ok, i;
#ifndef _WIN32
  unsigned mode = 0600;
  struct stat st;
  int have = lstat(ks_path, &st) == 0;
  if (have && S_ISLNK(st.st_mode)) {
    say("e2b-mcp: E2B_MCP_KEYSTORE_FILE=", ks_path, ": is a symbolic link; the key store must be a regular file (give its real path)\n", NULL);
    return -1;
  }
  if (have && !S_ISREG(st.st_mode)) { say("e2b-mcp: E2B_MCP_KEYSTORE_FILE=", ks_path, ": not a regular file\n", NULL); return -1; }
  if (have) mode = (unsigned)st.st_mode & 07777;
#endif
#ifdef _WIN32
  ok = e2b_mcp_sock_win32.random(NULL, nonce, sizeof nonce) == 0 && e2b_mcp_sock_win32.random(NULL, rnd, sizeof rnd) == 0;
#else
  ok = e2b_mcp_sock_posix.random(NULL, nonce, sizeof nonce) == 0 && e2b_mcp_sock_posix.random(NULL, rnd, sizeof rnd) == 0;
#endif
  if (!ok) { say("e2b-mcp: no random source for the key store's nonce\n", NULL); return -1; }
  n = e2b_mcp_keystore_seal(ks, ks_master, nonce, ks_file, sizeof ks_file);
  if (n < 0) { say("e2b-mcp: ", e2b_mcp_keystore_strerror((int)n), "\n", NULL); return -1; }
  if (strlen(ks_path) + 22 > sizeof tmp) { say("e2b-mcp: E2B_MCP_KEYSTORE_FILE: the path is too long\n", NULL); return -1; }
  for (i = 0; i < 8; i++) { hex[2 * i] = "0123456789abcdef"[rnd[i] >> 4]; hex[2 * i + 1] = "0123456789abcdef"[rnd[i] & 15]; }
  hex[16] = 0;
  strcpy(tmp, ks_path); strcat(tmp, ".tmp-"); strcat(tmp, hex);
#ifdef _WIN32
  fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_BINARY, 0600);
#else
  fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, 0600);
#endif
  if (fd < 0) { say("e2b-mcp: ", tmp, ": cannot be made (", strerror(errno), ")\n", NULL); return -1; }
#ifndef _WIN32
  if (have && fchown(fd, st.st_uid, st.st_gid) != 0) {}   /* as it was, where this process may; else its own */
  ok = fchmod(fd, (mode_t)mode) == 0;   /* the store's mode, whatever the umask */
#endif
  while (ok && w < n) {
    long r = (long)write(fd, ks_file + w, (size_t)(n - w));
    if (r > 0) w += r; else if (r < 0 && errno == EINTR) continue; else ok = 0;
  }
#ifndef _WIN32
  ok = ok && fsync(fd) == 0;
#endif
  ok = close(fd) == 0 && ok;
#ifdef _WIN32
  ok = ok && MoveFileExA(tmp, ks_path, MOVEFILE_REPLACE_EXISTING | MOVEFILE_WRITE_THROUGH) != 0;
  (void)dir;
#else
  ok = ok && rename(tmp, ks_path) == 0;
  if (ok) {   /* the rename itself made lasting */
    char *slash;
    strcpy(dir, ks_path);
    slash = strrchr(dir, '/');
    if (slash == dir) slash[1] = 0; else if (slash) *slash = 0; else strcpy(dir, ".");
    fd = open(dir, O_RDONLY);
    if (fd >= 0) { (void)fsync(fd); close(fd); }
  }
#endif
  if (!ok) { unlink(tmp); say("e2b-mcp: ", ks_path, ": cannot be written (", strerror(errno), ")\n", NULL); return -1; }
  return 0;
}

/* The lock over a keys command's read-modify-write: E2B_MCP_KEYSTORE_FILE
   with ".lock", a file kept beside the store (removing it would let two
   writers hold two locks). Held until the process ends. 0, or -1 (said). */
static int ks_lock(void) {
  char lock[1100];
  if (strlen(ks_path) + 6 > sizeof lock) { say("e2b-mcp: E2B_MCP_KEYSTORE_FILE: the path is too long\n", NULL); return -1; }
  strcpy(lock, ks_path); strcat(lock, ".lock");
#ifdef _WIN32
  {
    OVERLAPPED ov;
    HANDLE h = CreateFileA(lock, GENERIC_READ | GENERIC_WRITE, FILE_SHARE_READ | FILE_SHARE_WRITE, NULL, OPEN_ALWAYS, FILE_ATTRIBUTE_NORMAL, NULL);
    memset(&ov, 0, sizeof ov);
    if (h != INVALID_HANDLE_VALUE && LockFileEx(h, LOCKFILE_EXCLUSIVE_LOCK, 0, 1, 0, &ov)) return 0;
  }
#else
  {
    struct flock fl;
    int fd, r;
    do { fd = open(lock, O_RDWR | O_CREAT | O_NOFOLLOW, 0600); } while (fd < 0 && errno == EINTR);
    memset(&fl, 0, sizeof fl);
    fl.l_type = F_WRLCK;
    fl.l_whence = SEEK_SET;
    if (fd >= 0) {
      do { r = fcntl(fd, F_SETLKW, &fl); } while (r < 0 && errno == EINTR);
      if (r == 0) return 0;   /* the descriptor stays open: the lock with it */
    }
  }
#endif
  say("e2b-mcp: ", lock, ": the key store's lock cannot be taken (", strerror(errno), ")\n", NULL);
  return -1;
}

/* One line from stdin into buf (without its line break), the terminal's echo
   off while it is typed. 0, or -1 when nothing came. */
static int read_secret_line(char *buf, size_t cap, const char *prompt) {
  size_t n;
  int ok;
#ifndef _WIN32
  struct termios old, quiet;
  int tty = isatty(0) && tcgetattr(0, &old) == 0;
  if (tty) {
    say(prompt, NULL);
    quiet = old;
    quiet.c_lflag &= ~(tcflag_t)ECHO;
    (void)tcsetattr(0, TCSAFLUSH, &quiet);
  }
#else
  (void)prompt;
#endif
  ok = fgets(buf, (int)cap, stdin) != NULL;
#ifndef _WIN32
  if (tty) { (void)tcsetattr(0, TCSAFLUSH, &old); say("\n", NULL); }
#endif
  if (!ok) return -1;
  n = strlen(buf);
  while (n && (buf[n - 1] == '\n' || buf[n - 1] == '\r' || buf[n - 1] == ' ' || buf[n - 1] == '\t')) buf[--n] = 0;
  return n ? 0 : -1;
}

/* A string that looks like an E2B key (e2b_..., or a personal sk_e2b_... token). */
static int looks_like_key(const char *a) { return strncmp(a, "e2b_", 4) == 0 || strncmp(a, "sk_e2b_", 7) == 0; }

/* e2b-mcp keys add SUBJECT | remove SUBJECT | list: the exit status. */
static int keys_command(int argc, char **argv) {
  static const char help[] =
    "usage: e2b-mcp keys add SUBJECT      set SUBJECT's E2B team key, read from stdin (never from the command line)\n"
    "       e2b-mcp keys remove SUBJECT   remove SUBJECT's key\n"
    "       e2b-mcp keys list             the subjects, each with a fingerprint of its key (never the key)\n"
    "SUBJECT is an access token's sub (or the value of E2B_MCP_KEYSTORE_CLAIM, e.g. a group).\n"
    "The store is E2B_MCP_KEYSTORE_FILE, encrypted with E2B_MCP_KEYSTORE_MASTER or _MASTER_FILE;\n"
    "a running server reads it again on SIGHUP.\n";
  const char *cmd = argc > 2 ? argv[2] : "";
  char key[E2B_MCP_KEY_MAX + 2], fp[9], n1[12];
  int r, i;
  if (!strcmp(cmd, "add") && argc > 4) {
    say("e2b-mcp: keys add takes the subject only: the key is read from stdin, never from the command line "
        "(where the shell's history and ps would show it)\n", NULL);
    return 2;
  }
  if (!((!strcmp(cmd, "add") || !strcmp(cmd, "remove")) && argc == 4) && !(!strcmp(cmd, "list") && argc == 3)) {
    say(help, NULL);
    return 2;
  }
  if (argc == 4 && looks_like_key(argv[3])) {
    say("e2b-mcp: that subject looks like an E2B key: the key is read from stdin, never from the command line; "
        "give the subject (the token's sub) as the argument\n", NULL);
    return 2;
  }
  ks_path = getenv("E2B_MCP_KEYSTORE_FILE");
  if (!ks_path || !*ks_path) { say("e2b-mcp: set E2B_MCP_KEYSTORE_FILE to the key store's path\n", NULL); return 2; }
  if (ks_master_load() != 0) return 2;
  if (!strcmp(cmd, "add")) {   /* the key first: the lock is not held while someone types */
    if (read_secret_line(key, sizeof key, "E2B team API key (e2b_...): ") != 0) {
      say("e2b-mcp: no key on stdin (give the team API key, e2b_..., on one line)\n", NULL);
      return 2;
    }
    if (strncmp(key, "e2b_", 4) != 0 || strlen(key) >= E2B_MCP_KEY_MAX || strspn(key + 4,
        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-") != strlen(key) - 4) {
      memset(key, 0, sizeof key);
      say("e2b-mcp: that is not an E2B team API key (e2b_ and letters, digits, '_' or '-'; from https://e2b.dev/dashboard?tab=keys)\n", NULL);
      return 2;
    }
  }
  if (strcmp(cmd, "list") != 0 && ks_lock() != 0) { memset(key, 0, sizeof key); return 2; }   /* one writer at a time, from its read to its rename */
  r = ks_read(&keystore);
  if (r < 0) { memset(key, 0, sizeof key); return 2; }
  if (!strcmp(cmd, "list")) {
    for (i = 0; i < keystore.n; i++) {
      e2b_mcp_keystore_fingerprint(keystore.e[i].key, fp);
      fputs(keystore.e[i].subject, stdout); fputs("\t", stdout); fputs(fp, stdout); fputs("\n", stdout);
    }
    say("e2b-mcp: ", num((unsigned)keystore.n, n1), " subject(s) in ", ks_path, "\n", NULL);
    return 0;
  }
  if (!strcmp(cmd, "remove")) {
    if (e2b_mcp_keystore_remove(&keystore, argv[3]) != 0) { say("e2b-mcp: no key for '", argv[3], "'\n", NULL); return 1; }
    if (ks_write(&keystore) != 0) return 2;
    say("e2b-mcp: removed the key of '", argv[3], "'; send the server SIGHUP to use the store as it is now\n", NULL);
    return 0;
  }
  r = e2b_mcp_keystore_set(&keystore, argv[3], key);
  memset(key, 0, sizeof key);
  if (r < 0) { say("e2b-mcp: '", argv[3], "': ", e2b_mcp_keystore_strerror(r), "\n", NULL); return 2; }
  if (ks_write(&keystore) != 0) return 2;
  e2b_mcp_keystore_fingerprint(e2b_mcp_keystore_find(&keystore, argv[3], strlen(argv[3])), fp);
  say("e2b-mcp: ", r == 1 ? "replaced" : "added", " the key of '", argv[3], "' (fingerprint ", fp,
      "); send the server SIGHUP to use it\n", NULL);
  return 0;
}

#ifdef SIGHUP
/* SIGHUP: the store is read again (between two steps of the server); a file
   that cannot be read or opened leaves the one in use as it was. */
static void ks_reload(void) {
  static e2b_mcp_keystore keystore_next;   /* the one being read */
  char n1[12];
  if (ks_read(&keystore_next) < 0) { say("e2b-mcp: the key store in use is unchanged\n", NULL); return; }
  memcpy(&keystore, &keystore_next, sizeof keystore);
  memset(&keystore_next, 0, sizeof keystore_next);
  say("e2b-mcp: key store read again: ", num((unsigned)keystore.n, n1), " subject(s)\n", NULL);
}
#endif
#endif

#if E2B_MCP_AUTH
static e2b_mcp_auth auth;    /* the issuer's keys: access tokens (E2B_MCP_AUTH_*) */
static char jwks[65536];

/* OAuth 2.1 access tokens from E2B_MCP_AUTH_*: 0 (http->auth set), 1 (not
   asked for), or -1 (said why). */
static int auth_setup(e2b_mcp_http_config *http) {
  const char *iss = getenv("E2B_MCP_AUTH_ISSUER"), *res = getenv("E2B_MCP_AUTH_RESOURCE"), *file = getenv("E2B_MCP_AUTH_JWKS_FILE");
  FILE *f;
  size_t n;
  int k;
  if (!iss || !*iss) return 1;
  if (!res || !*res) {
    say("e2b-mcp: E2B_MCP_AUTH_ISSUER needs E2B_MCP_AUTH_RESOURCE (this server's URL, e.g. https://mcp.example.com/mcp); "
        "the issuer's keys are fetched from its metadata, or read from E2B_MCP_AUTH_JWKS_FILE\n", NULL);
    return -1;
  }
  e2b_mcp_auth_init(&auth, iss, res);
  auth.servers = getenv("E2B_MCP_AUTH_SERVERS");
  auth.scope_names[0] = getenv("E2B_MCP_AUTH_SCOPE_READ");
  auth.scope_names[1] = getenv("E2B_MCP_AUTH_SCOPE_WRITE");
  auth.scope_names[2] = getenv("E2B_MCP_AUTH_SCOPE_KILL");
  auth.typ_jwt = getenv("E2B_MCP_AUTH_TYP_JWT") && strcmp(getenv("E2B_MCP_AUTH_TYP_JWT"), "1") == 0;
  http->auth = &auth;
  http->token = NULL;
  if (!file || !*file) {
#ifdef E2B_MCP__FETCH
    auth.discover = 1;   /* fetched once listening (auth_keys), before serving */
#else
    say("e2b-mcp: E2B_MCP_AUTH_ISSUER: this build cannot fetch the issuer's keys; give them in E2B_MCP_AUTH_JWKS_FILE\n", NULL);
    return -1;
#endif
  } else {
    f = fopen(file, "rb");
    if (!f) { say("e2b-mcp: E2B_MCP_AUTH_JWKS_FILE=", file, ": cannot be read\n", NULL); return -1; }
    n = fread(jwks, 1, sizeof jwks, f);
    fclose(f);
    k = n < sizeof jwks ? e2b_mcp_auth_jwks(&auth, jwks, n) : E2B_MCP_AUTH_TOO_LARGE;
    if (k <= 0) {
      say("e2b-mcp: E2B_MCP_AUTH_JWKS_FILE=", file, k == 0 ? ": no usable key (RSA of 2048 bits or more, or EC P-256, for signing)\n"
          : ": not a JWKS document ({\"keys\":[...]}, under 64 KB)\n", NULL);
      return -1;
    }
  }
#if E2B_MCP_KEYSTORE
  if (ks_path) {
    if (ks_master_load() != 0) return -1;
    k = ks_read(&keystore);
    if (k < 0) return -1;
    if (k == 1) say("e2b-mcp: E2B_MCP_KEYSTORE_FILE=", ks_path, ": no such file yet: no caller has a key until "
                    "`e2b-mcp keys add SUBJECT` makes it and the server gets SIGHUP\n", NULL);
    http->keystore = &keystore;
    http->keystore_claim = getenv("E2B_MCP_KEYSTORE_CLAIM");
  }
#endif
  return 0;
}

/* With keys from the issuer: fetched now, before the first client is served. */
static int auth_keys(void) {
#ifdef E2B_MCP__FETCH
  if (auth.discover && e2b_mcp_http_auth_keys(&srv) < 0) {
    say("e2b-mcp: E2B_MCP_AUTH_ISSUER=", auth.issuer, ": cannot fetch the issuer's keys: ", auth.why,
        " (give them in E2B_MCP_AUTH_JWKS_FILE instead, or fix the issuer)\n", NULL);
    return -1;
  }
#endif
  return 0;
}
#endif

static const char usage[] =
  "usage: e2b-mcp                    MCP over stdio (the default)\n"
  "       e2b-mcp --http HOST:PORT   Streamable HTTP on http://HOST:PORT/mcp\n"
  "       e2b-mcp --version | --help\n"
  "       e2b-mcp keys add SUBJECT | remove SUBJECT | list   the key store (E2B_MCP_KEYSTORE_FILE)\n"
  "options (before or after --http):\n"
  "  --auth none            with --http: no authentication at all, whatever the environment says:\n"
  "                         on a loopback or private address (10/8, 172.16/12, 192.168/16,\n"
  "                         fc00::/7, link-local) only; elsewhere (a public address, a name,\n"
  "                         0.0.0.0, ::) the server refuses to start unless also given\n"
  "  --force-public         with --auth none: listen anywhere without authentication, when\n"
  "                         something in front (a VPN, a firewall) decides who reaches it\n"
  "  --tools NAMES          offer only these tools: comma-separated tool names and groups,\n"
  "                         read (spends nothing, changes nothing: lists, get, logs, metrics,\n"
  "                         usage, events), write (create, set timeout, pause, resume, fork,\n"
  "                         snapshot, network: starts, bills or changes a sandbox), kill\n"
  "                         (e2b_kill_sandbox, e2b_delete_snapshot, still only with\n"
  "                         E2B_MCP_ENABLE_KILL=1), default (the 17 tools offered without\n"
  "                         --tools) and all (every tool: default plus network, snapshot\n"
  "                         deletion, batch metrics, volumes, secrets, template build).\n"
  "                         A name that is neither stops the server at start. The same as\n"
  "                         E2B_MCP_TOOLS (the flag wins)\n"
  "  --read-only            offer only the read tools of the selection (E2B_MCP_READ_ONLY=1)\n"
  "  A tool left out is not listed, and a call to it is told it is switched off and how to\n"
  "  switch it on. Give every replica behind one load balancer the same selection.\n"
  "\n";
static const char usage_env[] =
  "environment:\n"
  "  E2B_API_KEY            team API key (e2b_...); never printed or logged\n"
  "  E2B_DOMAIN             default e2b.app: API at https://api.<domain>\n"
  "  E2B_API_URL            full API base URL (http:// or https://), overrides the domain\n"
  "  E2B_DASHBOARD_API_URL  full Dashboard API base URL (default templates)\n"
  "  E2B_MCP_CA_FILE        PEM trust anchors (default: the system bundle)\n"
  "  E2B_TEAM_ID            the key's team (a UUID) for e2b_get_team_usage (default: read from\n"
  "                         the newest lifecycle event)\n"
  "  E2B_MCP_ENABLE_KILL    1 (or true) exposes e2b_kill_sandbox and e2b_delete_snapshot\n"
  "  E2B_MCP_TOOLS          the tool selection, as --tools\n"
  "  E2B_MCP_READ_ONLY      1 (or true): as --read-only\n"
  "  E2B_MCP_RESULT_BUDGET  the most characters of text in one tool result (default 80000, under\n"
  "                         Claude Code's 25,000-token limit); a longer list is cut at a whole item\n"
  "                         and says how to read on (next_token, next_cursor, next_start)\n"
  "  E2B_MCP_HTTP_TOKEN     with --http: the bearer token every client must send;\n"
  "                         required unless HOST is a loopback address\n"
  "  E2B_MCP_HTTP_ALLOWED_HOSTS  with --http: Host/Origin names to accept, comma-separated: on a\n"
  "                         loopback address besides the loopback names, elsewhere the only ones\n"
  "  E2B_MCP_HTTP_CLIENT_KEYS  with --http, 1: each client sends its own E2B team API key in the\n"
  "                         X-E2B-API-Key header, used for its calls only; E2B_API_KEY is not used\n"
  "  E2B_MCP_STATE_KEY      secret sealing the consent state of 2026-07-28 clients; give every\n"
  "                         replica behind one load balancer the same (default: random per process)\n"
  "  E2B_MCP_REDIS_URL      redis://[[user]:password@]host[:port][/db] (rediss:// for TLS): replicas\n"
  "                         share the used consent answers there (SET NX), a consent answer is good\n"
  "                         for one call across all of them; Redis down: such answers are refused\n"
  "  E2B_MCP_STATE_DIR      a directory every replica can write (one host, or a shared volume): a\n"
  "                         consent answer is then good for one call across all replicas, not once\n"
  "                         on each\n"
  "  E2B_MCP_HTTP_PROXY_NAMES_SESSIONS  1: behind a balancer that hashes Mcp-Session-Id, a new 2025\n"
  "                         session takes the id the balancer sent in X-Mcp-New-Session-Id\n"
  "  E2B_MCP_PUBLIC_URL     with --http: the endpoint as clients reach it (https://host/mcp), named\n"
  "                         in the server card at /mcp/server-card (default: the OAuth resource)\n";
/* The access-token settings, apart: one string of all would pass the 4095
   characters a C99 compiler must take. */
static const char usage_auth[] =
  "  E2B_MCP_AUTH_ISSUER    with --http: an OAuth 2.1 protected resource (Claude and ChatGPT\n"
  "                         connectors): every request carries a JWT access token (RS256 or ES256)\n"
  "                         from this issuer (its iss, exactly); replaces E2B_MCP_HTTP_TOKEN.\n"
  "                         Clients find it in the metadata at /.well-known/oauth-protected-resource\n"
  "  E2B_MCP_AUTH_RESOURCE  with the issuer: this server's URL as clients reach it (e.g.\n"
  "                         https://mcp.example.com/mcp): each token's aud must name it\n"
  "  E2B_MCP_AUTH_JWKS_FILE with the issuer: its keys as a JWKS file (its jwks_uri's document); without\n"
  "                         it they are fetched at start over https from the issuer's metadata\n"
  "                         (RFC 8414 or OpenID discovery) and again when a token names a new key\n"
  "  E2B_MCP_AUTH_SERVERS   authorization servers the metadata names, space-separated (default: the issuer)\n"
  "  E2B_MCP_AUTH_SCOPE_READ, _WRITE, _KILL  the scopes of the tool groups (default e2b:read,\n"
  "                         e2b:write, e2b:kill): tools/list shows a caller only what its token's\n"
  "                         scopes allow, a call to another tool is 403 insufficient_scope\n"
  "  E2B_MCP_HTTP_SESSIONS_PER_PRINCIPAL  2025 sessions one user (token subject, client key) may hold\n"
  "                         (default 64); its next ends its own oldest. A session is its maker's only\n"
  "  E2B_MCP_AUTH_FAIL_BURST, _PER_S  refused tokens one address may send in a row (20), then a\n"
  "                         second (2); beyond, 429 with Retry-After before any signature check\n"
  "  E2B_MCP_AUTH_TYP_JWT=1 also take tokens whose typ is JWT, or none (Keycloak and others); by\n"
  "                         default a token's typ must be at+jwt, as RFC 9068 asks\n"
  "  E2B_MCP_KEYSTORE_FILE  with the issuer: each caller's E2B key from this encrypted store, by its\n"
  "                         token's sub (or E2B_MCP_KEYSTORE_CLAIM); read again on SIGHUP. Managed with\n"
  "                         e2b-mcp keys add SUBJECT (key on stdin) | remove SUBJECT | list\n"
  "  E2B_MCP_KEYSTORE_MASTER, _MASTER_FILE  its master secret (32+ characters), or a file holding it\n"
  "  E2B_MCP_AUDIT_LOG      a file (or - for stderr): one JSON line per tool call that bills, changes or\n"
  "                         destroys (who, tool, sandbox, arguments without secrets, E2B's status,\n"
  "                         outcome, duration); opened again on SIGHUP (log rotation). Fails closed: a\n"
  "                         call that bills, changes or destroys is refused when its line cannot be written\n"
  "  E2B_MCP_AUDIT_READS    1 (or true): read calls too\n"
  "  E2B_MCP_AUDIT_FAIL_OPEN=1  let those calls run unrecorded when the log cannot be written\n"
  "  E2B_MCP_AUDIT_REFUSALS_S  refusals of one subject written in full once per this many seconds, the\n"
  "                         rest counted into one summary line (default 60)\n";
/* Operations: the probes and the scrape. */
static const char usage_ops[] =
  "  with --http, GET /healthz (the loop runs) and GET /readyz (ready, or a JSON body naming what\n"
  "  is not: the key, the issuer's keys, the audit log, E2B) are public; GET /metrics\n"
  "  (Prometheus) is served as is on a loopback listener only, unless:\n"
  "  E2B_MCP_METRICS_TOKEN  /metrics then needs Authorization: Bearer <this>, wherever it listens\n"
  "  E2B_MCP_READY_E2B_MS   /readyz: E2B must have answered within this (default 60000); past it,\n"
  "                         a readiness check sends E2B a probe (GET /health, no key)\n"
  "  E2B_MCP_TEAM_CONCURRENCY  the team's limit of running sandboxes (E2B's API does not say it),\n"
  "                         which the MCP App shows the running count against\n"
  "  E2B_MCP_TASK_TTL_MS    how long a task (a long call of a client that takes them) is kept (600000)\n"
  "  E2B_MCP_LIMIT_CALLS    PER_MINUTE[:BURST]: tools/call per user (an access token's subject, a\n"
  "                         client's own E2B key, else all alike); beyond it 429 + Retry-After\n"
  "  E2B_MCP_LIMIT_BILLABLE PER_MINUTE[:BURST]: the same for calls that start, bill, change or destroy;\n"
  "                         with E2B_MCP_REDIS_URL both are shared by the replicas\n";

/* /readyz: this program's own checks (cfg.ready), beside the library's. */
static int ready_checks(void *user, e2b_mcp_json *w) {
  int bad = 0;
  (void)user;
#if E2B_MCP_AUDIT
  if (audit_path) bad += audit_ready(w);
#endif
#if E2B_MCP_REDIS
  if (redis_on) {
    int ok = e2b_mcp_redis_ping(&redis) == 0;
    redis_log(ok);
    e2b_mcp_json_key(w, "redis");
    e2b_mcp_json_str(w, ok ? "ok" : redis.why);
    bad += !ok;
  }
#endif
  (void)w;
  return bad;
}

int main(int argc, char **argv) {
  e2b_mcp_config cfg;
  e2b_mcp_http_config http;
  const char *kill = getenv("E2B_MCP_ENABLE_KILL"), *tools = getenv("E2B_MCP_TOOLS"), *ro = getenv("E2B_MCP_READ_ONLY");
  char host[64], n1[12];
  int r, i, use_http = 0, auth_none = 0, force_public = 0, read_only = env_on(ro);
  memset(&http, 0, sizeof http);
  setvbuf(stderr, NULL, _IONBF, 0);   /* Windows' C library buffers stderr into a pipe: a supervisor reads each line as it is said */
  if (argc == 2 && strcmp(argv[1], "--version") == 0) { fputs("e2b-mcp " E2B_MCP_VERSION "\n", stdout); return 0; }
  if (argc == 2 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)) { fputs(usage, stdout); fputs(usage_env, stdout); fputs(usage_auth, stdout); fputs(usage_ops, stdout); return 0; }
  if (argc >= 2 && strcmp(argv[1], "keys") == 0) {
#if E2B_MCP_KEYSTORE
    return keys_command(argc, argv);
#else
    say("e2b-mcp: this build has no key store (build with BearSSL or mbedTLS)\n", NULL);
    return 2;
#endif
  }
  for (i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (strcmp(a, "--read-only") == 0) { read_only = 1; continue; }
    if (strcmp(a, "--tools") == 0 && i + 1 < argc) { tools = argv[++i]; continue; }
    if (strcmp(a, "--auth") == 0 && i + 1 < argc && strcmp(argv[i + 1], "none") == 0) { auth_none = 1; i++; continue; }
    if (strcmp(a, "--force-public") == 0) { force_public = 1; continue; }
    if (strcmp(a, "--http") == 0 && i + 1 < argc && !use_http) {
      if (split_addr(argv[++i], host, sizeof host, &http.port) != 0) {
        say("e2b-mcp: --http wants HOST:PORT, for example 127.0.0.1:8931 (port 0 picks a free one)\n", NULL);
        return 2;
      }
      http.host = host;
      http.token = getenv("E2B_MCP_HTTP_TOKEN");
      http.allowed_hosts = getenv("E2B_MCP_HTTP_ALLOWED_HOSTS");
      http.client_keys = getenv("E2B_MCP_HTTP_CLIENT_KEYS") && strcmp(getenv("E2B_MCP_HTTP_CLIENT_KEYS"), "1") == 0;
      http.proxy_names_sessions = getenv("E2B_MCP_HTTP_PROXY_NAMES_SESSIONS") && strcmp(getenv("E2B_MCP_HTTP_PROXY_NAMES_SESSIONS"), "1") == 0;
      http.public_url = getenv("E2B_MCP_PUBLIC_URL");
      http.metrics_token = getenv("E2B_MCP_METRICS_TOKEN");
      if (getenv("E2B_MCP_READY_E2B_MS")) http.ready_e2b_ms = atoi(getenv("E2B_MCP_READY_E2B_MS"));
      http.ready = ready_checks;
      http.sessions_per_principal = getenv("E2B_MCP_HTTP_SESSIONS_PER_PRINCIPAL") ? atoi(getenv("E2B_MCP_HTTP_SESSIONS_PER_PRINCIPAL")) : 0;
      http.auth_fail_burst = getenv("E2B_MCP_AUTH_FAIL_BURST") ? atoi(getenv("E2B_MCP_AUTH_FAIL_BURST")) : 0;
      http.auth_fail_per_s = getenv("E2B_MCP_AUTH_FAIL_PER_S") ? atoi(getenv("E2B_MCP_AUTH_FAIL_PER_S")) : 0;
      use_http = 1;
      continue;
    }
    {
      int known = !strcmp(a, "--version") || !strcmp(a, "--help") || !strcmp(a, "-h") || !strcmp(a, "--http") || !strcmp(a, "--tools") || !strcmp(a, "--auth");
      if (known) say("e2b-mcp: wrong number of arguments for ", a, "\n\n", usage, usage_env, usage_auth, usage_ops, NULL);
      else say("e2b-mcp: unknown argument '", a, "'\n\n", usage, usage_env, usage_auth, usage_ops, NULL);
      return 2;
    }
  }
  if (force_public && !auth_none) {   /* a force that forces nothing is a mistake to say */
    say("e2b-mcp: --force-public only goes with --auth none\n", NULL);
    return 2;
  }
#ifdef SIGPIPE
  signal(SIGPIPE, SIG_IGN);   /* a client gone mid-answer is an error to handle, not a death */
#endif
  memset(&cfg, 0, sizeof cfg);
  cfg.tools = tools;
  cfg.read_only = read_only;
#if E2B_MCP__TASKS
  if (getenv("E2B_MCP_TASK_TTL_MS")) {
    char *end;
    long n = strtol(getenv("E2B_MCP_TASK_TTL_MS"), &end, 10);
    if (*end || n < 100 || n > 86400000L) {
      say("e2b-mcp: E2B_MCP_TASK_TTL_MS wants how long a task is kept, in ms (100 to 86400000)\n", NULL);
      return 2;
    }
    cfg.task_ttl_ms = (int)n;
  }
#endif
#if E2B_MCP_WITH_APP
  if (getenv("E2B_MCP_TEAM_CONCURRENCY")) {
    char *end;
    long n = strtol(getenv("E2B_MCP_TEAM_CONCURRENCY"), &end, 10);
    if (*end || n < 1 || n > 100000) {
      say("e2b-mcp: E2B_MCP_TEAM_CONCURRENCY wants the team's limit of running sandboxes, a number from 1\n", NULL);
      return 2;
    }
    cfg.team_concurrency = (int)n;
  }
#endif
  if (getenv("E2B_MCP_RESULT_BUDGET")) {
    char *end;
    long b = strtol(getenv("E2B_MCP_RESULT_BUDGET"), &end, 10);
    if (*end || b < 1000) {   /* smaller leaves no room for a sandbox and the continuation */
      say("e2b-mcp: E2B_MCP_RESULT_BUDGET wants a number of characters, at least 1000\n", NULL);
      return 2;
    }
    cfg.result_budget = b;
  }
#if E2B_MCP_KEYSTORE
  ks_path = getenv("E2B_MCP_KEYSTORE_FILE") && *getenv("E2B_MCP_KEYSTORE_FILE") ? getenv("E2B_MCP_KEYSTORE_FILE") : NULL;
  if (ks_path && (!use_http || auth_none || !getenv("E2B_MCP_AUTH_ISSUER") || !*getenv("E2B_MCP_AUTH_ISSUER") || http.client_keys)) {
    say("e2b-mcp: E2B_MCP_KEYSTORE_FILE needs --http and E2B_MCP_AUTH_ISSUER (the store goes by each access token's "
        "subject), and not E2B_MCP_HTTP_CLIENT_KEYS\n", NULL);
    return 2;
  }
#else
  if (getenv("E2B_MCP_KEYSTORE_FILE") && *getenv("E2B_MCP_KEYSTORE_FILE")) {
    say("e2b-mcp: E2B_MCP_KEYSTORE_FILE: this build has no key store (build with BearSSL or mbedTLS)\n", NULL);
    return 2;
  }
#endif
  cfg.api_key = http.client_keys ? NULL : getenv("E2B_API_KEY");   /* per-client keys: the server has none */
#if E2B_MCP_KEYSTORE
  if (ks_path) cfg.api_key = NULL;   /* each caller's key comes from the store; nobody gets the server's */
#endif
  cfg.domain = getenv("E2B_DOMAIN");
  cfg.api_url = getenv("E2B_API_URL");
  cfg.dashboard_url = getenv("E2B_DASHBOARD_API_URL");
  cfg.team_id = getenv("E2B_TEAM_ID");
  cfg.ca_file = getenv("E2B_MCP_CA_FILE");
  cfg.state_key = getenv("E2B_MCP_STATE_KEY");
  if (getenv("E2B_MCP_REDIS_URL") && *getenv("E2B_MCP_REDIS_URL")) {
#if E2B_MCP_REDIS
    if (getenv("E2B_MCP_STATE_DIR") && *getenv("E2B_MCP_STATE_DIR")) {
      say("e2b-mcp: E2B_MCP_REDIS_URL and E2B_MCP_STATE_DIR both keep the used consent answers: set one\n", NULL);
      return 2;
    }
    if (e2b_mcp_redis_init(&redis, getenv("E2B_MCP_REDIS_URL"), NULL, NULL) != 0) {   /* the URL is not echoed: it may hold a password */
      say("e2b-mcp: E2B_MCP_REDIS_URL: ", redis.why, "\n", NULL);
      return 2;
    }
    if (getenv("E2B_MCP_REDIS_TIMEOUT_MS")) redis.timeout_ms = atoi(getenv("E2B_MCP_REDIS_TIMEOUT_MS"));
    redis_on = 1;
    cfg.state_once = redis_state_once;
#else
    say("e2b-mcp: E2B_MCP_REDIS_URL: this build has no Redis client (built with E2B_MCP_REDIS 0)\n", NULL);
    return 2;
#endif
  } else if (getenv("E2B_MCP_STATE_DIR") && *getenv("E2B_MCP_STATE_DIR")) {
    const char *d = getenv("E2B_MCP_STATE_DIR");
#ifdef _WIN32
    if (strlen(d) >= sizeof state_dir || access(d, W_OK) != 0) {   /* Windows' access knows no X_OK */
#else
    if (strlen(d) >= sizeof state_dir || access(d, W_OK | X_OK) != 0) {
#endif
      say("e2b-mcp: E2B_MCP_STATE_DIR=", d, ": not a directory this process can write\n", NULL);
      return 2;
    }
    strcpy(state_dir, d);
    cfg.state_once = state_dir_once;
  } else if (use_http && cfg.state_key && *cfg.state_key)
    say("e2b-mcp: E2B_MCP_STATE_KEY without E2B_MCP_STATE_DIR or E2B_MCP_REDIS_URL: each replica remembers the consent answers it "
        "took, so behind N replicas one answer could be used once on each; give them a shared E2B_MCP_STATE_DIR\n", NULL);
  cfg.enable_kill = env_on(kill);
#if E2B_MCP_LIMITS
  if (limit_env("E2B_MCP_LIMIT_CALLS", &cfg.limit_per_min, &cfg.limit_burst) != 0 ||
      limit_env("E2B_MCP_LIMIT_BILLABLE", &cfg.limit_bill_per_min, &cfg.limit_bill_burst) != 0) return 2;
#if E2B_MCP_REDIS
  if (redis_on && (cfg.limit_burst > 0 || cfg.limit_bill_burst > 0)) cfg.limit_take = redis_limit_take;
#endif
#endif
#if E2B_MCP_AUDIT
  if (getenv("E2B_MCP_AUDIT_LOG") && *getenv("E2B_MCP_AUDIT_LOG")) {
    audit_path = getenv("E2B_MCP_AUDIT_LOG");
    audit_client = use_http ? "http" : "stdio";
    audit_reads = env_on(getenv("E2B_MCP_AUDIT_READS"));
    audit_fail_open = env_on(getenv("E2B_MCP_AUDIT_FAIL_OPEN"));
    if (getenv("E2B_MCP_AUDIT_REFUSALS_S") && *getenv("E2B_MCP_AUDIT_REFUSALS_S")) {
      char *end;
      audit_refusals_s = strtol(getenv("E2B_MCP_AUDIT_REFUSALS_S"), &end, 10);
      if (*end || audit_refusals_s < 1 || audit_refusals_s > 86400) {
        say("e2b-mcp: E2B_MCP_AUDIT_REFUSALS_S wants a number of seconds, 1 to 86400\n", NULL);
        return 2;
      }
    }
    if (audit_open(1) != 0) return 2;
    cfg.audit = audit_line;
    cfg.audit_start = audit_started;
    atexit(audit_end);
#ifdef SIGHUP
    on_signal(SIGHUP, on_hup);
#endif
  }
#else
  if (getenv("E2B_MCP_AUDIT_LOG") && *getenv("E2B_MCP_AUDIT_LOG")) {
    say("e2b-mcp: E2B_MCP_AUDIT_LOG: this build has no audit log (built with E2B_MCP_AUDIT 0)\n", NULL);
    return 2;
  }
#endif
  r = e2b_mcp_init(&srv, &cfg);
  if (r == E2B_MCP_ERR_TOOLS) {   /* a typo would silently offer fewer tools than meant: refused */
    say("e2b-mcp: --tools / E2B_MCP_TOOLS: ", srv.errmsg, "\n", NULL);
    return 2;
  }
  if (r != 0) {
    say("e2b-mcp: ", e2b_mcp_strerror(r), " (check E2B_API_URL, E2B_DASHBOARD_API_URL and E2B_DOMAIN)\n", NULL);
    return 2;
  }
  /* A bad trust store is said now, not at the first tool call; the server still starts
     (tools then say the same). Only the file name: nothing secret. */
  if ((srv.api.https || srv.dash.https) && !srv.trust_loaded) {
#ifdef E2B_MCP_TLS_NONE
    say("e2b-mcp: warning: ", e2b_mcp_strerror(E2B_MCP_ERR_NO_TLS), "\n", NULL);
#else
    const char *why = e2b_mcp_strerror(E2B_MCP_ERR_TLS_TRUST);
    if (cfg.ca_file) say("e2b-mcp: warning: E2B_MCP_CA_FILE=", cfg.ca_file, ": ", why, "; https calls will fail\n", NULL);
    else say("e2b-mcp: warning: the system trust store: ", why, "; https calls will fail\n", NULL);
#endif
  }
#if E2B_MCP_REDIS
  if (redis_on) {   /* the server's own socket port and trust anchors (E2B_MCP_CA_FILE) */
    redis.net = srv.net;
    if (redis.tls && !srv.trust_loaded) srv.trust_loaded = e2b_mcp_tls_trust_init(&srv.trust, cfg.ca_file) > 0;
    redis.trust = srv.trust_loaded ? &srv.trust : NULL;
    redis_log(e2b_mcp_redis_ping(&redis) == 0);
  }
#endif
  if (tools && strstr(tools, "kill") && !cfg.enable_kill && !read_only)
    say("e2b-mcp: the tool selection names kill, but killing stays off without E2B_MCP_ENABLE_KILL=1\n", NULL);
  if (!srv.ntools) say("e2b-mcp: warning: the tool selection leaves no tool on (check --tools and --read-only)\n", NULL);
  if (http.client_keys) {
    if (getenv("E2B_API_KEY")) say("e2b-mcp: E2B_MCP_HTTP_CLIENT_KEYS=1: E2B_API_KEY is not used; each client sends its own key\n", NULL);
  }
#if E2B_MCP_KEYSTORE
  else if (ks_path) {
    if (getenv("E2B_API_KEY")) say("e2b-mcp: E2B_MCP_KEYSTORE_FILE: E2B_API_KEY is not used; each caller's key comes from the key store\n", NULL);
  }
#endif
  else if (srv.key_problem) say("e2b-mcp: E2B_API_KEY is missing or not a team key; tools will say how to fix it\n", NULL);
  if (!use_http) {
    on_signal(SIGINT, on_stop);
    on_signal(SIGTERM, on_stop);
    return e2b_mcp_serve_stdio(&srv);
  }
#ifndef _WIN32
  {   /* every client is a descriptor: the soft limit (often 1024) up to the hard one */
    struct rlimit rl;
    char n2[12];
    if (getrlimit(RLIMIT_NOFILE, &rl) == 0) {
      if (rl.rlim_cur < rl.rlim_max) { rl.rlim_cur = rl.rlim_max; (void)setrlimit(RLIMIT_NOFILE, &rl); (void)getrlimit(RLIMIT_NOFILE, &rl); }
      if (rl.rlim_cur != RLIM_INFINITY && rl.rlim_cur < (rlim_t)(E2B_MCP_HTTP_CONNS + E2B_MCP_HTTP_LINGER + E2B_MCP_CALLS + 16))
        say("e2b-mcp: warning: ", num((unsigned)rl.rlim_cur, n1), " file descriptors (ulimit -n) for ",
            num((unsigned)(E2B_MCP_HTTP_CONNS + E2B_MCP_HTTP_LINGER + E2B_MCP_CALLS + 16), n2),
            " sockets: clients beyond them are refused; raise the hard limit\n", NULL);
    }
  }
#endif
  if (auth_none) {
    http.token = NULL;
    if (use_http && (private_addr(host) || force_public)) {
      http.open_access = 1;
      say("e2b-mcp: warning: --auth none on ", host, ": whoever reaches this address calls the tools with this "
          "server's E2B key\n", NULL);
    }
  }
#if E2B_MCP_AUTH
  else if (auth_setup(&http) < 0) return 2;
#else
  else if (getenv("E2B_MCP_AUTH_ISSUER") && *getenv("E2B_MCP_AUTH_ISSUER")) {
    say("e2b-mcp: E2B_MCP_AUTH_ISSUER: this build cannot verify access tokens (built without E2B_MCP_AUTH: "
        "use the BearSSL or mbedTLS build)\n", NULL);
    return 2;
  }
#endif
  r = e2b_mcp_http_listen(&srv, &http);
  if (r == E2B_MCP_ERR_NEED_TOKEN && auth_none) {
    say("e2b-mcp: refusing --auth none on ", host, ": not a loopback or private address, so anyone could reach "
        "it without a token and spend your E2B credits. Listen on 127.0.0.1 or a private address, use "
        "E2B_MCP_AUTH_ISSUER or E2B_MCP_HTTP_TOKEN, or add --force-public if something in front decides who reaches it.\n", NULL);
    return 2;
  }
  if (r == E2B_MCP_ERR_NEED_TOKEN) {
    say("e2b-mcp: refusing to listen on ", host, " without a token: anyone who can reach it could spend your E2B "
        "credits. Set E2B_MCP_HTTP_TOKEN, or listen on 127.0.0.1.\n", NULL);
    return 2;
  }
  if (r != 0) { say("e2b-mcp: ", host, ":", num(http.port, n1), ": ", e2b_mcp_strerror(r), "\n", NULL); return 2; }
#if E2B_MCP_AUTH
  if (auth_keys() < 0) return 2;
#endif
  on_signal(SIGINT, on_stop);
  on_signal(SIGTERM, on_stop);
  say("e2b-mcp: listening on http://", strchr(host, ':') ? "[" : "", host, strchr(host, ':') ? "]" : "", ":",
      num(srv.http.port, n1), "/mcp", http.token && *http.token ? " (bearer token required)" : "",
      http.open_access ? " (no authentication)" : "",
#if E2B_MCP_AUTH
      http.auth ? " (OAuth access tokens required)" : "",
#endif
      http.client_keys ? " (each client's own E2B key, X-E2B-API-Key)" : "",
#if E2B_MCP_KEYSTORE
      http.keystore ? " (each caller's E2B key from the key store)" : "",
#endif
      "\n", NULL);
#if (E2B_MCP_KEYSTORE || E2B_MCP_AUDIT) && defined(SIGHUP)
  if (
#if E2B_MCP_KEYSTORE
      http.keystore ||
#endif
      cfg.audit) {
    on_signal(SIGHUP, on_hup);
    while (!srv.http.stop) {   /* e2b_mcp_http_run's loop, with the store and the log opened again between steps */
      e2b_mcp_http_step(&srv, 250);
#if E2B_MCP_KEYSTORE
      if (hup_ks) { hup_ks = 0; if (http.keystore) ks_reload(); }
#endif
#if E2B_MCP_AUDIT
      if (cfg.audit) {
        if (hup_log) { hup_log = 0; (void)audit_open(0); }   /* a failure: tried again at the next record */
        audit_tick(0);
      }
#endif
    }
  }
#endif
  return e2b_mcp_http_run(&srv);
}
