/* glob.c: pathname expansion against the vfs.  The pattern is split at
 * '/' into components; components without unquoted magic are appended
 * as they are, others are matched against directory listings (a leading
 * '.' only explicitly, unless dotglob; "." and ".." never with
 * globskipdots).  `**` with globstar matches any depth of directories.
 * Results are sorted bytewise; no match leaves the word as written
 * (nullglob drops it, failglob is an error). */
#include "shell/expand/expand_int.h"
#include "core/pattern.h"

#include <stdlib.h>
#include <string.h>

typedef struct gstate {
  sh_ctx *c;
  unsigned flags;
  uint64_t ops;
  sh_argv *acc;
} gstate;

typedef struct comp {
  const char *s;
  const unsigned char *q; /* quoted per byte */
  size_t len;
  bool magic;
  bool globstar;
} comp;

static const char *abs_path(sh_ctx *c, const char *rel) {
  vsh_buf b = {0};
  if (vsh__path_resolve(&b, c->dirs.cwd, rel[0] ? rel : ".",
                        strlen(rel[0] ? rel : "."))) {
    vsh_buf_dispose(&b);
    return NULL;
  }
  char *d = vsh__arena_strndup(&c->arena, b.data, b.len);
  vsh_buf_dispose(&b);
  return d;
}

static bool is_dir(sh_ctx *c, const char *path) {
  const char *a = abs_path(c, path);
  vfs_info st;
  return a && vfs_stat(c->fs, a, true, &st) == 0 && st.type == VFS_DIR;
}

static bool exists_l(sh_ctx *c, const char *path) {
  const char *a = abs_path(c, path);
  vfs_info st;
  return a && vfs_stat(c->fs, a, false, &st) == 0;
}

static char *join(sh_ctx *c, const char *prefix, const char *name, size_t n) {
  size_t pl = strlen(prefix);
  bool slash = pl && prefix[pl - 1] != '/';
  char *d = vsh__arena_alloc(&c->arena, pl + slash + n + 1);
  if (!d) return NULL;
  memcpy(d, prefix, pl);
  if (slash) d[pl] = '/';
  memcpy(d + pl + slash, name, n);
  d[pl + slash + n] = 0;
  return d;
}

static int walk(gstate *g, const char *prefix, const comp *cs, size_t nc);

/* All directories beneath prefix (prefix itself included), for `**`. */
static int globstar(gstate *g, const char *prefix, const comp *cs, size_t nc,
                    unsigned depth) {
  sh_ctx *c = g->c;
  if (depth > 256) return 0;
  int rc = walk(g, prefix, cs, nc);
  if (rc) return rc;
  vfs_dirlist l;
  const char *a = abs_path(c, prefix);
  if (!a || vfs_readdir(c->fs, a, &l)) return 0;
  for (size_t i = 0; !rc && i < l.len; i++) {
    const char *nm = l.items[i].name;
    if (nm[0] == '.' && !c->opt.opts[SH_SHOPT_DOTGLOB]) continue;
    if (l.items[i].type != VFS_DIR) continue; /* symlinks are not followed */
    if (++g->ops > c->ex->limits.max_glob_ops) {
      sh_exec_limit(c->ex, "glob operation limit exceeded");
      rc = VSH_ELIMIT;
      break;
    }
    char *sub = join(c, prefix, nm, strlen(nm));
    rc = sub ? globstar(g, sub, cs, nc, depth + 1) : VSH_ENOMEM;
  }
  vfs_dirlist_dispose(&l);
  return rc;
}

