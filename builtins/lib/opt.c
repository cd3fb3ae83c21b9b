/* opt.c: GNU-style option parsing for builtins: bundled short options
 * (-rn, -n2, -tx1), long options with = or a separate value and unique
 * prefixes (--num=3, --num 3, --nu), "--" ends options, and operands may
 * come before options (GNU permutation unless POSIXLY_CORRECT or a '+' at
 * the start of the option string).  Operands are collected in order. */
#include "builtins/builtins.h"

#include <string.h>

void bi_try_help(bi_ctx *b) {
  bi_errline(b, "Try '%s --help' for more information.", b->argv[0]);
}

int bi_argmatch(bi_ctx *b, const char *opt, const char *arg,
                const char *const *valid) {
  size_t n = strlen(arg);
  int found = -1;
  bool ambiguous = false;
  for (int i = 0; valid[i]; i++) {
    if (!strcmp(valid[i], arg)) return i;
    if (n && !strncmp(valid[i], arg, n)) {
      if (found >= 0) ambiguous = true;
      found = i;
    }
  }
  if (found >= 0 && !ambiguous) return found;
  bi_err(b, "%s argument \u2018%s\u2019 for \u2018%s\u2019",
         ambiguous ? "ambiguous" : "invalid", arg, opt);
  bi_errline(b, "Valid arguments are:");
  for (int i = 0; valid[i]; i++) bi_errline(b, "  - \u2018%s\u2019", valid[i]);
  return -1;
}

static int fail(bi_ctx *b, bi_opts *g, const char *fmt, const char *what) {
  bi_err(b, fmt, what);
  bi_try_help(b);
  g->status = 1;
  return '?';
}

static int long_opt(bi_ctx *b, bi_opts *g, const char *arg,
                    const bi_longopt *lo) {
  const char *eq = strchr(arg, '=');
  size_t n = eq ? (size_t)(eq - arg) : strlen(arg);
  const bi_longopt *hit = NULL;
  int hits = 0;
  for (const bi_longopt *o = lo; o && o->name; o++) {
    if (strncmp(o->name, arg, n)) continue;
    if (strlen(o->name) == n) {
      hit = o;
      hits = 1;
      break;
    }
    hit = o;
    hits++;
  }
  if (!hit) return fail(b, g, "unrecognized option '--%s'", arg);
  if (hits > 1) return fail(b, g, "option '--%s' is ambiguous", arg);
  g->arg = NULL;
  if (hit->has_arg == BI_ARG_NONE && eq)
    return fail(b, g, "option '--%s' doesn't allow an argument", hit->name);
  if (eq) {
    g->arg = eq + 1;
  } else if (hit->has_arg == BI_ARG_REQUIRED) {
    if (g->ind >= b->argc)
      return fail(b, g, "option '--%s' requires an argument", hit->name);
    g->arg = b->argv[g->ind++];
  }
  g->longname = hit->name;
  return hit->val;
}

int bi_getopt(bi_ctx *b, bi_opts *g, const char *shortopts,
              const bi_longopt *longopts) {
  if (g->ind == 0) {
    g->ind = 1;
    g->operands = vsh__arena_alloc(b->arena, ((size_t)b->argc + 1) * sizeof(char *));
    g->noperands = 0;
    if (!g->operands) return -1;
  }
  bool posix = shortopts[0] == '+' || bi_getenv(b, "POSIXLY_CORRECT");
  if (shortopts[0] == '+') shortopts++;
  for (;;) {
    if (g->bundle && *g->bundle) {
      char ch = *g->bundle++;
      const char *spec = ch == ':' ? NULL : strchr(shortopts, ch);
      g->arg = NULL;
      g->longname = NULL;
      if (!spec) {
        char s[2] = {ch, 0};
        return fail(b, g, "invalid option -- '%s'", s);
      }
      if (spec[1] == ':') {
        if (*g->bundle) {
          g->arg = g->bundle;
        } else if (spec[2] != ':') {
          if (g->ind >= b->argc) {
            char s[2] = {ch, 0};
            return fail(b, g, "option requires an argument -- '%s'", s);
          }
          g->arg = b->argv[g->ind++];
        }
        g->bundle = NULL;
      }
      return ch;
    }
    g->bundle = NULL;
    if (g->ind >= b->argc) {
      g->operands[g->noperands] = NULL;
      return -1;
    }
    const char *a = b->argv[g->ind++];
    if (g->ended || a[0] != '-' || !a[1]) {
      g->operands[g->noperands++] = (char *)a;
      if (posix) g->ended = true;
      continue;
    }
    if (!strcmp(a, "--")) {
      g->ended = true;
      continue;
    }
    if (a[1] == '-') return long_opt(b, g, a + 2, longopts);
    g->bundle = a + 1;
  }
}

bool bi_parse_size(const char *s, uint64_t *out) {
  char *end;
  if (!s || !*s) return false;
  unsigned long long v = strtoull(s, &end, 10);
  uint64_t mul = 1;
  if (*end) {
    const char *sfx = "kKMGTPE";
    const char *p = strchr(sfx, *end);
    if (!p && *end == 'b' && !end[1]) mul = 512;
    else if (!p) return false;
    else {
      int pow = p == sfx ? 1 : (int)(p - sfx);
      bool si = end[1] == 'B';
      if (end[1] && !(si && !end[2]) && !(end[1] == 'i' && end[2] == 'B' && !end[3]))
        return false;
      for (int i = 0; i < pow; i++) mul *= si ? 1000 : 1024;
    }
  }
  if (mul && v > UINT64_MAX / mul) return false;
  *out = v * mul;
  return true;
}

int bi_getopt_nul(bi_ctx *b, bi_opts *g, const bi_nul_opt *o, char *end) {
  const bi_longopt lo[] = {{o->longname, BI_ARG_NONE, o->letter},
                           {"help", BI_ARG_NONE, 256},
                           {"version", BI_ARG_NONE, 257},
                           {NULL, 0, 0}};
  const char shortopts[2] = {o->letter, 0};
  int ch;
  *end = '\n';
  while ((ch = bi_getopt(b, g, shortopts, lo)) != -1) {
    if (ch == o->letter) {
      *end = 0;
    } else if (ch == 256) {
      bi_puts(b, o->usage);
      return 0;
    } else if (ch == 257) {
      bi_printf(b, "%s (vsh) " VSH_VERSION_STRING "\n", o->name);
      return 0;
    } else {
      return o->bad_status;
    }
  }
  return -1;
}

static bool re_budget_cancelled(void *ud) { return bi_cancelled(ud); }

vsh_re_budget bi_re_budget(bi_ctx *b) {
  return (vsh_re_budget){VSH_RE_DEFAULT_STEPS, re_budget_cancelled, b};
}

int bi_re_failed(bi_ctx *b, int rc) {
  if (rc == VSH_ELIMIT)
    bi_err(b, "regular expression too complex for the input (work limit)");
  else if (rc == VSH_ENOMEM)
    bi_err(b, "memory exhausted");
  return rc == VSH_EABORTED ? 1 : 2;
}
