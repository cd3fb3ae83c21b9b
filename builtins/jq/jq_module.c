/* jq_module.c: whole jq programs: the directive prologue (module,
 * import, include), module search over the -L paths (with "$ORIGIN/"),
 * data imports (`as $name`), modulemeta, and jq_compile / jq_prog_free.
 * The expression grammar is jq_parse.c. */
#include "builtins/jq/jq_parse.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- programs --------------------------------------------------------------------- */

static bool add_global(parser *p, jq_node *d) {
  jq_prog *g = p->prog;
  if (g->nglobals == g->cap_globals) {
    size_t nc = g->cap_globals ? g->cap_globals * 2 : 256;
    jq_node **ng = realloc(g->globals, nc * sizeof *ng);
    if (!ng) {
      jqp_fail(p, "memory exhausted");
      return false;
    }
    g->globals = ng;
    g->cap_globals = nc;
  }
  g->globals[g->nglobals++] = d;
  return true;
}

static int parse_library(parser *p, const char *src) {
  jq_lex_init(&p->lx, src, strlen(src));
  p->srcname = "<builtin>";
  jqp_next(p);
  while (p->lx.tok == T_DEF && !p->failed) {
    jqp_next(p);
    size_t base = p->nsc;
    jq_node *d = jqp_parse_def(p);
    p->nsc = base;
    if (!d || !add_global(p, d)) break;
  }
  if (!p->failed && p->lx.tok != T_EOF) jqp_syntax(p);
  return p->failed ? -1 : 0;
}

static int read_module(jq_prog *g, const char *rel, const char *ext,
                       const char *search, vsh_buf *out, char *path,
                       size_t pathn);

static bool add_data_def(parser *p, const char *name, jq_node *lit) {
  jq_node *d = jqp_mk(p, JQ_FUNCDEF);
  if (!d || !(d->name = strdup(name))) {
    jqp_fail(p, "memory exhausted");
    return false;
  }
  d->nparams = -1; /* a data import: a variable, never a call */
  d->a = lit;
  return add_global(p, d);
}

/* The "search" of an import's metadata, relative to the module's dir. */
static void meta_search(parser *p, jq_node *m, char *out, size_t outn) {
  out[0] = 0;
  if (!m || m->op != JQ_OBJECT) return;
  for (size_t i = 0; i < m->nargs; i++) {
    jq_node *k = m->args[i], *v = m->args2[i];
    if (k->op == JQ_LITERAL && k->val.kind == JV_STRING &&
        !strcmp(jv_sv(k->val), "search") && v && v->op == JQ_LITERAL &&
        v->val.kind == JV_STRING) {
      const char *sp = jv_sv(v->val);
      if (sp[0] == '/') snprintf(out, outn, "%s", sp);
      else snprintf(out, outn, "%s/%s", p->dir[0] ? p->dir : ".", sp);
    }
  }
}

/* The value of a constant object/array/literal node (metadata). */
static jv node_const(jq_node *n, int depth) {
  if (!n || depth > 64) return jv_null();
  if (n->op == JQ_LITERAL) return jv_ref(n->val);
  if (n->op == JQ_OBJECT) {
    jv o = jv_obj_new();
    for (size_t i = 0; i < n->nargs && jv_ok(o); i++) {
      jv k = node_const(n->args[i], depth + 1);
      if (k.kind != JV_STRING) {
        jv_unref(k);
        continue;
      }
      o = jv_obj_set(o, k, node_const(n->args2[i], depth + 1));
    }
    return o;
  }
  if (n->op == JQ_ARRAY) {
    jv a = jv_arr_new(0);
    jq_node *e = n->a;
    jq_node *items[256];
    size_t ni = 0;
    while (e && e->op == JQ_COMMA && ni < 255) {
      items[ni++] = e->b;
      e = e->a;
    }
    if (e) items[ni++] = e;
    for (size_t i = ni; i-- > 0 && jv_ok(a);)
      a = jv_arr_push(a, node_const(items[i], depth + 1));
    return a;
  }
  return jv_null();
}

