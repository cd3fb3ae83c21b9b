/* ts_lower.c: the tree-sitter path.  tree-sitter-bash parses the whole
 * script once; each top-level line of statements is then lowered: the
 * structure (lists, pipelines, compound commands, functions) comes from
 * the tree, while words, simple commands, [[ ]], (( )), for/case headers
 * and redirections are re-read from their byte ranges by the
 * recursive-descent sub-parsers, because the grammar is lossy there.  A
 * line whose subtree has ERROR/MISSING nodes, heredocs or an alias, or
 * whose pieces the sub-parsers read differently, is parsed again by the
 * RD parser, which alone decides what is a syntax error.  The tree is
 * freed as soon as the last line is lowered. */
#include "shell/parse/parse_int.h"

#ifdef VSH_HAVE_TS_BASH

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <tree_sitter/api.h>

/* ts_node_child() walks from the first child each time, so children are
 * fetched once per node with a cursor and kept in a small LRU cache. */
#define KID_SLOTS 16
typedef struct kid_slot {
  const void *id;
  TSNode *v;
  uint32_t n;
  unsigned stamp;
} kid_slot;

typedef struct ts_state {
  TSParser *parser;
  TSTree *tree;
  TSNode root;
  TSNode *top; /* the root's children (malloc, top_cap entries) */
  uint32_t top_cap;
  uint32_t idx, n; /* next top-level child */
  kid_slot kids[KID_SLOTS];
  unsigned clock;
} ts_state;

static uint32_t fetch_kids(TSNode n, TSNode *v, uint32_t c) {
  TSTreeCursor cur = ts_tree_cursor_new(n);
  uint32_t k = 0;
  if (c && ts_tree_cursor_goto_first_child(&cur)) {
    do v[k++] = ts_tree_cursor_current_node(&cur);
    while (k < c && ts_tree_cursor_goto_next_sibling(&cur));
  }
  ts_tree_cursor_delete(&cur);
  return k;
}

#define TS_BAIL 1 /* p->err value: lower this line with RD instead */
/* -DVSH_TS_DEBUG prints why a statement fell back to the RD parser (the
 * library reads no environment) */
#ifdef VSH_TS_DEBUG
#define TS_DEBUG 1
#else
#define TS_DEBUG 0
#endif

#define bail(p) bail_at(p, __LINE__)
static _Noreturn void bail_at(sh_parser *p, int where) {
  if (TS_DEBUG)
    fprintf(stderr, "ts bail at ts_lower.c:%d (line %u)\n", where, p->in.line);
  p->err = TS_BAIL;
  longjmp(*p->jb, 1);
}

static void *sh_alloc_ts(sh_parser *p, size_t n) { return sh_alloc(p, n); }

static TSNode kid(sh_parser *p, TSNode n, uint32_t i) {
  ts_state *st = p->ts;
  kid_slot *old = &st->kids[0];
  for (int k = 0; k < KID_SLOTS; k++) {
    kid_slot *s = &st->kids[k];
    if (s->v && s->id == n.id) {
      s->stamp = ++st->clock;
      return i < s->n ? s->v[i] : ts_node_child(n, i);
    }
    if (s->stamp < old->stamp) old = s;
  }
  uint32_t c = ts_node_child_count(n);
  TSNode *v = sh_alloc_ts(p, (c ? c : 1) * sizeof *v);
  old->n = fetch_kids(n, v, c);
  old->v = v;
  old->id = n.id;
  old->stamp = ++st->clock;
  return i < old->n ? v[i] : ts_node_child(n, i);
}

static bool is(TSNode n, const char *type) {
  return !strcmp(ts_node_type(n), type);
}

static unsigned line_of(sh_parser *p, TSNode n) {
  return ts_node_start_point(n).row +
         (p->opts.first_line ? p->opts.first_line : 1);
}

/* Puts the RD lexer at the start of n, on the main input. */
static void rd_at(sh_parser *p, TSNode n) {
  p->in.s = p->src;
  p->in.n = p->src_len;
  p->in.pos = ts_node_start_byte(n);
  p->in.line = line_of(p, n);
  p->in.frame = NULL;
  p->have_tok = false;
  p->alias_next = false;
}

