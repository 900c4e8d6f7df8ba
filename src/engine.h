#include "config.h"
#include "derived.h"
#include "port.h"
#include "stream.h"
#include "client.h"
#include "principal.h"
#include "mcp.h"
/* >>engine: calls in flight, and the seam a transport uses -------------------- */

/* A call's buffers: from the server's pool (E2B_MCP_CALL_BUFS), held from
   the call's start to its end (its slot's rq.buf is req, rq.body_buf resp);
   without a pool, the slot's own. */
typedef struct e2b_mcp__buf {
  char req[E2B_MCP_REQ_MAX];  /* the request the exchange sends (and the body, in resp, before the answer) */
  char resp[E2B_MCP_RESP_MAX + 1];   /* the answer the exchange reads */
} e2b_mcp__buf;
/* Until the answer, resp holds the request's body, then the consent question
   (E2B_MCP__ASK_MAX), then what the TLS port borrows for its handshake
   (E2B_MCP_TLS_LEND), at its very end (>>client). */
#ifdef E2B_MCP__TLS_LEND_ROOM
#  define E2B_MCP__BODY_MAX (E2B_MCP_RESP_MAX - E2B_MCP__ASK_MAX - E2B_MCP__TLS_LEND_ROOM)
#else
#  define E2B_MCP__BODY_MAX (E2B_MCP_RESP_MAX - E2B_MCP__ASK_MAX)
#endif
typedef char e2b_mcp__answer_buffer_too_small_for_body_question_and_tls_loan[E2B_MCP_RESP_MAX >= E2B_MCP__BODY_MAX && E2B_MCP__BODY_MAX > 0 ? 1 : -1];

#if E2B_MCP__TASKS
/* A long call as a task (>>engine, the tasks extension): answered at once
   with its handle, while the call runs on in its slot and writes its answer
   here (the slot's sink becomes the task's); its owner polls it with
   tasks/get. Its owner is the principal admitted for the request
   (e2b_mcp_origin.principal's id: the identity 2025 sessions are bound to),
   so only that principal finds it, from any session or connection; where
   nobody said who (no principal: loopback with no auth), the transport's
   caller (e2b_mcp_origin.caller: HTTP's, the client's address). */
typedef struct e2b_mcp__task {
  int state;                  /* E2B_MCP__TS_*: free, working, completed, failed, cancelled */
  char id[33];                /* 32 hex digits, random */
  unsigned long long owner;   /* its principal's id (e2b_mcp__task_owner), never 0 */
  unsigned long long created_s, updated_s;   /* Unix seconds */
  unsigned long created_ms;   /* the port's clock, for its expiry (0: no clock) */
  struct e2b_mcp__slot *slot; /* its call's, while it runs */
  const char *note;           /* its statusMessage, or NULL */
  size_t len;                 /* answer[0..len): the call's JSON-RPC answer, as written */
  size_t head;                /* where its "result" or "error" member begins in it */
  int over;                   /* the answer did not fit */
  e2b_mcp_sink sink;          /* where its call's answer goes: here */
  char answer[E2B_MCP_TASK_RESULT_MAX];
} e2b_mcp__task;
#endif

/* One tool call in flight (>>engine): everything a call needs while it waits
   for its user or for E2B (a two-phase tool's, or a simple custom tool's
   that asked). What one step uses and drops
   (parsing the answer, shaping the result, writing the message) is the
   server's shared scratch. The fields before conn are the call's and are
   cleared for each; conn stays open from call to call (keep-alive). */
