#include "config.h"
#include "derived.h"
#include "port.h"
#include "stream.h"
/* >>redis: a small RESP client, for what replicas share -------------------------
   What several replicas of one server must agree on lives in Redis (7.x, or
   anything that speaks RESP2): the record of consent answers used once
   (SET key 1 NX PX ttl) and the per-user limits (one script). The client
   speaks RESP over the header's own socket port, and over its TLS port for
   rediss:// (a managed Redis), through the same stream as E2B's calls. It is
   synchronous, one command at a time, each bounded by a timeout: Redis
   answers in well under a millisecond on a local network, and an answer the
   server waits for (is this consent unused?) decides what it does next. When
   Redis cannot be reached, every command fails at once for a short while
   (no retry storm) and the caller refuses what needs it. Nothing is
   allocated; the password never reaches a message. */
#if E2B_MCP_REDIS
#define E2B_MCP__RD_IN 512   /* the longest reply kept: an integer, OK, an error line */
typedef struct e2b_mcp_redis {
  e2b_mcp_conn conn;
  const e2b_mcp_sock_port *net;
  e2b_mcp_tls_trust *trust;   /* for rediss:// (NULL: refused) */
  e2b_mcp_addr addr;          /* resolved once per connection */
  int tls, db;
  unsigned port;
  char host[E2B_MCP_HOST_MAX];
  char user[64], pass[128];   /* AUTH [user] pass when pass is set */
  int timeout_ms;             /* each command's, connecting included (default 500) */
  unsigned long retry_at;     /* after a failure, commands fail at once until then */
  int up;                     /* the last command was answered */
  char why[128];              /* why the last one failed, in words (no secret) */
  size_t in_len;
  char in[E2B_MCP__RD_IN];
} e2b_mcp_redis;

/* A reply: its type (+ - : $ or 0 for a nil bulk), the integer of ':', the
   text of + - $ (in r->in, valid until the next command). */
typedef struct e2b_mcp_redis_reply {
  char type;
  long long num;
  const char *str;
  size_t len;
} e2b_mcp_redis_reply;

/* Parses url (redis://[[user]:password@]host[:port][/db], rediss:// for TLS;
   the password may be percent-encoded) into r; net NULL: the default port.
   0, or E2B_MCP_ERR_URL (with r->why). Connects only at the first command. */
E2B_MCP_DEF int  e2b_mcp_redis_init(e2b_mcp_redis *r, const char *url, const e2b_mcp_sock_port *net, e2b_mcp_tls_trust *trust);
/* One command: argv[0..argc) (lens NULL: strlen) sent, one reply read.
   0 (a reply of any type, an error reply too), or a negative E2B_MCP_ERR_*
   with r->why (and the connection closed). The reply (out->str) lives in r
   until the next command, which writes over it: copy what must outlive it,
   and never pass it back as an argument. */
E2B_MCP_DEF int  e2b_mcp_redis_command(e2b_mcp_redis *r, int argc, const char *const *argv, const size_t *lens, e2b_mcp_redis_reply *out);
/* SET key 1 NX PX ttl_ms: 1 set now, 0 it was there, -1 Redis could not say. */
E2B_MCP_DEF int  e2b_mcp_redis_set_once(e2b_mcp_redis *r, const char *key, unsigned long ttl_ms);
/* PING: 0 answered, -1 not (r->why). */
E2B_MCP_DEF int  e2b_mcp_redis_ping(e2b_mcp_redis *r);
E2B_MCP_DEF void e2b_mcp_redis_close(e2b_mcp_redis *r);
#endif