/* Where the RD sub-parser stopped (before a peeked token and blanks). */
static size_t rd_end(sh_parser *p) {
  size_t e = p->have_tok ? p->tok.pre : p->in.pos;
  while (e > 0 && (p->src[e - 1] == ' ' || p->src[e - 1] == '\t')) e--;
  return e;
}

static void rd_check_end(sh_parser *p, TSNode n) {
  if (rd_end(p) != ts_node_end_byte(n) || p->hd_head) {
    if (TS_DEBUG)
      fprintf(stderr, "end mismatch %s rd=%zu ts=%u: [%.*s]\n", ts_node_type(n),
              rd_end(p), ts_node_end_byte(n),
              (int)(ts_node_end_byte(n) - ts_node_start_byte(n)),
              p->src + ts_node_start_byte(n));
    bail(p);
  }
  p->have_tok = false;
}

static sh_node *lower(sh_parser *p, TSNode n);

static bool is_stmt(TSNode c) {
  return ts_node_is_named(c) && !is(c, "comment");
}

/* Statements among children [from, to) as a LIST (NULL when none); an
 * anonymous & after a statement backgrounds it. */
static sh_node *lower_seq(sh_parser *p, TSNode parent, uint32_t from,
                          uint32_t to) {
  uint32_t cnt = 0;
  for (uint32_t i = from; i < to; i++)
    if (is_stmt(kid(p, parent, i))) cnt++;
  if (!cnt) return NULL;
  sh_node *l = sh_alloc(p, sizeof *l);
  l->kind = SH_NODE_LIST;
  l->u.list.items = sh_alloc(p, cnt * sizeof(sh_node *));
  l->u.list.background = sh_alloc(p, cnt * sizeof(bool));
  size_t k = 0;
  for (uint32_t i = from; i < to; i++) {
    TSNode c = kid(p, parent, i);
    if (is_stmt(c)) {
      l->u.list.items[k++] = lower(p, c);
    } else if (!ts_node_is_named(c) && is(c, "&")) {
      if (!k) bail(p);
      l->u.list.background[k - 1] = true;
    } else if (!ts_node_is_named(c) && !is(c, ";") && !is(c, "\n")) {
      bail(p);
    }
  }
  l->u.list.n = k;
  l->line = l->u.list.items[0]->line;
  return l;
}

static sh_node *new_node(sh_parser *p, sh_node_kind k, TSNode n) {
  sh_node *x = sh_alloc(p, sizeof *x);
  x->kind = k;
  x->line = line_of(p, n);
  return x;
}

static uint32_t find_child(sh_parser *p, TSNode n, uint32_t from,
                           const char *type) {
  uint32_t c = ts_node_child_count(n);
  for (uint32_t i = from; i < c; i++)
    if (is(kid(p, n, i), type)) return i;
  return c;
}

/* A simple command, [[ ]], (( )) or assignment: read by RD. */
static sh_node *lower_leaf(sh_parser *p, TSNode n) {
  rd_at(p, n);
  sh_tok *t = sh_peek(p, M_CMD);
  if (t->type == T_WORD && t->text && !t->assign &&
      ((t->text_len == 4 && !memcmp(t->text, "time", 4)) ||
       (t->text_len == 1 && *t->text == '!')))
    bail(p); /* pipeline prefixes: the grammar has no `time` */
  sh_node *x = sh_rd_command(p);
  rd_check_end(p, n);
  return x;
}

/* Redirections that follow a compound body: children from index i. */
static void lower_redirs(sh_parser *p, TSNode n, uint32_t i, sh_node *body) {
  uint32_t c = ts_node_child_count(n);
  if (i >= c) return;
  rd_at(p, kid(p, n, i));
  sh_rd_redirs(p, body);
  rd_check_end(p, n);
}