typedef struct e2b_mcp__slot {
  int state;                  /* E2B_MCP__CS_*: free, asking the user, talking to E2B, done */
  e2b_mcp_call call;
  e2b_mcp__req rq;
  e2b_mcp__ctx cx;            /* its context: its session below, its key (a client's: copied below), cool-downs */
  e2b_mcp_session sess;       /* the caller's session as it was when the call came */
  const e2b_mcp_session *from;/* the session it came from, which its answers and cancels must too; NULL: none */
  e2b_mcp_sink sink;          /* where its answer and notifications go */
  unsigned char has_sink;     /* 0: nowhere (in-process, or its client is gone) */
  unsigned long sink_no;      /* s->sinks_bound when it took its sink on */
  unsigned char decided;      /* asking: the user's answer came, to act on at the next step: 1 yes, else
                                 E2B_MCP_NO_* (a simple custom tool's: 1 an answer, 2 none) */
  const char *drop;           /* the call is to end without an answer at the next step, and why (a cancel) */
  char id[E2B_MCP_RPC_ID_MAX];/* its JSON-RPC id, as JSON text */
  e2b_mcp_call *back;         /* in-process: the caller's call, which gets the result */
  long ask_id;                /* asking: the id of our elicitation/create */
  unsigned long until;        /* the user's answer, or E2B's, is due by then (ms; 0: no clock) */
  size_t said;                /* a simple custom tool's: resp[0..said) is "[params,answer,..." (its text for the next run) */
  unsigned long t0;           /* when the request went out */
  e2b_mcp__client cl;         /* its E2B request: the exchange (its result: cl.x.r) and how far it is */
#if E2B_MCP_WITH_BATCH
  struct e2b_mcp__batch *batch; /* a 2025-03-26 batch's call: the batch its answer goes into (NULL: none) */
  int bat_at;                 /* which of its requests it is */
  unsigned bat_share;         /* the room kept in the batch for an error in its place */
#endif
#ifdef E2B_MCP__DOC
  e2b_mcp__fetch *fetch;      /* not a call: a document from elsewhere (e2b_mcp__fetch_start) */
#endif
#if E2B_MCP__TASKS
  struct e2b_mcp__task *task; /* the task it answers (its sink is the task's), or NULL */
#endif
  /* over HTTP with per-client keys, its client's key (copied from the request) and its KMP table */
  char client_key[E2B_MCP_KEY_MAX];
  unsigned char client_key_fail[E2B_MCP_KEY_MAX];
#if E2B_MCP__WHO
  char who[E2B_MCP_SUBJECT_MAX];   /* who calls (its context's who, copied) */
#endif
#if E2B_MCP_AUDIT
  unsigned char audit_on;     /* the audit hook hears of its end (it went through e2b_mcp__call_start) */
  unsigned char audit_refused;  /* cfg.audit_start refused it: nothing was sent */
  int audit_status;           /* E2B's HTTP status, once answered */
  unsigned long audit_t0;     /* when it came */
  unsigned long audit_batch;  /* the record's batch (the 2025-03-26 batch it came in: its sink_no), or 0 */
  char audit_sbx[E2B_MCP_ID_MAX + 1];         /* its sandbox_id argument */
  char audit_args[E2B_MCP_AUDIT_ARGS_MAX];    /* its arguments, secrets redacted */
#endif
#if E2B_MCP_METRICS
  unsigned long met_t0;       /* when it took its slot (>>metrics: its duration) */
#endif
  e2b_mcp_conn conn;          /* kept open between calls */
  int wgen, widx;             /* e2b_mcp_watch number wgen put conn's socket at widx of its array (kept, as conn is,
                                 when the slot is taken: a kept connection is watched while the slot is free) */
#ifndef E2B_MCP__POOL
  e2b_mcp__buf own;           /* its buffer (no pool) */
#endif
} e2b_mcp__slot;

/* ---- the engine seam: what a transport of your own uses ----
   A transport reads messages its own way (a line on a UART, a frame on a CAN
   bus, a WebSocket message) and hands each whole one to the engine:

     e2b_mcp_submit(s, text, n, &origin, &sink)   one message in
     n = e2b_mcp_watch(s, polls, cap, &timeout)   the sockets its calls wait on
     ... wait on them with your own (the port's wait, or your superloop) ...
     e2b_mcp_step(s)                               moves every call on

   submit parses the message once and answers what it can at once, through
   the sink, before it returns (initialize, tools/list, a simple custom
   tool): E2B_MCP_ANSWERED. A tool call that talks to E2B or asks its user is
   deferred (E2B_MCP_DEFERRED): it waits in a call slot, with a buffer from
   the pool, and is answered
   later, through a copy of the sink, from inside e2b_mcp_step; so is any
   tool's question to the user, which goes out as elicitation/create and
   whose answer comes back as a message like any other (submit it). When
   no call slot or no buffer is free, a tools/call that needs one is queued
   (E2B_MCP_QUEUED) in the engine's one queue of calls waiting for a slot,
   if the transport keeps its text (origin.keep): calls start from
   there in the order they came, from e2b_mcp_step, as slots free. A queued
   text is copied into s->msg when it starts (HTTP writes its answer where
   the text was), but one kept inside s->msg is started in place, and the
   engine writes nothing into s->msg while texts wait there: a transport may
   park waiting texts at the start of s->msg and go on reading messages into
   the rest of it (stdio does; it submits them from there too). Else, or
   when the queue is full (E2B_MCP_QUEUE), or when a call of the same sink
   waits for its user's answer (which may be behind this message in the
   same stream), it is answered that the server is busy (a transport that
   says busy its own way, as HTTP's 503, learns it from e2b_mcp_peek first). Nothing in the engine waits (a
   2025-03-26 batch's tool calls take slots, or wait in the queue, like any
   others, and the batch is answered as one array, through a copy of the
   sink, when its last call ends): keep calling watch/step until
   e2b_mcp_calls_in_flight is 0. The text needs to
   live only while submit runs (queued: until e2b_mcp_queued(s, ctx) is 0);
   the sink's ctx until the calls it was given are answered
   (e2b_mcp_sink_busy), or until e2b_mcp_sink_gone(s, ctx) (its client went
   away: its calls run on, answering nobody; its queued ones never start). */

