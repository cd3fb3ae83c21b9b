/* glob.c: curl's URL globbing: "{a,b}" sets and "[1-10]", "[a-z]",
 * "[001-100:5]" ranges expand one URL into many (the last pattern varies
 * fastest); "\{" and "\[" are literal, and "[...]" holding an IPv6
 * address is left alone.  #N in an -o name is the Nth pattern's value.
 * The number of URLs is capped (NET_GLOB_MAX). */
#include "net/glob.h"

#include <stdio.h>
#include <string.h>

static int push(net_glob_part *p, const char *s, size_t n) {
  if (p->n == p->cap) {
    size_t nc = p->cap ? p->cap * 2 : 4;
    char **v = realloc(p->items, nc * sizeof(char *));
    if (!v) return VSH_ENOMEM;
    p->items = v;
    p->cap = nc;
  }
  if (!(p->items[p->n] = strndup(s, n))) return VSH_ENOMEM;
  p->n++;
  return 0;
}

static net_glob_part *add_part(net_glob *g, bool pattern) {
  net_glob_part *np = realloc(g->parts, (g->nparts + 1) * sizeof(*np));
  if (!np) return NULL;
  g->parts = np;
  net_glob_part *p = &g->parts[g->nparts++];
  memset(p, 0, sizeof(*p));
  p->pattern = pattern;
  if (pattern) g->npat++;
  return p;
}

void net_glob_dispose(net_glob *g) {
  for (size_t i = 0; i < g->nparts; i++) {
    for (size_t k = 0; k < g->parts[i].n; k++) free(g->parts[i].items[k]);
    free(g->parts[i].items);
  }
  free(g->parts);
  memset(g, 0, sizeof(*g));
}

/* "[...]" that holds only hex digits, ':' and '.' with a ':' in it. */
static bool ipv6_brackets(const char *s, size_t *len) {
  size_t i = 1;
  bool colon = false;
  for (; s[i] && s[i] != ']'; i++) {
    char c = s[i];
    if (c == ':') colon = true;
    else if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') ||
               (c >= 'A' && c <= 'F') || c == '.' || c == '%'))
      return false;
  }
  if (s[i] != ']' || !colon) return false;
  *len = i + 1;
  return true;
}

static int fail(net_glob *g, const char *what, size_t pos) {
  snprintf(g->err, sizeof(g->err), "%s", what);
  g->errpos = pos;
  return 1;
}

/* One "[x-y:step]" starting at s[0] == '['; *used is its length. */
static int parse_range(net_glob *g, net_glob_part *p, const char *url,
                       const char *s, size_t *used) {
  size_t len = strlen(url);
  const char *end = strchr(s, ']');
  if (!end) return fail(g, "bad range", len + 1);
  *used = (size_t)(end - s) + 1;
  char in[64];
  size_t n = (size_t)(end - s) - 1;
  if (n >= sizeof(in)) return fail(g, "bad range", len + 1);
  memcpy(in, s + 1, n);
  in[n] = 0;
  long step = 1;
  char *colon = strchr(in, ':');
  if (colon) {
    char *e;
    if (strlen(colon + 1) > 18) return fail(g, "bad range", len + 1);
    step = strtol(colon + 1, &e, 10);
    if (*e || step <= 0) return fail(g, "bad range", len + 1);
    *colon = 0;
  }
  char *dash = strchr(in, '-');
  if (!dash || dash == in) return fail(g, "bad range", len + 1);
  *dash = 0;
  const char *a = in, *b = dash + 1;
  char buf[32];
  if (strlen(a) == 1 && strlen(b) == 1 &&
      ((a[0] >= 'a' && a[0] <= 'z' && b[0] >= 'a' && b[0] <= 'z') ||
       (a[0] >= 'A' && a[0] <= 'Z' && b[0] >= 'A' && b[0] <= 'Z'))) {
    if (b[0] < a[0]) return fail(g, "bad range", len + 1);
    for (long c = a[0]; c <= b[0]; c += step) {
      buf[0] = (char)c;
      if (push(p, buf, 1)) return VSH_ENOMEM;
    }
    return 0;
  }
  char *e1, *e2;
  /* at most 18 digits: no overflow anywhere below */
  if (!*a || !*b || strlen(a) > 18 || strlen(b) > 18)
    return fail(g, "bad range", len + 1);
  long lo = strtol(a, &e1, 10), hi = strtol(b, &e2, 10);
  if (*e1 || *e2 || lo < 0 || hi < lo) return fail(g, "bad range", len + 1);
  int width = a[0] == '0' && a[1] ? (int)strlen(a) : 0;
  long count = (hi - lo) / step + 1;
  if (count > NET_GLOB_MAX)
    return fail(g, "too many URLs", (size_t)(s - url) + 1);
  for (long i = 0; i < count; i++) {
    int k = snprintf(buf, sizeof(buf), "%0*ld", width, lo + i * step);
    if (push(p, buf, (size_t)k)) return VSH_ENOMEM;
  }
  return 0;
}

