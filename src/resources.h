#include "config.h"
#include "derived.h"
#include "mcp.h"
/* >>resources: sandboxes, templates and snapshots as resources, and resources of your own
   A resource is context a user attaches in the client: resources/list names
   the fixed ones, resources/templates/list the families a URI template
   stands for (e2b://sandboxes/{sandboxID}), resources/read reads one. E2B's
   are read through the tools' own E2B calls, shaping and redaction: the
   contents are the tool's structured result. E2B_MCP_WITH_RESOURCES 0 leaves it
   all out. */
#if E2B_MCP_WITH_RESOURCES
typedef struct e2b_mcp_resource {
  const char *uri;            /* a URI, or a URI template: {name} stands for one path segment */
  const char *name;
  const char *title;
  const char *description;
  const char *mime_type;      /* NULL: none said */
  /* Writes the contents (e2b_mcp_resource_text, e2b_mcp_resource_blob) of
     the URI read, c->ref; e2b_mcp_uri_var reads a template's variable from
     it. e2b_mcp_result_error refuses it (a JSON-RPC error, -32603, with its
     text, and the URI in its data). c->tool->user is user. */
  void (*fn)(e2b_mcp_call *c);
  void *user;
} e2b_mcp_resource;

/* Adds a resource, or a resource template when uri holds a '{', of your own
   next to E2B's (after e2b_mcp_init): 0, or -1 when it is malformed, its URI
   is taken or E2B_MCP_MAX_RESOURCES are in. */
E2B_MCP_DEF int  e2b_mcp_add_resource(e2b_mcp_server *s, const e2b_mcp_resource *r);
/* For a resource's fn: one content item of the URI read, text or Base64 bytes. */
E2B_MCP_DEF void e2b_mcp_resource_text(e2b_mcp_call *c, const char *mime, const char *text);
E2B_MCP_DEF void e2b_mcp_resource_blob(e2b_mcp_call *c, const char *mime, const char *base64);
/* The value of the template's variable name in the URI read: 1, 0 when the
   template has no such variable, -1 when it does not fit in buf. */
E2B_MCP_DEF int  e2b_mcp_uri_var(e2b_mcp_call *c, const char *name, char *buf, size_t cap);
/* Your resource at uri (as a client reads it) changed: each client
   subscribed to it (resources/subscribe) is sent
   notifications/resources/updated at the transport's next step. Returns how
   many subscriptions were told (0: none, or subscriptions left out). */
E2B_MCP_DEF int  e2b_mcp_resource_updated(e2b_mcp_server *s, const char *uri);
#endif

#if E2B_MCP__SUBS
/* One subscription (private): a session's interest in one URI. A sandbox's
   (e2b://sandboxes/{sandboxID}) keeps the state the server's poll last saw;
   a resource of your own's changes when e2b_mcp_resource_updated says so. */
typedef struct e2b_mcp__sub {
  e2b_mcp_session *sess;      /* whose: NULL, a free entry */
  unsigned char sandbox;      /* 1: a sandbox, watched by the poll; 2: lifecycle events (the team's or
                                 one sandbox's), watched by the events poll; 0: a resource of yours */
  unsigned char state;        /* a sandbox's, as last seen: E2B_MCP__SS_* */
  unsigned char owed;         /* notifications/resources/updated is due */
  unsigned char drop;         /* ends once that is sent: a sandbox no poll ever saw */
  unsigned since;             /* the poll under way when it was made (s->sub_polls): a sandbox is
                                 judged missing only by a poll that started after it */
  char uri[E2B_MCP__REF_MAX];
} e2b_mcp__sub;
/* How a transport reaches a session outside any request (private): the sink
   of its stream (stdout; over HTTP the session's GET stream), or NULL when
   it has none now (the notification waits for one). */
typedef const e2b_mcp_sink *(*e2b_mcp__sub_stream)(e2b_mcp_server *s, const e2b_mcp_session *sess);
#endif