static sh_node *lower_if(sh_parser *p, TSNode n) {
  /* if C then T (elif_clause)* (else_clause)? fi */
  uint32_t c = ts_node_child_count(n);
  uint32_t th = find_child(p, n, 1, "then");
  if (th >= c) bail(p);
  uint32_t e = th + 1;
  while (e < c) {
    TSNode x = kid(p, n, e);
    if (is(x, "elif_clause") || is(x, "else_clause") || is(x, "fi")) break;
    e++;
  }
  sh_node *root = new_node(p, SH_NODE_IF, n);
  root->u.if_.cond = lower_seq(p, n, 1, th);
  root->u.if_.then_part = lower_seq(p, n, th + 1, e);
  if (!root->u.if_.cond || !root->u.if_.then_part) bail(p);
  sh_node *cur = root;
  for (; e < c; e++) {
    TSNode x = kid(p, n, e);
    if (is(x, "elif_clause")) {
      uint32_t xc = ts_node_child_count(x);
      uint32_t xt = find_child(p, x, 1, "then");
      if (xt >= xc) bail(p);
      sh_node *el = new_node(p, SH_NODE_IF, x);
      el->u.if_.cond = lower_seq(p, x, 1, xt);
      el->u.if_.then_part = lower_seq(p, x, xt + 1, xc);
      if (!el->u.if_.cond || !el->u.if_.then_part) bail(p);
      cur->u.if_.else_part = el;
      cur = el;
    } else if (is(x, "else_clause")) {
      cur->u.if_.else_part = lower_seq(p, x, 1, ts_node_child_count(x));
      if (!cur->u.if_.else_part) bail(p);
    } else if (!is(x, "fi")) {
      bail(p);
    }
  }
  return root;
}

/* do_group or compound_statement used as a loop body: its list. */
static sh_node *lower_body_group(sh_parser *p, TSNode g) {
  uint32_t c = ts_node_child_count(g);
  if (c < 2 || !(is(g, "do_group") || is(g, "compound_statement"))) bail(p);
  sh_node *l = lower_seq(p, g, 1, c - 1);
  if (!l) bail(p);
  return l;
}

static sh_node *lower_while(sh_parser *p, TSNode n) {
  uint32_t c = ts_node_child_count(n);
  TSNode kw = kid(p, n, 0);
  sh_node *x = new_node(p, is(kw, "until") ? SH_NODE_UNTIL : SH_NODE_WHILE, n);
  uint32_t d = find_child(p, n, 1, "do_group");
  if (d >= c) bail(p);
  x->u.loop.cond = lower_seq(p, n, 1, d);
  if (!x->u.loop.cond) bail(p);
  x->u.loop.body = lower_body_group(p, kid(p, n, d));
  return x;
}

static sh_node *lower_for(sh_parser *p, TSNode n) {
  uint32_t c = ts_node_child_count(n);
  TSNode kw = kid(p, n, 0);
  sh_node *x = new_node(p, is(kw, "select") ? SH_NODE_SELECT : SH_NODE_FOR, n);
  TSNode var = ts_node_child_by_field_name(n, "variable", 8);
  TSNode body = ts_node_child_by_field_name(n, "body", 4);
  if (ts_node_is_null(var) || ts_node_is_null(body)) bail(p);
  rd_at(p, var);
  sh_tok *t = sh_peek(p, M_ARG);
  if (t->type != T_WORD || !t->text) bail(p);
  x->u.for_.var = t->text;
  x->u.for_.var_len = t->text_len;
  sh_consume(p);
  rd_check_end(p, var);
  uint32_t in = find_child(p, n, 1, "in");
  if (in < c) {
    x->u.for_.has_in = true;
    TSNode kin = kid(p, n, in);
    p->in.pos = ts_node_end_byte(kin);
    p->in.line = ts_node_end_point(kin).row +
                 (p->opts.first_line ? p->opts.first_line : 1);
    p->have_tok = false;
    size_t cnt = 0, cap = 0;
    sh_word **v = NULL;
    for (;;) {
      t = sh_peek(p, M_ARG);
      if (t->type != T_WORD) break;
      if (cnt == cap) {
        cap = cap ? cap * 2 : 4;
        sh_word **nv = sh_alloc(p, cap * sizeof *nv);
        if (cnt) memcpy(nv, v, cnt * sizeof *nv);
        v = nv;
      }
      v[cnt++] = t->word;
      sh_consume(p);
    }
    if (t->type != T_SEMI && t->type != T_NEWLINE) bail(p);
    /* the words must end where the grammar's do (or ;) begins */
    uint32_t semi = in + 1;
    while (semi < c && ts_node_is_named(kid(p, n, semi)) &&
           !is(kid(p, n, semi), "do_group"))
      semi++;
    if (semi >= c || t->start != ts_node_start_byte(kid(p, n, semi)))
      if (!(t->type == T_NEWLINE && semi < c)) bail(p);
    p->have_tok = false;
    x->u.for_.words = v;
    x->u.for_.n_words = cnt;
  }
  x->u.for_.body = lower_body_group(p, body);
  return x;
}

