/* fetch.c: one request with its redirects, followed hop by hop by vsh
 * (never by libcurl): every hop's URL is parsed once, checked against
 * the policy and handed to libcurl as that same handle.  301/302 turn a
 * POST into a GET and 303 anything but HEAD, dropping the body, as curl
 * does; the script's credentials, Authorization and Cookie headers go to
 * the first origin only, and injected headers only where the prefix that
 * injects them allows the hop. */
#include "net/fetch.h"

#include <string.h>
#include <strings.h>

static bool same_origin(const net_target *a, const net_target *b) {
  return !strcmp(a->scheme, b->scheme) && !strcmp(a->host, b->host) &&
         a->port == b->port;
}

/* The header's name matches name (case-insensitively, up to ':' or ';'). */
static bool header_is(const char *h, const char *name, size_t n) {
  return !strncasecmp(h, name, n) && (h[n] == ':' || h[n] == ';');
}

static size_t header_name_len(const char *h) {
  size_t n = 0;
  while (h[n] && h[n] != ':' && h[n] != ';') n++;
  return n;
}

/* The header list of a hop: the script's (minus what it may not send
 * there), then the prefix's injected ones. */
static int hop_headers(net_fetch *f, const net_target *t, bool first_origin,
                       struct curl_slist **out) {
  struct curl_slist *l = NULL;
  const net_entry *e = t->entry;
  for (size_t i = 0; i < f->nheaders; i++) {
    const char *h = f->headers[i];
    size_t hn = header_name_len(h);
    /* a leading blank would continue the previous header (obs-fold), a
     * line break would start another: neither reaches the wire */
    bool drop = h[0] == ' ' || h[0] == '\t' || strpbrk(h, "\r\n");
    if (!first_origin &&
        (header_is(h, "Authorization", 13) || header_is(h, "Cookie", 6)))
      drop = true;
    for (size_t k = 0; e && k < e->nheaders && !drop; k++)
      if (hn == header_name_len(e->headers[k]) &&
          !strncasecmp(h, e->headers[k], hn))
        drop = true; /* an injected header cannot be overridden */
    if (drop) continue;
    struct curl_slist *n = curl_slist_append(l, h);
    if (!n) goto oom;
    l = n;
  }
  for (size_t k = 0; e && k < e->nheaders; k++) {
    struct curl_slist *n = curl_slist_append(l, e->headers[k]);
    if (!n) goto oom;
    l = n;
  }
  *out = l;
  return 0;
oom:
  curl_slist_free_all(l);
  return VSH_ENOMEM;
}

/* A Host header naming another host would reach a virtual host the
 * allowlist does not name. */
static bool host_header_ok(net_fetch *f, const net_target *t) {
  for (size_t i = 0; i < f->nheaders; i++) {
    const char *h = f->headers[i];
    size_t hn = header_name_len(h);
    while (hn && (h[hn - 1] == ' ' || h[hn - 1] == '\t')) hn--;
    if (hn != 4 || strncasecmp(h, "Host", 4)) continue;
    const char *v = h + header_name_len(h);
    if (*v != ':') continue; /* "Host;" sends an empty one: harmless */
    v++;
    while (*v == ' ' || *v == '\t') v++;
    if (!*v) continue; /* "Host:" removes it: libcurl sends its own */
    size_t vl = strlen(v);
    while (vl && (v[vl - 1] == ' ' || v[vl - 1] == '\t')) vl--;
    char *hv = strndup(v, vl);
    if (!hv) return false;
    /* strip a port */
    char *colon = strrchr(hv, ':');
    if (colon && !strchr(hv, ']')) *colon = 0;
    else if (colon && colon > strchr(hv, ']')) *colon = 0;
    bool lit;
    char *norm = net_host_norm(hv, &lit);
    bool ok = norm && !strcmp(norm, t->host);
    free(norm);
    free(hv);
    if (!ok) return false;
  }
  return true;
}

/* ---- per-hop callbacks -------------------------------------------- */

