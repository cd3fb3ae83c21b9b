/* fuzz_url.c: the input is an allowed prefix, a NUL, and a request URL.
 * When the policy allows the URL, an independent reference must agree:
 * it re-reads the URL libcurl will request (the text of the very CURLU
 * handle that is fetched) with its own split of scheme, authority,
 * userinfo, host, port and path, decodes the path up to three times and
 * refuses any dot segment, backslash-separated or ';'-parametered, then
 * compares with the prefix read the same way.  A URL the policy allows
 * and the reference refuses is a bug (abort); the converse (the policy
 * being stricter) is allowed.  The parsed host must also be the host
 * that text names, so the URL checked is the URL fetched.  The request
 * URL also goes through curl's globbing (glob.c): its first and last
 * expansions must be built without error. */
#include "net/glob.h"
#include "net/net_int.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

typedef struct ref_url {
  char scheme[16];
  char host[512];
  unsigned port;
  char path[4096];
  bool ok;
} ref_url;

static void lower(char *s) {
  for (; *s; s++)
    if (*s >= 'A' && *s <= 'Z') *s = (char)(*s - 'A' + 'a');
}

/* The reference's own reading of an absolute URL. */
static void ref_parse(const char *u, ref_url *r) {
  memset(r, 0, sizeof(*r));
  const char *colon = strstr(u, "://");
  if (!colon || (size_t)(colon - u) >= sizeof(r->scheme)) return;
  memcpy(r->scheme, u, (size_t)(colon - u));
  lower(r->scheme);
  const char *a = colon + 3;
  size_t alen = strcspn(a, "/?#");
  const char *rest = a + alen;
  /* userinfo ends at the authority's last '@' */
  const char *at = NULL;
  for (const char *p = a; p < rest; p++)
    if (*p == '@') at = p;
  const char *hs = at ? at + 1 : a;
  const char *he = rest;
  const char *portp = NULL;
  if (*hs == '[') {
    const char *rb = memchr(hs, ']', (size_t)(rest - hs));
    if (!rb) return;
    he = rb + 1;
    if (he < rest && *he == ':') portp = he + 1;
    else if (he != rest) return;
  } else {
    const char *c = memchr(hs, ':', (size_t)(rest - hs));
    if (c) {
      he = c;
      portp = c + 1;
    }
  }
  size_t hl = (size_t)(he - hs);
  if (!hl || hl >= sizeof(r->host)) return;
  memcpy(r->host, hs, hl);
  lower(r->host);
  size_t n = strlen(r->host);
  if (n > 1 && r->host[n - 1] == '.') r->host[n - 1] = 0;
  if (portp) {
    r->port = 0;
    for (const char *p = portp; p < rest; p++) {
      if (*p < '0' || *p > '9') return;
      r->port = r->port * 10 + (unsigned)(*p - '0');
      if (r->port > 65535) return;
    }
  }
  if (!portp || portp == rest)
    r->port = !strcmp(r->scheme, "https")  ? 443
              : !strcmp(r->scheme, "http") ? 80
                                           : 0;
  size_t pl = strcspn(rest, "?#");
  if (pl >= sizeof(r->path)) return;
  memcpy(r->path, rest, pl);
  if (!pl) strcpy(r->path, "/");
  r->ok = true;
}

static int hexv(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  c = (char)(c | 0x20);
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  return -1;
}

/* Could a server that decodes and normalises this path leave prefix? */
static bool ref_path_safe(const char *path) {
  char a[4096], b[4096];
  snprintf(a, sizeof(a), "%s", path);
  for (int round = 0; round < 4; round++) {
    /* any dot segment, split at '/' and '\', ';' parameters dropped */
    const char *s = a;
    for (;;) {
      size_t seg = strcspn(s, "/\\");
      size_t name = strcspn(s, ";/\\");
      if (name > seg) name = seg;
      if ((name == 1 && s[0] == '.') ||
          (name == 2 && s[0] == '.' && s[1] == '.'))
        return false;
      if (!s[seg]) break;
      s += seg + 1;
    }
    size_t o = 0;
    for (size_t i = 0; a[i]; i++) {
      int h, l;
      if (a[i] == '%' && (h = hexv(a[i + 1])) >= 0 &&
          (l = hexv(a[i + 2])) >= 0) {
        int v = h * 16 + l;
        if (!v) return false; /* an encoded NUL */
        b[o++] = (char)v;
        i += 2;
      } else if ((unsigned char)a[i] == 0xc0 &&
                 ((unsigned char)a[i + 1] & 0xfe) == 0xae) {
        b[o++] = (unsigned char)a[i + 1] == 0xae ? '.' : '/';
        i++;
      } else {
        b[o++] = a[i];
      }
    }
    b[o] = 0;
    memcpy(a, b, o + 1);
  }
  return true;
}