static sh_node *lower_cfor(sh_parser *p, TSNode n) {
  sh_node *x = new_node(p, SH_NODE_CFOR, n);
  uint32_t c = ts_node_child_count(n);
  uint32_t o = find_child(p, n, 1, "((");
  uint32_t cl = find_child(p, n, 1, "))");
  if (o >= c || cl >= c) bail(p);
  rd_at(p, kid(p, n, o));
  sh_rd_cfor_header(p, x);
  if (p->in.pos != ts_node_end_byte(kid(p, n, cl))) bail(p);
  TSNode body = ts_node_child_by_field_name(n, "body", 4);
  if (ts_node_is_null(body)) bail(p);
  x->u.cfor.body = lower_body_group(p, body);
  return x;
}

static sh_node *lower_case(sh_parser *p, TSNode n) {
  sh_node *x = new_node(p, SH_NODE_CASE, n);
  TSNode val = ts_node_child_by_field_name(n, "value", 5);
  if (ts_node_is_null(val)) bail(p);
  rd_at(p, val);
  sh_tok *t = sh_peek(p, M_ARG);
  if (t->type != T_WORD) bail(p);
  x->u.case_.subject = t->word;
  sh_consume(p);
  rd_check_end(p, val);
  uint32_t c = ts_node_child_count(n), ni = 0;
  for (uint32_t i = 0; i < c; i++)
    if (is(kid(p, n, i), "case_item")) ni++;
  x->u.case_.items = sh_alloc(p, (ni ? ni : 1) * sizeof(sh_case_item));
  for (uint32_t i = 0; i < c; i++) {
    TSNode it = kid(p, n, i);
    if (!is(it, "case_item")) continue;
    sh_case_item *ci = &x->u.case_.items[x->u.case_.n_items++];
    uint32_t ic = ts_node_child_count(it);
    uint32_t rp = find_child(p, it, 0, ")");
    if (rp >= ic) bail(p);
    /* patterns: RD tokens from the item start up to the ) */
    rd_at(p, it);
    t = sh_peek(p, M_CASEPAT);
    if (t->type == T_LPAREN) {
      sh_consume(p);
      t = sh_peek(p, M_CASEPAT);
    }
    size_t np = 0;
    sh_word **pv = sh_alloc(p, (ic + 1) * sizeof *pv);
    for (;;) {
      if (t->type != T_WORD || np >= ic) bail(p);
      pv[np++] = t->word;
      sh_consume(p);
      t = sh_peek(p, M_CASEPAT);
      if (t->type == T_PIPE) {
        sh_consume(p);
        t = sh_peek(p, M_CASEPAT);
        continue;
      }
      break;
    }
    if (t->type != T_RPAREN || t->start != ts_node_start_byte(kid(p, it, rp)))
      bail(p);
    p->have_tok = false;
    ci->patterns = pv;
    ci->n_patterns = np;
    uint32_t end = ic;
    ci->term = SH_CASE_BREAK;
    TSNode last = kid(p, it, ic - 1);
    if (is(last, ";;") || is(last, ";&") || is(last, ";;&")) {
      end = ic - 1;
      ci->term = is(last, ";;")   ? SH_CASE_BREAK
                 : is(last, ";&") ? SH_CASE_FALL
                                  : SH_CASE_CONTINUE;
    } else if (i + 1 < c && is(kid(p, n, i + 1), "case_item")) {
      bail(p); /* an item without terminator must be the last */
    }
    ci->body = lower_seq(p, it, rp + 1, end);
  }
  return x;
}

