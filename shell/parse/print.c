/* print.c: commands in bash's own layout, for declare -f, type and
 * command -V (functions), jobs (a job's command) and xtrace (array
 * literals): four-space indents, `;` after each command of a statement
 * list (none after the last one of a group), `then`/`do` on their lines
 * as bash puts them, elif as a nested if, redirections after the words
 * in bash's spelling (1>&2, 2> file, 5>&-), here-document bodies after
 * the line that opens them.  Words print as written, but for $( ) bodies
 * (laid out again) and $'..' (shown decoded in '..'), as bash.  The
 * recursion follows the tree, whose depth the parser caps. */
#include "shell/shell.h"

#include <string.h>

typedef struct pctx {
  vsh_buf *o;
  /* here-documents of the command just printed, emitted at the next
   * separator (bash writes them after the line) */
  const sh_redir *hd[16];
  size_t nhd;
  bool flushed; /* a body was written since the current item began */
  bool oneline; /* a group on one line, as `jobs` shows one */
} pctx;

static void node(pctx *x, const sh_node *n, int ind);

static void put(pctx *x, const char *s) { vsh__buf_puts(x->o, s); }

static void putn(pctx *x, const char *s, size_t n) {
  vsh__buf_append(x->o, s, n);
}

static void indent(pctx *x, int ind) {
  for (int i = 0; i < ind; i++) vsh__buf_putc(x->o, ' ');
}

/* ---- words ------------------------------------------------------------- */

static void parts(pctx *x, const sh_part *pv, size_t n, bool dq);

/* The single-quoted and $( ) command substitution parts of a word in
 * the order they were written (backquotes are shown as written). */
typedef struct events {
  const sh_part *v[64];
  size_t n;
  bool full;
} events;

static void collect(events *e, const sh_part *pv, size_t n);

static void collect_word(events *e, const sh_word *w) {
  if (w) collect(e, w->parts, w->n);
}

static void collect(events *e, const sh_part *pv, size_t n) {
  for (size_t i = 0; i < n; i++) {
    const sh_part *p = &pv[i];
    if (p->kind == SH_PART_SQ ||
        (p->kind == SH_PART_CMDSUB && !p->u.sub.backquote)) {
      if (e->n == sizeof e->v / sizeof *e->v) e->full = true;
      else e->v[e->n++] = p;
    } else if (p->kind == SH_PART_DQ) {
      collect(e, p->u.dq.parts, p->u.dq.n);
    } else if (p->kind == SH_PART_PARAM) {
      collect_word(e, p->u.param.index);
      collect_word(e, p->u.param.arg);
      collect_word(e, p->u.param.arg2);
    } else if (p->kind == SH_PART_ARITH) {
      collect_word(e, p->u.arith);
    } else if (p->kind == SH_PART_BRACE && !p->u.brace.is_seq) {
      for (size_t k = 0; k < p->u.brace.n; k++)
        collect_word(e, p->u.brace.alts[k]);
    }
  }
}

static void sq_text(pctx *x, const char *s, size_t n) {
  put(x, "'");
  for (size_t k = 0; k < n; k++) {
    if (s[k] == '\'') put(x, "'\\''");
    else vsh__buf_putc(x->o, s[k]);
  }
  put(x, "'");
}

/* End of the $( ) body starting at s[i] (after the paren): the index of
 * its closing paren, or n when it cannot be found. */
static size_t sub_end(const char *s, size_t i, size_t n) {
  int depth = 1;
  while (i < n) {
    char c = s[i];
    if (c == '\\') {
      i += 2;
    } else if (c == '\'') {
      const char *q = memchr(s + i + 1, '\'', n - i - 1);
      if (!q) return n;
      i = (size_t)(q - s) + 1;
    } else if (c == '"' || c == '`') {
      size_t k = i + 1;
      while (k < n && s[k] != c) k += s[k] == '\\' ? 2 : 1;
      if (k >= n) return n;
      i = k + 1;
    } else {
      if (c == '(') depth++;
      else if (c == ')' && --depth == 0) return i;
      i++;
    }
  }
  return n;
}

