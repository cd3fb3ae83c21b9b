/* sed.c: the stream editor, GNU sed 4.9 compatible (options, commands,
 * messages, exit codes); the script compiler is sed_parse.c.  Input is
 * read line by line with one line of lookahead (for '$'); -i collects a
 * file's output and writes it through the vfs when the file is done.
 * Deviations: 'e' runs commands in a vsh subshell (stdin empty);
 * --debug is refused; regexes are vsh's engine (UTF-8 aware: '.' is one
 * character, not one byte). */
#include "builtins/sed/sed_int.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

enum {
  SED_NEXT = 0,
  SED_DELETE,
  SED_RESTART,
  SED_QUIT,
  SED_QUIT_SILENT,
  SED_FAIL
};

typedef struct sed_app {
  int kind; /* 0 text, 1 r file, 2 owned text (R) */
  const char *s;
  size_t n;
  char *owned;
} sed_app;

typedef struct sed_in {
  char **names;
  int nnames, next;
  sh_stream *s;
  bi_reader *rd;
  const char *name;     /* file being read */
  const char *cur_name; /* file of the current line */
  bool has_la, la_nl, done;
  vsh_buf la;
  const char *la_name;
} sed_in;

typedef struct sed_run {
  bi_ctx *b;
  sed_prog *p;
  sed_in in;
  vsh_buf ps, hs, tmp;
  bool ps_nl, hs_nl; /* GNU's "chomped": the line had its delimiter */
  uint64_t line;
  bool quiet, posix, zero, follow;
  int lwidth;
  char delim;
  vsh_buf *inplace;
  bool ip_missing, out_missing;
  sed_app *app;
  size_t napp, capapp;
  const sed_rx *last_rx;
  bool tflag;
  int qcode;
  bool qflush; /* q ends an unterminated last line */
  int status;
  int err; /* sticky: VSH_EPIPE, VSH_ELIMIT, VSH_EABORTED, ... */
  vsh_re_budget budget;
  uint64_t max_string;
  uint64_t steps;
} sed_run;

static void set_err(sed_run *r, int rc) {
  if (rc && !r->err) r->err = rc;
}

/* ---- input --------------------------------------------------------------- */

static void in_close(sed_in *in) {
  if (in->rd) {
    bi_reader_dispose(in->rd);
    free(in->rd);
    in->rd = NULL;
  }
  if (in->s) sh_stream_unref(in->s);
  in->s = NULL;
}

/* Reads the next line into the lookahead; false at the end of input. */
static bool in_fill(sed_run *r) {
  sed_in *in = &r->in;
  if (in->has_la) return true;
  while (!in->done && !r->err) {
    if (!in->s) {
      if (in->next >= in->nnames) {
        in->done = true;
        break;
      }
      const char *name = in->names[in->next++];
      int rc = bi_open_input(r->b, name, &in->s);
      if (rc == VSH_EISDIR) { /* GNU: a read error is fatal (4) */
        bi_err(r->b, "read error on %s: %s", name, vsh_strerror(rc));
        r->status = 4;
        set_err(r, rc);
        break;
      }
      if (rc) {
        bi_err(r->b, "can't read %s: %s", name, vsh_strerror(rc));
        r->status = 2;
        continue;
      }
      in->rd = malloc(sizeof(*in->rd));
      if (!in->rd) {
        r->err = VSH_ENOMEM;
        break;
      }
      bi_reader_init(in->rd, r->b, in->s);
      in->name = name;
    }
    const char *line;
    size_t len;
    int rc = bi_read_line(in->rd, r->delim, &line, &len);
    if (rc < 0) {
      if (rc == VSH_EABORTED) {
        r->err = rc;
        break;
      }
      bi_err(r->b, "read error on %s: %s", in->name, vsh_strerror(rc));
      r->status = 2;
      in_close(in);
      continue;
    }
    if (rc == 0) {
      in_close(in);
      continue;
    }
    in->la_nl = len && line[len - 1] == r->delim;
    vsh__buf_clear(&in->la);
    vsh__buf_append(&in->la, line, len - (in->la_nl ? 1 : 0));
    in->la_name = in->name;
    in->has_la = true;
    return true;
  }
  return false;
}

static bool in_is_last(sed_run *r) { return !in_fill(r); }

/* Replaces (or appends to, after a newline) the pattern space. */
static bool in_next(sed_run *r, bool append) {
  if (!in_fill(r)) return false;
  sed_in *in = &r->in;
  if (append) {
    vsh__buf_putc(&r->ps, r->delim);
    vsh__buf_append(&r->ps, in->la.data, in->la.len);
  } else {
    vsh_buf t = r->ps;
    r->ps = in->la;
    in->la = t;
  }
  vsh__buf_append(&r->ps, "", 0);
  r->ps_nl = in->la_nl;
  in->cur_name = in->la_name;
  in->has_la = false;
  r->line++;
  return true;
}

/* ---- output -------------------------------------------------------------- */

static void raw_stdout(sed_run *r, const char *d, size_t n) {
  if (n && !r->err) set_err(r, bi_write(r->b, d, n));
}

/* Writes d[0..n) and, when nl, the line delimiter to an output (NULL:
 * the main one), first ending a previous line that lacked it. */