static sh_node *lower_func(sh_parser *p, TSNode n) {
  sh_node *f = new_node(p, SH_NODE_FUNCDEF, n);
  TSNode name = ts_node_child_by_field_name(n, "name", 4);
  TSNode body = ts_node_child_by_field_name(n, "body", 4);
  if (ts_node_is_null(name) || ts_node_is_null(body)) bail(p);
  rd_at(p, name);
  sh_tok *t = sh_peek(p, M_ARG);
  if (t->type != T_WORD || !t->text) bail(p);
  f->u.func.name = t->text;
  f->u.func.name_len = t->text_len;
  sh_consume(p);
  rd_check_end(p, name);
  f->u.func.body = lower(p, body);
  uint32_t c = ts_node_child_count(n), i;
  for (i = 0; i < c; i++)
    if (ts_node_eq(kid(p, n, i), body)) break;
  if (i + 1 < c) lower_redirs(p, n, i + 1, f->u.func.body);
  uint32_t s = ts_node_start_byte(n), e = ts_node_end_byte(n);
  f->u.func.src = p->src + s;
  f->u.func.src_len = e - s;
  return f;
}

static sh_node *lower_pipeline(sh_parser *p, TSNode n) {
  uint32_t c = ts_node_child_count(n), cnt = 0;
  for (uint32_t i = 0; i < c; i++)
    if (is_stmt(kid(p, n, i))) cnt++;
  sh_node *x = new_node(p, SH_NODE_PIPELINE, n);
  x->u.pipe.cmds = sh_alloc(p, cnt * sizeof(sh_node *));
  x->u.pipe.pipe_err = sh_alloc(p, cnt * sizeof(bool));
  size_t k = 0;
  for (uint32_t i = 0; i < c; i++) {
    TSNode ch = kid(p, n, i);
    if (is_stmt(ch)) {
      if (is(ch, "negated_command")) {
        /* ! binds to the whole pipeline in bash */
        if (k || ts_node_child_count(ch) != 2) bail(p);
        x->u.pipe.bang = true;
        ch = kid(p, ch, 1);
      }
      sh_node *s = lower(p, ch);
      if (s->kind == SH_NODE_PIPELINE) bail(p);
      x->u.pipe.cmds[k++] = s;
    } else if (is(ch, "|&")) {
      if (!k) bail(p);
      x->u.pipe.pipe_err[k - 1] = true;
    } else if (!is(ch, "|")) {
      bail(p);
    }
  }
  x->u.pipe.n = k;
  return x;
}

static sh_node *lower(sh_parser *p, TSNode n) {
  sh_enter(p, line_of(p, n));
  sh_node *x;
  const char *ty = ts_node_type(n);
  if (!strcmp(ty, "command") || !strcmp(ty, "declaration_command") ||
      !strcmp(ty, "unset_command") || !strcmp(ty, "variable_assignment") ||
      !strcmp(ty, "variable_assignments") || !strcmp(ty, "test_command")) {
    x = lower_leaf(p, n);
  } else if (!strcmp(ty, "redirected_statement")) {
    TSNode body = ts_node_child_by_field_name(n, "body", 4);
    if (ts_node_is_null(body) || is(body, "command") ||
        is(body, "declaration_command") || is(body, "unset_command") ||
        is(body, "variable_assignment") || is(body, "variable_assignments") ||
        is(body, "test_command")) {
      x = lower_leaf(p, n);
    } else {
      x = lower(p, body);
      if (x->kind == SH_NODE_PIPELINE || x->kind == SH_NODE_AND ||
          x->kind == SH_NODE_OR || x->kind == SH_NODE_LIST ||
          x->kind == SH_NODE_SIMPLE || x->kind == SH_NODE_FUNCDEF ||
          x->n_redirs)
        bail(p);
      uint32_t c = ts_node_child_count(n), i;
      for (i = 0; i < c; i++)
        if (ts_node_eq(kid(p, n, i), body)) break;
      lower_redirs(p, n, i + 1, x);
    }
  } else if (!strcmp(ty, "list")) {
    if (ts_node_child_count(n) != 3) bail(p);
    TSNode op = kid(p, n, 1);
    sh_node_kind k;
    if (is(op, "&&")) k = SH_NODE_AND;
    else if (is(op, "||")) k = SH_NODE_OR;
    else bail(p);
    sh_node *a = lower(p, kid(p, n, 0));
    sh_node *b = lower(p, kid(p, n, 2));
    if (b->kind == SH_NODE_AND || b->kind == SH_NODE_OR)
      bail(p); /* bash's && and || are left-associative */
    x = sh_alloc(p, sizeof *x);
    x->kind = k;
    x->line = a->line;
    x->u.bin.a = a;
    x->u.bin.b = b;
  } else if (!strcmp(ty, "pipeline")) {
    x = lower_pipeline(p, n);
  } else if (!strcmp(ty, "negated_command")) {
    if (ts_node_child_count(n) != 2) bail(p);
    sh_node *s = lower(p, kid(p, n, 1));
    if (s->kind == SH_NODE_PIPELINE) bail(p);
    x = new_node(p, SH_NODE_PIPELINE, n);
    x->u.pipe.cmds = sh_alloc(p, sizeof(sh_node *));
    x->u.pipe.cmds[0] = s;
    x->u.pipe.n = 1;
    x->u.pipe.bang = true;
  } else if (!strcmp(ty, "subshell") || !strcmp(ty, "compound_statement")) {
    uint32_t c = ts_node_child_count(n);
    if (c < 2) bail(p);
    if (is(n, "compound_statement")) {
      /* bash needs { to be a word of its own: `{ls;}` is not a group */
      char nx = p->src[ts_node_start_byte(n) + 1];
      if (nx != ' ' && nx != '\t' && nx != '\n') bail(p);
    }
    x = new_node(p, is(n, "subshell") ? SH_NODE_SUBSHELL : SH_NODE_GROUP, n);
    x->u.group.body = lower_seq(p, n, 1, c - 1);
    if (!x->u.group.body) bail(p);
  } else if (!strcmp(ty, "if_statement")) {
    x = lower_if(p, n);
  } else if (!strcmp(ty, "while_statement")) {
    x = lower_while(p, n);
  } else if (!strcmp(ty, "for_statement")) {
    x = lower_for(p, n);
  } else if (!strcmp(ty, "c_style_for_statement")) {
    x = lower_cfor(p, n);
  } else if (!strcmp(ty, "case_statement")) {
    x = lower_case(p, n);
  } else if (!strcmp(ty, "function_definition")) {
    x = lower_func(p, n);
  } else {
    bail(p);
  }
  sh_leave(p);
  return x;
}