static void list_inline(pctx *x, const sh_node *n);

/* A word as written, with bash's two rewrites: $'...' shows decoded in
 * single quotes and a $( ) body is printed again in bash's layout.  A
 * word without its source text (made by the parser itself) is rebuilt
 * from its parts. */
static void word(pctx *x, const sh_word *w) {
  if (!w) return;
  if (!w->src) {
    parts(x, w->parts, w->n, false);
    return;
  }
  events e = {.n = 0};
  collect_word(&e, w);
  const char *s = w->src;
  size_t n = w->src_len, at = 0, next = 0;
  if (e.full || !e.n) {
    putn(x, s, n);
    return;
  }
  size_t mark = x->o->len;
  bool dq = false, ok = true;
  for (size_t i = 0; i < n && ok;) {
    char c = s[i];
    if (c == '\\') {
      i += 2;
    } else if (c == '"') {
      dq = !dq;
      i++;
    } else if (c == '`') {
      size_t k = i + 1;
      while (k < n && s[k] != '`') k += s[k] == '\\' ? 2 : 1;
      i = k + 1;
    } else if (!dq &&
               (c == '\'' || (c == '$' && i + 1 < n && s[i + 1] == '\''))) {
      bool ansi = c == '$';
      size_t k = i + (ansi ? 2 : 1);
      while (k < n && s[k] != '\'') k += ansi && s[k] == '\\' ? 2 : 1;
      if (next >= e.n || e.v[next]->kind != SH_PART_SQ || k >= n) {
        ok = false;
        break;
      }
      const sh_part *p = e.v[next++];
      if (ansi) {
        putn(x, s + at, i - at);
        sq_text(x, p->u.text.s, p->u.text.len);
        at = k + 1;
      }
      i = k + 1;
    } else if (c == '$' && i + 1 < n && s[i + 1] == '(' &&
               !(i + 2 < n && s[i + 2] == '(')) {
      size_t end = sub_end(s, i + 2, n);
      if (next >= e.n || e.v[next]->kind != SH_PART_CMDSUB || end >= n) {
        ok = false;
        break;
      }
      const sh_part *p = e.v[next++];
      putn(x, s + at, i - at);
      put(x, "$(");
      list_inline(x, p->u.sub.body);
      put(x, ")");
      at = i = end + 1;
    } else {
      i++;
    }
  }
  if (!ok) { /* could not follow it: as written */
    x->o->len = mark;
    putn(x, s, n);
    return;
  }
  if (at < n) putn(x, s + at, n - at);
}

static void parts(pctx *x, const sh_part *pv, size_t n, bool dq) {
  for (size_t i = 0; i < n; i++) {
    const sh_part *p = &pv[i];
    switch (p->kind) {
    case SH_PART_LIT:
      for (size_t k = 0; k < p->u.text.len; k++) {
        char c = p->u.text.s[k];
        if (dq && (c == '"' || c == '\\' || c == '$' || c == '`'))
          vsh__buf_putc(x->o, '\\');
        vsh__buf_putc(x->o, c);
      }
      break;
    case SH_PART_ESC:
      vsh__buf_putc(x->o, '\\');
      putn(x, p->u.text.s, p->u.text.len);
      break;
    case SH_PART_SQ:
      put(x, "'");
      for (size_t k = 0; k < p->u.text.len; k++) {
        if (p->u.text.s[k] == '\'') put(x, "'\\''");
        else vsh__buf_putc(x->o, p->u.text.s[k]);
      }
      put(x, "'");
      break;
    case SH_PART_DQ:
      put(x, "\"");
      parts(x, p->u.dq.parts, p->u.dq.n, true);
      put(x, "\"");
      break;
    case SH_PART_PARAM:
      put(x, "${");
      putn(x, p->u.param.name, p->u.param.name_len);
      put(x, "}");
      break;
    case SH_PART_TILDE:
      put(x, "~");
      putn(x, p->u.tilde.user, p->u.tilde.len);
      break;
    case SH_PART_ARITH:
      put(x, "$((");
      word(x, p->u.arith);
      put(x, "))");
      break;
    case SH_PART_CMDSUB:
    case SH_PART_PROCSUB:
      put(x, p->kind == SH_PART_CMDSUB ? "$(" : p->u.sub.out ? ">(" : "<(");
      list_inline(x, p->u.sub.body);
      put(x, ")");
      break;
    case SH_PART_BRACE:
      if (p->u.brace.is_seq) {
        put(x, "{");
        put(x, p->u.brace.seq_from);
        put(x, "..");
        put(x, p->u.brace.seq_to);
        if (p->u.brace.seq_step) {
          put(x, "..");
          put(x, p->u.brace.seq_step);
        }
        put(x, "}");
      } else {
        put(x, "{");
        for (size_t k = 0; k < p->u.brace.n; k++) {
          if (k) put(x, ",");
          word(x, p->u.brace.alts[k]);
        }
        put(x, "}");
      }
      break;
    }
  }
}

