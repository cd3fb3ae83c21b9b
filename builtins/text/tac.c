/* tac.c: write each file last record first (GNU tac: -b -r -s).
 * A file is read whole (GNU too copies a pipe to a temp file first).
 * -r: the separator is in GNU's Emacs syntax (\( \) \| group and
 * alternate, ( ) | { } are plain, + ? * repeat), translated to an ERE
 * for the shared bounded engine and tried anchored at each position
 * right to left like GNU, so "22" with -r '[0-9]+' is two separators. */
#include "builtins/builtins.h"
#include "core/regex.h"

#include <string.h>

static const bi_option tac_longopts[] = {
    {"before", BI_ARG_NONE, 'b',
     "attach the separator before instead of after"},
    {"regex", BI_ARG_NONE, 'r',
     "interpret the separator as a regular expression"},
    {"separator", BI_ARG_REQUIRED, 's',
     "=STRING use STRING as the separator instead of newline"},
    {0}};

static const bi_cmd tac_cmd = {
    .name = "tac",
    .usage = "Usage: tac [OPTION]... [FILE]...\n",
    .about = "Write each FILE to standard output, last line first.\n\n"
             "With no FILE, or when FILE is -, read standard input.\n\n"
             "Mandatory arguments to long options are mandatory for short "
             "options too.\n",
    .shortopts = "brs:",
    .longopts = tac_longopts,
    .help_col = 27,
};

typedef struct tac_opts {
  bool before, regex;
  const char *sep;
  vsh_regex *re;
  vsh_re_budget budget;
  int err; /* the regex stopped: VSH_ELIMIT or VSH_EABORTED */
} tac_opts;

static bool tac_cancelled(void *ud) { return bi_cancelled(ud); }

static int slurp(bi_ctx *b, sh_stream *in, vsh_buf *all) {
  char buf[65536];
  for (;;) {
    if (bi_charge(b, 1)) return VSH_EABORTED;
    int64_t r = bi_read(b, in, buf, sizeof buf);
    if (r <= 0) return (int)r;
    if (vsh__buf_append(all, buf, (size_t)r)) return VSH_ENOMEM;
  }
}

/* Finds the last separator inside s[0..limit): its [start,end).  GNU
 * searches backwards, so "22" with -r '[0-9]+' is two separators. */
static bool prev_sep(tac_opts *o, const char *s, size_t limit, size_t *st,
                     size_t *en) {
  size_t sl = strlen(o->sep);
  if (!o->regex) {
    if (!sl || sl > limit) return false;
    for (size_t i = limit - sl + 1; i-- > 0;) {
      if (s[i] == o->sep[0] && !memcmp(s + i, o->sep, sl)) {
        *st = i;
        *en = i + sl;
        return true;
      }
    }
    return false;
  }
  o->budget.steps = VSH_RE_DEFAULT_STEPS; /* a fresh allowance per record */
  for (size_t i = limit; i-- > 0;) {
    /* the pattern is compiled as ^(SEP): it can only match at i */
    vsh_regmatch m[1];
    int r = vsh__regex_exec(o->re, s + i, limit - i, 0, 0, m, 1, &o->budget);
    if (r < 0) {
      o->err = r;
      return false;
    }
    if (r == 1 && m[0].so == 0 && m[0].eo > 0) {
      *st = i;
      *en = i + (size_t)m[0].eo;
      return true;
    }
  }
  return false;
}

static int tac_buf(bi_ctx *b, tac_opts *o, const char *s, size_t len) {
  /* record boundaries: offsets where a record starts */
  size_t cap = 64, n = 0;
  size_t *cut = vsh__malloc(NULL, cap * sizeof *cut);
  int rc = 0;
  if (!cut) return VSH_ENOMEM;
  cut[n++] = 0;
  size_t limit = len, st, en;
  while (prev_sep(o, s, limit, &st, &en)) {
    if ((n & 1023) == 0 && bi_charge(b, 1024)) {
      rc = VSH_EABORTED;
      goto done;
    }
    if (n + 1 >= cap) {
      size_t *nc =
          vsh__realloc(NULL, cut, cap * sizeof *cut, 2 * cap * sizeof *cut);
      if (!nc) {
        rc = VSH_ENOMEM;
        goto done;
      }
      cut = nc;
      cap *= 2;
    }
    cut[n++] = o->before ? st : en;
    limit = st;
  }
  if (o->err) {
    rc = o->err;
    goto done;
  }
  /* found right to left: put the cuts in ascending order after cut[0] */
  for (size_t i = 1, j = n - 1; i < j; i++, j--) {
    size_t t = cut[i];
    cut[i] = cut[j];
    cut[j] = t;
  }
  cut[n] = len;
  for (size_t k = n; k-- > 0;) {
    if (cut[k + 1] > cut[k] &&
        (rc = bi_write(b, s + cut[k], cut[k + 1] - cut[k])))
      break;
  }
done:
  vsh__free(NULL, cut, cap * sizeof *cut);
  return rc;
}