/* ---- per-line driver -------------------------------------------------- */

static bool node_needs_rd(sh_parser *p, TSNode n) {
  if (ts_node_is_missing(n)) return true;
  const char *ty = ts_node_type(n);
  if (!strcmp(ty, "heredoc_redirect") || !strcmp(ty, "heredoc_start") ||
      !strcmp(ty, "ERROR"))
    return true;
  if (p->opts.alias && !strcmp(ty, "command_name")) {
    uint32_t s = ts_node_start_byte(n), e = ts_node_end_byte(n);
    char name[256];
    if (e - s < sizeof name) {
      memcpy(name, p->src + s, e - s);
      name[e - s] = 0;
      if (p->opts.alias(p->opts.ud, name, e - s)) return true;
    }
  }
  return false;
}

/* Whether the subtree needs the RD parser: errors, heredocs, aliases.
 * An iterative cursor walk: no recursion on the tree's depth. */
static bool needs_rd(sh_parser *p, TSNode n) {
  if (ts_node_has_error(n)) return true;
  TSTreeCursor cur = ts_tree_cursor_new(n);
  bool rd = false;
  unsigned depth = 0;
  for (;;) {
    if (node_needs_rd(p, ts_tree_cursor_current_node(&cur)) ||
        depth > 2 * p->max_depth + 50) {
      rd = true;
      break;
    }
    if (ts_tree_cursor_goto_first_child(&cur)) {
      depth++;
      continue;
    }
    while (!ts_tree_cursor_goto_next_sibling(&cur)) {
      if (!depth || !ts_tree_cursor_goto_parent(&cur)) goto done;
      depth--;
    }
  }
done:
  ts_tree_cursor_delete(&cur);
  return rd;
}

/* Skips blanks, newlines, comments and continuations from pos. */
static size_t skip_space(const char *s, size_t n, size_t pos) {
  while (pos < n) {
    char c = s[pos];
    if (c == ' ' || c == '\t' || c == '\n') {
      pos++;
    } else if (c == '\\' && pos + 1 < n && s[pos + 1] == '\n') {
      pos += 2;
    } else if (c == '#') {
      while (pos < n && s[pos] != '\n') pos++;
    } else {
      break;
    }
  }
  return pos;
}

