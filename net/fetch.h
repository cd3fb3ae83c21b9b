/* fetch.h: private to net/: one request and its redirects (fetch.c),
 * shared by curl and wget. */
#ifndef VSH_NET_FETCH_H
#define VSH_NET_FETCH_H

#include "net/net_int.h"

typedef struct net_fetch {
  /* what to send */
  bi_ctx *b;
  const char *url;
  const char *method; /* -X: sent on every hop (303 aside); or NULL */
  bool head;
  bool post; /* the body goes as a POST */
  bool has_body;
  const void *body;
  size_t body_len;
  bool put; /* curl -T: upload_data with PUT */
  const void *upload_data;
  size_t upload_len;
  curl_mime *mime;
  char **headers; /* the script's "Name: value" lines */
  size_t nheaders;
  const char *user, *agent, *referer, *cookie;
  struct curl_slist *cookie_lines;
  bool cookies;
  bool follow;
  bool fail; /* curl -f: libcurl fails on >= 400 */
  const char *range;
  int64_t max_recv_speed;
  long ipresolve, httpauth;
  long idle_timeout_s;
  uint64_t max_bytes;
  unsigned keep_post; /* --post301/302/303: bits 1, 2, 4 */
  long max_redirs;    /* -1: the policy's */
  bool compressed, verbose, http10;
  int64_t timeout_ms, connect_timeout_ms;
  /* callbacks (ud first); a nonzero return stops the transfer */
  int (*on_header)(void *ud, const char *line, size_t n);
  int (*on_body)(void *ud, const void *data, size_t n);
  void (*on_debug)(void *ud, curl_infotype type, const char *data, size_t n);
  void (*on_hop)(void *ud, const net_target *t);
  void *ud;
  /* results */
  int refused; /* NET_* when the policy (or the URL) refused */
  char why[1200];
  bool too_many; /* the redirect limit */
  unsigned max_used;
  bool policy_max; /* ... was the sandbox's, not the script's */
  long code;
  unsigned redirects;
  double t_total;
  char *url_effective;
  net_req last;      /* the last hop's request and libcurl info */
  net_target target; /* the last hop's URL */
  /* private */
  vsh_buf hop_headers;
  long hop_code;
  bool hop_location, in_final, following;
} net_fetch;

/* 0 (see the results) or VSH_ENOMEM.  net_fetch_dispose afterwards. */
int net_fetch_run(net_fetch *f);
void net_fetch_dispose(net_fetch *f);

#endif /* VSH_NET_FETCH_H */