static int hop_header(void *ud, const char *line, size_t n) {
  net_fetch *f = ud;
  if (n >= 5 && !memcmp(line, "HTTP/", 5)) {
    const char *sp = memchr(line, ' ', n);
    f->hop_code = sp ? atol(sp + 1) : 0;
    f->hop_location = false;
    f->in_final = f->hop_code >= 200;
    vsh__buf_clear(&f->hop_headers);
  }
  if (n >= 9 && !strncasecmp(line, "location:", 9)) f->hop_location = true;
  if (vsh__buf_append(&f->hop_headers, line, n)) return 1;
  bool end = (n == 2 && line[0] == '\r') || (n == 1 && line[0] == '\n');
  if (end && f->in_final) {
    long c = f->hop_code;
    f->following = f->follow && f->hop_location &&
                   (c == 301 || c == 302 || c == 303 || c == 307 || c == 308);
  }
  return f->on_header ? f->on_header(f->ud, line, n) : 0;
}

static int hop_body(void *ud, const void *data, size_t n) {
  net_fetch *f = ud;
  if (f->following) return 0; /* a redirect's body is not shown */
  return f->on_body ? f->on_body(f->ud, data, n) : 0;
}

static void hop_debug(void *ud, curl_infotype type, const char *data,
                      size_t n) {
  net_fetch *f = ud;
  if (f->on_debug) f->on_debug(f->ud, type, data, n);
}

/* ---- the request -------------------------------------------------- */

void net_fetch_dispose(net_fetch *f) {
  net_req_dispose(&f->last);
  net_target_dispose(&f->target);
  vsh_buf_dispose(&f->hop_headers);
  free(f->url_effective);
  f->url_effective = NULL;
}

static void refuse(net_fetch *f, int kind, const net_target *t, const char *url,
                   const char *method) {
  f->refused = kind;
  const char *u = t && t->url ? t->url : url;
  switch (kind) {
  case NET_BADURL:
    snprintf(f->why, sizeof(f->why),
             "URL using bad/illegal format or missing URL");
    break;
  case NET_SCHEME:
    snprintf(f->why, sizeof(f->why),
             "Protocol \"%s\" not allowed by the sandbox network policy: %s",
             t && t->scheme ? t->scheme : "?", u);
    break;
  case NET_METHOD:
    snprintf(f->why, sizeof(f->why),
             "Method %s not allowed by the sandbox network policy: %s", method,
             u);
    break;
  case NET_NONET:
    snprintf(f->why, sizeof(f->why),
             "URL not allowed by the sandbox network policy (this sandbox "
             "has no network access): %s",
             u);
    break;
  default:
    snprintf(f->why, sizeof(f->why),
             "URL not allowed by the sandbox network policy: %s", u);
  }
}

/* A value that becomes one header line must hold no line break (it
 * would start a header of the script's choosing, a Host among them). */
static bool one_line(const char *v) { return !v || !strpbrk(v, "\r\n"); }