/* module {...};  import "path" as name;  include "path"; */
static bool parse_directives(parser *p) {
  if (p->lx.tok == T_IDENT && p->lx.tlen == 6 &&
      !memcmp(p->lx.text, "module", 6)) {
    jqp_next(p);
    if (!jqp_expect(p, '{')) return false;
    jq_node *m = jqp_parse_object(p);
    if (!m || !jqp_expect(p, ';')) return false;
    if (p->meta) {
      jv_unref(*p->meta);
      *p->meta = node_const(m, 0);
    }
  }
  while (p->lx.tok == T_IMPORT || p->lx.tok == T_INCLUDE) {
    bool inc = p->lx.tok == T_INCLUDE;
    jqp_next(p);
    if (p->lx.tok != T_QUOTE) {
      jqp_syntax(p);
      return false;
    }
    jq_node *s = jqp_parse_string(p, NULL, 0);
    if (!s || s->op != JQ_LITERAL) {
      jqp_fail(p, "Import path must be constant at %s, line %d:", p->srcname,
               p->lx.tline);
      return false;
    }
    const char *rel = jv_sv(s->val);
    bool data = false;
    const char *alias = NULL;
    size_t alen = 0;
    if (!inc) {
      if (!jqp_expect(p, T_AS)) return false;
      if (p->lx.tok == T_VAR) data = true;
      else if (p->lx.tok != T_IDENT) {
        jqp_syntax(p);
        return false;
      }
      alias = p->lx.text;
      alen = p->lx.tlen;
      jqp_next(p);
    }
    char search[2600];
    search[0] = 0;
    jv dep = p->deps ? jv_obj_new() : jv_invalid();
    if (p->lx.tok == '{') { /* metadata: only "search" matters here */
      jqp_next(p);
      jq_node *m = jqp_parse_object(p);
      if (!m) {
        jv_unref(dep);
        return false;
      }
      meta_search(p, m, search, sizeof search);
      if (p->deps) dep = jv_obj_merge(dep, node_const(m, 0), false);
    }
    if (p->deps) {
      dep = jv_obj_set(dep, jv_str_c("as"),
                       inc ? jv_null() : jv_str_n(alias, alen));
      dep = jv_obj_set(dep, jv_str_c("is_data"), jv_bool(data));
      dep = jv_obj_set(dep, jv_str_c("relpath"), jv_str_c(rel));
      if (inc) dep = jv_obj_del(dep, jv_str_c("as"));
      *p->deps = jv_arr_push(*p->deps, dep);
    }
    if (!jqp_expect(p, ';')) return false;
    vsh_buf src;
    vsh__buf_init(&src);
    char path[1200];
    if (read_module(p->prog, rel, data ? ".json" : ".jq",
                    search[0] ? search : (p->dir[0] ? p->dir : NULL), &src,
                    path, sizeof path)) {
      vsh_buf_dispose(&src);
      jqp_fail(p, "module not found: %s", rel);
      return false;
    }
    if (data) {
      jv arr = jv_arr_new(0);
      jv_parser jp;
      jv_parser_init(&jp, src.data ? src.data : "", src.len);
      jv v;
      int r;
      while ((r = jv_parse_next(&jp, &v)) == 1) arr = jv_arr_push(arr, v);
      jv_parser_dispose(&jp);
      vsh_buf_dispose(&src);
      if (r < 0 || !jv_ok(arr)) {
        jv_unref(arr);
        jqp_fail(p, "%s", r < 0 ? jp.err : "memory exhausted");
        return false;
      }
      /* $alias and $alias::alias */
      jq_node *lit = jqp_mk_lit(p, arr);
      char nm[300];
      snprintf(nm, sizeof nm, "%.*s::%.*s", (int)alen, alias, (int)alen, alias);
      if (!lit || !add_data_def(p, nm, lit)) return false;
      snprintf(nm, sizeof nm, "%.*s", (int)alen, alias);
      if (!add_data_def(p, nm, lit)) return false;
      continue;
    }
    /* the module's definitions become globals, renamed alias::name */
    parser sub = *p;
    sub.nsc = 0;
    sub.sc = NULL;
    sub.capsc = 0;
    sub.meta = sub.deps = NULL;
    char *text = src.data ? src.data : strdup("");
    if (!text) {
      jqp_fail(p, "memory exhausted");
      return false;
    }
    src.data = NULL;
    jq_node *keep = jqp_mk(p, JQ_IDENT); /* the text outlives the parse */
    if (!keep) {
      free(text);
      return false;
    }
    keep->name = text;
    char *fname = strdup(path);
    jq_node *keep2 = jqp_mk(p, JQ_IDENT);
    if (!fname || !keep2) {
      free(fname);
      jqp_fail(p, "memory exhausted");
      return false;
    }
    keep2->name = fname;
    snprintf(sub.dir, sizeof sub.dir, "%s", path);
    char *slash = strrchr(sub.dir, '/');
    if (slash) *slash = 0;
    else snprintf(sub.dir, sizeof sub.dir, ".");
    jq_lex_init(&sub.lx, text, strlen(text));
    sub.srcname = fname;
    if (++p->depth > 64) {
      jqp_fail(p, "module imports nested too deeply");
      return false;
    }
    jq_lex_next(&sub.lx);
    size_t first = p->prog->nglobals;
    if (parse_directives(&sub)) {
      while (sub.lx.tok == T_DEF && !sub.failed) {
        jq_lex_next(&sub.lx);
        size_t base = sub.nsc;
        jq_node *d = jqp_parse_def(&sub);
        sub.nsc = base;
        if (!d || !add_global(&sub, d)) break;
      }
    }
    p->depth--;
    if (!sub.failed && sub.lx.tok != T_EOF) jqp_syntax(&sub);
    free(sub.sc);
    if (sub.failed) {
      p->failed = true;
      return false;
    }
    if (!inc) {
      for (size_t i = first; i < p->prog->nglobals; i++) {
        jq_node *d = p->prog->globals[i];
        if (strstr(d->name, "::")) continue;
        size_t l = alen + 2 + strlen(d->name) + 1;
        char *nm = malloc(l);
        if (!nm) {
          jqp_fail(p, "memory exhausted");
          return false;
        }
        snprintf(nm, l, "%.*s::%s", (int)alen, alias, d->name);
        free(d->name);
        d->name = nm;
      }
    }
  }
  return true;
}

