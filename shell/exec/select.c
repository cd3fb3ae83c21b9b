/* select.c: bash's select loop: the menu on stderr laid out in columns
 * within $COLUMNS, PS3 printed as it is, each answer read with `read`
 * into REPLY; the loop ends at the end of the input (status 1), on break
 * or return, and counts against the loop limit like every loop. */
#include "shell/exec/exec_int.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* `for NAME in WORDS` (select too), the words as written, as bash traces
 * each round of those loops. */
void sh__xtrace_loop_head(sh_ctx *c, const char *kw, sh_node *n) {
  vsh_buf b = {0};
  vsh__buf_puts(&b, kw);
  vsh__buf_putc(&b, ' ');
  vsh__buf_append(&b, n->u.for_.var, n->u.for_.var_len);
  vsh__buf_puts(&b, " in");
  if (!n->u.for_.has_in) vsh__buf_puts(&b, " \"$@\"");
  for (size_t i = 0; i < n->u.for_.n_words; i++) {
    const sh_word *w = n->u.for_.words[i];
    vsh__buf_putc(&b, ' ');
    if (w->src) vsh__buf_append(&b, w->src, w->src_len);
  }
  if (b.data) sh_xtrace_text(c, b.data, b.len);
  vsh_buf_dispose(&b);
}

static size_t disp_len(const char *s) { /* characters, not bytes */
  size_t n = 0;
  for (; *s; s++) n += ((unsigned char)*s & 0xc0) != 0x80;
  return n;
}

static size_t num_len(size_t n) {
  size_t l = 1;
  while (n >= 10) n /= 10, l++;
  return l;
}

/* bash's select menu on stderr: "N) item" laid out in columns down then
 * across within $COLUMNS (80 when unset), tabs to align them. */
static void select_menu(sh_ctx *c, char **items, size_t count) {
  size_t maxw = 0;
  for (size_t i = 0; i < count; i++)
    if (disp_len(items[i]) > maxw) maxw = disp_len(items[i]);
  size_t ind_len = num_len(count);
  maxw += ind_len + 2 + 2;
  const char *cv = sh_var_get(c, "COLUMNS");
  long cols_env = cv ? strtol(cv, NULL, 10) : 0;
  size_t width = cols_env > 0 ? (size_t)cols_env : 80;
  size_t cols = width / maxw;
  if (!cols) cols = 1;
  size_t rows = count / cols + (count % cols != 0);
  cols = count / rows + (count % rows != 0);
  if (rows == 1) {
    rows = cols;
    cols = 1;
  }
  size_t first_len = num_len(rows);
  vsh_buf b = {0};
  for (size_t row = 0; row < rows; row++) {
    size_t ind = row, pos = 0;
    for (;;) {
      size_t il = pos == 0 ? first_len : ind_len;
      char num[32];
      snprintf(num, sizeof num, "%*zu) ", (int)il, ind + 1);
      vsh__buf_puts(&b, num);
      vsh__buf_puts(&b, items[ind]);
      size_t from = pos + disp_len(items[ind]) + il + 2;
      ind += rows;
      if (ind >= count) break;
      size_t to = pos + maxw;
      while (from < to) { /* bash's indent(): tabs of 8, then spaces */
        if (to / 8 > from / 8) {
          vsh__buf_putc(&b, '\t');
          from += 8 - from % 8;
        } else {
          vsh__buf_putc(&b, ' ');
          from++;
        }
      }
      pos += maxw;
    }
    vsh__buf_putc(&b, '\n');
  }
  sh_stream *err = sh_fd(c, 2);
  if (err && b.len) sh_stream_write(err, b.data, b.len, c->ex);
  vsh_buf_dispose(&b);
}

/* One answer: the chosen item, "" for an answer that names none, or NULL
 * at the end of the input (a newline then goes to stdout, as bash). */
static const char *select_query(sh_ctx *c, char **items, size_t count,
                                bool menu) {
  for (;;) {
    if (sh_check(c)) return NULL;
    if (menu) select_menu(c, items, count);
    const char *ps3 = sh_var_get(c, "PS3"); /* printed as it is */
    if (!ps3) ps3 = "#? ";
    sh_stream *err = sh_fd(c, 2);
    if (err && *ps3) sh_stream_write(err, ps3, strlen(ps3), c->ex);
    char *argv[] = {"read", NULL};
    int saved_trace = c->opt.opts[SH_OPT_XTRACE];
    c->opt.opts[SH_OPT_XTRACE] = false;
    int rst = sh_run_argv(c, 1, argv);
    c->opt.opts[SH_OPT_XTRACE] = saved_trace;
    if (c->flow.unwind) return NULL;
    if (rst) {
      sh_stream *out = sh_fd(c, 1);
      if (out) sh_stream_write(out, "\n", 1, c->ex);
      return NULL;
    }
    const char *reply = sh_var_get(c, "REPLY");
    if (!reply) return NULL;
    if (!*reply) {
      menu = true;
      continue;
    }
    /* a number, blanks around it allowed */
    const char *p = reply;
    while (*p == ' ' || *p == '\t' || *p == '\n') p++;
    char *end;
    errno = 0;
    long long v = strtoll(p, &end, 10);
    if (end == p || errno) return "";
    while (*end == ' ' || *end == '\t' || *end == '\n') end++;
    if (*end || v < 1 || (unsigned long long)v > count) return "";
    return items[v - 1];
  }
}

int sh__exec_select(sh_ctx *c, sh_node *n) {
  sh_argv av = {0};
  char **items = c->vars.pos;
  size_t count = c->vars.npos;
  c->where.line = n->line;
  if (n->u.for_.has_in) {
    c->where.pin_line = true;
    int rc = sh_expand_words(c, n->u.for_.words, n->u.for_.n_words, &av);
    c->where.pin_line = false;
    if (rc) return sh__expand_failed(c);
    items = av.v;
    count = av.n;
  }
  if (!count) return (c->proc.status = 0);
  char **copy = sh__strv_dup(items, count);
  if (!copy) {
    sh_error(c, "memory exhausted");
    return (c->proc.status = 1);
  }
  char name[256];
  size_t nl = n->u.for_.var_len < 255 ? n->u.for_.var_len : 255;
  memcpy(name, n->u.for_.var, nl);
  name[nl] = 0;
  if (!sh_valid_name(name, nl)) {
    sh_error(c, "`%s': not a valid identifier", name);
    sh__strv_free(copy, count);
    return (c->proc.status = 1);
  }
  if (c->opt.opts[SH_OPT_XTRACE]) sh__xtrace_loop_head(c, "select", n);
  int st = 0;
  uint64_t iters = 0;
  bool menu = true;
  c->limit.loop_depth++;
  for (;;) {
    if (!sh__loop_iter_ok(c, &iters)) break;
    vsh_arena_mark m = vsh__arena_mark(&c->arena);
    const char *sel = select_query(c, copy, count, menu);
    menu = false;
    if (!sel) {
      vsh__arena_pop(&c->arena, m);
      if (!c->flow.unwind) st = 1;
      break;
    }
    if (sh_var_set(c, name, sel, false)) {
      vsh__arena_pop(&c->arena, m);
      st = 1;
      break;
    }
    st = sh_exec_node(c, n->u.for_.body);
    vsh__arena_pop(&c->arena, m);
    if (c->flow.unwind && sh__loop_unwind(c)) break;
    if (sh_check(c)) break;
  }
  c->limit.loop_depth--;
  sh__strv_free(copy, count);
  return (c->proc.status = c->flow.unwind == SH_UW_EXIT ? c->proc.status : st);
}
