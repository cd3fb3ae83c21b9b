/* transport.c: one HTTP hop over libcurl.  The multi interface runs the
 * transfer in 50 ms slices so the exec's deadline and abort end it at
 * once; libcurl never follows redirects, never reads a proxy from the
 * environment, a netrc, or a host file; the address each socket is about
 * to connect to is checked against the policy (private addresses are
 * refused when reached by name), and names an application resolver
 * answers are pinned with CURLOPT_RESOLVE.  The response size cap is
 * counted while bytes arrive.  Idle handles (and their connections) are
 * pooled per policy, so sequential requests in a shell reuse them. */
#include "net/net_int.h"

#include "core/acct.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

struct net_conn {
  CURLM *m;
  CURL *e;
};

static pthread_once_t global_once = PTHREAD_ONCE_INIT;
static CURLcode global_rc;
/* Once per process.  libcurl's own allocations go through the per-exec
 * accounting too (plain malloc on threads that work for no exec). */
static void global_init(void) {
  global_rc = curl_global_init_mem(CURL_GLOBAL_ALL, vsh__acct_malloc,
                                   vsh__acct_free, vsh__acct_realloc,
                                   vsh__acct_strdup, vsh__acct_calloc);
}

void net_conn_free(net_conn *c) {
  if (!c) return;
  if (c->e) curl_easy_cleanup(c->e);
  if (c->m) curl_multi_cleanup(c->m);
  free(c);
}

static net_conn *conn_get(net_policy *p) {
  net_conn *c = NULL;
  pthread_mutex_lock(&p->mu);
  if (p->nidle) c = p->idle[--p->nidle];
  pthread_mutex_unlock(&p->mu);
  if (c) return c;
  pthread_once(&global_once, global_init);
  if (global_rc) return NULL;
  c = calloc(1, sizeof(*c));
  if (!c) return NULL;
  c->m = curl_multi_init();
  c->e = curl_easy_init();
  if (!c->m || !c->e) {
    net_conn_free(c);
    return NULL;
  }
  return c;
}

/* Back to the pool with no state of this request left but its live
 * connections (cookies are erased: they belong to one curl run). */
static void conn_put(net_policy *p, net_conn *c) {
  curl_easy_setopt(c->e, CURLOPT_COOKIELIST, "ALL");
  curl_easy_reset(c->e);
  pthread_mutex_lock(&p->mu);
  if (p->nidle < NET_POOL_MAX) {
    p->idle[p->nidle++] = c;
    c = NULL;
  }
  pthread_mutex_unlock(&p->mu);
  net_conn_free(c);
}

bool net_sleep(bi_ctx *b, int64_t ms) {
  while (ms > 0) {
    if (bi_cancelled(b)) return true;
    int64_t step = ms < 50 ? ms : 50;
    struct timespec ts = {0, (long)step * 1000000L};
    nanosleep(&ts, NULL);
    ms -= step;
  }
  return bi_cancelled(b);
}

net_policy *net_policy_of(bi_ctx *b) { return bi_net_policy(b); }

/* ---- callbacks -------------------------------------------------------- */

static size_t on_write(char *data, size_t sz, size_t n, void *ud) {
  net_req *r = ud;
  size_t len = sz * n;
  if (bi_charge(r->b, 1)) {
    r->cancelled = true;
    return 0;
  }
  /* the script's --max-filesize is judged on Content-Length alone, as in
   * curl 7.88 (CURLOPT_MAXFILESIZE); the sandbox's cap on every byte */
  if (r->received + len > r->pol->opts.max_response_bytes) {
    r->too_big = true;
    return 0;
  }
  r->received += len;
  if (r->on_body && r->on_body(r->ud, data, len)) return 0;
  return len;
}

static size_t on_read(char *buf, size_t sz, size_t n, void *ud) {
  net_req *r = ud;
  size_t want = sz * n, left = r->upload_len - r->upload_pos;
  if (want > left) want = left;
  if (want) memcpy(buf, (const char *)r->upload_data + r->upload_pos, want);
  r->upload_pos += want;
  return want;
}