/* ---- redirections ------------------------------------------------------ */

static void fd_prefix(pctx *x, const sh_redir *r, int dflt) {
  if (r->fd_var) {
    put(x, "{");
    put(x, r->fd_var);
    put(x, "}");
  } else if (r->fd >= 0 && r->fd != dflt) {
    vsh__buf_printf(x->o, "%d", r->fd);
  }
}

static bool is_dash(const sh_word *w) {
  return w && w->n == 1 && w->parts[0].kind == SH_PART_LIT &&
         w->parts[0].u.text.len == 1 && w->parts[0].u.text.s[0] == '-';
}

static void redir(pctx *x, const sh_redir *r) {
  static const char *const ops[] = {
      [SH_R_IN] = "< ",           [SH_R_OUT] = "> ",
      [SH_R_APPEND] = ">> ",      [SH_R_CLOBBER] = ">| ",
      [SH_R_RDWR] = "<> ",        [SH_R_OUT_ERR] = "&> ",
      [SH_R_APPEND_ERR] = "&>> ", [SH_R_HERESTR] = "<<< "};
  switch (r->op) {
  case SH_R_DUP_IN:
  case SH_R_DUP_OUT: {
    bool in = r->op == SH_R_DUP_IN;
    if (r->fd_var) fd_prefix(x, r, -2);
    else vsh__buf_printf(x->o, "%d", r->fd >= 0 ? r->fd : in ? 0 : 1);
    /* bash spells a close >&- whichever way it was written */
    put(x, is_dash(r->target) ? ">&" : in ? "<&" : ">&");
    word(x, r->target);
    return;
  }
  case SH_R_HEREDOC:
    fd_prefix(x, r, 0);
    put(x, r->strip_tabs ? "<<-" : "<<");
    putn(x, r->hd_delim ? r->hd_delim : "EOF",
         r->hd_delim ? r->hd_delim_len : 3);
    if (x->nhd < sizeof x->hd / sizeof *x->hd) x->hd[x->nhd++] = r;
    return;
  case SH_R_OUT_ERR:
  case SH_R_APPEND_ERR: break;
  case SH_R_IN:
  case SH_R_RDWR:
  case SH_R_HERESTR: fd_prefix(x, r, 0); break;
  default: fd_prefix(x, r, 1); break;
  }
  put(x, ops[r->op]);
  word(x, r->target);
}

static void redirs(pctx *x, const sh_redir *rv, size_t n) {
  for (size_t i = 0; i < n; i++) {
    put(x, " ");
    redir(x, &rv[i]);
  }
}

/* Writes pending here-document bodies: "\n" body delimiter "\n" each.
 * Returns whether there were any. */
static bool flush_heredocs(pctx *x) {
  if (!x->nhd) return false;
  put(x, "\n");
  for (size_t i = 0; i < x->nhd; i++) {
    const sh_redir *r = x->hd[i];
    if (r->hd_body) putn(x, r->hd_body, r->hd_body_len);
    /* the delimiter without its quotes */
    const char *d = r->hd_delim ? r->hd_delim : "EOF";
    size_t dl = r->hd_delim ? r->hd_delim_len : 3;
    for (size_t k = 0; k < dl; k++)
      if (d[k] != '\'' && d[k] != '"' && d[k] != '\\')
        vsh__buf_putc(x->o, d[k]);
    put(x, "\n");
  }
  x->nhd = 0;
  x->flushed = true;
  return true;
}

