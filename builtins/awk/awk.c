/* awk.c: the awk command: gawk-style options (-F -v -f -e --, --version),
 * the runtime's set-up (special variables, ENVIRON, ARGV) and tear-down,
 * and the error reporting shared by the engine ("awk: cmd. line:N:
 * fatal: ..." as gawk prints them).  Deviations: syntax errors exit 2
 * (as onetrue-awk, mawk and busybox; gawk exits 1); the program runs on
 * vsh's regex engine; commands run inside the sandbox's shell. */
#include "builtins/awk/awk_int.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

void awk_seed(awk_rt *rt, double s);

static void report(awk_rt *rt, const char *kind, const char *fmt, va_list ap) {
  char msg[1024];
  vsnprintf(msg, sizeof(msg), fmt, ap);
  char where[256] = "";
  awk_str *fn = rt->g && rt->g[V_FILENAME].kind == CELL_SCALAR
                    ? awk_to_str(rt, &rt->g[V_FILENAME].v)
                    : NULL;
  if (rt->nr > 0 && fn && fn->len) {
    snprintf(where, sizeof(where), "(FILENAME=%s FNR=%.0f) ", fn->s, rt->fnr);
  } else if (rt->nr > 0) {
    snprintf(where, sizeof(where), "(FILENAME=- FNR=%.0f) ", rt->fnr);
  }
  bi_errline(rt->b, "awk: %s:%d: %s%s: %s",
             rt->srcname ? rt->srcname : "cmd. line", rt->line ? rt->line : 1,
             where, kind, msg);
}

void awk_fatal(awk_rt *rt, const char *fmt, ...) {
  if (rt->jump == J_FATAL) return;
  va_list ap;
  va_start(ap, fmt);
  report(rt, "fatal", fmt, ap);
  va_end(ap);
  rt->jump = J_FATAL;
  rt->exit_status = 2;
}

void awk_error(awk_rt *rt, const char *fmt, ...) {
  if (rt->jump == J_FATAL) return;
  va_list ap;
  va_start(ap, fmt);
  report(rt, "error", fmt, ap);
  va_end(ap);
  rt->jump = J_FATAL;
  rt->exit_status = 1; /* gawk's status for these */
}

void awk_warn(awk_rt *rt, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  report(rt, "warning", fmt, ap);
  va_end(ap);
}

void awk_nomem(awk_rt *rt) {
  if (rt->jump == J_FATAL) return;
  bi_errline(rt->b, "awk: fatal: memory exhausted");
  rt->jump = J_FATAL;
  rt->exit_status = 2;
}

bool awk_charge(awk_rt *rt, uint64_t units) {
  rt->work += units;
  if (rt->work < 1024) return false;
  uint64_t w = rt->work;
  rt->work = 0;
  if (bi_charge(rt->b, w)) {
    rt->jump = J_FATAL;
    rt->exit_status = 2;
    return true;
  }
  return false;
}

static bool re_cancelled(void *ud) { return bi_cancelled(ud); }

/* Processes awk string escapes in s (for -v and var=value). */
static void unescape(const char *s, vsh_buf *o) {
  for (size_t i = 0; s[i]; i++) {
    if (s[i] != '\\' || !s[i + 1]) {
      vsh__buf_putc(o, s[i]);
      continue;
    }
    char c = s[++i];
    switch (c) {
    case 'n': vsh__buf_putc(o, '\n'); break;
    case 't': vsh__buf_putc(o, '\t'); break;
    case 'r': vsh__buf_putc(o, '\r'); break;
    case 'f': vsh__buf_putc(o, '\f'); break;
    case 'v': vsh__buf_putc(o, '\v'); break;
    case 'a': vsh__buf_putc(o, '\a'); break;
    case 'b': vsh__buf_putc(o, '\b'); break;
    case '\\': vsh__buf_putc(o, '\\'); break;
    case '"': vsh__buf_putc(o, '"'); break;
    case '/': vsh__buf_putc(o, '/'); break;
    case 'x': {
      int v = 0, k = 0;
      while (k < 2 && s[i + 1] && strchr("0123456789abcdefABCDEF", s[i + 1])) {
        char d = s[++i];
        v = v * 16 + (d <= '9' ? d - '0' : (d | 0x20) - 'a' + 10);
        k++;
      }
      if (k) vsh__buf_putc(o, (char)v);
      else vsh__buf_puts(o, "\\x");
      break;
    }
    default:
      if (c >= '0' && c <= '7') {
        int v = c - '0', k = 1;
        while (k < 3 && s[i + 1] >= '0' && s[i + 1] <= '7') {
          v = v * 8 + (s[++i] - '0');
          k++;
        }
        vsh__buf_putc(o, (char)v);
      } else {
        vsh__buf_putc(o, '\\');
        vsh__buf_putc(o, c);
      }
    }
  }
}