static void emit(sed_run *r, sed_output *o, const char *d, size_t n, bool nl) {
  char dl = r->delim;
  bool *miss;
  if (!o) miss = r->inplace ? &r->ip_missing : &r->out_missing;
  else if (o->special == 1) miss = &r->out_missing;
  else miss = &o->missing_nl;
  vsh_buf *ib = !o ? r->inplace : NULL;
  for (int part = 0; part < 3; part++) {
    const char *s = part == 1 ? d : &dl;
    size_t len = part == 1 ? n : 1;
    if (part == 0 && !*miss) continue;
    if (part == 2 && !nl) continue;
    if (!len) continue;
    if (ib) {
      if (vsh__buf_append(ib, s, len)) set_err(r, VSH_ENOMEM);
    } else if (!o || o->special == 1) {
      raw_stdout(r, s, len);
    } else if (o->special == 2) {
      sh_stream_write(r->b->err, s, len, bi_exec(r->b));
    } else if (o->f) {
      int64_t w = vfs_file_write(o->f, s, len);
      if (w < 0) {
        bi_err(r->b, "couldn't write items to %s: %s", o->name,
               vsh_strerror((int)w));
        set_err(r, (int)w);
        r->status = 4;
      }
    }
  }
  *miss = !nl;
}

/* Text (a/i/c, =, l, F) that carries its own newlines. */
static void emit_text(sed_run *r, const char *d, size_t n) {
  bool *miss = r->inplace ? &r->ip_missing : &r->out_missing;
  if (*miss) {
    *miss = false;
    if (r->inplace) vsh__buf_putc(r->inplace, r->delim);
    else raw_stdout(r, &r->delim, 1);
  }
  if (!n) return;
  if (r->inplace) {
    if (vsh__buf_append(r->inplace, d, n)) set_err(r, VSH_ENOMEM);
  } else {
    raw_stdout(r, d, n);
  }
}

/* The text of i or c, ended by the delimiter; an empty text (`i\` at
 * the end of the script) prints nothing, as GNU. */
static void emit_itext(sed_run *r, const sed_cmd *c) {
  if (!c->len) return;
  emit_text(r, c->text, c->len - 1);
  emit_text(r, &r->delim, 1);
}

static void emit_ps(sed_run *r) {
  emit(r, NULL, r->ps.data, r->ps.len, r->ps_nl);
}

static bool app_push(sed_run *r, int kind, const char *s, size_t n,
                     char *owned) {
  if (r->napp == r->capapp) {
    size_t nc = r->capapp ? r->capapp * 2 : 8;
    sed_app *nv = realloc(r->app, nc * sizeof(*nv));
    if (!nv) {
      free(owned);
      set_err(r, VSH_ENOMEM);
      return false;
    }
    r->app = nv;
    r->capapp = nc;
  }
  r->app[r->napp++] = (sed_app){kind, s, n, owned};
  return true;
}

static void dump_append(sed_run *r) {
  for (size_t i = 0; i < r->napp; i++) {
    sed_app *a = &r->app[i];
    if (a->kind == 1) {
      vsh_buf data = {0};
      const char *path =
          !strcmp(a->s, "/dev/stdin") ? NULL : bi_path(r->b, a->s);
      if (path && !vfs_read_file(r->b->fs, path, &data) && data.len)
        emit_text(r, data.data, data.len);
      vsh_buf_dispose(&data);
    } else {
      emit_text(r, a->s, a->n);
    }
    free(a->owned);
  }
  r->napp = 0;
}

/* ---- regex --------------------------------------------------------------- */

static int rx_exec(sed_run *r, const sed_rx *rx, const char *s, size_t n,
                   size_t start, vsh_regmatch *m, size_t nm) {
  const sed_rx *use = rx->re ? rx : r->last_rx;
  if (!use) {
    bi_err(r->b, "-e expression #1, char 0: no previous regular expression");
    set_err(r, VSH_EINVAL);
    return VSH_EINVAL;
  }
  r->last_rx = use;
  if (use->lit) {
    const char *f = start <= n && n - start >= use->litlen
                        ? memmem(s + start, n - start, use->lit, use->litlen)
                        : NULL;
    if (!f) return 0;
    m[0].so = f - s;
    m[0].eo = m[0].so + (int64_t)use->litlen;
    for (size_t k = 1; k < nm; k++) m[k].so = m[k].eo = -1;
    return 1;
  }
  r->budget.steps = VSH_RE_DEFAULT_STEPS;
  int rc = vsh__regex_exec(use->re, s, n, start, 0, m, nm, &r->budget);
  if (rc < 0) {
    if (rc == VSH_ELIMIT) bi_err(r->b, "regex too complex");
    set_err(r, rc);
    r->status = 4;
  }
  return rc;
}

static bool too_big(sed_run *r, size_t len) {
  if (len <= r->max_string) return false;
  if (bi_exec(r->b))
    bi_limit(r->b, "sed: buffer size limit exceeded (%llu bytes)",
             (unsigned long long)r->max_string);
  else bi_err(r->b, "buffer size limit exceeded");
  set_err(r, VSH_ELIMIT);
  return true;
}

/* ---- addresses ----------------------------------------------------------- */