static int try_module(jq_prog *g, const char *dir, const char *rel,
                      const char *ext, vsh_buf *out, char *path, size_t pathn) {
  const char *base = strrchr(rel, '/');
  base = base ? base + 1 : rel;
  for (int c = 0; c < 2; c++) {
    if (c == 0) snprintf(path, pathn, "%s/%s%s", dir, rel, ext);
    else snprintf(path, pathn, "%s/%s/%s%s", dir, rel, base, ext);
    sh_stream *s;
    if (bi_open_input(g->b, path, &s)) continue;
    char buf[8192];
    int64_t r;
    while ((r = bi_read(g->b, s, buf, sizeof buf)) > 0)
      vsh__buf_append(out, buf, (size_t)r);
    sh_stream_unref(s);
    return r < 0 ? -1 : 0;
  }
  return -1;
}

static int read_module(jq_prog *g, const char *rel, const char *ext,
                       const char *search, vsh_buf *out, char *path,
                       size_t pathn) {
  if (search && try_module(g, search, rel, ext, out, path, pathn) == 0)
    return 0;
  for (size_t i = 0; i < g->nlibpaths; i++)
    if (try_module(g, g->libpaths[i], rel, ext, out, path, pathn) == 0)
      return 0;
  return -1;
}

/* modulemeta: the module's metadata with "deps" and "defs". */
int jq_module_meta(jq_prog *main, const char *name, jv *out, char *msg,
                   size_t msgn) {
  jq_prog g;
  memset(&g, 0, sizeof g);
  g.b = main->b;
  for (size_t i = 0; i < main->nlibpaths; i++)
    g.libpaths[i] = main->libpaths[i];
  g.nlibpaths = main->nlibpaths;
  parser p;
  memset(&p, 0, sizeof p);
  p.prog = &g;
  p.msg = msg;
  p.msgn = msgn;
  msg[0] = 0;
  jv meta = jv_obj_new(), deps = jv_arr_new(0), defs = jv_arr_new(0);
  vsh_buf src;
  vsh__buf_init(&src);
  char path[1200];
  int rc = -1;
  if (parse_library(&p, jq_library())) goto done;
  p.nsc = 0;
  if (read_module(&g, name, ".jq", NULL, &src, path, sizeof path)) {
    snprintf(msg, msgn, "module not found: %s", name);
    goto done;
  }
  snprintf(p.dir, sizeof p.dir, "%s", path);
  char *slash = strrchr(p.dir, '/');
  if (slash) *slash = 0;
  jq_lex_init(&p.lx, src.data ? src.data : "", src.len);
  p.srcname = path;
  p.meta = &meta;
  p.deps = &deps;
  jqp_next(&p);
  if (!parse_directives(&p)) goto done;
  p.meta = p.deps = NULL;
  while (p.lx.tok == T_DEF && !p.failed) {
    jqp_next(&p);
    size_t base = p.nsc;
    jq_node *d = jqp_parse_def(&p);
    p.nsc = base;
    if (!d) goto done;
    char nm[300];
    snprintf(nm, sizeof nm, "%s/%d", d->name, d->nparams);
    defs = jv_arr_push(defs, jv_str_c(nm));
  }
  if (p.failed) goto done;
  if (meta.kind != JV_OBJECT) {
    jv_unref(meta);
    meta = jv_obj_new();
  }
  meta = jv_obj_set(meta, jv_str_c("deps"), deps);
  meta = jv_obj_set(meta, jv_str_c("defs"), defs);
  deps = defs = jv_invalid();
  if (jv_ok(meta)) {
    *out = meta;
    meta = jv_invalid();
    rc = 0;
  }
done:
  jv_unref(meta);
  jv_unref(deps);
  jv_unref(defs);
  vsh_buf_dispose(&src);
  free(p.sc);
  jq_prog_free(&g);
  if (rc && !msg[0]) snprintf(msg, msgn, "memory exhausted");
  return rc;
}

