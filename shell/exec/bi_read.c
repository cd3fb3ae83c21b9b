/* bi_read.c: builtins that read input or arguments into variables: read,
 * mapfile/readarray, getopts. */
#include "shell/exec/exec_int.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* ---- read --------------------------------------------------------------------- */

static bool is_ifs(const char *ifs, char ch) { return ch && strchr(ifs, ch); }
static bool is_ws(char ch) { return ch == ' ' || ch == '\t' || ch == '\n'; }

typedef struct read_opts {
  bool raw, exact, timeout_zero;
  bool timed;            /* -t N (N > 0): until is when it ends */
  struct timespec until; /* CLOCK_MONOTONIC */
  const char *array, *delim;
  long nchars;
  int fd;
  int first; /* the first name operand */
} read_opts;

/* read's options (bash's: bundled, the value attached or next); -1 to go
 * on, else the exit status. */
static int read_options(bi_ctx *b, read_opts *o) {
  sh_bopt op = {0};
  for (int f; (f = sh_bopt_next(b, &op, "ersa:d:i:n:p:t:u:N:"));) {
    if (f < 0) return 2;
    const char *val = op.arg;
    switch (f) {
    case 'r': o->raw = true; break;
    case 's': /* silent: no terminal here */
    case 'e':
    case 'i': /* -i TEXT: readline's initial text, terminals only */
    case 'p': /* the prompt goes to a terminal only */ break;
    case 'a': o->array = val; break;
    case 'd': o->delim = val; break;
    case 'n':
    case 'N': {
      char *end;
      o->nchars = strtol(val, &end, 10);
      if (*end || o->nchars < 0) {
        bi_err(b, "%s: invalid number", val);
        return 1;
      }
      if (f == 'N') o->exact = true;
      break;
    }
    case 't': {
      /* -t 0: only asks whether input is available */
      char *end;
      double t = strtod(val, &end);
      if (end == val || *end || t < 0 || t != t) {
        bi_err(b, "%s: invalid timeout specification", val);
        return 1;
      }
      if (t == 0) {
        o->timeout_zero = true;
        break;
      }
      o->timed = true;
      clock_gettime(CLOCK_MONOTONIC, &o->until);
      if (t > 1e9) t = 1e9;
      long long ns = (long long)((t - (double)(long long)t) * 1e9);
      o->until.tv_sec += (time_t)t;
      o->until.tv_nsec += ns;
      if (o->until.tv_nsec >= 1000000000L) {
        o->until.tv_sec++;
        o->until.tv_nsec -= 1000000000L;
      }
      break;
    }
    case 'u': o->fd = atoi(val); break;
    }
  }
  o->first = op.ind;
  return -1;
}

/* Reads up to the delimiter (or -n/-N characters) byte by byte; mask
 * marks the bytes a backslash escaped.  Returns READ_END at the end of
 * the input, READ_TIMEOUT when -t's time passed. */
enum { READ_OK, READ_END, READ_TIMEOUT };
static int read_byte(sh_ctx *c, sh_stream *in, const read_opts *o, char *ch) {
  if (o->timed) {
    int w = sh_stream_wait_readable(in, c->ex, &o->until);
    if (w == 0) return -2;
    /* input that never blocks (a file, /dev/zero) still runs out of
     * time, as bash's alarm interrupts it */
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    if (now.tv_sec > o->until.tv_sec ||
        (now.tv_sec == o->until.tv_sec && now.tv_nsec >= o->until.tv_nsec))
      return -2;
  }
  return (int)sh_stream_read(in, ch, 1, c->ex);
}

/* The rest of a UTF-8 character whose first byte was lead: -n and -N
 * count characters outside a single-byte locale. */
static int read_tail(sh_ctx *c, sh_stream *in, const read_opts *o,
                     unsigned char lead, vsh_buf *line, vsh_buf *mask,
                     char quoted) {
  int more = lead >= 0xF0 ? 3 : lead >= 0xE0 ? 2 : lead >= 0xC0 ? 1 : 0;
  for (int k = 0; k < more; k++) {
    char ch;
    int r = read_byte(c, in, o, &ch);
    if (r == -2) return READ_TIMEOUT;
    if (r <= 0) return READ_END;
    vsh__buf_putc(line, ch);
    vsh__buf_putc(mask, quoted);
    if (((unsigned char)ch & 0xC0) != 0x80) break; /* not a continuation */
  }
  return READ_OK;
}