static bool gap_has_newline(const char *s, uint32_t a, uint32_t b) {
  for (uint32_t i = a; i < b; i++) {
    if (s[i] == '\\' && i + 1 < b && s[i + 1] == '\n') i++;
    else if (s[i] == '\n') return true;
  }
  return false;
}

/* tree-sitter 0.20.7 aborts (double free) on very deeply nested input
 * and its error recovery can take seconds on pathological text, so the
 * tree path is skipped when a rough nesting estimate passes the cap (the
 * RD parser then reports the limit) and the parse has a time budget. */
static bool too_deep(const sh_parser *p) {
  const char *s = p->src;
  size_t n = p->src_len;
  long pd = 0, kd = 0, bars = 0; /* brackets, keywords, | on this line */
  for (size_t i = 0; i < n; i++) {
    char c = s[i];
    if (c == '(' || c == '{' || c == '[' || c == '`') pd++;
    else if (c == ')' || c == '}' || c == ']') pd -= pd > 0;
    else if (c == '\n') bars = 0;
    else if (c == '|' && ++bars > 256)
      return true; /* long pipelines make tree-sitter 0.20.7 quadratic */
    else if (i == 0 || s[i - 1] == ' ' || s[i - 1] == ';' || s[i - 1] == '\n' ||
             s[i - 1] == '\t' || s[i - 1] == '(') {
      static const char *const open[] = {"if",    "case", "while",
                                         "until", "for",  "select"};
      static const char *const close[] = {"fi", "esac", "done"};
      for (size_t k = 0; k < 6; k++) {
        size_t m = strlen(open[k]);
        if (i + m <= n && !memcmp(s + i, open[k], m)) kd++;
      }
      for (size_t k = 0; k < 3; k++) {
        size_t m = strlen(close[k]);
        if (i + m <= n && !memcmp(s + i, close[k], m)) kd -= kd > 0;
      }
    }
    if (pd + kd > (long)p->max_depth) return true;
  }
  return false;
}

#define TOP(i) (st->top[(i)])

int sh_ts_begin(sh_parser *p) {
  if (too_deep(p)) return 0;
  ts_state *st = vsh__calloc(NULL, sizeof *st);
  if (!st) return VSH_ENOMEM;
  st->parser = ts_parser_new();
  if (!st->parser || !ts_parser_set_language(st->parser, tree_sitter_bash())) {
    if (st->parser) ts_parser_delete(st->parser);
    vsh__free(NULL, st, sizeof *st);
    return VSH_ENOSYS;
  }
  if (p->src_len > UINT32_MAX / 2) {
    ts_parser_delete(st->parser);
    vsh__free(NULL, st, sizeof *st);
    return VSH_ELIMIT;
  }
  uint64_t budget_us = 200000 + (uint64_t)p->src_len * 2;
  /* past the exec's memory ceiling or its deadline the parse gives up
   * (core/acct.h) */
  vsh__acct *acct = vsh__acct_current();
  if (acct) {
    ts_parser_set_cancellation_flag(st->parser, (const size_t *)&acct->over);
    if (acct->deadline_ns) {
      struct timespec now;
      clock_gettime(CLOCK_MONOTONIC, &now);
      int64_t left =
          acct->deadline_ns - ((int64_t)now.tv_sec * 1000000000 + now.tv_nsec);
      uint64_t left_us = left > 0 ? (uint64_t)left / 1000 + 1 : 1;
      if (left_us < budget_us) budget_us = left_us;
    }
  }
  ts_parser_set_timeout_micros(st->parser, budget_us);
  st->tree =
      ts_parser_parse_string(st->parser, NULL, p->src, (uint32_t)p->src_len);
  ts_parser_delete(st->parser);
  st->parser = NULL;
  if (!st->tree) { /* out of time: the RD parser does it all */
    vsh__free(NULL, st, sizeof *st);
    return 0;
  }
  st->root = ts_tree_root_node(st->tree);
  uint32_t c = ts_node_child_count(st->root);
  st->top_cap = c ? c : 1;
  st->top = vsh__malloc(NULL, st->top_cap * sizeof *st->top);
  if (!st->top) {
    ts_tree_delete(st->tree);
    vsh__free(NULL, st, sizeof *st);
    return VSH_ENOMEM;
  }
  st->n = fetch_kids(st->root, st->top, c);
  p->ts = st;
  return 0;
}