static bool match_one(sed_run *r, const sed_addr *a) {
  switch (a->kind) {
  case SED_A_LINE: return r->line == a->n;
  case SED_A_LAST: return in_is_last(r);
  case SED_A_STEP:
    if (!a->step) return r->line == a->n;
    return r->line >= a->n && (r->line - a->n) % a->step == 0;
  case SED_A_RE: {
    vsh_regmatch m[1];
    return rx_exec(r, a->rx, r->ps.data ? r->ps.data : "", r->ps.len, 0, m,
                   1) == 1;
  }
  default: return false;
  }
}

/* Ends a range: a range starting at a line number never starts again. */
static void range_end(sed_cmd *c) {
  c->range_active = false;
  if (c->a1.kind == SED_A_LINE) c->range_closed = true;
}

static bool match_addr(sed_run *r, sed_cmd *c) {
  bool m;
  /* a line-number end already passed (n/N ate it): GNU ends the range
   * without matching for N, matching for +N */
  if (c->range_active && c->a2.kind == SED_A_LINE && r->line > c->range_end) {
    range_end(c);
    return c->neg;
  }
  if (!c->a1.kind) {
    m = true;
  } else if (!c->a2.kind) {
    m = match_one(r, &c->a1);
  } else if (c->range_active) {
    m = true;
    switch (c->a2.kind) {
    case SED_A_LINE:
    case SED_A_PLUS:
      if (r->line >= c->range_end) range_end(c);
      break;
    case SED_A_MULT:
      if (!c->a2.n || r->line % c->a2.n == 0) range_end(c);
      break;
    case SED_A_LAST:
      if (in_is_last(r)) range_end(c);
      break;
    default:
      if (match_one(r, &c->a2)) range_end(c);
    }
  } else if (c->range_closed) {
    m = false;
  } else if (c->a1.kind == SED_A_LINE ? r->line >= c->a1.n
                                      : match_one(r, &c->a1)) {
    /* GNU: a range from line N starts at the first line >= N it sees */
    m = true;
    c->range_active = true;
    switch (c->a2.kind) {
    case SED_A_LINE:
      c->range_end = c->a2.n;
      if (c->a2.n <= r->line) {
        range_end(c);
        if (c->a1.kind == SED_A_LINE &&
            (c->a2.n <= c->a1.n ? r->line != c->a1.n : r->line > c->a2.n))
          m = false;
      }
      break;
    case SED_A_PLUS:
      c->range_end = r->line + c->a2.n;
      if (!c->a2.n) range_end(c);
      break;
    case SED_A_MULT:
      if (!c->a2.n) range_end(c);
      break;
    case SED_A_LAST:
      if (in_is_last(r)) range_end(c);
      break;
    default: break;
    }
  } else {
    m = false;
  }
  return m != c->neg;
}

/* ---- commands ------------------------------------------------------------ */

static void do_l(sed_run *r, int width) {
  vsh_buf o = {0};
  size_t cur = 0;
  for (size_t i = 0; i < r->ps.len; i++) {
    unsigned char ch = (unsigned char)r->ps.data[i];
    char rep[8];
    const char *esc = ch == '\\' ? "\\\\" : bi_c_escape(ch);
    if (!esc) {
      if (ch >= 0x20 && ch < 0x7f) {
        rep[0] = (char)ch;
        rep[1] = 0;
      } else {
        snprintf(rep, sizeof(rep), "\\%03o", ch);
      }
      esc = rep;
    }
    size_t el = strlen(esc);
    if (width > 1 && cur + el > (size_t)width - 1) {
      vsh__buf_putc(&o, '\\');
      vsh__buf_putc(&o, r->delim);
      cur = 0;
    }
    vsh__buf_append(&o, esc, el);
    cur += el;
  }
  vsh__buf_putc(&o, '$');
  vsh__buf_putc(&o, r->delim);
  emit_text(r, o.data, o.len);
  vsh_buf_dispose(&o);
}

/* Runs cmd in a vsh subshell; its stdout goes to out. */
static int run_shell(sed_run *r, const char *cmd, size_t len, vsh_buf *out) {
  bi_ctx *b = r->b;
  if (!bi_has_shell(b)) {
    bi_err(b, "e: cannot run commands here");
    return VSH_EUNSUPPORTED;
  }
  sh_stream *cap = sh_stream_buf_new(r->max_string);
  if (!cap) return VSH_ENOMEM;
  if (bi_run_string(b, cmd, len, sh_stream_null(), cap, b->err) == VSH_ENOMEM) {
    sh_stream_unref(cap);
    return VSH_ENOMEM;
  }
  const vsh_buf *d = sh_stream_buf_data(cap);
  if (d && d->len) vsh__buf_append(out, d->data, d->len);
  sh_stream_unref(cap);
  return bi_cancelled(b) ? VSH_EABORTED : 0;
}

static void conv_put(vsh_buf *o, const char *d, size_t n, int *mode,
                     int *once) {
  for (size_t i = 0; i < n;) {
    int32_t cp;
    int len = vsh__utf8_decode(d + i, n - i, &cp);
    if (len <= 0 || (!*once && !*mode)) {
      size_t k = len > 0 ? (size_t)len : 1;
      vsh__buf_append(o, d + i, k);
      i += k;
      continue;
    }
    int how = *once ? *once : *mode;
    *once = 0;
    cp = (how == 'U' || how == 'u') ? vsh__cp_upper(cp) : vsh__cp_lower(cp);
    char enc[8];
    int el = vsh__utf8_encode(cp, enc);
    vsh__buf_append(o, enc, (size_t)el);
    i += (size_t)len;
  }
}

