/* policy.c: the URL-prefix allowlist.  Every URL and every prefix is
 * parsed by libcurl's URL API (CURLU) and compared on the parts libcurl
 * itself will use: scheme, normalised host, port with defaults, and the
 * path on a segment boundary.  A path whose encoded separators, dot
 * segments, backslashes or ';' parameters could take a server outside a
 * path-scoped prefix is refused.  The policy is immutable once made. */
#include "net/net_int.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <pthread.h>
#include <string.h>

/* ---- hosts and addresses --------------------------------------------- */

char *net_host_norm(const char *host, bool *literal) {
  size_t n = strlen(host);
  *literal = false;
  if (n >= 2 && host[0] == '[' && host[n - 1] == ']') {
    char tmp[128];
    if (n - 2 >= sizeof(tmp)) return strdup("");
    memcpy(tmp, host + 1, n - 2);
    tmp[n - 2] = 0;
    struct in6_addr a6;
    if (strchr(tmp, '%') || inet_pton(AF_INET6, tmp, &a6) != 1)
      return strdup(""); /* a zone id or junk: matches nothing */
    char out[INET6_ADDRSTRLEN];
    inet_ntop(AF_INET6, &a6, out, sizeof(out));
    *literal = true;
    return strdup(out);
  }
  char *h = strdup(host);
  if (!h) return NULL;
  for (char *p = h; *p; p++)
    if (*p >= 'A' && *p <= 'Z') *p = (char)(*p - 'A' + 'a');
  n = strlen(h);
  if (n > 1 && h[n - 1] == '.') h[--n] = 0;
  struct in_addr a4;
  if (inet_pton(AF_INET, h, &a4) == 1) *literal = true;
  return h;
}

static bool v4_private(uint32_t a) {
  uint8_t b0 = (uint8_t)(a >> 24), b1 = (uint8_t)(a >> 16);
  if (b0 == 0 || b0 == 10 || b0 == 127) return true;
  if (b0 == 100 && (b1 & 0xc0) == 64) return true; /* 100.64/10 CGNAT */
  if (b0 == 169 && b1 == 254) return true;         /* link-local */
  if (b0 == 172 && (b1 & 0xf0) == 16) return true; /* 172.16/12 */
  if (b0 == 192 && b1 == 168) return true;
  if (b0 == 192 && b1 == 0 && (uint8_t)(a >> 8) == 0) return true;
  if (b0 == 198 && (b1 & 0xfe) == 18) return true; /* benchmarking */
  if (b0 >= 224) return true;                      /* multicast, 240/4 */
  return false;
}

bool net_addr_private(const struct sockaddr *sa) {
  if (sa->sa_family == AF_INET) {
    const struct sockaddr_in *s4 = (const struct sockaddr_in *)sa;
    return v4_private(ntohl(s4->sin_addr.s_addr));
  }
  if (sa->sa_family != AF_INET6) return true;
  const uint8_t *b = ((const struct sockaddr_in6 *)sa)->sin6_addr.s6_addr;
  static const uint8_t zero[12];
  uint32_t v4 = (uint32_t)b[12] << 24 | (uint32_t)b[13] << 16 |
                (uint32_t)b[14] << 8 | b[15];
  if (!memcmp(b, zero, 12)) return true; /* ::, ::1, IPv4-compatible */
  if (!memcmp(b, zero, 10) && b[10] == 0xff && b[11] == 0xff)
    return v4_private(v4); /* ::ffff:a.b.c.d */
  static const uint8_t nat64[12] = {0, 0x64, 0xff, 0x9b};
  if (!memcmp(b, nat64, 12)) return v4_private(v4);
  if ((b[0] & 0xfe) == 0xfc) return true;                 /* fc00::/7 */
  if (b[0] == 0xfe && (b[1] & 0xc0) == 0x80) return true; /* fe80::/10 */
  if (b[0] == 0xfe && (b[1] & 0xc0) == 0xc0) return true; /* site-local */
  if (b[0] == 0xff) return true;                          /* multicast */
  if (b[0] == 0x20 && b[1] == 0x02) {                     /* 6to4 */
    uint32_t e = (uint32_t)b[2] << 24 | (uint32_t)b[3] << 16 |
                 (uint32_t)b[4] << 8 | b[5];
    return v4_private(e);
  }
  if (b[0] == 0x20 && b[1] == 0x01 && b[2] == 0 && b[3] == 0)
    return true; /* Teredo */
  return false;
}