static size_t on_header(char *data, size_t sz, size_t n, void *ud) {
  net_req *r = ud;
  size_t len = sz * n;
  if (bi_charge(r->b, 1)) {
    r->cancelled = true;
    return 0;
  }
  /* endless headers count against the same cap as the body */
  r->header_bytes += len;
  if (r->header_bytes > r->pol->opts.max_response_bytes) {
    r->too_big = true;
    return 0;
  }
  if (r->on_header && r->on_header(r->ud, data, len)) return 0;
  return len;
}

static int on_progress(void *ud, curl_off_t dt, curl_off_t dn, curl_off_t ut,
                       curl_off_t un) {
  (void)dt, (void)dn, (void)ut, (void)un;
  net_req *r = ud;
  if (bi_cancelled(r->b)) {
    r->cancelled = true;
    return 1;
  }
  return 0;
}

static int on_debug(CURL *h, curl_infotype type, char *data, size_t n,
                    void *ud) {
  (void)h;
  net_req *r = ud;
  if (r->on_debug) r->on_debug(r->ud, type, data, n);
  return 0;
}

/* The last check before connect(2): the address libcurl chose. */
static curl_socket_t on_opensocket(void *ud, curlsocktype purpose,
                                   struct curl_sockaddr *a) {
  net_req *r = ud;
  (void)purpose;
  const struct sockaddr *sa = &a->addr;
  char ip[INET6_ADDRSTRLEN] = "?";
  if (sa->sa_family == AF_INET)
    inet_ntop(AF_INET, &((const struct sockaddr_in *)sa)->sin_addr, ip,
              sizeof(ip));
  else if (sa->sa_family == AF_INET6)
    inet_ntop(AF_INET6, &((const struct sockaddr_in6 *)sa)->sin6_addr, ip,
              sizeof(ip));
  bool ok;
  if (sa->sa_family != AF_INET && sa->sa_family != AF_INET6) ok = false;
  else if (r->t->literal && r->t->entry)
    ok = !strcmp(ip, r->t->host); /* the entry named exactly this address */
  else ok = r->pol->opts.allow_private || !net_addr_private(sa);
  if (!ok) {
    r->refused = true;
    snprintf(r->why, sizeof(r->why),
             "Address %s of %s is not allowed by the sandbox network "
             "policy: %s",
             ip, r->t->host, r->t->url);
    return CURL_SOCKET_BAD;
  }
  return socket(a->family, a->socktype | SOCK_CLOEXEC, a->protocol);
}

/* ---- the hop --------------------------------------------------------- */

/* An application resolver's answer, filtered and pinned. */
static int pin_names(net_req *r) {
  const vsh_network_opts *o = &r->pol->opts;
  if (!o->resolve || r->t->literal) return 0;
  char addrs[16][64];
  int n = o->resolve(o->resolve_ud, r->t->host, addrs, 16);
  vsh_buf line = {0};
  int rc = vsh__buf_printf(&line, "%s:%u:", r->t->host, r->t->port);
  int kept = 0;
  for (int i = 0; !rc && i < n && i < 16; i++) {
    addrs[i][63] = 0;
    const char *a = addrs[i];
    unsigned char bin[16];
    bool v6 = inet_pton(AF_INET6, a, bin) == 1;
    if (!v6 && inet_pton(AF_INET, a, bin) != 1) continue; /* not numeric */
    if (kept) rc = vsh__buf_putc(&line, ',');
    if (!rc) rc = vsh__buf_printf(&line, v6 ? "[%s]" : "%s", a);
    kept++;
  }
  if (!rc && !kept) {
    /* the application's resolver does not know the name */
    snprintf(r->errbuf, sizeof(r->errbuf), "Could not resolve host: %s",
             r->t->host);
    r->res = CURLE_COULDNT_RESOLVE_HOST;
    vsh_buf_dispose(&line);
    return 1;
  }
  if (!rc) {
    struct curl_slist *s = curl_slist_append(r->pins, line.data);
    if (!s) rc = VSH_ENOMEM;
    else r->pins = s;
  }
  /* the same name spelled with its trailing dot */
  if (!rc) {
    const char *colon = strchr(line.data, ':');
    vsh_buf dot = {0};
    rc = vsh__buf_append(&dot, line.data, (size_t)(colon - line.data));
    if (!rc) rc = vsh__buf_putc(&dot, '.');
    if (!rc) rc = vsh__buf_puts(&dot, colon);
    struct curl_slist *s = rc ? NULL : curl_slist_append(r->pins, dot.data);
    if (!rc && !s) rc = VSH_ENOMEM;
    if (s) r->pins = s;
    vsh_buf_dispose(&dot);
  }
  vsh_buf_dispose(&line);
  return rc;
}

