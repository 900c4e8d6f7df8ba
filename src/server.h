#include "config.h"
#include "derived.h"
#include "metrics.h"
#include "port.h"
#include "client.h"
#include "seal.h"
#include "mcp.h"
#include "prompts.h"
#include "resources.h"
#include "complete.h"
#include "engine.h"
#include "ops.h"
#include "http.h"
/* >>server: the one struct that holds every layer's state ---------------------
   Declared after the layers whose state it holds; the caller owns it (static
   or on a big stack) and nothing in it is allocated. */

struct e2b_mcp_server {
  e2b_mcp_config cfg;
  const e2b_mcp_sock_port *net;   /* cfg.sock_port, or the POSIX port */
  /* the MCP session of stdio and in-process calls (a message submitted
     without one of its own: HTTP brings each client's) */
  e2b_mcp_session session;
  long next_ask_id;
#if E2B_MCP_WITH_2026
  unsigned char state_key[32];  /* seals requestState tokens */
  int state_key_set;
  unsigned long state_seq;      /* mixed into nonces when the port has no random source */
  e2b_mcp__spent spent[E2B_MCP_STATE_SPENT];   /* used requestState tokens, until they expire */
#endif
  /* the tool set */
  const e2b_mcp_tool *tools[E2B_MCP__BUILTIN_ROOM + E2B_MCP_MAX_TOOLS];
  int ntools, ncustom;        /* in tools; of them added with e2b_mcp_add_tool (at most E2B_MCP_MAX_TOOLS) */
#if E2B_MCP_AUTH
  unsigned char group[E2B_MCP__BUILTIN_ROOM + E2B_MCP_MAX_TOOLS];   /* each tool's group, E2B_MCP_GROUP_* (the scope it needs) */
#endif
  const e2b_mcp_tool *off[E2B_MCP__BUILTIN_ROOM];   /* E2B's tools switched off (cfg.tools, read_only, enable_kill), */
  const char *off_why[E2B_MCP__BUILTIN_ROOM];       /* why, and how to switch each on (a call to one says it) */
  int noff;
#if E2B_MCP__TOOLS_OUT
  const char *const *built_out;   /* E2B's tools this build leaves out and what a call to one is told (>>e2b tools), or NULL */
#endif
#if E2B_MCP__SURFACE
  const e2b_mcp__surface *surface[E2B_MCP__SURFACES];   /* the layers that serve methods beyond tools */
  int nsurface;
#endif
#if E2B_MCP_WITH_PROMPTS
  const e2b_mcp_prompt *prompts[E2B_MCP__PROMPT_ROOM + E2B_MCP_MAX_PROMPTS];   /* E2B's workflows, then yours */
  int nprompts, nprompts_custom;
#endif
#if E2B_MCP_WITH_RESOURCES
  const e2b_mcp_resource *resources[E2B_MCP_MAX_RESOURCES];   /* yours (E2B's are a fixed table) */
  int nresources;
#endif
#if E2B_MCP_WITH_COMPLETIONS
  e2b_mcp__complete_cache complete[E2B_MCP__CC_N];   /* values E2B gave a moment ago */
#endif
  /* E2B */
  char key[E2B_MCP_KEY_MAX];  /* the server's own key (cfg.api_key, checked) */
  int key_problem;            /* 0 ok, else why the key cannot be used */
  int in_tool;                /* a tool's handler runs: e2b_mcp_call_tool from inside it is refused */
  unsigned key_len;           /* its length ("" and 0 when none) */
  unsigned char key_fail[E2B_MCP_KEY_MAX];   /* its KMP table, for finding it in a stream */
  e2b_mcp_url api, dash;
  e2b_mcp_tls_trust trust;
  int trust_loaded;
  /* after a 429, per tool (E2B limits per route: a full concurrency on create
     must not stop the kill or pause that frees it): no request with the
     server's own key before this (ms); a client's key has its own (HTTP) */
  unsigned long cooldown_until[E2B_MCP__BUILTIN_ROOM + E2B_MCP_MAX_TOOLS];
  int nslots;                 /* call slots used so far (the rest were never touched) */
  /* slots[i].sink.ctx while slot i answers through a sink, else NULL: asking
     whether a connection still has a call in flight reads this one array, not
     every slot (a thousand cache misses a call under load) */
  const void *slot_sink[E2B_MCP_CALLS];
  /* A transport that hands the engine its wait's findings (HTTP): e2b_mcp_watch
     number wgen put each watched socket in the array that, after the wait,
     is at wready (NULL: not known, every call's socket is tried); with
     watch_idle, a free slot's kept connection is watched too, so it stays in
     the wait from call to call and a close while idle is seen there. */
  int wgen;
  const e2b_mcp_poll *wready;
  unsigned long sinks_bound;  /* calls and batches given a sink so far: a message whose handling gave one is answered later */
  unsigned long sinks_done;   /* of those taken on since sinks_floor (a submit's start), the ones already ended */
  unsigned long sinks_floor;
  unsigned char watch_idle;
  const e2b_mcp__runner *run; /* how the core reaches the calls (>>engine's table) */
  e2b_mcp__queued queue[E2B_MCP_QUEUE];    /* calls waiting for a slot, oldest first (>>engine) */
  int nqueue;
#if E2B_MCP_WITH_BATCH
  e2b_mcp__batch *bat;        /* the batch whose request is being read now (>>engine), */
  int bat_at, bat_root;       /* which request, its object's token, */
  unsigned bat_share;         /* the room kept for its error, */
  int bat_later, bat_queued;  /* it went on in a slot or into the queue; it came from the queue */
  const e2b_mcp_origin *bat_from;   /* where the batch came from */
  unsigned char bat_used[E2B_MCP_BATCHES];   /* batches[i] is being answered (kept here, which
                                                e2b_mcp_init clears, so a record's pages stay untouched till used) */
#endif
#ifdef E2B_MCP__POOL
  int nbufs;                  /* call buffers touched so far (the rest never were) */
  int bufs_used;              /* of them held by a call */
#endif
  int (*held)(const e2b_mcp_server *s);   /* a transport's answers still leaving (e2b_mcp_calls_in_flight) */
#if E2B_MCP__SUBS
  /* resources/subscribe (>>resources): the transport's way to a session (NULL:
     none, and no subscriptions), the poll's session, sink and times */
  e2b_mcp__sub_stream sub_stream;
#if E2B_MCP_WITH_2026
  /* subscriptions/listen: the transport turns the request's answer (its sink
     k) into a stream of its own, for a session of its own that lives as long
     as the stream (whose listen_id it sets); NULL: it cannot (no room now) */
  e2b_mcp_session *(*listen_open)(e2b_mcp_server *s, const e2b_mcp_sink *k, const char *id);
#endif
  e2b_mcp_session sub_sess;
  e2b_mcp_sink sub_sink;
  unsigned long sub_polled;   /* when the last poll started (ms) */
  int sub_polling;            /* one is in flight */
  unsigned sub_polls;         /* how many polls have started */
  int nsubs;                  /* subs[0..nsubs) were used (the rest never were) */
#if E2B_MCP_TOOL_LIST_EVENTS
  char sub_ev_last[48];       /* the newest lifecycle event the events poll saw ("": none yet) */
  unsigned char sub_ev_seen;  /* the events poll has run once (what it saw then is only recorded) */
  unsigned char sub_turn;     /* which poll is next when sandboxes and events are both watched */
#endif
#endif
  unsigned long e2b_answered_ms;   /* when E2B last answered anything (>>ops' readiness; 0: never) */
#if E2B_MCP_LIMITS
  e2b_mcp__limits limits;     /* the principals' buckets (>>ops) */
#endif
#if E2B_MCP_METRICS
  e2b_mcp__metrics metrics;   /* what GET /metrics shows (>>metrics) */
#endif
  size_t peek_n;              /* e2b_mcp_peek: 1 + the length of the text parsed in mtok (0: none), */
  const char *peek_msg;       /* and where it is */
  int peek_ntok;
  /* Buffers, in the order a call uses them. Everything from msg on is never
     cleared as a whole, so pages a session does not use stay out of memory. */
  char msg[E2B_MCP_MSG_MAX + 1];
  jsmntok_t mtok[E2B_MCP_MSG_TOKENS];
  jsmntok_t rtok[E2B_MCP_RESP_TOKENS];
  char result[E2B_MCP_RESULT_MAX];
  char content[E2B_MCP_CONTENT_MAX];
  char out[E2B_MCP_OUT_CHUNK];
  char errmsg[E2B_MCP_ERRMSG_MAX];
  e2b_mcp__slot slots[E2B_MCP_CALLS];   /* the tool calls in flight (>>engine); the first nslots were used */
#ifdef E2B_MCP__POOL
  e2b_mcp__buf bufs[E2B_MCP_CALL_BUFS]; /* their buffers (>>engine), shared */
  unsigned char bufs_held[E2B_MCP_CALL_BUFS];   /* bufs[i] is a call's (valid for the first nbufs) */
#endif
#if E2B_MCP_WITH_BATCH
  e2b_mcp__batch batches[E2B_MCP_BATCHES];   /* 2025-03-26 batches being answered (>>engine) */
#endif
#if E2B_MCP__SUBS
  e2b_mcp__sub subs[E2B_MCP_SUBSCRIPTIONS];   /* the subscriptions, of every session (>>resources) */
#endif
#if E2B_MCP__TASKS
  e2b_mcp__task tasks[E2B_MCP_TASKS];   /* long calls as tasks (>>engine) */
#endif
#ifdef E2B_MCP__HTTP
  e2b_mcp_http http;          /* the Streamable HTTP transport's slots */
#endif
#if E2B_MCP_WITH_STDIO
  char stdin_buf[E2B_MCP__D(4096, 256)];    /* stdin's bytes, read by the stdio transport */
  size_t in_at, in_len, line_n;             /* stdin_buf[in_at..in_len) unread; line_n bytes of the next line in msg */
  int in_eof, line_over;
  volatile sig_atomic_t stdio_stop;         /* set (from a signal handler, say) to end e2b_mcp_serve_stdio */
  char stdout_buf[E2B_MCP__D(32768, 256)];  /* stdout's: one write(2) per message up to this size */
#endif
};