/* Where a message came from: the transport fills it for each message. */
typedef struct e2b_mcp_origin {
  e2b_mcp_session *session;   /* the client's session (NULL: the server's own, s->session) */
  const char *api_key;        /* the E2B API key its calls use, checked by the transport
                                 (NULL: the server's own, cfg.api_key); copied into the call */
  size_t api_key_len;         /* its length (0: up to its NUL) */
  unsigned long *cooldown;    /* that key's 429 cool-downs, one per tool (NULL: the server's own) */
  e2b_mcp_wire *wire;         /* HTTP: the request's headers, for 2026-07-28 (NULL: none) */
  const e2b_mcp_principal *principal;   /* who sent it, decided once by the transport (>>principal):
                                 the tools it may list and call (its scopes: a call to another is
                                 refused, and audited as forbidden), the audit's who, the key
                                 store's key (its api_key replaces api_key) or none (no_key);
                                 copied. NULL: nobody said (every tool, api_key) */
  int *forbidden;             /* out, for a transport that answers such a refusal its own way
                                 (HTTP: 403 insufficient_scope): a lone tools/call refused for
                                 its principal's scopes sets it to 1 + the tool's group. NULL: not told */
#if E2B_MCP_WITH_2026
  unsigned long long caller;  /* who sent it, for a 2026-07-28 request, which no session ties to
                                 the cancel that may follow: the transport's hash of the client's
                                 identity (HTTP: its own E2B key, else its access token's subject,
                                 else its address); a notifications/cancelled reaches only the
                                 calls of the same caller. 0: not known (its calls cannot be cancelled) */
#endif
  const char *keep;           /* where the transport keeps this text (msg itself, or a copy)
                                 unchanged, with what this origin points to, while it waits
                                 in the queue; NULL: it may not wait (busy when no slot is free) */
} e2b_mcp_origin;

enum { E2B_MCP_ANSWERED = 0, E2B_MCP_DEFERRED = 1, E2B_MCP_QUEUED = 2 };
/* One message (a JSON-RPC object, or a batch under 2025-03-26): E2B_MCP_ANSWERED,
   _DEFERRED or _QUEUED (above), or < 0 when the sink failed. from may be NULL
   (the server's own session and key; never queued). */
E2B_MCP_DEF int  e2b_mcp_submit(e2b_mcp_server *s, const char *msg, size_t n, const e2b_mcp_origin *from, const e2b_mcp_sink *out);
/* How many messages of this sink ctx wait in the queue (their text is still the engine's). */
E2B_MCP_DEF int  e2b_mcp_queued(const e2b_mcp_server *s, const void *ctx);
/* What a message is, for a transport that must know before it submits it
   (HTTP: a new session for an initialize, none for a 2026-07-28 request):
   json (one JSON value, or one too big to read: the core answers it),
   initialize (a request in it is one), modern (of the stateless revision,
   wire: its headers), busy (a tools/call that needs a call slot, when none
   is free and the queue is full: submitted, it is answered that the server
   is busy). It parses the text; an e2b_mcp_submit of the same
   text (the same pointer and length) that comes next uses that parse: peek
   only what you then submit, or answer yourself and peek again before the
   next submit of other text in the same place. */
typedef struct e2b_mcp_kind { int json, initialize, modern, busy; } e2b_mcp_kind;
E2B_MCP_DEF void e2b_mcp_peek(e2b_mcp_server *s, const char *msg, size_t n, const e2b_mcp_wire *wire, e2b_mcp_kind *k);
/* The sockets the calls wait on, into p[0..cap) (cap >= E2B_MCP_CALLS), each
   with what it waits for; lowers *timeout_ms (-1: no limit) to the next
   deadline (0: something is due now). Returns the count. */