static char *info_str(CURL *e, CURLINFO what) {
  char *v = NULL;
  curl_easy_getinfo(e, what, &v);
  return v ? strdup(v) : NULL;
}

static double info_time(CURL *e, CURLINFO what) {
  curl_off_t us = 0;
  curl_easy_getinfo(e, what, &us);
  return (double)us / 1e6;
}

int net_transfer(net_policy *p, net_req *r) {
  r->pol = p;
  r->conn = conn_get(p);
  if (!r->conn) return VSH_ENOMEM;
  CURL *e = r->conn->e;
  int prc = pin_names(r);
  if (prc < 0) return prc;
  if (prc > 0) return 0; /* did not resolve */

  curl_easy_setopt(e, CURLOPT_CURLU, r->t->u);
  curl_easy_setopt(e, CURLOPT_PROTOCOLS_STR, "http,https");
  curl_easy_setopt(e, CURLOPT_REDIR_PROTOCOLS_STR, "http,https");
  curl_easy_setopt(e, CURLOPT_FOLLOWLOCATION, 0L);
  curl_easy_setopt(e, CURLOPT_PROXY, "");
  curl_easy_setopt(e, CURLOPT_NOPROXY, "*");
  curl_easy_setopt(e, CURLOPT_NETRC, (long)CURL_NETRC_IGNORED);
  curl_easy_setopt(e, CURLOPT_SSL_VERIFYPEER, 1L);
  curl_easy_setopt(e, CURLOPT_SSL_VERIFYHOST, 2L);
  curl_easy_setopt(e, CURLOPT_NOSIGNAL, 1L);
  curl_easy_setopt(e, CURLOPT_ERRORBUFFER, r->errbuf);
  curl_easy_setopt(e, CURLOPT_OPENSOCKETFUNCTION, on_opensocket);
  curl_easy_setopt(e, CURLOPT_OPENSOCKETDATA, r);
  curl_easy_setopt(e, CURLOPT_WRITEFUNCTION, on_write);
  curl_easy_setopt(e, CURLOPT_WRITEDATA, r);
  curl_easy_setopt(e, CURLOPT_HEADERFUNCTION, on_header);
  curl_easy_setopt(e, CURLOPT_HEADERDATA, r);
  curl_easy_setopt(e, CURLOPT_NOPROGRESS, 0L);
  curl_easy_setopt(e, CURLOPT_XFERINFOFUNCTION, on_progress);
  curl_easy_setopt(e, CURLOPT_XFERINFODATA, r);
  uint64_t cap = p->opts.max_response_bytes;
  if (r->max_bytes && r->max_bytes < cap) cap = r->max_bytes;
  curl_easy_setopt(e, CURLOPT_MAXFILESIZE_LARGE, (curl_off_t)cap);
  if (r->pins) curl_easy_setopt(e, CURLOPT_RESOLVE, r->pins);
  int64_t to = r->timeout_ms;
  if (p->opts.timeout_ms > 0 && (to <= 0 || p->opts.timeout_ms < to))
    to = p->opts.timeout_ms;
  if (to > 0) curl_easy_setopt(e, CURLOPT_TIMEOUT_MS, (long)to);
  int64_t cto = r->connect_timeout_ms;
  if (p->opts.connect_timeout_ms > 0 &&
      (cto <= 0 || p->opts.connect_timeout_ms < cto))
    cto = p->opts.connect_timeout_ms;
  if (cto > 0) curl_easy_setopt(e, CURLOPT_CONNECTTIMEOUT_MS, (long)cto);
  if (r->verbose || r->on_debug) {
    curl_easy_setopt(e, CURLOPT_VERBOSE, 1L);
    curl_easy_setopt(e, CURLOPT_DEBUGFUNCTION, on_debug);
    curl_easy_setopt(e, CURLOPT_DEBUGDATA, r);
  }
  if (r->http10)
    curl_easy_setopt(e, CURLOPT_HTTP_VERSION, (long)CURL_HTTP_VERSION_1_0);
  if (r->head) curl_easy_setopt(e, CURLOPT_NOBODY, 1L);
  if (r->fail) curl_easy_setopt(e, CURLOPT_FAILONERROR, 1L);
  if (r->upload) {
    r->upload_pos = 0;
    curl_easy_setopt(e, CURLOPT_UPLOAD, 1L);
    curl_easy_setopt(e, CURLOPT_READFUNCTION, on_read);
    curl_easy_setopt(e, CURLOPT_READDATA, r);
    curl_easy_setopt(e, CURLOPT_INFILESIZE_LARGE, (curl_off_t)r->upload_len);
  } else if (r->mime) {
    curl_easy_setopt(e, CURLOPT_MIMEPOST, r->mime);
  } else if (r->has_body) {
    if (r->post) curl_easy_setopt(e, CURLOPT_POST, 1L);
    curl_easy_setopt(e, CURLOPT_POSTFIELDSIZE_LARGE, (curl_off_t)r->body_len);
    curl_easy_setopt(e, CURLOPT_COPYPOSTFIELDS, r->body ? r->body : "");
  }
  if (r->method) curl_easy_setopt(e, CURLOPT_CUSTOMREQUEST, r->method);
  if (r->headers) curl_easy_setopt(e, CURLOPT_HTTPHEADER, r->headers);
  if (r->user) {
    curl_easy_setopt(e, CURLOPT_USERPWD, r->user);
    curl_easy_setopt(e, CURLOPT_HTTPAUTH,
                     r->httpauth ? r->httpauth : (long)CURLAUTH_BASIC);
  }
  if (r->range) curl_easy_setopt(e, CURLOPT_RANGE, r->range);
  if (r->idle_timeout_s > 0) { /* wget's read timeout */
    curl_easy_setopt(e, CURLOPT_LOW_SPEED_LIMIT, 1L);
    curl_easy_setopt(e, CURLOPT_LOW_SPEED_TIME, r->idle_timeout_s);
  }
  if (r->max_recv_speed > 0)
    curl_easy_setopt(e, CURLOPT_MAX_RECV_SPEED_LARGE,
                     (curl_off_t)r->max_recv_speed);
  if (r->ipresolve) curl_easy_setopt(e, CURLOPT_IPRESOLVE, r->ipresolve);
  if (r->agent) curl_easy_setopt(e, CURLOPT_USERAGENT, r->agent);
  if (r->referer) curl_easy_setopt(e, CURLOPT_REFERER, r->referer);
  if (r->compressed) curl_easy_setopt(e, CURLOPT_ACCEPT_ENCODING, "");
  if (r->cookie) curl_easy_setopt(e, CURLOPT_COOKIE, r->cookie);
  if (r->cookies) {
    /* an expired cookie starts the engine without naming any file
     * (CURLOPT_COOKIEFILE "" would, and leaks in libcurl 7.88) */
    curl_easy_setopt(e, CURLOPT_COOKIELIST,
                     "Set-Cookie: vsh=; expires=Thu, 01 Jan 1970 00:00:01 "
                     "GMT");
    for (struct curl_slist *s = r->cookie_lines; s; s = s->next)
      curl_easy_setopt(e, CURLOPT_COOKIELIST, s->data);
  }

  CURLM *m = r->conn->m;
  r->res = CURLE_OK;
  if (curl_multi_add_handle(m, e) != CURLM_OK) return VSH_ENOMEM;
  for (;;) {
    int running = 0;
    CURLMcode mc = curl_multi_perform(m, &running);
    if (mc != CURLM_OK) {
      r->res = CURLE_OUT_OF_MEMORY;
      break;
    }
    if (!running) break;
    if (bi_cancelled(r->b)) {
      r->cancelled = true;
      break;
    }
    curl_multi_poll(m, NULL, 0, 50, NULL);
  }
  int left;
  CURLMsg *msg;
  while ((msg = curl_multi_info_read(m, &left)))
    if (msg->msg == CURLMSG_DONE && msg->easy_handle == e)
      r->res = msg->data.result;
  if (r->cancelled && r->res == CURLE_OK) r->res = CURLE_ABORTED_BY_CALLBACK;
  if (r->res == CURLE_FILESIZE_EXCEEDED) r->too_big = true; /* by header */
  if (r->too_big) r->res = CURLE_FILESIZE_EXCEEDED;

  curl_easy_getinfo(e, CURLINFO_RESPONSE_CODE, &r->code);
  curl_easy_getinfo(e, CURLINFO_HTTP_VERSION, &r->http_version);
  r->t_total = info_time(e, CURLINFO_TOTAL_TIME_T);
  r->t_connect = info_time(e, CURLINFO_CONNECT_TIME_T);
  r->t_lookup = info_time(e, CURLINFO_NAMELOOKUP_TIME_T);
  r->t_start = info_time(e, CURLINFO_STARTTRANSFER_TIME_T);
  r->t_pre = info_time(e, CURLINFO_PRETRANSFER_TIME_T);
  r->t_appconnect = info_time(e, CURLINFO_APPCONNECT_TIME_T);
  curl_easy_getinfo(e, CURLINFO_SIZE_UPLOAD_T, &r->size_up);
  long hs = 0, rs = 0;
  curl_easy_getinfo(e, CURLINFO_HEADER_SIZE, &hs);
  curl_easy_getinfo(e, CURLINFO_REQUEST_SIZE, &rs);
  r->size_header = hs;
  r->size_request = rs;
  r->content_type = info_str(e, CURLINFO_CONTENT_TYPE);
  r->redirect_url = info_str(e, CURLINFO_REDIRECT_URL);
  r->primary_ip = info_str(e, CURLINFO_PRIMARY_IP);
  r->local_ip = info_str(e, CURLINFO_LOCAL_IP);
  r->effective_method = info_str(e, CURLINFO_EFFECTIVE_METHOD);
  curl_easy_getinfo(e, CURLINFO_PRIMARY_PORT, &r->primary_port);
  curl_easy_getinfo(e, CURLINFO_LOCAL_PORT, &r->local_port);
  if (r->cookies) curl_easy_getinfo(e, CURLINFO_COOKIELIST, &r->cookies_out);
  curl_multi_remove_handle(m, e);
  return 0;
}

void net_req_dispose(net_req *r) {
  if (r->conn) {
    conn_put((net_policy *)r->pol, r->conn);
    r->conn = NULL;
  }
  curl_slist_free_all(r->pins);
  curl_slist_free_all(r->cookies_out);
  free(r->content_type);
  free(r->redirect_url);
  free(r->primary_ip);
  free(r->local_ip);
  free(r->effective_method);
  r->pins = r->cookies_out = NULL;
  r->content_type = r->redirect_url = r->primary_ip = r->local_ip = NULL;
  r->effective_method = NULL;
}