void sh_ts_free(sh_parser *p) {
  ts_state *st = p->ts;
  if (!st) return;
  if (st->tree) ts_tree_delete(st->tree);
  vsh__free(NULL, st->top, st->top_cap * sizeof *st->top);
  vsh__free(NULL, st, sizeof *st);
  p->ts = NULL;
}

/* RD for one line at the current RD position. */
static int rd_line(sh_parser *p, sh_node **out) {
  ts_state *st = p->ts;
  int rc = sh_rd_next(p, out);
  if (rc || !*out) return rc;
  size_t pos = p->have_tok ? p->tok.start : p->in.pos;
  while (st->idx < st->n && ts_node_start_byte(TOP(st->idx)) < pos) st->idx++;
  return 0;
}

int sh_ts_next(sh_parser *p, sh_node **out) {
  ts_state *st = p->ts;
  *out = NULL;
  /* the RD position is where the previous line ended */
  if (p->have_tok) {
    p->in = p->tok.at;
    p->have_tok = false;
  }
  volatile size_t pos = skip_space(p->src, p->src_len, p->in.pos);
  if (p->in.s == p->src)
    for (size_t i = p->in.pos; i < pos; i++)
      if (p->src[i] == '\n') p->in.line++;
  p->in.pos = pos;
  while (st->idx < st->n &&
         (!is_stmt(TOP(st->idx)) || ts_node_end_byte(TOP(st->idx)) <= pos))
    st->idx++;
  if (st->idx >= st->n) {
    if (pos >= p->src_len || p->hd_head || p->in.s != p->src) {
      /* nothing the tree knows of: RD reads what remains (pending
       * heredoc bodies, trailing comments) */
      int rc = sh_rd_next(p, out);
      if (!rc && !*out) sh_ts_free(p);
      return rc;
    }
    return rd_line(p, out);
  }
  TSNode first = TOP(st->idx);
  if (ts_node_start_byte(first) != pos || p->in.s != p->src || p->hd_head)
    return rd_line(p, out);
  /* the line: statements until a gap with a newline */
  uint32_t last = st->idx, end_idx = st->idx + 1;
  for (uint32_t i = st->idx + 1; i < st->n; i++) {
    TSNode c = TOP(i);
    TSNode prev = TOP(i - 1);
    if (gap_has_newline(p->src, ts_node_end_byte(prev), ts_node_start_byte(c)))
      break;
    if (is(c, "comment")) break;
    end_idx = i + 1;
    if (is_stmt(c)) last = i;
  }
  bool rd = false;
  for (uint32_t i = st->idx; i < end_idx && !rd; i++)
    rd = needs_rd(p, st->top[i]);
  if (rd) {
    p->in.pos = pos;
    return rd_line(p, out);
  }
  jmp_buf jb;
  jmp_buf *outer = p->jb;
  vsh_buf *msg = p->msg;
  sh_lexpos start = p->in;
  p->jb = &jb;
  p->msg = NULL; /* a failed lowering is not an error: RD decides */
  if (setjmp(jb)) {
    p->jb = outer;
    p->msg = msg;
    p->in = start;
    p->in.pos = pos;
    p->have_tok = false;
    p->hd_head = p->hd_tail = NULL;
    p->lit.len = 0;
    p->err = 0;
    return rd_line(p, out);
  }
  p->depth = 0;
  p->eof_match = 0;
  sh_node *l = lower_seq(p, st->root, st->idx, end_idx);
  p->jb = outer;
  p->msg = msg;
  if (!l) return rd_line(p, out);
  /* continue after the line: past the last token of the group */
  TSNode lastn = TOP(end_idx - 1);
  (void)last;
  p->in.s = p->src;
  p->in.n = p->src_len;
  p->in.frame = NULL;
  p->in.pos = ts_node_end_byte(lastn);
  p->in.line = ts_node_end_point(lastn).row +
               (p->opts.first_line ? p->opts.first_line : 1);
  p->have_tok = false;
  st->idx = end_idx;
  *out = l;
  return 0;
}

#endif /* VSH_HAVE_TS_BASH */
