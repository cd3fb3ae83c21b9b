/* find_parse.c: find's expression parser: tests, actions and operators
 * into an n-ary tree (and/or chains stay flat; parentheses nest at most
 * FIND_MAX_NEST deep); numeric arguments, -perm modes, -regex translated
 * from emacs syntax to ERE for core/regex. */
#include "builtins/search/find_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- parsing ----------------------------------------------------------- */

fnode *find_new_node(find_st *s, fnode_kind k) {
  fnode *n = vsh__arena_zalloc(s->b->arena, sizeof(fnode));
  if (n) n->kind = k;
  return n;
}

int find_perr(find_st *s, const char *fmt, const char *a) {
  if (!s->error_shown) bi_err(s->b, fmt, a);
  s->error_shown = true;
  return -1;
}

/* Stats the reference file of -newer and the like (following links);
 * false after find's message. */
static bool ref_stat(find_st *s, const char *a, vfs_info *st) {
  const char *p = bi_path(s->b, a);
  int rc = p ? vfs_stat(s->b->fs, p, true, st) : bi_path_error(a);
  if (!rc) return true;
  char msg[512];
  snprintf(msg, sizeof msg, "%s: %s", bi_cquote(s->b, a), vsh_strerror(rc));
  find_perr(s, "%s", msg);
  return false;
}

static const char *need_arg(find_st *s, const char *opt) {
  if (s->pos >= s->ntok) {
    find_perr(s, "missing argument to `%s'", opt);
    return NULL;
  }
  return s->tok[s->pos++];
}

/* "+N", "-N", "N" */
static bool parse_num(const char *a, char *cmp, int64_t *num,
                      const char **rest) {
  *cmp = '=';
  if (*a == '+' || *a == '-') *cmp = *a++;
  if (*a < '0' || *a > '9') return false;
  int64_t v = 0;
  while (*a >= '0' && *a <= '9') {
    if (v > INT64_MAX / 10 - 10) return false;
    v = v * 10 + (*a++ - '0');
  }
  *num = v;
  if (rest) *rest = a;
  else if (*a) return false;
  return true;
}

/* emacs regex (find's default) to ERE: \( \) \| are the operators, bare
 * ( ) | { } are literal. */
static char *emacs_to_ere(find_st *s, const char *p) {
  vsh_buf o = {0};
  bool in_br = false;
  for (; *p; p++) {
    if (in_br) {
      vsh__buf_putc(&o, *p);
      if (*p == ']') in_br = false;
      continue;
    }
    if (*p == '[') {
      in_br = true;
      vsh__buf_putc(&o, '[');
      if (p[1] == '^') vsh__buf_putc(&o, *++p);
      if (p[1] == ']') vsh__buf_putc(&o, *++p);
      continue;
    }
    if (*p == '\\' && p[1]) {
      p++;
      if (strchr("()|{}", *p)) vsh__buf_putc(&o, *p);
      else {
        vsh__buf_putc(&o, '\\');
        vsh__buf_putc(&o, *p);
      }
      continue;
    }
    if (strchr("()|{}", *p)) vsh__buf_putc(&o, '\\');
    vsh__buf_putc(&o, *p);
  }
  char *r = vsh__arena_strndup(s->b->arena, o.data ? o.data : "", o.len);
  vsh_buf_dispose(&o);
  return r;
}

static bool is_action(fnode_kind k) {
  return k == F_PRINT || k == F_PRINT0 || k == F_PRINTF || k == F_LS ||
         k == F_EXEC || k == F_DELETE;
}