static bool valid_name(const char *s, size_t n) {
  if (!n || !((s[0] >= 'a' && s[0] <= 'z') || (s[0] >= 'A' && s[0] <= 'Z') ||
              s[0] == '_'))
    return false;
  for (size_t i = 1; i < n; i++)
    if (!((s[i] >= 'a' && s[i] <= 'z') || (s[i] >= 'A' && s[i] <= 'Z') ||
          (s[i] >= '0' && s[i] <= '9') || s[i] == '_'))
      return false;
  return true;
}

/* var=value from the command line or -v: true when arg is one. */
bool awk_cmdline_assign(awk_rt *rt, const char *arg) {
  const char *eq = strchr(arg, '=');
  if (!eq || !valid_name(arg, (size_t)(eq - arg))) return false;
  char name[256];
  size_t nl = (size_t)(eq - arg);
  if (nl >= sizeof(name)) return false;
  memcpy(name, arg, nl);
  name[nl] = 0;
  int slot = awk_global_slot(rt->prog, name);
  if (slot < 0) return true; /* the program never uses it */
  for (size_t i = 0; i < rt->prog->nfuncs; i++)
    if (!strcmp(rt->prog->funcs[i].name, name)) {
      awk_fatal(rt, "cannot use function `%s' as variable name", name);
      return true;
    }
  awk_cell *c = &rt->g[slot];
  if (c->kind == CELL_ARRAY) {
    awk_fatal(rt, "cannot assign to array `%s'", name);
    return true;
  }
  vsh_buf v = {0};
  unescape(eq + 1, &v);
  awk_str *s = awk_str_new(rt, v.data ? v.data : "", v.len);
  vsh_buf_dispose(&v);
  if (!s) return true;
  awk_val_free(&c->v);
  c->kind = CELL_SCALAR;
  c->v = (awk_val){.type = AV_MAYBE, .str = s};
  awk_classify(&c->v);
  if (slot < V_NSPECIAL) awk_special_set(rt, slot);
  return true;
}

static void set_str(awk_rt *rt, int slot, const char *s) {
  awk_cell *c = &rt->g[slot];
  c->kind = CELL_SCALAR;
  c->v = awk_strv(awk_str_new(rt, s, strlen(s)));
}

static void set_numv(awk_rt *rt, int slot, double d) {
  awk_cell *c = &rt->g[slot];
  c->kind = CELL_SCALAR;
  c->v = awk_num(d);
}

static awk_array *make_array(awk_rt *rt, int slot) {
  awk_cell *c = &rt->g[slot];
  c->kind = CELL_ARRAY;
  c->arr = awk_array_new();
  if (!c->arr) awk_nomem(rt);
  return c->arr;
}

static void put_elem(awk_rt *rt, awk_array *a, const char *k, size_t kl,
                     const char *v, size_t vl, bool strnum) {
  awk_val *e = awk_array_getn(rt, a, k, kl, true);
  if (!e) return;
  awk_str *s = awk_str_new(rt, v, vl);
  if (!s) return;
  awk_val_free(e);
  *e = (awk_val){.type = strnum ? AV_MAYBE : AV_STR, .str = s};
  if (strnum) awk_classify(e);
}

static int read_progfile(bi_ctx *b, const char *name, vsh_buf *out) {
  sh_stream *s;
  int rc = bi_open_input(b, name, &s);
  if (rc) {
    bi_errline(b, "awk: fatal: cannot open source file `%s' for reading: %s",
               name, vsh_strerror(rc));
    return -1;
  }
  char buf[65536];
  for (;;) {
    int64_t k = sh_stream_read(s, buf, sizeof(buf), bi_exec(b));
    if (k < 0) {
      sh_stream_unref(s);
      bi_errline(b, "awk: fatal: error reading source file `%s': %s", name,
                 vsh_strerror((int)k));
      return -1;
    }
    if (k == 0) break;
    if (vsh__buf_append(out, buf, (size_t)k)) {
      sh_stream_unref(s);
      bi_errline(b, "awk: fatal: memory exhausted");
      return -1;
    }
    if (bi_cancelled(b)) {
      sh_stream_unref(s);
      return -1;
    }
  }
  sh_stream_unref(s);
  return 0;
}

