/* net_int.h: private to net/.  A URL is parsed once into a net_target
 * (libcurl's CURLU) and that same handle is what libcurl fetches, so the
 * URL the policy checked is the URL requested.  net_transfer runs one
 * hop on a pooled libcurl handle under the exec's cancellation; curl.c
 * and wget.c follow redirects themselves, each hop re-checked. */
#ifndef VSH_NET_INT_H
#define VSH_NET_INT_H

#include "net/net.h"

#include "builtins/builtins.h"

#include <curl/curl.h>
#include <pthread.h>
#include <sys/socket.h>

typedef struct net_entry {
  char *url;    /* as given */
  char *scheme; /* "http" or "https" */
  char *host;   /* normalised (see net_host_norm) */
  bool literal; /* host is an IPv4 or IPv6 address */
  unsigned port;
  char *path;     /* "" for the whole origin, else "/a/b" (no final '/') */
  char **headers; /* injected "Name: value" lines */
  size_t nheaders;
} net_entry;

#define NET_POOL_MAX 4

typedef struct net_conn net_conn;

struct net_policy {
  vsh_network_opts opts; /* allow/methods point at the copies below */
  vsh_net_prefix *prefixes;
  char **methods; /* NULL-terminated, upper case */
  size_t nmethods;
  net_entry *entries;
  size_t n;
  bool any;           /* some network: entries or full access */
  bool any_method;    /* full access with no method list */
  pthread_mutex_t mu; /* the idle pool */
  net_conn *idle[NET_POOL_MAX];
  int nidle;
};

/* Why a URL is refused (or 0). */
enum {
  NET_OK = 0,
  NET_BADURL,  /* curl 3 */
  NET_SCHEME,  /* not http/https: curl 1 */
  NET_REFUSED, /* outside the allowlist */
  NET_METHOD,  /* the method is not allowed */
  NET_NONET    /* the sandbox has no network */
};

/* One URL, parsed once. */
typedef struct net_target {
  CURLU *u;  /* owned; given to libcurl as CURLOPT_CURLU */
  char *url; /* the whole URL as libcurl will request it */
  char *scheme;
  char *host; /* normalised */
  bool literal;
  unsigned port;
  char *path;             /* as sent (no query) */
  char *user;             /* userinfo, or NULL */
  const net_entry *entry; /* the prefix that allows it (NULL: full) */
} net_target;

/* Parses url (relative to base when base is not NULL) into t.  Returns
 * NET_OK, NET_BADURL or VSH_ENOMEM (negative). */
int net_target_parse(net_target *t, const char *url, const net_target *base);
void net_target_dispose(net_target *t);
/* The policy's verdict on t for method (NULL: do not check the method).
 * Sets t->entry. */
int net_policy_check(const net_policy *p, net_target *t, const char *method);
/* Lower case, no trailing dot, IPv6 without brackets in canonical form;
 * *literal tells whether it is an address.  NULL on allocation failure. */
char *net_host_norm(const char *host, bool *literal);
/* True for an address no name may reach by default: loopback, private,
 * link-local, CGNAT, unspecified, multicast, reserved, and IPv6 forms
 * embedding one. */
bool net_addr_private(const struct sockaddr *sa);
/* Path prefix match on a segment boundary, refusing paths whose encoded
 * separators or dot segments could leave the prefix (exported for the
 * fuzz target). */
bool net_path_allowed(const char *prefix, const char *path);

/* ---- transport ------------------------------------------------------ */

typedef struct net_req net_req;
struct net_req {
  bi_ctx *b;
  const net_policy *pol;
  net_target *t;
  const char *method; /* NULL: GET (or POST with a body) */
  bool head;          /* no body wanted (HEAD) */
  bool post;          /* send body as a POST-style request */
  const void *body;
  size_t body_len;
  bool has_body;
  curl_mime *mime; /* -F: owned by the caller */
  bool upload;     /* PUT upload_data (curl -T) */
  const void *upload_data;
  size_t upload_len;
  size_t upload_pos;
  struct curl_slist *headers; /* the script's, filtered by the caller */
  const char *user;           /* "user:password" for basic auth, or NULL */
  const char *agent;          /* User-Agent, or NULL */
  const char *referer;
  const char *cookie;              /* Cookie: string, or NULL */
  struct curl_slist *cookie_lines; /* loaded into the cookie engine */
  bool cookies;                    /* enable the cookie engine */
  bool compressed;
  bool verbose;
  int64_t timeout_ms, connect_timeout_ms; /* 0: none */
  bool http10;
  bool fail;              /* CURLOPT_FAILONERROR */
  const char *range;      /* CURLOPT_RANGE, or NULL */
  int64_t max_recv_speed; /* bytes/s; 0: none */
  long ipresolve;         /* CURL_IPRESOLVE_* */
  long httpauth;          /* CURLAUTH_*; 0: basic */
  long idle_timeout_s;    /* no byte for this long ends it; 0: none */
  uint64_t max_bytes;     /* the script's own cap (curl --max-filesize),
                                below the policy's; 0: the policy's */
  /* callbacks: a nonzero return stops the transfer */
  int (*on_header)(void *ud, const char *line, size_t n);
  int (*on_body)(void *ud, const void *data, size_t n);
  void (*on_debug)(void *ud, curl_infotype type, const char *data, size_t n);
  void *ud;
  /* results */
  CURLcode res;
  char errbuf[CURL_ERROR_SIZE];
  bool cancelled; /* the exec's deadline or abort */
  bool too_big;   /* the response size cap */
  bool refused;   /* an address refused by the policy */
  char why[512];  /* the refusal's text */
  uint64_t received;
  uint64_t header_bytes;
  struct curl_slist *cookies_out; /* the engine's cookies after the hop */
  /* libcurl's info after the hop */
  long code, http_version;
  double t_total, t_connect, t_lookup, t_start, t_pre, t_appconnect, t_redirect;
  curl_off_t size_up, size_header, size_request;
  char *content_type, *redirect_url, *primary_ip, *local_ip;
  long primary_port, local_port;
  char *effective_method;
  /* private */
  net_conn *conn;
  struct curl_slist *pins;
};

/* Runs one hop.  Returns 0 (see res/cancelled/too_big/refused) or
 * VSH_ENOMEM.  Always call net_req_dispose afterwards. */
int net_transfer(net_policy *p, net_req *r);
void net_req_dispose(net_req *r);

/* Sleeps ms, waking early (true) when the exec is cancelled. */
bool net_sleep(bi_ctx *b, int64_t ms);

/* The policy of the shell running b (never NULL: an empty one when the
 * shell has none). */
net_policy *net_policy_of(bi_ctx *b);

#endif /* VSH_NET_INT_H */