int bi_tac_main(bi_ctx *b) {
  tac_opts o = {.sep = "\n"};
  bi_opts g = {0};
  int c;
  while ((c = bi_opt(b, &g, &tac_cmd)) != -1) {
    switch (c) {
    case 'b': o.before = true; break;
    case 'r': o.regex = true; break;
    case 's': o.sep = g.arg; break;
    default: return g.status;
    }
  }
  if (o.regex) {
    if (!*o.sep) {
      bi_err(b, "separator cannot be empty");
      return 1;
    }
    vsh_buf ere = {0};
    vsh__buf_puts(&ere, "^(");
    for (const char *p = o.sep; *p; p++) {
      if (*p == '[') { /* a bracket expression goes across as it is */
        const char *q = p + 1;
        if (*q == '^') q++;
        if (*q == ']') q++;
        while (*q && *q != ']') q++;
        if (!*q) q--; /* unterminated: the engine reports it */
        vsh__buf_append(&ere, p, (size_t)(q - p) + 1);
        p = q;
      } else if (*p == '\\' && p[1] && strchr("()|{}", p[1])) {
        vsh__buf_putc(&ere, *++p); /* \( \) \| are the operators */
      } else if (*p == '\\' && p[1]) {
        vsh__buf_putc(&ere, *p++);
        vsh__buf_putc(&ere, *p);
      } else {
        if (strchr("()|{}", *p)) vsh__buf_putc(&ere, '\\');
        vsh__buf_putc(&ere, *p);
      }
    }
    vsh__buf_putc(&ere, ')');
    if (!ere.data) {
      bi_err(b, "memory exhausted");
      return 1;
    }
    const char *pat = ere.data;
    size_t l = ere.len - 3;
    vsh_buf msg = {0};
    int e = vsh__regex_compile(&o.re, pat, l + 3,
                               VSH_RE_EXTENDED | VSH_RE_NOSUB, &msg);
    if (e) {
      bi_err(b, "%s", msg.data ? msg.data : vsh_strerror(e));
      vsh_buf_dispose(&msg);
      vsh_buf_dispose(&ere);
      return 1;
    }
    vsh_buf_dispose(&ere);
    o.budget = (vsh_re_budget){VSH_RE_DEFAULT_STEPS, tac_cancelled, b};
  }
  char *stdin_only[] = {(char *)"-"};
  char **files = g.noperands ? g.operands : stdin_only;
  int n = g.noperands ? g.noperands : 1, st = 0;
  vsh_buf all = {0};
  for (int k = 0; k < n; k++) {
    sh_stream *in = NULL;
    int rc = bi_open_input(b, files[k], &in);
    /* a directory is a read error in GNU, not an open error */
    if (rc && rc != VSH_EISDIR) {
      bi_err(b, "failed to open '%s' for reading: %s", files[k],
             vsh_strerror(rc));
      st = 1;
      continue;
    }
    all.len = 0;
    if (!rc) {
      rc = slurp(b, in, &all);
      sh_stream_unref(in);
    }
    if (!rc) rc = tac_buf(b, &o, all.data ? all.data : "", all.len);
    if (rc == VSH_EPIPE || rc == VSH_EABORTED) {
      st = rc == VSH_EPIPE ? 141 : 1;
      break;
    }
    if (rc == VSH_ELIMIT) {
      bi_err(b, "regular expression too complex (step limit)");
      st = 1;
      break;
    }
    if (rc) {
      bi_err(b, "%s: read error: %s", files[k], vsh_strerror(rc));
      st = 1;
    }
  }
  vsh_buf_dispose(&all);
  vsh__regex_free(o.re);
  return st;
}