static void put_repl(sed_cmd *c, vsh_buf *o, const char *s,
                     const vsh_regmatch *m) {
  int mode = 0, once = 0;
  for (size_t k = 0; k < c->nrp; k++) {
    const sed_rpart *rp = &c->rp[k];
    if (rp->kind == SED_R_CASE) {
      if (rp->arg == 'l' || rp->arg == 'u') once = rp->arg;
      else if (rp->arg == 'E') mode = once = 0;
      else {
        mode = rp->arg;
        once = 0;
      }
      continue;
    }
    const char *d;
    size_t n;
    if (rp->kind == SED_R_LIT) {
      d = rp->lit;
      n = rp->len;
    } else {
      const vsh_regmatch *g = &m[rp->arg];
      if (g->so < 0) continue;
      d = s + g->so;
      n = (size_t)(g->eo - g->so);
    }
    conv_put(o, d, n, &mode, &once);
  }
}

static int do_subst(sed_run *r, sed_cmd *c) {
  const char *s = r->ps.data ? r->ps.data : "";
  size_t n = r->ps.len, start = 0, copied = 0;
  int64_t prev_end = -1;
  uint64_t count = 0;
  bool did = false;
  vsh_regmatch m[10];
  vsh_buf *o = &r->tmp;
  vsh__buf_clear(o);
  while (start <= n) {
    for (int k = 0; k < 10; k++) m[k].so = m[k].eo = -1;
    int rc = rx_exec(r, c->rx, s, n, start, m, 10);
    if (rc < 0) return SED_FAIL;
    if (rc == 0) break;
    size_t so = (size_t)m[0].so, eo = (size_t)m[0].eo;
    if (so == eo && (int64_t)so == prev_end) {
      if (so >= n) break;
      start = so + 1;
      continue;
    }
    count++;
    if (count >= c->occ) {
      vsh__buf_append(o, s + copied, so - copied);
      put_repl(c, o, s, m);
      copied = eo;
      did = true;
      if (too_big(r, o->len)) return SED_FAIL;
      if (!c->global) break;
    }
    prev_end = (int64_t)eo;
    if (so == eo) {
      if (so >= n) break;
      start = so + 1;
    } else {
      start = eo;
    }
  }
  if (!did) return SED_NEXT;
  vsh__buf_append(o, s + copied, n - copied);
  vsh__buf_append(o, "", 0);
  vsh_buf t = r->ps;
  r->ps = *o;
  *o = t;
  r->tflag = true;
  if (c->eval) {
    vsh_buf out = {0};
    int rc = run_shell(r, r->ps.data ? r->ps.data : "", r->ps.len, &out);
    if (rc) {
      vsh_buf_dispose(&out);
      set_err(r, rc);
      return SED_FAIL;
    }
    if (out.len && out.data[out.len - 1] == '\n') out.len--;
    vsh__buf_clear(&r->ps);
    vsh__buf_append(&r->ps, out.data ? out.data : "", out.len);
    vsh_buf_dispose(&out);
  }
  if (c->print) emit_ps(r);
  if (c->out) emit(r, c->out, r->ps.data, r->ps.len, r->ps_nl);
  return SED_NEXT;
}

static sed_rfile *rfile_get(sed_run *r, const char *name) {
  sed_prog *p = r->p;
  for (size_t i = 0; i < p->nrf; i++)
    if (!strcmp(p->rfs[i]->name, name)) return p->rfs[i];
  sed_rfile *f = calloc(1, sizeof(*f));
  sed_rfile **nv = f ? realloc(p->rfs, (p->nrf + 1) * sizeof(*nv)) : NULL;
  if (!nv) {
    free(f);
    return NULL;
  }
  p->rfs = nv;
  p->rfs[p->nrf++] = f;
  f->name = vsh__strndup(NULL, name, strlen(name));
  if (bi_open_input(r->b, name, &f->s)) {
    f->done = true;
    return f;
  }
  f->rd = malloc(sizeof(*f->rd));
  if (!f->rd) {
    f->done = true;
    return f;
  }
  bi_reader_init(f->rd, r->b, f->s);
  return f;
}

static void do_R(sed_run *r, sed_cmd *c) {
  sed_rfile *f = rfile_get(r, c->text);
  if (!f || f->done) return;
  const char *line;
  size_t len;
  int rc = bi_read_line(f->rd, r->delim, &line, &len);
  if (rc <= 0) {
    f->done = true;
    return;
  }
  bool nl = line[len - 1] == r->delim;
  char *cp = malloc(len + 2);
  if (!cp) return;
  memcpy(cp, line, len);
  if (!nl) cp[len++] = r->delim;
  app_push(r, 2, cp, len, cp);
}