int net_fetch_run(net_fetch *f) {
  net_policy *pol = net_policy_of(f->b);
  if (!pol) { /* a shell made without one: no network */
    refuse(f, NET_NONET, NULL, f->url, NULL);
    return 0;
  }
  if (!one_line(f->agent) || !one_line(f->referer) || !one_line(f->cookie) ||
      !one_line(f->user) || !one_line(f->method)) {
    snprintf(f->why, sizeof(f->why),
             "A line break in a header value is not allowed by the sandbox "
             "network policy: %s",
             f->url);
    f->refused = NET_REFUSED;
    return 0;
  }
  unsigned max = pol->opts.max_redirects;
  bool policy_max = true;
  if (f->max_redirs >= 0 && (unsigned long)f->max_redirs < max) {
    max = (unsigned)f->max_redirs;
    policy_max = false;
  }
  const char *method = f->method;
  bool has_body = f->has_body, post = f->post, head = f->head;
  curl_mime *mime = f->mime;
  int rc = net_target_parse(&f->target, f->url, NULL);
  if (rc < 0) return rc;
  if (rc) {
    refuse(f, rc, &f->target, f->url, NULL);
    return 0;
  }
  net_target first = {0};
  if (!(first.scheme = strdup(f->target.scheme)) ||
      !(first.host = strdup(f->target.host))) {
    net_target_dispose(&first);
    return VSH_ENOMEM;
  }
  first.port = f->target.port;
  rc = 0;
  for (;;) {
    if (bi_charge(f->b, 1)) { /* one hop */
      f->last.cancelled = true;
      break;
    }
    const char *m = method                       ? method
                    : head                       ? "HEAD"
                    : mime || (has_body && post) ? "POST"
                    : f->put                     ? "PUT"
                                                 : "GET";
    int v = net_policy_check(pol, &f->target, m);
    if (v) {
      refuse(f, v, &f->target, f->url, m);
      break;
    }
    if (!host_header_ok(f, &f->target)) {
      snprintf(f->why, sizeof(f->why),
               "A Host header naming another host is not allowed by the "
               "sandbox network policy: %s",
               f->target.url);
      f->refused = NET_REFUSED;
      break;
    }
    bool first_origin = same_origin(&first, &f->target);
    net_req_dispose(&f->last);
    memset(&f->last, 0, sizeof(f->last));
    net_req *r = &f->last;
    r->b = f->b;
    r->t = &f->target;
    r->method = method;
    r->head = head;
    r->post = post;
    r->has_body = has_body;
    r->body = f->body;
    r->body_len = f->body_len;
    r->mime = mime;
    r->user = first_origin ? f->user : NULL;
    r->agent = f->agent;
    r->referer = f->referer;
    r->cookie = first_origin ? f->cookie : NULL;
    r->cookie_lines = f->cookie_lines;
    r->cookies = f->cookies;
    r->compressed = f->compressed;
    r->verbose = f->verbose;
    r->http10 = f->http10;
    r->fail = f->fail;
    r->range = f->range;
    r->max_recv_speed = f->max_recv_speed;
    r->ipresolve = f->ipresolve;
    r->httpauth = f->httpauth;
    r->idle_timeout_s = f->idle_timeout_s;
    r->max_bytes = f->max_bytes;
    r->timeout_ms = f->timeout_ms;
    r->connect_timeout_ms = f->connect_timeout_ms;
    r->on_header = hop_header;
    r->on_body = hop_body;
    r->on_debug = f->on_debug ? hop_debug : NULL;
    r->ud = f;
    if (f->put) {
      r->upload = true;
      r->upload_data = f->upload_data;
      r->upload_len = f->upload_len;
    }
    f->following = false;
    f->in_final = false;
    f->hop_code = 0;
    struct curl_slist *hl = NULL;
    rc = hop_headers(f, &f->target, first_origin, &hl);
    if (rc) break;
    r->headers = hl;
    if (f->on_hop) f->on_hop(f->ud, &f->target);
    rc = net_transfer(pol, r);
    curl_slist_free_all(hl);
    r->headers = NULL;
    f->t_total += r->t_total;
    if (rc) break;
    f->code = r->code;
    if (r->res != CURLE_OK || r->refused || r->cancelled || !f->following)
      break;
    /* the next hop */
    if (!r->redirect_url) break;
    if (f->redirects >= max) {
      f->too_many = true;
      f->max_used = max;
      f->policy_max = policy_max;
      break;
    }
    f->redirects++;
    long c = f->code;
    unsigned keep = c == 301 ? 1 : c == 302 ? 2 : c == 303 ? 4 : 0;
    if (f->keep_post & keep) {
      /* --post30x: the method and body stay */
    } else if ((c == 301 || c == 302) && (post || has_body || mime) &&
               !f->put) {
      has_body = post = false;
      mime = NULL;
    } else if (c == 303 && !head) {
      has_body = post = false;
      mime = NULL;
      f->put = false;
    }
    net_target next;
    int pr = net_target_parse(&next, r->redirect_url, NULL);
    if (pr < 0) {
      net_target_dispose(&next);
      rc = pr;
      break;
    }
    if (pr) {
      refuse(f, pr, &next, r->redirect_url, NULL);
      net_target_dispose(&next);
      break;
    }
    net_target_dispose(&f->target);
    f->target = next;
  }
  net_target_dispose(&first);
  if (!rc && f->target.url) {
    f->url_effective = strdup(f->target.url);
    if (!f->url_effective) rc = VSH_ENOMEM;
  }
  return rc;
}