E2B_MCP_DEF int  e2b_mcp_watch(e2b_mcp_server *s, e2b_mcp_poll *p, int cap, int *timeout_ms);
/* Moves every call on as far as it goes without waiting; answers the ones
   that are done, through their sinks. */
E2B_MCP_DEF void e2b_mcp_step(e2b_mcp_server *s);
/* Whether a call still owes an answer to this sink ctx; and: its client went
   away (its calls run on, answering nobody; a question it was asked ends). */
E2B_MCP_DEF int  e2b_mcp_sink_busy(const e2b_mcp_server *s, const void *ctx);
E2B_MCP_DEF void e2b_mcp_sink_gone(e2b_mcp_server *s, const void *ctx);
/* The server stops: a question to the user or a read from E2B ends now,
   answered so; a call that changes something runs to its answer (its client
   learns what was done); calls waiting for a slot never start: each one's
   sink ctx is passed to gone, which answers it (gone NULL: they end
   unanswered). Returns how many calls are left: keep stepping until 0. */
E2B_MCP_DEF int  e2b_mcp_stop(e2b_mcp_server *s, void (*gone)(e2b_mcp_server *s, const void *ctx));
/* Whether a call, running or queued, uses these 429 cool-downs (a transport
   that keeps them per client key reuses an array only when none does). */
E2B_MCP_DEF int  e2b_mcp_cooldown_in_use(const e2b_mcp_server *s, const unsigned long *cooldown);
/* Its client will send nothing more (the end of its input): the questions
   its calls asked and that no answer reached end unanswered (not a yes) at
   the next step; an answer that came first stands. Returns how many it ended
   (a custom tool may ask again when it runs on: call it until 0). */
E2B_MCP_DEF int  e2b_mcp_sink_eof(e2b_mcp_server *s, const void *ctx);

/* How many tool calls are not answered yet (waiting for E2B, their user or a
   free slot), and answers a transport still holds (s->held, which a
   transport may set: over HTTP, answers still leaving): a loop of your own
   that steps a transport can tell when all have been answered. */
E2B_MCP_DEF int  e2b_mcp_calls_in_flight(const e2b_mcp_server *s);

/* A message waiting for a call slot (the engine's queue): the transport's
   text and origin, a copy of its sink. */
typedef struct e2b_mcp__queued {
  const char *msg;
  size_t n;
  e2b_mcp_origin from;
  e2b_mcp_sink sink;
#if E2B_MCP_WITH_BATCH
  struct e2b_mcp__batch *batch; /* one request of this batch (its text is the batch's); NULL: a message */
  int bat_at;
  unsigned bat_share;
#endif
} e2b_mcp__queued;

#if E2B_MCP_WITH_BATCH
/* A 2025-03-26 batch being answered (>>engine): its tool calls run in call
   slots, or wait in the queue, like any others, and the batch is answered as
   one array when its last call ends. buf holds the batch's text (a request
   that waits for a slot is read from there) and, after it, each answer as it
   comes: a header (which request, how long) and the answer as the core wrote
   it, "," first; the array puts them back in the batch's order. Room for a
   short error in place of each answer still to come is kept (reserve), so an
   answer that does not fit is always answered so. */
typedef struct e2b_mcp__batch {
  int open;                   /* its requests are still being read (inside submit) */
  int out;                    /* its calls not answered yet: in a slot, or in the queue */
  int count;                  /* its requests */
  unsigned char has_sink;     /* 0: its client went away (its calls run on, answering nobody) */
  unsigned long sink_no;      /* s->sinks_bound when it took its sink on */
  unsigned char over;         /* the answer being written did not fit */
  e2b_mcp_sink sink;          /* where the array goes */
  e2b_mcp_sink mem;           /* where answers go meanwhile: into buf */
  size_t text;                /* buf[0..text): the batch's text */
  size_t len;                 /* buf[0..len) used */
  size_t limit;               /* the answer being written may reach this far */
  size_t reserve;             /* kept for an error in place of each answer to come */
  char buf[E2B_MCP_BATCH_ROOM];
} e2b_mcp__batch;
#endif

/* Closes the E2B connections kept open between calls. */
E2B_MCP_DEF void e2b_mcp_close(e2b_mcp_server *s);