/* Runs the script over the current pattern space. */
static int exec_prog(sed_run *r) {
  sed_prog *p = r->p;
  size_t pc = 0;
  while (pc < p->n) {
    if ((++r->steps & 1023) == 0 && bi_charge(r->b, 1024)) {
      set_err(r, VSH_EABORTED);
      return SED_FAIL;
    }
    if (r->err) return SED_FAIL;
    sed_cmd *c = &p->cmds[pc];
    if (c->cmd == '}' || c->cmd == ':') {
      pc++;
      continue;
    }
    if (!match_addr(r, c)) {
      pc = c->cmd == '{' ? c->jump + 1 : pc + 1;
      continue;
    }
    if (r->err) return SED_FAIL;
    pc++;
    switch (c->cmd) {
    case '{': break;
    case '=': {
      char num[32];
      int k = snprintf(num, sizeof(num), "%llu%c", (unsigned long long)r->line,
                       r->delim);
      emit_text(r, num, (size_t)k);
      break;
    }
    case 'a': app_push(r, 0, c->text, c->len, NULL); break;
    case 'i': /* i and c end their text with the delimiter (-z) */
      emit_itext(r, c);
      break;
    case 'c':
      if (!c->a2.kind || !c->range_active) emit_itext(r, c);
      return SED_DELETE;
    case 'b': pc = c->jump; break;
    case 't':
      if (r->tflag) {
        r->tflag = false;
        pc = c->jump;
      }
      break;
    case 'T':
      if (!r->tflag) pc = c->jump;
      else r->tflag = false;
      break;
    case 'd': return SED_DELETE;
    case 'D': {
      char *nl = r->ps.len ? memchr(r->ps.data, r->delim, r->ps.len) : NULL;
      if (!nl) return SED_DELETE;
      size_t cut = (size_t)(nl - r->ps.data) + 1;
      memmove(r->ps.data, r->ps.data + cut, r->ps.len - cut);
      r->ps.len -= cut;
      r->ps.data[r->ps.len] = 0;
      return SED_RESTART;
    }
    case 'e': {
      vsh_buf out = {0};
      int rc;
      if (c->len) {
        rc = run_shell(r, c->text, c->len, &out);
        if (!rc) emit_text(r, out.data, out.len);
      } else {
        rc = run_shell(r, r->ps.data ? r->ps.data : "", r->ps.len, &out);
        if (!rc) {
          if (out.len && out.data[out.len - 1] == '\n') out.len--;
          vsh__buf_clear(&r->ps);
          vsh__buf_append(&r->ps, out.data ? out.data : "", out.len);
        }
      }
      vsh_buf_dispose(&out);
      if (rc) {
        set_err(r, rc);
        return SED_FAIL;
      }
      break;
    }
    case 'F': {
      const char *nm = r->in.cur_name ? r->in.cur_name : "-";
      emit_text(r, nm, strlen(nm));
      emit_text(r, &r->delim, 1);
      break;
    }
    case 'g':
      vsh__buf_clear(&r->ps);
      vsh__buf_append(&r->ps, r->hs.data ? r->hs.data : "", r->hs.len);
      r->ps_nl = r->hs_nl;
      break;
    case 'G':
      if (too_big(r, r->ps.len + r->hs.len + 1)) return SED_FAIL;
      vsh__buf_putc(&r->ps, r->delim);
      vsh__buf_append(&r->ps, r->hs.data ? r->hs.data : "", r->hs.len);
      r->ps_nl = r->hs_nl;
      break;
    case 'h':
      vsh__buf_clear(&r->hs);
      vsh__buf_append(&r->hs, r->ps.data ? r->ps.data : "", r->ps.len);
      r->hs_nl = r->ps_nl;
      break;
    case 'H':
      if (too_big(r, r->ps.len + r->hs.len + 1)) return SED_FAIL;
      vsh__buf_putc(&r->hs, r->delim);
      vsh__buf_append(&r->hs, r->ps.data ? r->ps.data : "", r->ps.len);
      r->hs_nl = r->ps_nl;
      break;
    case 'x': {
      vsh_buf t = r->ps;
      r->ps = r->hs;
      r->hs = t;
      vsh__buf_append(&r->ps, "", 0);
      vsh__buf_append(&r->hs, "", 0);
      bool tnl = r->ps_nl;
      r->ps_nl = r->hs_nl;
      r->hs_nl = tnl;
      break;
    }
    case 'z': vsh__buf_clear(&r->ps); break;
    case 'l': do_l(r, c->num >= 0 ? c->num : r->lwidth); break;
    case 'n':
      if (in_is_last(r)) {
        if (r->posix) return SED_DELETE;
        return SED_QUIT;
      }
      if (!r->quiet) emit_ps(r);
      dump_append(r);
      in_next(r, false);
      break;
    case 'N':
      if (in_is_last(r)) return r->posix ? SED_DELETE : SED_QUIT;
      dump_append(r);
      if (too_big(r, r->ps.len + r->in.la.len + 1)) return SED_FAIL;
      in_next(r, true);
      break;
    case 'p': emit_ps(r); break;
    case 'P': {
      char *nl = r->ps.len ? memchr(r->ps.data, r->delim, r->ps.len) : NULL;
      emit(r, NULL, r->ps.data, nl ? (size_t)(nl - r->ps.data) : r->ps.len,
           nl ? true : r->ps_nl);
      break;
    }
    case 'q':
      r->qcode = c->num;
      r->qflush = true;
      return SED_QUIT;
    case 'Q': r->qcode = c->num; return SED_QUIT_SILENT;
    case 'r': app_push(r, 1, c->text, c->len, NULL); break;
    case 'R': do_R(r, c); break;
    case 's':
      if (do_subst(r, c) == SED_FAIL) return SED_FAIL;
      break;
    case 'w': emit(r, c->out, r->ps.data, r->ps.len, r->ps_nl); break;
    case 'W': {
      char *nl = r->ps.len ? memchr(r->ps.data, r->delim, r->ps.len) : NULL;
      emit(r, c->out, r->ps.data, nl ? (size_t)(nl - r->ps.data) : r->ps.len,
           nl ? true : r->ps_nl);
      break;
    }
    case 'y':
      for (size_t k = 0; k < r->ps.len; k++)
        r->ps.data[k] = (char)c->ymap[(unsigned char)r->ps.data[k]];
      break;
    default: break;
    }
  }
  return SED_NEXT;
}