/* Set-up. The config is copied; its strings must outlive the server. Returns 0,
   or a negative E2B_MCP_ERR_* when a URL is invalid (or E2B_MCP_ERR_CONFIG, below). A missing or wrong key is
   not an error here: the server starts and each tool says what to fix. */
/* int e2b_mcp_init(e2b_mcp_server *s, const e2b_mcp_config *cfg): the
   caller's idea of the server's size goes along, so a file built with other
   settings than the implementation (another profile, buffer size or token
   layout: another e2b_mcp_server) gets E2B_MCP_ERR_CONFIG instead of a
   server written past its end. */
#define e2b_mcp_init(s, cfg) e2b_mcp_init_sized((s), (cfg), sizeof(e2b_mcp_server))
/* The function behind it, for a caller that cannot use the macro (a binding
   from another language passes the size it reserved for the server). */
E2B_MCP_DEF int  e2b_mcp_init_sized(e2b_mcp_server *s, const e2b_mcp_config *cfg, size_t size);
/* The same as a real function, for taking its address or a foreign-function
   binding that calls by name: (e2b_mcp_init)(s, cfg), or e2b_mcp_init without
   a call after it. It has no size of the caller's to check, so it trusts s to
   be as large as e2b_mcp_server_size() says; reserve that much (aligned for
   any type), or call e2b_mcp_init_sized with what you reserved. */
E2B_MCP_DEF int  (e2b_mcp_init)(e2b_mcp_server *s, const e2b_mcp_config *cfg);
E2B_MCP_DEF size_t e2b_mcp_server_size(void);

#ifdef __cplusplus
}
#endif
#endif /* E2B_MCP_H */