static int walk(gstate *g, const char *prefix, const comp *cs, size_t nc) {
  sh_ctx *c = g->c;
  if (sh_exec_cancelled(c->ex)) return VSH_EABORTED;
  if (nc == 0) {
    if (prefix[0] && exists_l(c, prefix))
      return sh__argv_push(c, g->acc, prefix, strlen(prefix));
    return 0;
  }
  const comp *k = &cs[0];
  if (!k->magic) {
    char *lit = vsh__arena_alloc(&c->arena, k->len + 1);
    if (!lit) return VSH_ENOMEM;
    memcpy(lit, k->s, k->len);
    lit[k->len] = 0;
    char *next = join(c, prefix, lit, k->len);
    if (!next) return VSH_ENOMEM;
    if (nc > 1 && !is_dir(c, next)) return 0;
    return walk(g, next, cs + 1, nc - 1);
  }
  if (k->globstar) {
    if (nc == 1) { /* a trailing `**`: every file and directory */
      comp all = {
          .s = "*", .q = (const unsigned char *)"\0", .len = 1, .magic = true};
      /* and, as in bash, the directory itself first (as "c/") */
      if (prefix[0] && strcmp(prefix, "/")) {
        size_t pl = strlen(prefix);
        char *self = vsh__arena_alloc(&c->arena, pl + 2);
        if (!self) return VSH_ENOMEM;
        memcpy(self, prefix, pl);
        memcpy(self + pl, "/", 2);
        int rc = sh__argv_push(c, g->acc, self, pl + 1);
        if (rc) return rc;
      }
      return globstar(g, prefix, &all, 1, 0);
    }
    return globstar(g, prefix, cs + 1, nc - 1, 0);
  }
  sh_pattern *pat;
  int rc = sh_pattern_compile(&pat, &c->arena, k->s, k->len, k->q, g->flags);
  if (rc) return 0;
  vfs_dirlist l;
  const char *a = abs_path(c, prefix[0] ? prefix : ".");
  if (!a || vfs_readdir(c->fs, a, &l)) return 0;
  sh_pattern_budget b;
  sh_pattern_budget_init(c, &b);
  bool explicit_dot = k->len && k->s[0] == '.' && !k->q[0];
  for (size_t i = 0; !rc && i < l.len; i++) {
    const char *nm = l.items[i].name;
    size_t nl = strlen(nm);
    if (++g->ops > c->ex->limits.max_glob_ops) {
      sh_exec_limit(c->ex, "glob operation limit exceeded");
      rc = VSH_ELIMIT;
      break;
    }
    if (nm[0] == '.' && !explicit_dot && !c->opt.opts[SH_SHOPT_DOTGLOB] &&
        !(sh_var_get(c, "GLOBIGNORE") && *sh_var_get(c, "GLOBIGNORE")))
      continue;
    int m = sh_pattern_match(pat, nm, nl, &b);
    if (m < 0) {
      rc = sh_pattern_failed(c, m);
      break;
    }
    if (m != 1) continue;
    char *next = join(c, prefix, nm, nl);
    if (!next) {
      rc = VSH_ENOMEM;
      break;
    }
    if (nc > 1) {
      if (is_dir(c, next)) rc = walk(g, next, cs + 1, nc - 1);
    } else {
      rc = sh__argv_push(c, g->acc, next, strlen(next));
    }
  }
  vfs_dirlist_dispose(&l);
  /* "." and ".." match only when written literally */
  if (!rc && explicit_dot && !c->opt.opts[SH_SHOPT_GLOBSKIPDOTS]) {
    static const char *dots[] = {".", ".."};
    for (int d = 0; d < 2 && !rc; d++) {
      if (sh_pattern_match(pat, dots[d], strlen(dots[d]), &b) != 1) continue;
      char *next = join(c, prefix, dots[d], strlen(dots[d]));
      rc = nc > 1 ? walk(g, next, cs + 1, nc - 1)
                  : sh__argv_push(c, g->acc, next, strlen(next));
    }
  }
  return rc;
}

/* The ':' that ends a GLOBIGNORE pattern, or NULL; a colon inside a
 * bracket expression ([[:alnum:]]) belongs to it, as in bash. */
static const char *ignore_end(const char *p) {
  for (const char *q = p; *q; q++) {
    if (*q == '\\' && q[1]) {
      q++;
    } else if (*q == '[') {
      const char *r = q + 1;
      if (*r == '!' || *r == '^') r++;
      if (*r == ']') r++;
      while (*r && *r != ']') {
        if (r[0] == '[' && (r[1] == ':' || r[1] == '.' || r[1] == '=')) {
          const char *cl = strstr(r + 2, (char[]){r[1], ']', 0});
          r = cl ? cl + 2 : r + 1;
        } else {
          r++;
        }
      }
      if (*r == ']') q = r;
    } else if (*q == ':') {
      return q;
    }
  }
  return NULL;
}

/* GLOBIGNORE: a colon-separated list of patterns; matching results are
 * dropped, and so are "." and "..". */
static size_t globignore_filter(sh_ctx *c, char **v, size_t n) {
  const char *gi = sh_var_get(c, "GLOBIGNORE");
  if (!gi || !*gi) return n;
  size_t w = 0;
  for (size_t i = 0; i < n; i++) {
    const char *base = strrchr(v[i], '/') ? strrchr(v[i], '/') + 1 : v[i];
    bool drop = !strcmp(base, ".") || !strcmp(base, "..");
    for (const char *p = gi; !drop && *p;) {
      const char *e = ignore_end(p);
      size_t pl = e ? (size_t)(e - p) : strlen(p);
      sh_pattern *pat;
      if (pl && sh_pattern_compile(&pat, &c->arena, p, pl, NULL,
                                   SH_PAT_PATHNAME | SH_PAT_EXTGLOB) == 0) {
        sh_pattern_budget b;
        sh_pattern_budget_init(c, &b);
        int m = sh_pattern_match(pat, v[i], strlen(v[i]), &b);
        if (m < 0) sh_pattern_failed(c, m);
        if (m == 1) drop = true;
      }
      if (!e) break;
      p = e + 1;
    }
    if (!drop) v[w++] = v[i];
  }
  return w;
}