enum {
  OPT_POSIX = BI_OPT_FIRST,
  OPT_TRADITIONAL,
  OPT_RE_INTERVAL,
  OPT_CHARACTERS_AS_BYTES,
  OPT_SANDBOX,
  OPT_LINT
};

static const bi_option awk_options[] = {
    {"field-separator", BI_ARG_REQUIRED, 'F', NULL},
    {"assign", BI_ARG_REQUIRED, 'v', NULL},
    {"file", BI_ARG_REQUIRED, 'f', NULL},
    {"source", BI_ARG_REQUIRED, 'e', NULL},
    {"posix", BI_ARG_NONE, OPT_POSIX, NULL},
    {"traditional", BI_ARG_NONE, OPT_TRADITIONAL, NULL},
    {"re-interval", BI_ARG_NONE, OPT_RE_INTERVAL, NULL},
    {"characters-as-bytes", BI_ARG_NONE, OPT_CHARACTERS_AS_BYTES, NULL},
    {"sandbox", BI_ARG_NONE, OPT_SANDBOX, NULL},
    {"lint", BI_ARG_NONE, OPT_LINT, NULL},
    {0}};

/* The program text is the first operand, so options stop there; a usage
 * error prints the usage on stderr, as gawk. */
static const bi_cmd awk_cmd = {
    .name = "awk",
    .usage =
        "Usage: awk [POSIX or GNU style options] -f progfile [--] file ...\n"
        "Usage: awk [POSIX or GNU style options] [--] 'program' file ...\n",
    .about = "POSIX options:\t\tGNU long options: (standard)\n"
             "\t-f progfile\t\t--file=progfile\n"
             "\t-F fs\t\t\t--field-separator=fs\n"
             "\t-v var=val\t\t--assign=var=val\n",
    .shortopts = "F:v:f:e:VhPcrbSLO",
    .longopts = awk_options,
    .flags = BI_CMD_POSIX | BI_CMD_ERR_USAGE,
    .version = "GNU Awk 5.2.1 (vsh " VSH_VERSION_STRING ")\n",
};

typedef struct awk_opts {
  const char *fs;
  char **assigns;
  int nassigns;
  awk_src *srcs;
  int nsrcs;
  char **ops;
  int nops;
  bool version, help;
} awk_opts;

/* Parses options; returns -1 to go on, else an exit status. */
static int parse_opts(bi_ctx *b, awk_opts *o, vsh_buf *files) {
  o->assigns = calloc((size_t)b->argc + 1, sizeof(char *));
  o->srcs = calloc((size_t)b->argc + 1, sizeof(awk_src));
  size_t *ends = calloc((size_t)b->argc + 1, sizeof(size_t));
  const char **fnames = calloc((size_t)b->argc + 1, sizeof(char *));
  int nf = 0;
  if (!o->assigns || !o->srcs || !ends || !fnames) {
    free(ends);
    free(fnames);
    bi_errline(b, "awk: fatal: memory exhausted");
    return 2;
  }
  bool have_prog_opt = false;
  bi_opts g = {0};
  int opt;
  while ((opt = bi_opt(b, &g, &awk_cmd)) != -1) {
    const char *arg = g.arg;
    switch (opt) {
    case 'F': o->fs = arg; break;
    case 'v': o->assigns[o->nassigns++] = (char *)arg; break;
    case 'f':
      have_prog_opt = true;
      if (read_progfile(b, arg, files)) {
        free(ends);
        free(fnames);
        return 2;
      }
      ends[nf] = files->len;
      fnames[nf] = arg;
      vsh__buf_putc(files, '\n');
      o->srcs[o->nsrcs].name = arg;
      o->srcs[o->nsrcs].text = NULL; /* fixed up below */
      o->srcs[o->nsrcs].len = (size_t)nf;
      nf++;
      o->nsrcs++;
      break;
    case 'e':
      have_prog_opt = true;
      o->srcs[o->nsrcs].name = NULL;
      o->srcs[o->nsrcs].text = arg;
      o->srcs[o->nsrcs].len = strlen(arg);
      o->nsrcs++;
      break;
    case 'V': o->version = true; break;
    case 'h': o->help = true; break;
    case BI_OPT_EXIT:
      free(ends);
      free(fnames);
      return g.status;
    default: break;
    }
  }
  /* -f sources point into files (stable now) */
  size_t start = 0;
  int k = 0;
  for (int s = 0; s < o->nsrcs; s++) {
    if (o->srcs[s].text) continue;
    o->srcs[s].text = files->data + start;
    o->srcs[s].len = ends[k] - start;
    start = ends[k] + 1;
    k++;
  }
  free(ends);
  free(fnames);
  if (o->version || o->help) return -1;
  int i = 0;
  if (!have_prog_opt) {
    if (g.noperands == 0) return bi_usage_error(b, &awk_cmd, NULL);
    o->srcs[0].name = NULL;
    o->srcs[0].text = g.operands[0];
    o->srcs[0].len = strlen(g.operands[0]);
    o->nsrcs = 1;
    i++;
  }
  o->ops = g.operands + i;
  o->nops = g.noperands - i;
  return -1;
}