static int read_input(sh_ctx *c, sh_stream *in, const read_opts *o,
                      vsh_buf *line, vsh_buf *mask) {
  char dch = o->delim[0];
  long nchars = o->nchars, got = 0;
  bool wide = nchars >= 0 && !sh_byte_locale(c);
  while (nchars < 0 || got < nchars) {
    char ch;
    int r = read_byte(c, in, o, &ch);
    if (r == -2) return READ_TIMEOUT;
    if (r <= 0) {
      if (r == VSH_EABORTED) c->flow.unwind = SH_UW_CANCEL;
      return READ_END;
    }
    if (!o->exact && ch == dch) return READ_OK;
    char quoted = 0;
    if (!o->raw && ch == '\\') { /* -N too: only the delimiter is kept */
      r = read_byte(c, in, o, &ch);
      if (r == -2) return READ_TIMEOUT;
      if (r <= 0) return READ_END;
      if (ch == '\n') continue; /* line continuation */
      quoted = 1;
    } else if (ch == 0) {
      continue; /* bash drops NULs */
    }
    vsh__buf_putc(line, ch);
    vsh__buf_putc(mask, quoted);
    got++;
    if (wide && (unsigned char)ch >= 0xC0) {
      r = read_tail(c, in, o, (unsigned char)ch, line, mask, quoted);
      if (r != READ_OK) return r;
    }
  }
  return READ_OK;
}

/* -a NAME: the fields of s[0..n) as the elements of a new array. */
static void read_array(sh_ctx *c, const char *array, const char *ifs,
                       const char *s, size_t n, const unsigned char *m) {
  sh_var_unset(c, array);
  sh_var *av = sh_var_global(c, array);
  if (av) {
    av->attrs |= SH_VAR_ARRAY;
    av->attrs &= ~SH_VAR_UNSET;
  }
  size_t k = 0, idx = 0;
  while (k < n) {
    while (k < n && is_ifs(ifs, s[k]) && is_ws(s[k]) && !(m && m[k])) k++;
    if (k >= n) break;
    size_t st2 = k;
    while (k < n && !(is_ifs(ifs, s[k]) && !(m && m[k]))) k++;
    char *w = strndup(s + st2, k - st2);
    sh_var_set_elem(c, array, NULL, (int64_t)idx++, w ? w : "", false);
    free(w);
    if (k < n) {
      bool ws = is_ws(s[k]);
      k++;
      if (ws) {
        while (k < n && is_ifs(ifs, s[k]) && is_ws(s[k])) k++;
        if (k < n && is_ifs(ifs, s[k]) && !is_ws(s[k])) k++;
      }
    }
  }
}

/* The last name gets the rest of the line from k, minus trailing IFS
 * whitespace and a single trailing non-whitespace delimiter when it is
 * the sole field separator left. */
static int read_rest(sh_ctx *c, const char *name, const char *ifs,
                     const char *s, size_t k, size_t n,
                     const unsigned char *m) {
  size_t z = n;
  while (z > k && is_ifs(ifs, s[z - 1]) && is_ws(s[z - 1]) && !(m && m[z - 1]))
    z--;
  size_t z2 = z;
  if (z2 > k && is_ifs(ifs, s[z2 - 1]) && !is_ws(s[z2 - 1]) &&
      !(m && m[z2 - 1])) {
    size_t z3 = z2 - 1; /* the field ends before whitespace there */
    while (z3 > k && is_ifs(ifs, s[z3 - 1]) && is_ws(s[z3 - 1]) &&
           !(m && m[z3 - 1]))
      z3--;
    bool other = false;
    for (size_t q = k; q < z3; q++)
      if (is_ifs(ifs, s[q]) && !(m && m[q])) other = true;
    if (!other) z = z3;
  }
  char *w = strndup(s + k, z - k);
  int st = sh__set_named(c, name, w ? w : "") ? 1 : 0;
  free(w);
  return st;
}

/* The fields of s[0..n) into names[0..nvars) (REPLY, unsplit, when there
 * is none); 1 when one could not be set. */
/* read's NAME operands: a name or an array element, else an error. */
static bool read_name_ok(bi_ctx *b, const char *name) {
  const char *br = strchr(name, '[');
  size_t nl = br ? (size_t)(br - name) : strlen(name);
  if (sh_valid_name(name, nl) && (!br || name[strlen(name) - 1] == ']'))
    return true;
  bi_err(b, "`%s': not a valid identifier", name);
  return false;
}