static bool ref_prefix(const char *pre, const char *path) {
  size_t n = strlen(pre);
  while (n && pre[n - 1] == '/') n--;
  if (!n) return true;
  if (strlen(path) < n || strncasecmp(pre, path, n)) return false;
  /* exact bytes except %xx hex case */
  for (size_t i = 0; i < n; i++)
    if (pre[i] != path[i] &&
        !(i && (pre[i - 1] == '%' || (i > 1 && pre[i - 2] == '%'))))
      return false;
  if (path[n] && path[n] != '/') return false;
  return ref_path_safe(path);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size > 2048) return 0;
  const uint8_t *nul = memchr(data, 0, size);
  if (!nul) return 0;
  char *pre = strndup((const char *)data, (size_t)(nul - data));
  char *url = malloc(size - (size_t)(nul - data));
  if (!pre || !url) abort();
  size_t ul = size - (size_t)(nul - data) - 1;
  memcpy(url, nul + 1, ul);
  url[ul] = 0;
  if (strlen(url) != ul) goto done; /* a NUL inside: not a C string */
  net_glob g;
  int gr = net_glob_parse(&g, url);
  if (gr < 0) abort();
  if (gr == 0) {
    if (!g.total || g.total > NET_GLOB_MAX) abort();
    const char *vals[64];
    for (size_t k = 0; k < 2 && g.npat <= 64; k++) {
      vsh_buf u = {0};
      if (net_glob_get(&g, k ? g.total - 1 : 0, &u, vals)) abort();
      vsh_buf_dispose(&u);
    }
  } else if (!g.err[0]) {
    abort();
  }
  net_glob_dispose(&g);
  vsh_net_prefix p = {pre, NULL};
  vsh_network_opts o = VSH_NETWORK_OPTS_INIT;
  o.allow = &p;
  o.n_allow = 1;
  net_policy *pol = NULL;
  if (net_policy_new(&pol, &o, NULL)) goto done;
  net_target t;
  int v = net_target_parse(&t, url, NULL);
  if (v == VSH_ENOMEM) abort();
  if (v == NET_OK && net_policy_check(pol, &t, "GET") == NET_OK) {
    ref_url r, e;
    ref_parse(t.url, &r);
    ref_parse(pol->entries[0].url, &e);
    net_target et;
    /* the prefix as libcurl spells it (IDN, numeric hosts) */
    if (net_target_parse(&et, pol->entries[0].url, NULL) == NET_OK)
      ref_parse(et.url, &e);
    net_target_dispose(&et);
    char thost[512];
    snprintf(thost, sizeof(thost), "%s", t.host);
    bool same_host = !strcmp(r.host, e.host);
    if (!same_host && r.host[0] == '[' && e.host[0] == '[') {
      bool l1, l2;
      char *a = net_host_norm(r.host, &l1), *b = net_host_norm(e.host, &l2);
      if (!a || !b) abort();
      same_host = a[0] && !strcmp(a, b);
      free(a);
      free(b);
    }
    bool ok = r.ok && e.ok && !strcmp(r.scheme, e.scheme) && same_host &&
              r.port == e.port && ref_prefix(e.path, r.path);
    /* the host checked is the host the fetched URL names */
    if (r.host[0] == '[') {
      bool lit;
      char *rh = net_host_norm(r.host, &lit);
      if (!rh) abort();
      ok = ok && !strcmp(rh, thost);
      free(rh);
    } else {
      ok = ok && !strcmp(r.host, thost);
    }
    if (!ok) {
      fprintf(stderr,
              "fuzz_url: allowed but the reference disagrees\n"
              "  prefix %s\n  url %s\n  fetched %s\n  ref %s %s %u %s\n"
              "  entry %s %s %u %s\n",
              pre, url, t.url, r.scheme, r.host, r.port, r.path, e.scheme,
              e.host, e.port, e.path);
      abort();
    }
  }
  net_target_dispose(&t);
  net_policy_free(pol);
done:
  free(pre);
  free(url);
  return 0;
}