int jq_compile(jq_prog *g, const char *src, size_t n, char *msg, size_t msgn) {
  parser p;
  memset(&p, 0, sizeof p);
  p.prog = g;
  p.msg = msg;
  p.msgn = msgn;
  msg[0] = 0;
  p.in_lib = true;
  if (parse_library(&p, jq_library())) {
    free(p.sc);
    return -1;
  }
  p.in_lib = false;
  p.nsc = 0;
  for (size_t i = 0; i < g->nargnames; i++)
    jqp_push_scope(&p, SC_VAR, g->argnames[i], strlen(g->argnames[i]), 0);
  jq_lex_init(&p.lx, src, n);
  p.srcname = "<top-level>";
  jqp_next(&p);
  if (!parse_directives(&p)) {
    free(p.sc);
    return -1;
  }
  /* a program of definitions only is `.` after them */
  if (p.lx.tok == T_EOF) {
    g->main = jqp_mk(&p, JQ_IDENT);
  } else {
    g->main = jqp_parse_pipe(&p);
    if (g->main && p.lx.tok != T_EOF) {
      if (!p.failed) jqp_syntax_exp(&p, T_EOF);
    }
  }
  free(p.sc);
  if (p.failed || !g->main) {
    if (!msg[0]) snprintf(msg, msgn, "syntax error");
    return -1;
  }
  return 0;
}

void jq_prog_free(jq_prog *g) {
  jq_node *n = g->all;
  while (n) {
    jq_node *nx = n->next_all;
    jv_unref(n->val);
    free(n->name);
    free(n->args);
    free(n->args2);
    free(n->param_is_var);
    for (size_t i = 0; i < n->npats; i++) {
      jq_pat *pt = n->pats[i];
      if (n->op == JQ_IDENT && pt) {
        free(pt->elems);
        free(pt->keys);
        free(pt->keyvar);
        free(pt);
      }
    }
    free(n->pats);
    free(n);
    n = nx;
  }
  free(g->globals);
  g->all = NULL;
  g->globals = NULL;
}