/* ---- commands ---------------------------------------------------------- */

static void assign(pctx *x, const sh_assign *a) {
  putn(x, a->name, a->name_len);
  if (a->index) {
    put(x, "[");
    word(x, a->index);
    put(x, "]");
  }
  put(x, a->append ? "+=" : "=");
  if (!a->is_array) {
    word(x, a->value);
    return;
  }
  put(x, "(");
  for (size_t i = 0; i < a->n_elems; i++) {
    const sh_array_elem *e = &a->elems[i];
    if (i) put(x, " ");
    if (e->key) {
      put(x, "[");
      word(x, e->key);
      put(x, e->append ? "]+=" : "]=");
    }
    word(x, e->value);
  }
  put(x, ")");
}

static void simple(pctx *x, const sh_node *n) {
  bool first = true;
  for (size_t i = 0; i < n->u.simple.n_assigns; i++) {
    if (!first) put(x, " ");
    assign(x, &n->u.simple.assigns[i]);
    first = false;
  }
  for (size_t i = 0; i < n->u.simple.n_words; i++) {
    if (!first) put(x, " ");
    word(x, n->u.simple.words[i]);
    first = false;
  }
  for (size_t i = 0; i < n->n_redirs; i++) {
    if (!first) put(x, " ");
    redir(x, &n->redirs[i]);
    first = false;
  }
}

/* A statement list: items separated by ";" and a new line at this
 * indent (a background item by " & " on the same line).  terminate puts
 * the ";" after the last item too (bodies of if, while, for). */
static void list(pctx *x, const sh_node *n, int ind, bool terminate) {
  if (!n) return;
  const sh_node *one = n;
  size_t cnt = 1;
  if (n->kind == SH_NODE_LIST) cnt = n->u.list.n;
  for (size_t i = 0; i < cnt; i++) {
    const sh_node *it = n->kind == SH_NODE_LIST ? n->u.list.items[i] : one;
    bool bg = n->kind == SH_NODE_LIST && n->u.list.background &&
              n->u.list.background[i];
    x->flushed = false;
    node(x, it, ind);
    bool last = i + 1 == cnt;
    if (bg) {
      put(x, last ? " &" : " & ");
      if (!last) continue;
    }
    /* after a here-document (even one inside the item) bash ends the
     * line without a ";" */
    if (flush_heredocs(x) || x->flushed) {
      if (!last) {
        put(x, "\n");
        indent(x, ind);
      }
      continue;
    }
    if (last) {
      if (terminate && !bg) put(x, ";");
      continue;
    }
    put(x, ";\n");
    indent(x, ind);
  }
}

/* A command substitution's body: its commands joined with "; " on one
 * line, compound commands laid out from indent 0. */
static void list_inline(pctx *x, const sh_node *n) {
  if (!n) return;
  pctx in = {.o = x->o};
  size_t cnt = n->kind == SH_NODE_LIST ? n->u.list.n : 1;
  for (size_t i = 0; i < cnt; i++) {
    const sh_node *it = n->kind == SH_NODE_LIST ? n->u.list.items[i] : n;
    bool bg = n->kind == SH_NODE_LIST && n->u.list.background &&
              n->u.list.background[i];
    node(&in, it, 0);
    flush_heredocs(&in);
    if (bg) put(x, i + 1 < cnt ? " & " : " &");
    else if (i + 1 < cnt) put(x, "; ");
  }
}

/* The body of a compound at ind + 4, on its own lines. */
static void body(pctx *x, const sh_node *n, int ind, bool terminate) {
  put(x, "\n");
  indent(x, ind + 4);
  list(x, n, ind + 4, terminate);
  put(x, "\n");
  indent(x, ind);
}