static fnode *parse_primary(find_st *s) {
  bi_ctx *b = s->b;
  const char *t = s->tok[s->pos++];
  fnode *n = NULL;
  if (!strcmp(t, "(")) {
    if (++s->nest > FIND_MAX_NEST) {
      find_perr(s, "%s", "expression nested too deeply");
      return NULL;
    }
    if (s->pos >= s->ntok || !strcmp(s->tok[s->pos], ")")) {
      find_perr(s, "%s",
                "invalid expression; empty parentheses are not allowed.");
      return NULL;
    }
    n = find_parse_or(s);
    s->nest--;
    if (!n) return NULL;
    if (s->pos >= s->ntok || strcmp(s->tok[s->pos], ")")) {
      find_perr(s, "%s",
                "invalid expression; I was expecting to find a ')' "
                "somewhere but did not see one.");
      return NULL;
    }
    s->pos++;
    return n;
  }
  if (!strcmp(t, "!") || !strcmp(t, "-not")) {
    if (s->pos >= s->ntok) {
      find_perr(s,
                "invalid expression; you have used a binary operator '%s' "
                "with nothing before it.",
                t);
      return NULL;
    }
    if (++s->nest > FIND_MAX_NEST) {
      find_perr(s, "%s", "expression nested too deeply");
      return NULL;
    }
    fnode *k = parse_primary(s);
    s->nest--;
    if (!k) return NULL;
    n = find_new_node(s, F_NOT);
    if (!n) return NULL;
    n->kids = vsh__arena_alloc(b->arena, sizeof(fnode *));
    n->kids[0] = k;
    n->nkids = 1;
    return n;
  }
  /* options: always true */
  if (!strcmp(t, "-maxdepth") || !strcmp(t, "-mindepth")) {
    const char *a = need_arg(s, t);
    if (!a) return NULL;
    char cmp;
    int64_t v;
    if (!parse_num(a, &cmp, &v, NULL) || cmp != '=' || v > INT32_MAX) {
      char msg[512];
      snprintf(msg, sizeof msg,
               "Expected a positive decimal integer argument to %s, but "
               "got " BI_LQ "%.400s" BI_RQ,
               t, a);
      find_perr(s, "%s", msg);
      return NULL;
    }
    if (t[2] == 'a') s->maxdepth = (int)v;
    else s->mindepth = (int)v;
    return find_new_node(s, F_TRUE);
  }
  if (!strcmp(t, "-depth") || !strcmp(t, "-d")) {
    s->depth_first = true;
    return find_new_node(s, F_TRUE);
  }
  if (!strcmp(t, "-follow")) {
    s->follow = true;
    return find_new_node(s, F_TRUE);
  }
  if (!strcmp(t, "-xdev") || !strcmp(t, "-mount") || !strcmp(t, "-noleaf") ||
      !strcmp(t, "-daystart") || !strcmp(t, "-ignore_readdir_race") ||
      !strcmp(t, "-noignore_readdir_race"))
    return find_new_node(s, F_TRUE);
  if (!strcmp(t, "-regextype")) {
    const char *a = need_arg(s, t);
    if (!a) return NULL;
    if (!strcmp(a, "posix-extended") || !strcmp(a, "egrep") ||
        !strcmp(a, "posix-egrep") || !strcmp(a, "findutils-default") ||
        !strcmp(a, "emacs") || !strcmp(a, "posix-basic") ||
        !strcmp(a, "grep") || !strcmp(a, "posix-awk") || !strcmp(a, "awk") ||
        !strcmp(a, "gnu-awk") || !strcmp(a, "ed") || !strcmp(a, "sed"))
      s->regex_ere =
          strstr(a, "extended") || strstr(a, "egrep") || strstr(a, "awk");
    else {
      find_perr(s,
                "Unknown regular expression type %s; valid types are "
                "`findutils-default', `awk', `egrep', `ed', `emacs', "
                "`gnu-awk', `grep', `posix-awk', `posix-basic', "
                "`posix-egrep', `posix-extended', `posix-minimal-basic', "
                "`sed'.",
                bi_quote(b, a));
      return NULL;
    }
    return find_new_node(s, F_TRUE);
  }
  if (!strcmp(t, "-true")) return find_new_node(s, F_TRUE);
  if (!strcmp(t, "-false")) return find_new_node(s, F_FALSE);
  if (!strcmp(t, "-name") || !strcmp(t, "-iname") || !strcmp(t, "-path") ||
      !strcmp(t, "-ipath") || !strcmp(t, "-wholename") ||
      !strcmp(t, "-iwholename") || !strcmp(t, "-lname") ||
      !strcmp(t, "-ilname")) {
    const char *a = need_arg(s, t);
    if (!a) return NULL;
    bool icase = t[1] == 'i';
    n = find_new_node(s, t[icase ? 2 : 1] == 'n'   ? F_NAME
                         : t[icase ? 2 : 1] == 'l' ? F_LNAME
                                                   : F_PATH);
    if (!n) return NULL;
    if (sh_pattern_compile(&n->pat, b->arena, a, strlen(a), NULL,
                           icase ? SH_PAT_NOCASE : 0)) {
      find_perr(s, "invalid pattern %s", bi_quote(b, a));
      return NULL;
    }
    return n;
  }
  if (!strcmp(t, "-regex") || !strcmp(t, "-iregex")) {
    const char *a = need_arg(s, t);
    if (!a) return NULL;
    n = find_new_node(s, F_REGEX);
    if (!n) return NULL;
    const char *ere = s->regex_ere ? a : emacs_to_ere(s, a);
    vsh_buf em = {0};
    int rc = vsh__regex_compile(
        &n->re, ere, strlen(ere),
        VSH_RE_EXTENDED | VSH_RE_NOSUB | (t[1] == 'i' ? VSH_RE_ICASE : 0), &em);
    if (rc) {
      find_perr(s, "%s", em.data ? em.data : "Invalid regular expression");
      vsh_buf_dispose(&em);
      return NULL;
    }
    vsh_buf_dispose(&em);
    vsh_regex **r = realloc(s->res, (s->nres + 1) * sizeof(vsh_regex *));
    if (!r) {
      vsh__regex_free(n->re);
      return NULL;
    }
    s->res = r;
    s->res[s->nres++] = n->re;
    return n;
  }
  if (!strcmp(t, "-type") || !strcmp(t, "-xtype")) {
    const char *a = need_arg(s, t);
    if (!a) return NULL;
    for (const char *p = a; *p; p++) {
      if (!strchr("bcdpflsD", *p) || (p[1] && p[1] != ',') ||
          (*p == ',' && !p[1])) {
        if (*p == ',') continue;
        find_perr(s, "Unknown argument to -type: %s", a);
        return NULL;
      }
    }
    n = find_new_node(s, t[1] == 'x' ? F_XTYPE : F_TYPE);
    if (n) n->str = a;
    return n;
  }
  if (!strcmp(t, "-size")) {
    const char *a = need_arg(s, t);
    if (!a) return NULL;
    n = find_new_node(s, F_SIZE);
    if (!n) return NULL;
    /* the last character is the unit when not a digit; the rest is the
     * number */
    size_t len = strlen(a);
    char unit = len && (a[len - 1] < '0' || a[len - 1] > '9') ? a[len - 1] : 0;
    if (!len) {
      find_perr(s, "%s", "invalid null argument to -size");
      return NULL;
    }
    switch (unit) {
    case 0:
    case 'b': n->unit = 512; break;
    case 'c': n->unit = 1; break;
    case 'w': n->unit = 2; break;
    case 'k': n->unit = 1024; break;
    case 'M': n->unit = 1024 * 1024; break;
    case 'G': n->unit = 1024ull * 1024 * 1024; break;
    default: find_perr(s, "invalid -size type `%s'", a + len - 1); return NULL;
    }
    const char *rest;
    if (!parse_num(a, &n->cmp, &n->num, &rest) || rest != a + len - !!unit) {
      find_perr(s, "Invalid argument `%s' to -size", a);
      return NULL;
    }
    return n;
  }
  if ((t[1] == 'a' || t[1] == 'c' || t[1] == 'm') &&
      (!strcmp(t + 2, "time") || !strcmp(t + 2, "min"))) {
    const char *a = need_arg(s, t);
    if (!a) return NULL;
    n = find_new_node(s, F_TIME);
    if (!n) return NULL;
    if (!parse_num(a, &n->cmp, &n->num, NULL)) {
      char msg[512];
      snprintf(msg, sizeof msg, "invalid argument `%.400s' to `%s'", a, t);
      find_perr(s, "%s", msg);
      return NULL;
    }
    n->which = t[1];
    n->unit = !strcmp(t + 2, "time") ? 86400 : 60;
    return n;
  }
  if (!strcmp(t, "-newer") || !strcmp(t, "-anewer") || !strcmp(t, "-cnewer") ||
      !strcmp(t, "-samefile")) {
    const char *a = need_arg(s, t);
    vfs_info st;
    if (!a || !ref_stat(s, a, &st)) return NULL;
    n = find_new_node(s, t[1] == 's' ? F_SAMEFILE : F_NEWER);
    if (!n) return NULL;
    n->which = t[1] == 'a' ? 'a' : t[1] == 'c' ? 'c' : 'm';
    n->ts = st.mtime;
    n->num = (int64_t)st.ino;
    return n;
  }
  if (!strncmp(t, "-newer", 6) && strlen(t) == 8 && strchr("aBcm", t[6]) &&
      strchr("aBcmt", t[7])) {
    /* -newerXY: this file's time X against the reference's time Y, or
     * (Y = t) against a date; birth times are the change times here */
    const char *a = need_arg(s, t);
    if (!a) return NULL;
    struct timespec ref;
    if (t[7] == 't') {
      if (!bi_parse_date(b, a, &ref)) {
        find_perr(s,
                  "I cannot figure out how to interpret %s as a date or time",
                  bi_cquote(b, a));
        return NULL;
      }
    } else {
      vfs_info st;
      if (!ref_stat(s, a, &st)) return NULL;
      ref = t[7] == 'a' ? st.atime : t[7] == 'm' ? st.mtime : st.ctime;
    }
    n = find_new_node(s, F_NEWER);
    if (!n) return NULL;
    n->which = t[6] == 'a' ? 'a' : t[6] == 'm' ? 'm' : 'c';
    n->ts = ref;
    return n;
  }
  if (!strcmp(t, "-empty")) return find_new_node(s, F_EMPTY);
  if (!strcmp(t, "-readable") || !strcmp(t, "-writable") ||
      !strcmp(t, "-executable")) {
    n = find_new_node(s, F_ACCESS);
    if (n) n->mode = t[1] == 'r' ? 4 : t[1] == 'w' ? 2 : 1;
    return n;
  }
  if (!strcmp(t, "-perm")) {
    const char *a = need_arg(s, t);
    if (!a) return NULL;
    n = find_new_node(s, F_PERM);
    if (!n) return NULL;
    const char *m = a;
    if (*m == '-' || *m == '/') n->perm_kind = *m++;
    if (!bi_parse_mode(m, 0, false, 0, &n->mode)) {
      find_perr(s, "invalid mode %s", bi_cquote(b, a));
      return NULL;
    }
    return n;
  }
  if (!strcmp(t, "-uid") || !strcmp(t, "-gid") || !strcmp(t, "-links") ||
      !strcmp(t, "-inum")) {
    const char *a = need_arg(s, t);
    if (!a) return NULL;
    n = find_new_node(s, t[1] == 'u'   ? F_UID
                         : t[1] == 'g' ? F_GID
                         : t[1] == 'l' ? F_LINKS
                                       : F_INUM);
    if (!n) return NULL;
    if (!parse_num(a, &n->cmp, &n->num, NULL)) {
      find_perr(s, "invalid argument %s", bi_cquote(b, a));
      return NULL;
    }
    return n;
  }
  if (!strcmp(t, "-user") || !strcmp(t, "-group")) {
    const char *a = need_arg(s, t);
    if (!a) return NULL;
    bool user = t[1] == 'u';
    n = find_new_node(s, user ? F_UID : F_GID);
    if (!n) return NULL;
    n->cmp = '=';
    if (!strcmp(a, "root")) n->num = 0;
    else if (!strcmp(a, "user")) n->num = user ? VFS_UID : VFS_GID;
    else if (*a >= '0' && *a <= '9') n->num = atoll(a);
    else {
      char msg[300];
      snprintf(msg, sizeof msg, "%s is not the name of a known %s",
               bi_cquote(b, a), user ? "user" : "group");
      find_perr(s, "%s", msg);
      return NULL;
    }
    return n;
  }
  if (!strcmp(t, "-prune")) return find_new_node(s, F_PRUNE);
  if (!strcmp(t, "-quit")) return find_new_node(s, F_QUIT);
  if (!strcmp(t, "-print")) n = find_new_node(s, F_PRINT);
  else if (!strcmp(t, "-print0")) n = find_new_node(s, F_PRINT0);
  else if (!strcmp(t, "-ls")) n = find_new_node(s, F_LS);
  else if (!strcmp(t, "-delete")) {
    n = find_new_node(s, F_DELETE);
    s->depth_first = true;
  } else if (!strcmp(t, "-printf")) {
    const char *a = need_arg(s, t);
    if (!a) return NULL;
    n = find_new_node(s, F_PRINTF);
    if (n) n->str = a;
  } else if (!strcmp(t, "-exec") || !strcmp(t, "-execdir") ||
             !strcmp(t, "-ok") || !strcmp(t, "-okdir")) {
    n = find_new_node(s, F_EXEC);
    if (!n) return NULL;
    n->in_dir = !strcmp(t + strlen(t) - 3, "dir");
    n->ask = t[1] == 'o';
    int start = s->pos;
    while (s->pos < s->ntok) {
      const char *w = s->tok[s->pos];
      if (!strcmp(w, ";")) break;
      if (!n->ask && !strcmp(w, "+") && s->pos > start &&
          !strcmp(s->tok[s->pos - 1], "{}")) {
        n->batch = true;
        break;
      }
      s->pos++;
    }
    if (s->pos >= s->ntok || s->pos == start) {
      find_perr(s, "missing argument to `%s'", t);
      return NULL;
    }
    n->argc = s->pos - start;
    n->argv = (char **)(s->tok + start);
    s->pos++;
    if (n->batch) {
      fnode **e = realloc(s->execs, (s->nexecs + 1) * sizeof(fnode *));
      if (!e) return NULL;
      s->execs = e;
      s->execs[s->nexecs++] = n;
    }
  } else if (!strcmp(t, "-fprint") || !strcmp(t, "-fprint0") ||
             !strcmp(t, "-fprintf") || !strcmp(t, "-fls")) {
    find_perr(s, "%s is not supported in vsh", t);
    return NULL;
  } else if (t[0] == '-' && t[1]) {
    find_perr(s,
              strncmp(t, "-newer", 6) ? "unknown predicate `%s'"
                                      : "invalid predicate `%s'",
              t);
    return NULL;
  } else {
    find_perr(s, "paths must precede expression: `%s'", t);
    return NULL;
  }
  if (n && is_action(n->kind)) s->has_action = true;
  return n;
}