/* Processes input until it ends or the script quits: returns true when
 * it quit. */
static bool process(sed_run *r) {
  bool restart = false;
  for (;;) {
    if (r->err) return true;
    if (!restart) {
      if (!in_next(r, false)) return false;
      r->tflag = false;
    }
    restart = false;
    int act = exec_prog(r);
    if (act == SED_FAIL) return true;
    if ((act == SED_NEXT || act == SED_QUIT) && !r->quiet) emit_ps(r);
    if (act != SED_QUIT_SILENT) dump_append(r);
    if (r->qflush) emit_text(r, "", 0);
    if (act == SED_QUIT || act == SED_QUIT_SILENT) return true;
    if (act == SED_RESTART) restart = true;
    if (bi_cancelled(r->b)) {
      set_err(r, VSH_EABORTED);
      return true;
    }
  }
}

/* ---- -i ---------------------------------------------------------------- */

static char *backup_name(bi_ctx *b, const char *path, const char *suffix) {
  const char *base = strrchr(path, '/');
  base = base ? base + 1 : path;
  vsh_buf o = {0};
  vsh__buf_append(&o, path, (size_t)(base - path));
  if (strchr(suffix, '*')) {
    for (const char *s = suffix; *s; s++) {
      if (*s == '*') vsh__buf_puts(&o, base);
      else vsh__buf_putc(&o, *s);
    }
  } else {
    vsh__buf_puts(&o, base);
    vsh__buf_puts(&o, suffix);
  }
  (void)b;
  return vsh__buf_steal(&o, NULL);
}

/* GNU writes the result to a temporary file beside the input, which
 * needs write and search permission on its folder; its message names that
 * file (random letters). */
static bool temp_allowed(bi_ctx *b, const char *path, const char *name) {
  const char *slash = strrchr(path, '/');
  vsh_buf dir = {0};
  vsh__buf_append(&dir, path, slash > path ? (size_t)(slash - path) : 1);
  vfs_info dst;
  bool ok = !dir.data || vfs_stat(b->fs, dir.data, true, &dst) != 0 ||
            sh_may_access(&dst, 3);
  vsh_buf_dispose(&dir);
  if (ok) return true;
  static const char chars[] =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  unsigned char rnd[6];
  char tail[7];
  vfs_random_bytes(b->fs, rnd, sizeof rnd);
  for (size_t i = 0; i < sizeof rnd; i++) tail[i] = chars[rnd[i] % 62];
  tail[6] = 0;
  const char *ns = strrchr(name, '/');
  int dl = ns ? (int)(ns - name) : 1;
  bi_err(b, "couldn't open temporary file %.*s/sed%s: %s", dl,
         ns ? (ns == name ? "" : name) : ".", tail, vsh_strerror(VSH_EACCES));
  return false;
}

static void edit_file(sed_run *r, char *name, const char *suffix, bool *quit) {
  bi_ctx *b = r->b;
  const char *path = bi_path(b, name);
  vfs_info st;
  int rc = path ? vfs_stat(b->fs, path, true, &st) : bi_path_error(name);
  if (rc) {
    bi_err(b, "can't read %s: %s", name, vsh_strerror(rc));
    r->status = 2;
    return;
  }
  if (st.type != VFS_REG) {
    bi_err(b, "couldn't edit %s: not a regular file", name);
    r->status = 4;
    return;
  }
  if (!temp_allowed(b, path, name)) {
    r->status = 4;
    return;
  }
  vsh_buf out = {0};
  r->inplace = &out;
  r->ip_missing = false;
  r->in = (sed_in){.names = &name, .nnames = 1};
  r->line = 0;
  *quit = process(r);
  in_close(&r->in);
  vsh_buf_dispose(&r->in.la);
  r->inplace = NULL;
  if (r->err && r->err != VSH_EINVAL) {
    vsh_buf_dispose(&out);
    return;
  }
  vfs_info lst;
  bool is_link = !vfs_stat(b->fs, path, false, &lst) && lst.type == VFS_LNK;
  const char *target = path;
  vsh_buf real = {0};
  if (is_link && r->follow && !vfs_realpath(b->fs, path, false, &real))
    target = real.data;
  if (suffix && *suffix) {
    char *bk = backup_name(b, target, suffix);
    const char *bp = bk ? bi_path(b, bk) : NULL;
    if (bp) {
      if (is_link && !r->follow) vfs_rename(b->fs, path, bp);
      else vfs_copy_file(b->fs, target, bp, true);
    }
    free(bk);
  }
  /* GNU renames a new file over it: the file's own write permission
   * does not matter */
  if ((is_link && !r->follow) || !sh_may_access(&st, 2))
    vfs_unlink(b->fs, is_link && !r->follow ? path : target);
  rc = vfs_write_file(b->fs, target, out.data ? out.data : "", out.len,
                      VFS_W_TRUNC, st.mode & 07777);
  if (rc) {
    bi_err(b, "couldn't edit %s: %s", name, vsh_strerror(rc));
    r->status = 4;
  }
  vsh_buf_dispose(&real);
  vsh_buf_dispose(&out);
}