static int cmp_str(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

static bool comp_magic(sh_ctx *c, const char *s, const unsigned char *q,
                       size_t n) {
  for (size_t i = 0; i < n; i++) {
    if (q[i]) continue;
    if (s[i] == '*' || s[i] == '?' || s[i] == '[') return true;
    if (s[i] == '\\') return true; /* needs unescaping by the matcher */
    if (c->opt.opts[SH_SHOPT_EXTGLOB] && strchr("+@!", s[i]) && i + 1 < n &&
        s[i + 1] == '(')
      return true;
  }
  return false;
}

int sh_glob(sh_ctx *c, const char *pat, size_t len, const unsigned char *mask,
            sh_argv *out) {
  unsigned char *q = vsh__arena_alloc(&c->arena, len + 1);
  comp *cs = vsh__arena_alloc(&c->arena, (len / 2 + 2) * sizeof(comp));
  if (!q || !cs) return VSH_ENOMEM;
  for (size_t i = 0; i < len; i++) q[i] = (mask[i] & XM_QUOTED) ? 1 : 0;
  size_t nc = 0, i = 0;
  bool absolute = len && pat[0] == '/';
  while (i < len) {
    while (i < len && pat[i] == '/') i++;
    size_t s = i;
    while (i < len && pat[i] != '/') i++;
    if (i == s) break;
    comp *k = &cs[nc++];
    k->s = pat + s;
    k->q = q + s;
    k->len = i - s;
    k->magic = comp_magic(c, k->s, k->q, k->len);
    k->globstar = c->opt.opts[SH_SHOPT_GLOBSTAR] && k->len == 2 &&
                  k->s[0] == '*' && k->s[1] == '*' && !k->q[0] && !k->q[1];
    /* two ** in a row are one (else each match comes out once a depth) */
    if (k->globstar && nc > 1 && cs[nc - 2].globstar) nc--;
  }
  bool trailing_slash = len && pat[len - 1] == '/';
  gstate g = {.c = c, .ops = 0};
  /* dotglob (or a non-empty GLOBIGNORE) lets wildcards match a leading
   * '.'; "." and ".." are never listed */
  const char *gi = sh_var_get(c, "GLOBIGNORE");
  g.flags = c->opt.opts[SH_SHOPT_DOTGLOB] || (gi && *gi) ? 0 : SH_PAT_PERIOD;
  if (c->opt.opts[SH_SHOPT_EXTGLOB]) g.flags |= SH_PAT_EXTGLOB;
  if (c->opt.opts[SH_SHOPT_NOCASEGLOB]) g.flags |= SH_PAT_NOCASE;
  if (sh_byte_locale(c)) g.flags |= SH_PAT_BYTES; /* LC_ALL=C: ? is a byte */
  sh_argv found = {0};
  g.acc = &found;
  int rc = walk(&g, absolute ? "/" : "", cs, nc);
  if (rc) return rc;
  if (trailing_slash) { /* a pattern ending in "/" matches directories */
    size_t k = 0;
    for (size_t j = 0; j < found.n; j++)
      if (is_dir(c, found.v[j])) found.v[k++] = found.v[j];
    found.n = k;
  }
  if (found.n == 0) {
    /* failglob wins over nullglob, as in bash */
    if (c->opt.opts[SH_SHOPT_FAILGLOB]) {
      char *lit = vsh__arena_strndup(&c->arena, pat, len);
      sh_error(c, "no match: %s", lit ? lit : "");
      c->proc.status = 1;
      /* bash drops the rest of the line, and set -e then exits */
      if (!c->flow.unwind) {
        c->flow.unwind = SH_UW_ABORT;
        c->flow.abort_errexit = true;
      }
      return VSH_ENOENT;
    }
    if (c->opt.opts[SH_SHOPT_NULLGLOB]) return 0;
    /* the word stays as it is: quotes are already gone, and backslashes
     * that came from an expansion are kept, as in bash */
    return sh__argv_push(c, out, pat, len);
  }
  qsort(found.v, found.n, sizeof(char *), cmp_str);
  found.n = globignore_filter(c, found.v, found.n);
  if (found.n == 0) {
    /* everything was ignored: as if nothing matched */
    if (c->opt.opts[SH_SHOPT_NULLGLOB]) return 0;
    return sh__argv_push(c, out, pat, len);
  }
  for (size_t j = 0; j < found.n; j++) {
    const char *r = found.v[j];
    size_t rl = strlen(r);
    int rc2;
    if (trailing_slash) {
      char *d = join(c, r, "", 0);
      rc2 = d ? sh__argv_push(c, out, d, strlen(d)) : VSH_ENOMEM;
    } else {
      rc2 = sh__argv_push(c, out, r, rl);
    }
    if (rc2) return rc2;
  }
  return 0;
}