static void rt_dispose(awk_rt *rt, awk_prog *p) {
  awk_close_all(rt);
  if (rt->g) {
    for (size_t i = 0; i < rt->ng; i++) {
      awk_cell *c = &rt->g[i];
      if (c->kind == CELL_ARRAY) awk_array_free(c->arr);
      awk_val_free(&c->v);
    }
    free(rt->g);
  }
  for (size_t i = 0; i < rt->capf; i++)
    if (rt->f[i].mat) awk_val_free(&rt->f[i].v);
  free(rt->f);
  awk_str_unref(rt->rec);
  awk_val_free(&rt->ret);
  awk_reader_dispose(&rt->main_rd);
  awk_reader_dispose(&rt->stdin_rd);
  if (rt->fs_re) awk_regex_free(rt->fs_re);
  if (rt->rs_re) awk_regex_free(rt->rs_re);
  for (int i = 0; i < AWK_RCACHE; i++) {
    awk_str_unref(rt->rcache[i].key);
    awk_regex_free(rt->rcache[i].re);
  }
  vsh_buf_dispose(&rt->obuf);
  vsh_buf_dispose(&rt->tmp);
  awk_prog_free(p);
  free(rt->empty);
}

/* The runtime's limits and constants, before the program is parsed;
 * -1, or 2 when out of memory. */
static int rt_setup(bi_ctx *b, awk_rt *rt, awk_prog *prog) {
  rt->b = b;
  rt->prog = prog;
  rt->max_string = bi_limits(b) ? bi_limits(b)->max_string : (64u << 20);
  if (rt->max_string < (1u << 20)) rt->max_string = 1u << 20;
  uint64_t depth = bi_limits(b) ? bi_limits(b)->max_call_depth : 1000;
  rt->max_depth = depth > 10000 ? 10000 : depth < 10 ? 10 : (int)depth;
  rt->budget.cancelled = re_cancelled;
  rt->budget.ud = b;
  rt->utf8 = !bi_byte_locale(b);
  rt->empty = awk_str_new(NULL, "", 0);
  if (!rt->empty) {
    bi_errline(b, "awk: fatal: memory exhausted");
    return 2;
  }
  rt->empty->ascii = 1;
  snprintf(rt->convfmt, sizeof(rt->convfmt), "%%.6g");
  snprintf(rt->ofmt, sizeof(rt->ofmt), "%%.6g");
  return -1;
}

/* The special variables, ENVIRON, ARGV, PROCINFO and -F, before the
 * -v assignments; -1, or 2 when out of memory. */