int net_glob_parse(net_glob *g, const char *url) {
  memset(g, 0, sizeof(*g));
  vsh_buf lit = {0};
  int rc = 0;
  g->total = 1;
  for (size_t i = 0; !rc && url[i];) {
    char c = url[i];
    size_t ip6;
    if (c == '\\' && (url[i + 1] == '{' || url[i + 1] == '}' ||
                      url[i + 1] == '[' || url[i + 1] == ']')) {
      rc = vsh__buf_putc(&lit, url[i + 1]) ? VSH_ENOMEM : 0;
      i += 2;
      continue;
    }
    if (c == '[' && ipv6_brackets(url + i, &ip6)) {
      rc = vsh__buf_append(&lit, url + i, ip6) ? VSH_ENOMEM : 0;
      i += ip6;
      continue;
    }
    if (c != '{' && c != '[') {
      rc = vsh__buf_putc(&lit, c) ? VSH_ENOMEM : 0;
      i++;
      continue;
    }
    if (lit.len) {
      net_glob_part *p = add_part(g, false);
      if (!p || push(p, lit.data, lit.len)) {
        rc = VSH_ENOMEM;
        break;
      }
      vsh__buf_clear(&lit);
    }
    net_glob_part *p = add_part(g, true);
    if (!p) {
      rc = VSH_ENOMEM;
      break;
    }
    if (c == '[') {
      size_t used = 0;
      rc = parse_range(g, p, url, url + i, &used);
      i += used;
    } else {
      size_t k = i + 1, start = k;
      for (;; k++) {
        if (!url[k]) {
          rc = fail(g, "unmatched brace", i + 1);
          break;
        }
        if (url[k] == '{') {
          rc = fail(g, "nested brace", k + 1);
          break;
        }
        if (url[k] == ',' || url[k] == '}') {
          if (k == start && url[k] == '}' && p->n == 0) {
            rc = fail(g, "empty string within braces", k + 1);
            break;
          }
          if (push(p, url + start, k - start)) {
            rc = VSH_ENOMEM;
            break;
          }
          start = k + 1;
          if (url[k] == '}') break;
        }
      }
      i = url[k] ? k + 1 : k;
    }
    if (!rc) {
      if (g->total > NET_GLOB_MAX / (p->n ? p->n : 1))
        rc = fail(g, "too many URLs", i);
      else g->total *= p->n;
    }
  }
  if (!rc && (lit.len || !g->nparts)) {
    net_glob_part *p = add_part(g, false);
    if (!p || push(p, lit.data ? lit.data : "", lit.len)) rc = VSH_ENOMEM;
  }
  vsh_buf_dispose(&lit);
  return rc;
}

int net_glob_get(const net_glob *g, size_t idx, vsh_buf *url,
                 const char **vals) {
  /* mixed radix, the last pattern fastest */
  size_t *pick = calloc(g->nparts ? g->nparts : 1, sizeof(size_t));
  if (!pick) return VSH_ENOMEM;
  for (size_t i = g->nparts; i-- > 0;) {
    size_t n = g->parts[i].n;
    pick[i] = idx % n;
    idx /= n;
  }
  int rc = 0;
  size_t k = 0;
  for (size_t i = 0; i < g->nparts && !rc; i++) {
    const char *v = g->parts[i].items[pick[i]];
    rc = vsh__buf_puts(url, v) ? VSH_ENOMEM : 0;
    if (g->parts[i].pattern && vals) vals[k++] = v;
  }
  free(pick);
  return rc;
}

int net_glob_name(const char *pattern, const char **vals, size_t nvals,
                  vsh_buf *out) {
  for (const char *p = pattern; *p; p++) {
    if (*p == '#' && p[1] >= '1' && p[1] <= '9') {
      char *e;
      unsigned long n = strtoul(p + 1, &e, 10);
      if (n >= 1 && n <= nvals) {
        if (vsh__buf_puts(out, vals[n - 1])) return VSH_ENOMEM;
        p = e - 1;
        continue;
      }
    }
    if (vsh__buf_putc(out, *p)) return VSH_ENOMEM;
  }
  return 0;
}