static int read_vars(bi_ctx *b, char **names, int nvars, const char *ifs,
                     const char *s, size_t n, const unsigned char *m) {
  sh_ctx *c = b->sh;
  int st = 0;
  if (nvars == 0) {
    char *w = strndup(s, n);
    sh_var_set(c, "REPLY", w ? w : "", false);
    free(w);
    return 0;
  }
  size_t k = 0;
  /* leading IFS whitespace is skipped */
  while (k < n && is_ifs(ifs, s[k]) && is_ws(s[k]) && !(m && m[k])) k++;
  for (int v = 0; v < nvars; v++) {
    if (!read_name_ok(b, names[v])) return 1;
    if (v == nvars - 1) return read_rest(c, names[v], ifs, s, k, n, m) | st;
    size_t st2 = k;
    while (k < n && !(is_ifs(ifs, s[k]) && !(m && m[k]))) k++;
    char *w = strndup(s + st2, k - st2);
    if (sh__set_named(c, names[v], w ? w : "")) st = 1;
    free(w);
    if (k < n) {
      bool ws = is_ws(s[k]);
      k++;
      while (k < n && is_ifs(ifs, s[k]) && is_ws(s[k]) && !(m && m[k])) k++;
      if (ws && k < n && is_ifs(ifs, s[k]) && !is_ws(s[k]) && !(m && m[k])) {
        k++;
        while (k < n && is_ifs(ifs, s[k]) && is_ws(s[k]) && !(m && m[k])) k++;
      }
    }
  }
  return st;
}

int bi_read_main(bi_ctx *b) {
  sh_ctx *c = b->sh;
  read_opts o = {.delim = "\n", .nchars = -1};
  int st = read_options(b, &o);
  if (st >= 0) return st;
  sh_stream *in = sh_fd(c, o.fd);
  if (!in) { /* bash words a closed stdin as a failed read */
    bi_err(b,
           o.fd ? "%d: invalid file descriptor: Bad file descriptor"
                : "read error: %d: Bad file descriptor",
           o.fd);
    return 1;
  }
  if (o.timeout_zero)
    return sh_stream_wait_readable(in, c->ex, NULL) == 1 ? 0 : 1;
  vsh_buf line = {0}, mask = {0};
  int got = read_input(c, in, &o, &line, &mask);
  bool eof = got == READ_END;
  long have = sh_byte_locale(c)
                  ? (long)line.len
                  : (long)vsh__utf8_count(line.data ? line.data : "", line.len);
  st = eof && !(o.nchars >= 0 && have >= o.nchars) ? 1 : 0;
  if (eof && line.len == 0) st = 1;
  if (got == READ_TIMEOUT) st = 142; /* 128 + SIGALRM; what came is kept */
  const char *ifs = sh_var_get(c, "IFS");
  sh_var *ifsv = sh_var_find(c, "IFS");
  if (!ifsv || (ifsv->attrs & SH_VAR_UNSET)) ifs = " \t\n";
  if (!ifs) ifs = "";
  const char *s = line.data ? line.data : "";
  size_t n = line.len;
  const unsigned char *m = (const unsigned char *)mask.data;
  int nvars = b->argc - o.first;
  char **names = b->argv + o.first;
  const char *what = c->where.int_what; /* read: 1+: syntax error */
  c->where.int_what = "read";
  if (o.exact && o.array) { /* -N -a: one element, unsplit */
    sh_var_unset(c, o.array);
    char *w = strndup(s, n);
    if (sh_var_set_elem(c, o.array, NULL, 0, w ? w : "", false)) st = 1;
    free(w);
  } else if (o.exact) {
    /* -N: the bytes go to the first variable unsplit, the rest empty */
    for (int v = 0; v < (nvars ? nvars : 1); v++) {
      char *w = v == 0 ? strndup(s, n) : strdup("");
      if (sh_var_set(c, nvars ? names[v] : "REPLY", w ? w : "", false)) st = 1;
      free(w);
    }
  } else if (o.array) {
    read_array(c, o.array, ifs, s, n, m);
  } else {
    st |= read_vars(b, names, nvars, ifs, s, n, m);
  }
  c->where.int_what = what;
  vsh_buf_dispose(&line);
  vsh_buf_dispose(&mask);
  return st;
}

/* A count of mapfile's -n -O -s -u -c: digits only (with an optional
 * sign), not negative, and at least 1 for -c (POSITIVE). */