/* ---- options ------------------------------------------------------------- */

static const char usage[] =
    "Usage: sed [OPTION]... {script-only-if-no-other-script} [input-file]...\n"
    "\n"
    "  -n, --quiet, --silent    suppress automatic printing of pattern space\n"
    "      --debug              (not supported here)\n"
    "  -e script, --expression=script\n"
    "                           add the script to the commands to be executed\n"
    "  -f script-file, --file=script-file\n"
    "                           add the contents of script-file to the "
    "commands\n"
    "  --follow-symlinks        follow symlinks when processing in place\n"
    "  -i[SUFFIX], --in-place[=SUFFIX]\n"
    "                           edit files in place (makes backup if SUFFIX "
    "given)\n"
    "  -l N, --line-length=N    line-wrap length for the `l' command\n"
    "  --posix                  disable GNU extensions\n"
    "  -E, -r, --regexp-extended\n"
    "                           use extended regular expressions\n"
    "  -s, --separate           treat files as separate streams\n"
    "      --sandbox            refuse e/r/w commands\n"
    "  -u, --unbuffered         accepted (output is never held back)\n"
    "  -z, --null-data          separate lines by NUL characters\n"
    "      --help               display this help and exit\n"
    "      --version            output version information and exit\n";

enum { OPT_DEBUG = BI_OPT_FIRST, OPT_FOLLOW, OPT_POSIX, OPT_SANDBOX };

static const bi_option sed_options[] = {
    {"quiet", BI_ARG_NONE, 'n', NULL},
    {"silent", BI_ARG_NONE, 'n', NULL},
    {"expression", BI_ARG_REQUIRED, 'e', NULL},
    {"file", BI_ARG_REQUIRED, 'f', NULL},
    {"in-place", BI_ARG_OPTIONAL, 'i', NULL},
    {"line-length", BI_ARG_REQUIRED, 'l', NULL},
    {"regexp-extended", BI_ARG_NONE, 'E', NULL},
    {"separate", BI_ARG_NONE, 's', NULL},
    {"unbuffered", BI_ARG_NONE, 'u', NULL},
    {"null-data", BI_ARG_NONE, 'z', NULL},
    {"zero-terminated", BI_ARG_NONE, 'z', NULL},
    {"binary", BI_ARG_NONE, 'b', NULL},
    {"debug", BI_ARG_NONE, OPT_DEBUG, NULL},
    {"follow-symlinks", BI_ARG_NONE, OPT_FOLLOW, NULL},
    {"posix", BI_ARG_NONE, OPT_POSIX, NULL},
    {"sandbox", BI_ARG_NONE, OPT_SANDBOX, NULL},
    {0}};

/* As GNU sed, a usage error prints the whole usage on stderr. */
static const bi_cmd sed_decl = {
    .name = "sed",
    .usage = usage,
    .shortopts = "nrsuzEbe:f:i::l:",
    .longopts = sed_options,
    .flags = BI_CMD_ERR_USAGE,
    .version = "sed (GNU sed) 4.9\nvsh builtin, compatible with GNU sed 4.9.\n",
};

typedef struct sed_chunk {
  char kind; /* 'e' or 'f' */
  const char *arg;
} sed_chunk;

/* Reads a -f script file (or stdin for "-"). */
static int read_script(bi_ctx *b, const char *name, vsh_buf *out) {
  sh_stream *s;
  int rc = bi_open_input(b, name, &s);
  if (rc) return rc;
  char buf[16384];
  for (;;) {
    int64_t n = sh_stream_read(s, buf, sizeof(buf), bi_exec(b));
    if (n < 0) {
      rc = (int)n;
      break;
    }
    if (n == 0) break;
    vsh__buf_append(out, buf, (size_t)n);
  }
  sh_stream_unref(s);
  return rc;
}

typedef struct sed_opts {
  sed_chunk *chunks; /* the -e and -f scripts in order */
  int nchunks;
  bool quiet, separate, inplace, zero, posix, sandbox, follow, ere;
  const char *suffix;
  long lwidth;
} sed_opts;

/* -1 to go on, else the exit status. */
static int sed_parse_options(bi_ctx *b, bi_opts *g, sed_opts *o) {
  int opt;
  while ((opt = bi_opt(b, g, &sed_decl)) != -1) {
    switch (opt) {
    case 'n': o->quiet = true; break;
    case 'r':
    case 'E': o->ere = true; break;
    case 's': o->separate = true; break;
    case 'u':
    case 'b': break;
    case 'z': o->zero = true; break;
    case 'e':
    case 'f':
      o->chunks[o->nchunks].kind = (char)opt;
      o->chunks[o->nchunks++].arg = g->arg;
      break;
    case 'i':
      o->inplace = o->separate = true;
      o->suffix = g->arg;
      break;
    case 'l': {
      char *end;
      o->lwidth = strtol(g->arg, &end, 10);
      if (*end || o->lwidth < 0) {
        bi_err(b, "invalid line length: %s", g->arg);
        return 1;
      }
      break;
    }
    case OPT_DEBUG: bi_err(b, "--debug is not supported"); return 1;
    case OPT_FOLLOW: o->follow = true; break;
    case OPT_POSIX: o->posix = true; break;
    case OPT_SANDBOX: o->sandbox = true; break;
    default: return g->status;
    }
  }
  return -1;
}