static void cond(pctx *x, const sh_cond *c) {
  if (c->paren) put(x, "( ");
  switch (c->kind) {
  case SH_COND_AND:
  case SH_COND_OR:
    cond(x, c->a);
    put(x, c->kind == SH_COND_AND ? " && " : " || ");
    cond(x, c->b);
    break;
  case SH_COND_NOT:
    put(x, "! ");
    cond(x, c->a);
    break;
  case SH_COND_UNARY:
    put(x, c->op);
    put(x, " ");
    word(x, c->l);
    break;
  case SH_COND_BINARY:
    word(x, c->l);
    put(x, " ");
    put(x, c->op);
    put(x, " ");
    word(x, c->r);
    break;
  case SH_COND_WORD:
    put(x, "-n "); /* bash shows [[ x ]] as [[ -n x ]] */
    word(x, c->l);
    break;
  }
  if (c->paren) put(x, " )");
}

/* An arithmetic for-header part, trimmed; bash shows an empty one as 1. */
static void cfor_part(pctx *x, const sh_word *w) {
  const char *s = w && w->src ? w->src : "";
  size_t n = w && w->src ? w->src_len : 0;
  while (n && (*s == ' ' || *s == '\t' || *s == '\n')) s++, n--;
  while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\n')) n--;
  if (n) putn(x, s, n);
  else put(x, "1");
}

static void funcdef(pctx *x, const sh_node *n, int ind, bool keyword);

static void node(pctx *x, const sh_node *n, int ind) {
  if (!n) return;
  switch (n->kind) {
  case SH_NODE_SIMPLE: simple(x, n); return;
  case SH_NODE_PIPELINE:
    if (n->u.pipe.time) put(x, n->u.pipe.time_posix ? "time -p " : "time ");
    if (n->u.pipe.bang) put(x, "! ");
    for (size_t i = 0; i < n->u.pipe.n; i++) {
      if (i) {
        /* a here-document body comes right after the | */
        if (flush_heredocs(x)) put(x, "  ");
        else put(x, " ");
      }
      node(x, n->u.pipe.cmds[i], ind);
      if (i + 1 < n->u.pipe.n) {
        if (n->u.pipe.pipe_err && n->u.pipe.pipe_err[i]) put(x, " 2>&1");
        put(x, " |");
      }
    }
    return;
  case SH_NODE_AND:
  case SH_NODE_OR:
    node(x, n->u.bin.a, ind);
    put(x, n->kind == SH_NODE_AND ? " &&" : " ||");
    if (flush_heredocs(x)) put(x, "  ");
    else put(x, " ");
    node(x, n->u.bin.b, ind);
    return;
  case SH_NODE_LIST: list(x, n, ind, false); return;
  case SH_NODE_SUBSHELL:
    put(x, "( ");
    list(x, n->u.group.body, ind, false);
    flush_heredocs(x);
    put(x, " )");
    break;
  case SH_NODE_GROUP:
    if (x->oneline) {
      put(x, "{ ");
      list_inline(x, n->u.group.body);
      put(x, "; }");
      break;
    }
    put(x, "{ ");
    put(x, "\n");
    indent(x, ind + 4);
    list(x, n->u.group.body, ind + 4, false);
    flush_heredocs(x);
    put(x, "\n");
    indent(x, ind);
    put(x, "}");
    break;
  case SH_NODE_IF:
    put(x, "if ");
    list(x, n->u.if_.cond, ind, false);
    flush_heredocs(x);
    put(x, "; then");
    body(x, n->u.if_.then_part, ind, true);
    if (n->u.if_.else_part) {
      put(x, "else");
      body(x, n->u.if_.else_part, ind, true);
    }
    put(x, "fi");
    break;
  case SH_NODE_WHILE:
  case SH_NODE_UNTIL:
    put(x, n->kind == SH_NODE_WHILE ? "while " : "until ");
    list(x, n->u.loop.cond, ind, false);
    flush_heredocs(x);
    put(x, "; do");
    body(x, n->u.loop.body, ind, true);
    put(x, "done");
    break;
  case SH_NODE_FOR:
  case SH_NODE_SELECT:
    put(x, n->kind == SH_NODE_FOR ? "for " : "select ");
    putn(x, n->u.for_.var, n->u.for_.var_len);
    if (!n->u.for_.has_in) {
      put(x, " in \"$@\"");
    } else {
      put(x, " in ");
      for (size_t i = 0; i < n->u.for_.n_words; i++) {
        if (i) put(x, " ");
        word(x, n->u.for_.words[i]);
      }
    }
    put(x, ";\n");
    indent(x, ind);
    put(x, "do");
    body(x, n->u.for_.body, ind, true);
    put(x, "done");
    break;
  case SH_NODE_CFOR:
    put(x, "for ((");
    cfor_part(x, n->u.cfor.init);
    put(x, "; ");
    cfor_part(x, n->u.cfor.cond);
    put(x, "; ");
    cfor_part(x, n->u.cfor.step);
    put(x, "))\n");
    indent(x, ind);
    put(x, "do");
    body(x, n->u.cfor.body, ind, true);
    put(x, "done");
    break;
  case SH_NODE_CASE:
    put(x, "case ");
    word(x, n->u.case_.subject);
    put(x, " in \n");
    for (size_t i = 0; i < n->u.case_.n_items; i++) {
      const sh_case_item *it = &n->u.case_.items[i];
      indent(x, ind + 4);
      for (size_t k = 0; k < it->n_patterns; k++) {
        if (k) put(x, " | ");
        word(x, it->patterns[k]);
      }
      put(x, ")\n");
      if (it->body) {
        indent(x, ind + 8);
        list(x, it->body, ind + 8, false);
        flush_heredocs(x);
      }
      put(x, "\n");
      indent(x, ind + 4);
      put(x, it->term == SH_CASE_FALL       ? ";&"
             : it->term == SH_CASE_CONTINUE ? ";;&"
                                            : ";;");
      put(x, "\n");
    }
    indent(x, ind);
    put(x, "esac");
    break;
  case SH_NODE_ARITH:
    put(x, "((");
    word(x, n->u.arith.expr);
    put(x, "))");
    break;
  case SH_NODE_COND:
    put(x, "[[ ");
    cond(x, n->u.cond.expr);
    put(x, " ]]");
    break;
  case SH_NODE_FUNCDEF: funcdef(x, n, ind, true); return;
  case SH_NODE_COPROC:
    put(x, "coproc "); /* bash names the default too */
    put(x, n->u.coproc.name ? n->u.coproc.name : "COPROC");
    put(x, " ");
    node(x, n->u.coproc.body, ind);
    return;
  }
  redirs(x, n->redirs, n->n_redirs);
}