/* ---- paths -------------------------------------------------------------- */

static int hexval(int c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

/* One round of percent-decoding into out (at least strlen(s)+1 bytes);
 * overlong UTF-8 dots and slashes count as what they spell. */
static void decode_once(const char *s, char *out) {
  size_t o = 0;
  for (size_t i = 0; s[i]; i++) {
    int h, l;
    if (s[i] == '%' && (h = hexval((unsigned char)s[i + 1])) >= 0 &&
        (l = hexval((unsigned char)s[i + 2])) >= 0) {
      out[o++] = (char)(h * 16 + l);
      i += 2;
    } else {
      out[o++] = s[i];
    }
  }
  out[o] = 0;
  size_t w = 0;
  for (size_t i = 0; i < o; i++) {
    unsigned char c = (unsigned char)out[i];
    if (c == 0xc0 && i + 1 < o &&
        ((unsigned char)out[i + 1] == 0xae ||
         (unsigned char)out[i + 1] == 0xaf)) {
      out[w++] = (unsigned char)out[i + 1] == 0xae ? '.' : '/';
      i++;
    } else {
      out[w++] = out[i];
    }
  }
  out[w] = 0;
}

/* True when a segment (split at '/' and '\') is "." or ".." once its
 * ';' parameters are dropped, or when a NUL or '?'/'#' was encoded. */
static bool has_dot_segment(const char *s, size_t n) {
  size_t i = 0;
  while (i <= n) {
    size_t j = i;
    while (j < n && s[j] != '/' && s[j] != '\\') j++;
    size_t k = i;
    while (k < j && s[k] != ';') k++;
    size_t len = k - i;
    if ((len == 1 && s[i] == '.') ||
        (len == 2 && s[i] == '.' && s[i + 1] == '.'))
      return true;
    i = j + 1;
  }
  return false;
}

/* Decodes until nothing changes (each round that changes anything is
 * shorter, so this ends): a server that decodes any number of times
 * still cannot find a dot segment, an encoded NUL or an encoded '?' or
 * '#' that the raw path hid. */
static bool path_widens(const char *path) {
  size_t n = strlen(path);
  char *cur = strdup(path), *next = malloc(n + 1);
  bool bad = !cur || !next;
  for (int round = 0; !bad; round++) {
    size_t len = strlen(cur);
    if (has_dot_segment(cur, len) || strstr(cur, "%00") ||
        (round && (strchr(cur, '?') || strchr(cur, '#'))))
      bad = true;
    decode_once(cur, next);
    if (!strcmp(next, cur)) break;
    char *t = cur;
    cur = next;
    next = t;
  }
  free(cur);
  free(next);
  return bad;
}

/* Compares one byte of a path, treating %xx hex digits case-insensitively. */
static bool path_eq(const char *a, const char *b, size_t n) {
  for (size_t i = 0; i < n; i++) {
    char x = a[i], y = b[i];
    if (x == y) continue;
    bool inhex = (i >= 1 && a[i - 1] == '%') || (i >= 2 && a[i - 2] == '%');
    if (inhex && hexval((unsigned char)x) >= 0 &&
        hexval((unsigned char)x) == hexval((unsigned char)y))
      continue;
    return false;
  }
  return true;
}

bool net_path_allowed(const char *prefix, const char *path) {
  if (!prefix[0]) return true; /* the whole origin */
  size_t n = strlen(prefix);
  if (strlen(path) < n || !path_eq(prefix, path, n)) return false;
  if (path[n] && path[n] != '/') return false;
  return !path_widens(path);
}

/* ---- IDN ------------------------------------------------------------- */

/* RFC 3492 punycode of one label's code points; false when too long. */
static bool punycode(const int32_t *cp, size_t n, vsh_buf *out) {
  enum { BASE = 36, TMIN = 1, TMAX = 26, SKEW = 38, DAMP = 700 };
  uint64_t nn = 128, delta = 0, bias = 72;
  size_t h = 0, start = out->len;
  for (size_t i = 0; i < n; i++)
    if (cp[i] < 128) {
      if (vsh__buf_putc(out, (char)cp[i])) return false;
      h++;
    }
  size_t b = h;
  if (b && vsh__buf_putc(out, '-')) return false;
  while (h < n) {
    uint64_t m = UINT64_MAX;
    for (size_t i = 0; i < n; i++)
      if ((uint64_t)cp[i] >= nn && (uint64_t)cp[i] < m) m = (uint64_t)cp[i];
    delta += (m - nn) * (h + 1);
    nn = m;
    for (size_t i = 0; i < n; i++) {
      if ((uint64_t)cp[i] < nn) delta++;
      if ((uint64_t)cp[i] != nn) continue;
      uint64_t q = delta;
      for (uint64_t k = BASE;; k += BASE) {
        uint64_t t = k <= bias ? TMIN : k >= bias + TMAX ? TMAX : k - bias;
        if (q < t) break;
        uint64_t d = t + (q - t) % (BASE - t);
        if (vsh__buf_putc(out, (char)(d < 26 ? 'a' + d : '0' + d - 26)))
          return false;
        q = (q - t) / (BASE - t);
      }
      if (vsh__buf_putc(out, (char)(q < 26 ? 'a' + q : '0' + q - 26)))
        return false;
      /* adapt the bias */
      uint64_t dl = h == b ? delta / DAMP : delta / 2;
      dl += dl / (h + 1);
      uint64_t k = 0;
      while (dl > ((BASE - TMIN) * TMAX) / 2) {
        dl /= BASE - TMIN;
        k += BASE;
      }
      bias = k + (BASE - TMIN + 1) * dl / (dl + SKEW);
      delta = 0;
      h++;
    }
    delta++;
    nn++;
    if (out->len - start > 59) return false;
  }
  return true;
}

/* A host with non-ASCII labels in its ASCII form (lower-cased, each such
 * label "xn--" + punycode); NULL when it cannot be one. */
static char *idn_to_ascii(const char *host) {
  vsh_buf out = {0};
  size_t n = strlen(host);
  int32_t *cp = calloc(n + 1, sizeof(int32_t));
  bool ok = cp != NULL;
  size_t i = 0;
  while (ok && i <= n) {
    size_t j = i;
    while (j < n && host[j] != '.') j++;
    size_t k = 0;
    bool ascii = true;
    for (size_t p = i; p < j && ok;) {
      int32_t c;
      int l = vsh__utf8_decode(host + p, j - p, &c);
      if (c < 0) ok = false;
      else cp[k++] = vsh__cp_lower(c);
      if (c >= 128) ascii = false;
      p += (size_t)l;
    }
    if (ok && ascii) {
      for (size_t p = 0; p < k && ok; p++)
        ok = !vsh__buf_putc(&out, (char)cp[p]);
    } else if (ok) {
      ok = !vsh__buf_puts(&out, "xn--") && punycode(cp, k, &out);
    }
    if (ok && j < n) ok = !vsh__buf_putc(&out, '.');
    i = j + 1;
  }
  free(cp);
  if (!ok || !out.data) {
    vsh_buf_dispose(&out);
    return NULL;
  }
  return out.data;
}

/* ---- targets -------------------------------------------------------- */

void net_target_dispose(net_target *t) {
  if (t->u) curl_url_cleanup(t->u);
  free(t->url);
  free(t->scheme);
  free(t->host);
  free(t->path);
  free(t->user);
  memset(t, 0, sizeof(*t));
}

static int get_part(CURLU *u, CURLUPart what, unsigned flags, char **out) {
  char *v = NULL;
  CURLUcode rc = curl_url_get(u, what, &v, flags);
  *out = NULL;
  if (rc == CURLUE_OUT_OF_MEMORY) return VSH_ENOMEM;
  if (rc) return 1;
  *out = strdup(v);
  curl_free(v);
  return *out ? 0 : VSH_ENOMEM;
}

int net_target_parse(net_target *t, const char *url, const net_target *base) {
  memset(t, 0, sizeof(*t));
  t->u = base ? curl_url_dup(base->u) : curl_url();
  if (!t->u) return VSH_ENOMEM;
  unsigned fl = CURLU_NON_SUPPORT_SCHEME;
  if (!base) fl |= CURLU_GUESS_SCHEME;
  CURLUcode rc = curl_url_set(t->u, CURLUPART_URL, url, fl);
  if (rc == CURLUE_OUT_OF_MEMORY) return VSH_ENOMEM;
  if (rc) return NET_BADURL;
  /* a fragment is never sent */
  curl_url_set(t->u, CURLUPART_FRAGMENT, NULL, 0);
  int r = get_part(t->u, CURLUPART_URL, 0, &t->url);
  if (!r) r = get_part(t->u, CURLUPART_SCHEME, 0, &t->scheme);
  if (r < 0) return r;
  if (r) return NET_BADURL;
  for (char *p = t->scheme; *p; p++)
    if (*p >= 'A' && *p <= 'Z') *p = (char)(*p - 'A' + 'a');
  if (strcmp(t->scheme, "http") && strcmp(t->scheme, "https"))
    return NET_SCHEME;
  char *host = NULL, *port = NULL;
  r = get_part(t->u, CURLUPART_HOST, 0, &host);
  /* a percent-encoded host name reads one way here and another way when
   * libcurl connects: never a host */
  if (!r && host[0] != '[' && strchr(host, '%')) r = 1;
  bool wide = false;
  for (const char *q = host; !r && *q; q++)
    if ((unsigned char)*q >= 128) wide = true;
  if (wide) {
    /* libidn2 needs a UTF-8 locale, which a sandbox never sets: convert
     * here and fetch what was checked */
    char *ace = idn_to_ascii(host);
    free(host);
    host = ace;
    if (!ace) return NET_BADURL;
    CURLUcode hc = curl_url_set(t->u, CURLUPART_HOST, ace, 0);
    if (hc == CURLUE_OUT_OF_MEMORY) r = VSH_ENOMEM;
    else if (hc) r = 1;
    free(t->url);
    t->url = NULL;
    if (!r) r = get_part(t->u, CURLUPART_URL, 0, &t->url);
  }
  if (!r) r = get_part(t->u, CURLUPART_PORT, CURLU_DEFAULT_PORT, &port);
  if (!r) r = get_part(t->u, CURLUPART_PATH, 0, &t->path);
  if (r >= 0) {
    char *zone = NULL;
    if (get_part(t->u, CURLUPART_ZONEID, 0, &zone) == 0 && zone) {
      free(zone);
      r = 1; /* IPv6 zone ids name host interfaces: never */
    }
  }
  if (r >= 0 && get_part(t->u, CURLUPART_USER, 0, &t->user) < 0) r = VSH_ENOMEM;
  if (!r) {
    t->host = net_host_norm(host, &t->literal);
    if (!t->host) r = VSH_ENOMEM;
    else if (!t->host[0]) r = 1;
    char *end;
    unsigned long pv = strtoul(port, &end, 10);
    if (*end || pv == 0 || pv > 65535) r = r ? r : 1;
    t->port = (unsigned)pv;
  }
  free(host);
  free(port);
  if (r < 0) return r;
  return r ? NET_BADURL : NET_OK;
}

int net_policy_check(const net_policy *p, net_target *t, const char *method) {
  t->entry = NULL;
  if (strcmp(t->scheme, "http") && strcmp(t->scheme, "https"))
    return NET_SCHEME;
  if (!p->any) return NET_NONET;
  bool ok = p->opts.full_access_dangerous;
  /* the most specific prefix wins (its injected headers apply) */
  for (size_t i = 0; i < p->n; i++) {
    const net_entry *e = &p->entries[i];
    if (strcmp(e->scheme, t->scheme) || strcmp(e->host, t->host) ||
        e->port != t->port || e->literal != t->literal)
      continue;
    if (!net_path_allowed(e->path, t->path)) continue;
    if (!t->entry || strlen(e->path) > strlen(t->entry->path)) t->entry = e;
    ok = true;
  }
  if (!ok) return NET_REFUSED;
  if (method) {
    if (p->any_method) {
      for (const char *q = method; *q; q++)
        if (!strchr("!#$%&'*+-.^_`|~", *q) &&
            !((*q >= 'A' && *q <= 'Z') || (*q >= 'a' && *q <= 'z') ||
              (*q >= '0' && *q <= '9')))
          return NET_METHOD;
      return *method ? NET_OK : NET_METHOD;
    }
    for (size_t i = 0; i < p->nmethods; i++)
      if (!strcmp(p->methods[i], method)) return NET_OK;
    return NET_METHOD;
  }
  return NET_OK;
}

/* ---- the policy object --------------------------------------------- */

static void entry_dispose(net_entry *e) {
  free(e->url);
  free(e->scheme);
  free(e->host);
  free(e->path);
  for (size_t i = 0; i < e->nheaders; i++) free(e->headers[i]);
  free(e->headers);
}

void net_conn_free(net_conn *c); /* transport.c */

void net_policy_free(net_policy *p) {
  if (!p) return;
  for (int i = 0; i < p->nidle; i++) net_conn_free(p->idle[i]);
  for (size_t i = 0; i < p->n; i++) entry_dispose(&p->entries[i]);
  free(p->entries);
  free(p->prefixes);
  for (size_t i = 0; i < p->nmethods; i++) free(p->methods[i]);
  free(p->methods);
  pthread_mutex_destroy(&p->mu);
  free(p);
}

const vsh_network_opts *net_policy_opts(const net_policy *p) {
  return &p->opts;
}

static bool valid_header(const char *h) {
  const char *c = strchr(h, ':');
  if (!c || c == h) return false;
  for (const char *q = h; q < c; q++)
    if (*q <= ' ' || *q >= 127) return false;
  return !strchr(h, '\r') && !strchr(h, '\n');
}

static int add_entry(net_policy *p, const vsh_net_prefix *src, vsh_error *err) {
  net_entry *e = &p->entries[p->n];
  net_target t;
  if (!src->url)
    return vsh__error_set(err, VSH_EINVAL,
                          "network: allowed prefix %zu is "
                          "NULL",
                          p->n);
  int r = net_target_parse(&t, src->url, NULL);
  if (r < 0) {
    net_target_dispose(&t);
    return vsh__error_set(err, VSH_ENOMEM, "out of memory");
  }
  const char *why = r == NET_SCHEME ? "only http and https can be allowed"
                    : r             ? "not a URL"
                                    : NULL;
  if (!why && t.user) why = "a prefix cannot hold user information";
  if (!why && !strstr(src->url, "://")) why = "the scheme must be given";
  if (why) {
    net_target_dispose(&t);
    return vsh__error_set(
        err, VSH_EINVAL, "network: allowed prefix '%.300s': %s", src->url, why);
  }
  memset(e, 0, sizeof(*e));
  p->n++;
  e->url = strdup(src->url);
  e->scheme = t.scheme;
  e->host = t.host;
  e->literal = t.literal;
  e->port = t.port;
  e->path = t.path;
  t.scheme = t.host = t.path = NULL;
  net_target_dispose(&t);
  if (!e->url) return vsh__error_set(err, VSH_ENOMEM, "out of memory");
  size_t pl = strlen(e->path);
  while (pl && e->path[pl - 1] == '/') e->path[--pl] = 0;
  size_t nh = 0;
  while (src->headers && src->headers[nh]) nh++;
  if (nh) {
    e->headers = calloc(nh + 1, sizeof(char *));
    if (!e->headers) return vsh__error_set(err, VSH_ENOMEM, "out of memory");
    for (size_t i = 0; i < nh; i++) {
      if (!valid_header(src->headers[i]))
        return vsh__error_set(err, VSH_EINVAL,
                              "network: prefix '%.300s': header '%.200s' is "
                              "not 'Name: value'",
                              src->url, src->headers[i]);
      e->headers[i] = strdup(src->headers[i]);
      if (!e->headers[i])
        return vsh__error_set(err, VSH_ENOMEM, "out of memory");
      e->nheaders = i + 1;
    }
  }
  return 0;
}

static const char *const default_methods[] = {"GET", "HEAD", NULL};

int net_policy_new(net_policy **out, const vsh_network_opts *o,
                   vsh_error *err) {
  static const vsh_network_opts none = VSH_NETWORK_OPTS_INIT;
  *out = NULL;
  if (!o || (o->version == 0 && !o->n_allow && !o->full_access_dangerous))
    o = &none;
  if (o->version != VSH_NETWORK_OPTS_VERSION)
    return vsh__error_set(err, VSH_EINVAL,
                          "network options: version %u is not %u", o->version,
                          VSH_NETWORK_OPTS_VERSION);
  if (o->n_allow && !o->allow)
    return vsh__error_set(err, VSH_EINVAL,
                          "network options: n_allow is %zu but allow is NULL",
                          o->n_allow);
  net_policy *p = calloc(1, sizeof(*p));
  if (!p) return vsh__error_set(err, VSH_ENOMEM, "out of memory");
  pthread_mutex_init(&p->mu, NULL);
  p->opts = *o;
  if (!p->opts.max_response_bytes) p->opts.max_response_bytes = 10485760;
  int rc = 0;
  if (o->n_allow) {
    p->entries = calloc(o->n_allow, sizeof(net_entry));
    p->prefixes = calloc(o->n_allow, sizeof(vsh_net_prefix));
    if (!p->entries || !p->prefixes)
      rc = vsh__error_set(err, VSH_ENOMEM, "out of memory");
    for (size_t i = 0; !rc && i < o->n_allow; i++)
      rc = add_entry(p, &o->allow[i], err);
  }
  const char *const *m = o->methods ? o->methods : default_methods;
  size_t nm = 0;
  while (m[nm]) nm++;
  if (!rc && !(p->methods = calloc(nm + 1, sizeof(char *))))
    rc = vsh__error_set(err, VSH_ENOMEM, "out of memory");
  for (size_t i = 0; !rc && i < nm; i++) {
    if (!m[i][0] || strpbrk(m[i], " \t\r\n:")) {
      rc = vsh__error_set(err, VSH_EINVAL,
                          "network options: '%.100s' is not a method", m[i]);
      break;
    }
    if (!(p->methods[i] = strdup(m[i]))) {
      rc = vsh__error_set(err, VSH_ENOMEM, "out of memory");
      break;
    }
    p->nmethods = i + 1;
    for (char *q = p->methods[i]; *q; q++)
      if (*q >= 'a' && *q <= 'z') *q = (char)(*q - 'a' + 'A');
  }
  if (rc) {
    net_policy_free(p);
    return rc;
  }
  /* the view handed back by net_policy_opts points at our copies */
  for (size_t i = 0; i < p->n; i++) {
    p->prefixes[i].url = p->entries[i].url;
    p->prefixes[i].headers = (const char *const *)p->entries[i].headers;
  }
  p->opts.allow = p->prefixes;
  p->opts.n_allow = p->n;
  p->opts.methods = (const char *const *)p->methods;
  p->any = p->n > 0 || o->full_access_dangerous;
  /* full access without a method list: any method (Flue's curl) */
  p->any_method = o->full_access_dangerous && !o->methods;
  *out = p;
  return 0;
}