static bool mapfile_num(const char *s, long *out, bool positive) {
  char *end;
  errno = 0;
  long v = strtol(s, &end, 10);
  if (!*s || *end || errno || v < (positive ? 1 : 0)) return false;
  *out = v;
  return true;
}

/* The indexed array mapfile fills (emptied unless -O gave an origin; a
 * scalar there becomes its element 0), or NULL after an error. */
static sh_var *mapfile_target(bi_ctx *b, const char *name, long origin) {
  sh_ctx *c = b->sh;
  sh_var *v = sh_var_find(c, name);
  if (v && (v->attrs & SH_VAR_ASSOC)) {
    bi_err(b, "%s: not an indexed array", name);
    return NULL;
  }
  if (origin == 0) sh_var_unset(c, name);
  v = sh_var_find(c, name);
  if (!v) v = sh_var_global(c, name);
  if (!v) return NULL;
  if (!(v->attrs & SH_VAR_ARRAY) && v->val) {
    char *old = v->val;
    v->val = NULL;
    v->attrs |= SH_VAR_ARRAY;
    if (!(v->attrs & SH_VAR_UNSET)) sh_array_set(v, 0, old);
    free(old);
  }
  v->attrs |= SH_VAR_ARRAY;
  v->attrs &= ~SH_VAR_UNSET;
  return v;
}

int bi_mapfile_main(bi_ctx *b) {
  sh_ctx *c = b->sh;
  bool strip = false;
  char delim = '\n';
  long count = 0, origin = 0, skip = 0, quantum = 5000;
  const char *callback = NULL;
  int fd = 0;
  sh_bopt op = {0};
  for (int o; (o = sh_bopt_next(b, &op, "d:u:n:O:tC:c:s:"));) {
    if (o < 0) return 2;
    const char *val = op.arg;
    long num = 0;
    if (strchr("nOsuc", o) && !mapfile_num(val, &num, o == 'c')) {
      bi_err(b, "%s: invalid %s", val,
             o == 'O'   ? "array origin"
             : o == 'u' ? "file descriptor specification"
             : o == 'c' ? "callback quantum"
                        : "line count");
      return 1;
    }
    switch (o) {
    case 't': strip = true; break;
    case 'd': delim = val[0]; break;
    case 'n': count = num; break;
    case 'O': origin = num; break;
    case 's': skip = num; break;
    case 'u': fd = (int)num; break;
    case 'C': callback = val; break;
    case 'c': quantum = num; break;
    }
  }
  int i = op.ind;
  const char *name = i < b->argc ? b->argv[i] : "MAPFILE";
  if (!sh_valid_name(name, strlen(name))) {
    bi_err(b, "`%s': not a valid identifier", name);
    return 1;
  }
  sh_stream *in = sh_fd(c, fd);
  if (!in) {
    bi_err(b, "%d: invalid file descriptor: Bad file descriptor", fd);
    return 1;
  }
  name = sh_nameref_target(c, name); /* mapfile REF fills what it names */
  sh_var *v = mapfile_target(b, name, origin);
  if (!v) return 1;
  vsh_buf line = {0};
  long idx = origin, nread = 0;
  for (;;) {
    char ch;
    int64_t r = sh_stream_read(in, &ch, 1, c->ex);
    bool end = r <= 0;
    if (!end) vsh__buf_putc(&line, ch);
    if (end || ch == delim) {
      if (line.len || !end) {
        if (bi_charge(b, 1)) break;
        if (skip > 0) {
          skip--;
        } else {
          size_t l = line.len;
          if (strip && l && line.data[l - 1] == delim) l--;
          char *s = strndup(line.data, l);
          if (!s) {
            bi_err(b, "memory exhausted");
            vsh_buf_dispose(&line);
            return 1;
          }
          if (callback && (nread + 1) % quantum == 0) {
            /* -C: `CALLBACK INDEX 'LINE'` before the element is set */
            vsh_buf cmd = {0};
            vsh__buf_printf(&cmd, "%s %ld ", callback, idx);
            sh_quote_single(&cmd, s);
            if (cmd.data)
              sh_run_string(c, cmd.data, cmd.len, "mapfile", c->where.line);
            vsh_buf_dispose(&cmd);
          }
          sh_var_set_elem(c, name, NULL, idx++, s, false);
          free(s);
          nread++;
          if (count && nread >= count) break;
          if (c->flow.unwind) break;
        }
      }
      vsh__buf_clear(&line);
      if (end) break;
    }
  }
  vsh_buf_dispose(&line);
  return 0;
}