static int rt_globals(awk_rt *rt, const awk_opts *o) {
  rt->ng = rt->prog->nglobals;
  rt->g = calloc(rt->ng ? rt->ng : 1, sizeof(*rt->g));
  if (!rt->g) {
    awk_nomem(rt);
    return 2;
  }
  set_str(rt, V_FS, " ");
  set_str(rt, V_OFS, " ");
  set_str(rt, V_ORS, "\n");
  set_str(rt, V_RS, "\n");
  set_str(rt, V_SUBSEP, "\034");
  set_str(rt, V_CONVFMT, "%.6g");
  set_str(rt, V_OFMT, "%.6g");
  set_numv(rt, V_NR, 0);
  set_numv(rt, V_FNR, 0);
  set_numv(rt, V_NF, 0);
  set_numv(rt, V_RSTART, 0);
  set_numv(rt, V_RLENGTH, -1);
  set_numv(rt, V_IGNORECASE, 0);
  /* written by the runtime: scalars from the start (never arrays) */
  set_str(rt, V_RT, "");
  set_str(rt, V_FILENAME, "");
  set_str(rt, V_ERRNO, "");
  rt->fs_dirty = rt->rs_dirty = true;
  awk_array *env = make_array(rt, V_ENVIRON);
  if (env) {
    vsh_buf eb = {0};
    bi_env_print(rt->b, &eb, 0);
    for (size_t i = 0; i < eb.len;) {
      const char *e = eb.data + i;
      size_t l = strlen(e);
      const char *eq = memchr(e, '=', l);
      if (eq)
        put_elem(rt, env, e, (size_t)(eq - e), eq + 1, l - (size_t)(eq - e) - 1,
                 true);
      i += l + 1;
    }
    vsh_buf_dispose(&eb);
  }
  awk_array *argv = make_array(rt, V_ARGV);
  if (argv) {
    put_elem(rt, argv, "0", 1, "awk", 3, false);
    for (int i = 0; i < o->nops; i++) {
      char key[32];
      int kl = snprintf(key, sizeof(key), "%d", i + 1);
      put_elem(rt, argv, key, (size_t)kl, o->ops[i], strlen(o->ops[i]), true);
    }
  }
  set_numv(rt, V_ARGC, o->nops + 1);
  awk_array *pi = make_array(rt, V_PROCINFO);
  if (pi) {
    put_elem(rt, pi, "version", 7, "5.2.1", 5, false);
    put_elem(rt, pi, "FS", 2, "FS", 2, false);
    put_elem(rt, pi, "platform", 8, "posix", 5, false);
  }
  rt->argi = 1;
  rt->seed = 1; /* gawk's srand() returns 1 the first time */
  awk_seed(rt, 0);
  if (o->fs) {
    vsh_buf v = {0};
    unescape(o->fs, &v); /* -Ft is "t" in gawk (a tab only in --posix) */
    awk_val_free(&rt->g[V_FS].v);
    rt->g[V_FS].v = awk_strv(awk_str_new(rt, v.data ? v.data : "", v.len));
    vsh_buf_dispose(&v);
  }
  awk_fs_update(rt);
  return -1;
}

int bi_awk_main(bi_ctx *b) {
  awk_opts o = {0};
  vsh_buf files = {0};
  awk_prog prog = {0};
  awk_rt rtv = {0};
  awk_rt *rt = &rtv;
  int status = parse_opts(b, &o, &files);
  if (status >= 0) goto out;
  if (o.version || o.help) {
    status = o.version ? bi_cmd_version(b, &awk_cmd) : bi_cmd_help(b, &awk_cmd);
    goto out;
  }
  status = rt_setup(b, rt, &prog);
  if (status >= 0) goto out;
  rt->srcname = o.nsrcs && o.srcs[0].name ? o.srcs[0].name : NULL;
  if (awk_parse(rt, &prog, o.srcs, (size_t)o.nsrcs)) {
    status = 2;
    goto out_rt;
  }
  status = rt_globals(rt, &o);
  if (status >= 0) goto out_rt;
  for (int i = 0; i < o.nassigns && !rt->jump; i++) {
    if (!awk_cmdline_assign(rt, o.assigns[i])) {
      /* gawk names the variable, not the whole assignment */
      const char *eq = strchr(o.assigns[i], '=');
      int nl = eq ? (int)(eq - o.assigns[i]) : (int)strlen(o.assigns[i]);
      bi_errline(b, "awk: fatal: `%.*s' is not a legal variable name", nl,
                 o.assigns[i]);
      rt->jump = J_FATAL;
      rt->exit_status = 2;
    }
  }
  if (!rt->jump) awk_run(rt);
  if (rt->jump == J_FATAL) status = rt->exit_status ? rt->exit_status : 2;
  else status = rt->exit_status;
  int saved = rt->jump;
  rt->jump = J_NONE;
  awk_close_all(rt);
  if (awk_flush_stdout(rt) && status == 0) status = rt->exit_status;
  if (saved == J_FATAL && status == 0) status = 2;
  if (b->epipe) status = 141;
out_rt:
  rt_dispose(rt, &prog);
out:
  vsh_buf_dispose(&files);
  free(o.assigns);
  free(o.srcs);
  return status;
}