/* Compiles the -e expressions and -f files in order; -1, else the exit
 * status. */
static int sed_compile_all(bi_ctx *b, const sed_opts *o, sed_prog *p) {
  int expr = 0;
  for (int i = 0; i < o->nchunks; i++) {
    const sed_chunk *ch = &o->chunks[i];
    sed_src src = {0};
    vsh_buf text = {0};
    if (ch->kind == 'e') {
      src.s = ch->arg;
      src.n = strlen(ch->arg);
      src.expr = ++expr;
    } else {
      int rc = read_script(b, ch->arg, &text);
      if (rc) {
        bi_err(b, "couldn't open file %s: %s", ch->arg, vsh_strerror(rc));
        vsh_buf_dispose(&text);
        return 4;
      }
      if (text.len && text.data[text.len - 1] == '\n') text.len--;
      src.s = text.data ? text.data : "";
      src.n = text.len;
      src.file = ch->arg;
    }
    int rc = sed_compile(p, &src);
    vsh_buf_dispose(&text);
    if (rc) {
      bi_err(b, "%s", p->err.data);
      return 1;
    }
  }
  bool panic;
  if (sed_finish(p, &panic)) {
    bi_err(b, "%s", p->err.data);
    return panic ? 4 : 1;
  }
  return -1;
}

/* Runs the program over the operands (-i: each file in place, -s: each
 * on its own); the exit status. */
static int sed_execute(const sed_opts *o, sed_run *r, char **ops, int nops) {
  static char *stdin_name[] = {"-"};
  bool quit = false;
  if (o->inplace) {
    for (int i = 0; i < nops && !quit && !r->err; i++)
      edit_file(r, ops[i], o->suffix, &quit);
  } else if (o->separate) {
    for (int i = 0; i < (nops ? nops : 1) && !quit && !r->err; i++) {
      r->in = (sed_in){.names = nops ? &ops[i] : stdin_name, .nnames = 1};
      r->line = 0;
      quit = process(r);
      in_close(&r->in);
      vsh_buf_dispose(&r->in.la);
    }
  } else {
    r->in =
        (sed_in){.names = nops ? ops : stdin_name, .nnames = nops ? nops : 1};
    quit = process(r);
  }
  in_close(&r->in);
  vsh_buf_dispose(&r->in.la);
  if (r->err == VSH_EPIPE) return 141;
  if (r->err == VSH_EINVAL) return 1;
  if (r->err == VSH_ELIMIT && r->status != 4) return 126;
  if (r->err) return r->status ? r->status : 4;
  if (quit) return r->qcode ? r->qcode : r->status;
  return r->status;
}

int bi_sed_main(bi_ctx *b) {
  bi_opts g = {0};
  sed_opts o = {.lwidth = 70};
  o.chunks = calloc((size_t)b->argc + 1, sizeof(*o.chunks));
  if (!o.chunks) return 4;
  sed_prog p;
  sed_prog_init(&p, b);
  sed_run r;
  memset(&r, 0, sizeof(r));
  int status = sed_parse_options(b, &g, &o);
  if (status >= 0) goto done;
  char **ops = g.operands;
  int nops = g.noperands;
  if (!o.nchunks) {
    if (!nops) {
      status = bi_usage_error(b, &sed_decl, NULL);
      goto done;
    }
    o.chunks[o.nchunks].kind = 'e';
    o.chunks[o.nchunks++].arg = ops[0];
    ops++;
    nops--;
  }
  p.ere = o.ere;
  p.sandbox = o.sandbox;
  p.posix = o.posix;
  p.zero = o.zero;
  if ((status = sed_compile_all(b, &o, &p)) >= 0) goto done;
  if (o.inplace && !nops) {
    bi_err(b, "no input files");
    status = 4; /* as GNU */
    goto done;
  }
  for (size_t i = 0; i < p.n; i++)
    if (p.cmds[i].a1.kind == SED_A_ZERO) p.cmds[i].range_active = true;
  r.b = b;
  r.p = &p;
  r.quiet = o.quiet || p.quiet_hash;
  r.posix = o.posix;
  r.zero = o.zero;
  r.follow = o.follow;
  r.delim = o.zero ? 0 : '\n';
  r.hs_nl = true;
  r.lwidth = (int)(o.lwidth > 100000 ? 100000 : o.lwidth);
  r.budget = bi_re_budget(b);
  r.max_string = bi_limits(b) ? bi_limits(b)->max_string : (64u << 20);
  if (r.max_string < (1u << 20)) r.max_string = 1u << 20;
  status = sed_execute(&o, &r, ops, nops);
done:
  for (size_t i = 0; i < r.napp; i++) free(r.app[i].owned);
  free(r.app);
  vsh_buf_dispose(&r.ps);
  vsh_buf_dispose(&r.hs);
  vsh_buf_dispose(&r.tmp);
  sed_prog_dispose(&p);
  free(o.chunks);
  return status;
}