/* getopts reports as bash does: "$0: WHAT -- C", no line, no name. */
static void getopts_err(bi_ctx *b, const char *what, char opt) {
  if (!b->err) return;
  vsh_buf m = {0};
  vsh__buf_printf(&m, "%s: %s -- %c\n",
                  b->sh->vars.arg0 ? b->sh->vars.arg0 : "vsh", what, opt);
  if (m.data) sh_stream_write(b->err, m.data, m.len, b->sh->ex);
  vsh_buf_dispose(&m);
}

static void set_char(sh_ctx *c, const char *name, char ch) {
  char v[2] = {ch, 0};
  sh_var_set(c, name, v, false);
}

static void set_int(sh_ctx *c, const char *name, int n) {
  char v[32];
  snprintf(v, sizeof(v), "%d", n);
  sh_var_set(c, name, v, false);
}

int bi_getopts_main(bi_ctx *b) {
  sh_ctx *c = b->sh;
  int i0 = sh_bopt_none(b);
  if (i0 < 0) return 2;
  if (b->argc - i0 < 2) {
    sh__builtin_usage(b);
    return 2;
  }
  const char *opts = b->argv[i0], *name = b->argv[i0 + 1];
  char **args = c->vars.pos;
  int nargs = (int)c->vars.npos;
  if (b->argc > i0 + 2) {
    args = b->argv + i0 + 2;
    nargs = b->argc - i0 - 2;
  }
  bool silent = opts[0] == ':';
  const char *opterr = sh_var_get(c, "OPTERR");
  /* bash reads OPTERR as atoi does: "abc" turns the messages off */
  bool quiet = silent || (opterr && *opterr && atoi(opterr) == 0);
  bool bad_name = !sh_valid_name(name, strlen(name));
  const char *oi = sh_var_get(c, "OPTIND");
  int optind = oi ? atoi(oi) : 1;
  if (optind < 1) optind = 1;
  /* the position inside a bundle of options (assigning OPTIND resets) */
  int pos = c->vars.getopts_pos > 1 ? c->vars.getopts_pos : 1;
  if (optind > nargs) goto done;
  const char *arg = args[optind - 1];
  if (pos == 1) {
    if (arg[0] != '-' || !arg[1]) goto done;
    if (!strcmp(arg, "--")) {
      optind++;
      goto done;
    }
  }
  char opt = arg[pos];
  const char *spec = strchr(opts + silent, opt);
  pos++;
  bool last_in_bundle = arg[pos] == 0;
  if (!spec || opt == ':') {
    if (silent) {
      set_char(c, "OPTARG", opt);
    } else {
      if (!quiet) getopts_err(b, "illegal option", opt);
      sh_var_unset(c, "OPTARG");
    }
    sh_var_set(c, name, "?", false);
  } else if (spec[1] == ':') {
    if (!last_in_bundle) {
      sh_var_set(c, "OPTARG", arg + pos, false);
      last_in_bundle = true;
    } else if (optind < nargs) {
      sh_var_set(c, "OPTARG", args[optind], false);
      optind++;
    } else {
      if (silent) {
        set_char(c, "OPTARG", opt);
        sh_var_set(c, name, ":", false);
      } else {
        if (!quiet) getopts_err(b, "option requires an argument", opt);
        sh_var_set(c, name, "?", false);
        sh_var_unset(c, "OPTARG");
      }
      optind++;
      set_int(c, "OPTIND", optind);
      c->vars.getopts_pos = 1;
      return 0;
    }
    set_char(c, name, opt);
  } else {
    set_char(c, name, opt);
    sh_var_unset(c, "OPTARG");
  }
  if (last_in_bundle) {
    optind++;
    pos = 1;
  }
  set_int(c, "OPTIND", optind);
  c->vars.getopts_pos = pos;
  if (bad_name) {
    sh_var_unset(c, name);
    bi_err(b, "`%s': not a valid identifier", name);
    return 1;
  }
  return 0;
done:
  if (optind > nargs + 1) optind = nargs + 1;
  set_int(c, "OPTIND", optind);
  c->vars.getopts_pos = 1;
  sh_var_unset(c, "OPTARG");
  if (bad_name) {
    bi_err(b, "`%s': not a valid identifier", name);
    return 1;
  }
  sh_var_set(c, name, "?", false);
  return 1;
}