/* NAME () then the body as a group ({ } around any other compound), at
 * ind; nested definitions carry the `function` keyword, as bash shows
 * them. */
static void funcdef(pctx *x, const sh_node *n, int ind, bool keyword) {
  if (keyword) put(x, "function ");
  putn(x, n->u.func.name, n->u.func.name_len);
  put(x, " () \n");
  indent(x, ind);
  const sh_node *b = n->u.func.body;
  if (b && b->kind == SH_NODE_GROUP) {
    node(x, b, ind);
    return;
  }
  put(x, "{ \n");
  indent(x, ind + 4);
  node(x, b, ind + 4);
  flush_heredocs(x);
  put(x, "\n");
  indent(x, ind);
  put(x, "}");
}

void sh_print_function(vsh_buf *out, const char *name, const sh_node *def) {
  pctx x = {.o = out};
  sh_node copy = *def;
  copy.u.func.name = name;
  copy.u.func.name_len = strlen(name);
  funcdef(&x, &copy, 0, false);
  flush_heredocs(&x);
  put(&x, "\n");
}

void sh_print_assign(vsh_buf *out, const sh_assign *a) {
  pctx x = {.o = out};
  assign(&x, a);
}

void sh_print_command(vsh_buf *out, const sh_node *n) {
  pctx x = {.o = out, .oneline = true};
  node(&x, n, 0);
  x.nhd = 0; /* here-document bodies are not shown on one line */
}