fnode *find_join(find_st *s, fnode_kind k, fnode **v, size_t n) {
  if (n == 1) return v[0];
  fnode *r = find_new_node(s, k);
  if (!r) return NULL;
  r->kids = vsh__arena_alloc(s->b->arena, n * sizeof(fnode *));
  if (!r->kids) return NULL;
  memcpy(r->kids, v, n * sizeof(fnode *));
  r->nkids = n;
  return r;
}

/* Collects operands of one n-ary operator level in a growable list. */
typedef struct nlist {
  fnode **v;
  size_t n, cap;
} nlist;

static bool nl_push(nlist *l, fnode *f) {
  if (l->n == l->cap) {
    size_t nc = l->cap ? l->cap * 2 : 8;
    fnode **v = realloc(l->v, nc * sizeof(fnode *));
    if (!v) return false;
    l->v = v;
    l->cap = nc;
  }
  l->v[l->n++] = f;
  return true;
}

static fnode *parse_and(find_st *s) {
  nlist l = {0};
  fnode *r = NULL;
  for (;;) {
    if (s->pos >= s->ntok) break;
    const char *t = s->tok[s->pos];
    if (!strcmp(t, "-o") || !strcmp(t, "-or") || !strcmp(t, ")") ||
        !strcmp(t, ",")) {
      if (!l.n)
        find_perr(s,
                  "invalid expression; you have used a binary operator '%s' "
                  "with nothing before it.",
                  t);
      break;
    }
    if (!strcmp(t, "-a") || !strcmp(t, "-and")) {
      if (!l.n) {
        find_perr(s,
                  "invalid expression; you have used a binary operator '%s' "
                  "with nothing before it.",
                  t);
        break;
      }
      s->pos++;
      if (s->pos >= s->ntok) {
        find_perr(s,
                  "invalid expression; you have used a binary operator '%s' "
                  "with nothing after it.",
                  t);
        goto done;
      }
      continue;
    }
    fnode *p = parse_primary(s);
    if (!p || !nl_push(&l, p)) goto done;
  }
  if (l.n && !s->error_shown) r = find_join(s, F_AND, l.v, l.n);
done:
  free(l.v);
  return r;
}

fnode *find_parse_or(find_st *s) {
  nlist l = {0};
  fnode *r = NULL;
  fnode_kind k = F_OR;
  for (;;) {
    fnode *a = parse_and(s);
    if (!a || !nl_push(&l, a)) goto done;
    if (s->pos >= s->ntok) break;
    const char *t = s->tok[s->pos];
    if (!strcmp(t, "-o") || !strcmp(t, "-or")) {
      s->pos++;
      if (s->pos >= s->ntok) {
        find_perr(s,
                  "invalid expression; you have used a binary operator '%s' "
                  "with nothing after it.",
                  t);
        goto done;
      }
      continue;
    }
    if (!strcmp(t, ",")) {
      /* comma binds loosest: fold what we have and continue */
      fnode *left = find_join(s, F_OR, l.v, l.n);
      s->pos++;
      fnode *right = find_parse_or(s);
      if (!left || !right) goto done;
      fnode *pair[2] = {left, right};
      r = find_join(s, F_COMMA, pair, 2);
      k = F_COMMA;
      goto done;
    }
    break;
  }
  r = find_join(s, k, l.v, l.n);
done:
  free(l.v);
  return r;
}
