/* tree.c: list contents of directories in a tree-like format, as the
 * tree program (-a -d -L -I -P --noreport -f -F --dirsfirst).  Names
 * sort by bytes; the walk keeps one filtered listing per level on an
 * explicit stack, so depth costs heap, not C stack. */
#include "builtins/builtins.h"
#include "core/pattern.h"

#include <string.h>

static const char usage[] =
    "usage: tree [-adfFL] [-L level] [-I pattern] [-P pattern] "
    "[--noreport] [--dirsfirst] [--] [directory ...]\n"
    "  -a            All files are listed.\n"
    "  -d            List directories only.\n"
    "  -f            Print the full path prefix for each file.\n"
    "  -F            Appends '/', '=', '*', '@', '|' or '>' as per ls -F.\n"
    "  -L level      Descend only level directories deep.\n"
    "  -I pattern    Do not list files that match the given pattern.\n"
    "  -P pattern    List only those files that match the pattern given.\n"
    "  --noreport    Turn off file/directory count at end of tree listing.\n"
    "  --dirsfirst   List directories before files.\n";

enum { OPT_NOREPORT = BI_OPT_FIRST, OPT_DIRSFIRST };

static const bi_option tree_options[] = {
    {"noreport", BI_ARG_NONE, OPT_NOREPORT, NULL},
    {"dirsfirst", BI_ARG_NONE, OPT_DIRSFIRST, NULL},
    {0}};

static const bi_cmd tree_cmd = {
    .name = "tree",
    .usage = usage,
    .shortopts = "adfFL:I:P:n",
    .longopts = tree_options,
    .version = "tree v2.1.0 (vsh) " VSH_VERSION_STRING "\n",
};

typedef struct tree_opts {
  bool all, dirs_only, full, classify, noreport, dirsfirst;
  int max_level;
  sh_pattern **ignore, **only;
  size_t nignore, nonly;
} tree_opts;

typedef struct tent {
  char *name;
  vfs_info st; /* followed for the type, lstat kept in is_link */
  bool is_link;
  char *target;
} tent;

typedef struct tlevel {
  tent *v;
  size_t n, i;
  char *path; /* absolute */
  char *shown;
} tlevel;

static bool tree_cancelled(void *ud) { return bi_cancelled((bi_ctx *)ud); }

/* 1 when one of the -I/-P globs matches name, 0 when none does, or a
 * negative vsh_err (VSH_ELIMIT: a glob ran out of its budget), which
 * fails the listing rather than passing as "no match". */
static int any_match(bi_ctx *b, sh_pattern **p, size_t n, const char *name) {
  for (size_t i = 0; i < n; i++) {
    sh_pattern_budget bud = {SH_PAT_DEFAULT_STEPS, tree_cancelled, b};
    int r = sh_pattern_match(p[i], name, strlen(name), &bud);
    if (r) return r;
  }
  return 0;
}

static void free_level(tlevel *l) {
  for (size_t i = 0; i < l->n; i++) {
    free(l->v[i].name);
    free(l->v[i].target);
  }
  free(l->v);
  free(l->path);
  free(l->shown);
}

static int load(bi_ctx *b, const tree_opts *o, tlevel *l) {
  vfs_dirlist dl = {0};
  int rc = vfs_readdir(b->fs, l->path, &dl);
  if (rc) return rc;
  l->v = calloc(dl.len ? dl.len : 1, sizeof(tent));
  if (!l->v) {
    vfs_dirlist_dispose(&dl);
    return VSH_ENOMEM;
  }
  vsh_buf p = {0};
  for (size_t i = 0; i < dl.len; i++) {
    const char *nm = dl.items[i].name;
    if (nm[0] == '.' && !o->all) continue;
    vsh__buf_clear(&p);
    vsh__buf_puts(&p, l->path);
    if (p.len > 1) vsh__buf_putc(&p, '/');
    vsh__buf_puts(&p, nm);
    tent e = {0};
    vfs_info lst;
    if (vfs_stat(b->fs, p.data, false, &lst)) continue;
    e.is_link = lst.type == VFS_LNK;
    e.st = lst;
    if (e.is_link) {
      vfs_info t;
      if (!vfs_stat(b->fs, p.data, true, &t)) e.st = t;
      vsh_buf tb = {0};
      if (!vfs_readlink(b->fs, p.data, &tb))
        e.target = strndup(tb.data ? tb.data : "", tb.len);
      vsh_buf_dispose(&tb);
    }
    bool isdir = e.st.type == VFS_DIR;
    if (o->dirs_only && !isdir) {
      free(e.target);
      continue;
    }
    int hit = o->nignore ? any_match(b, o->ignore, o->nignore, nm) : 0;
    if (!hit && o->nonly && !isdir) {
      hit = any_match(b, o->only, o->nonly, nm);
      if (hit >= 0) hit = !hit;
    }
    if (hit) {
      free(e.target);
      if (hit > 0) continue;
      vsh_buf_dispose(&p);
      vfs_dirlist_dispose(&dl);
      return hit;
    }
    e.name = strdup(nm);
    l->v[l->n++] = e;
  }
  vsh_buf_dispose(&p);
  vfs_dirlist_dispose(&dl);
  if (o->dirsfirst) {
    /* stable partition: directories keep their order, then the rest */
    tent *tmp = malloc((l->n ? l->n : 1) * sizeof(tent));
    if (tmp) {
      size_t k = 0;
      for (size_t i = 0; i < l->n; i++)
        if (l->v[i].st.type == VFS_DIR) tmp[k++] = l->v[i];
      for (size_t i = 0; i < l->n; i++)
        if (l->v[i].st.type != VFS_DIR) tmp[k++] = l->v[i];
      memcpy(l->v, tmp, l->n * sizeof(tent));
      free(tmp);
    }
  }
  return 0;
}

static char classify(const tent *e) {
  if (e->is_link) return 0; /* tree puts the indicator on the target */
  if (e->st.type == VFS_DIR) return '/';
  if (e->st.type == VFS_REG && (e->st.mode & 0111)) return '*';
  return 0;
}

static int tree_one(bi_ctx *b, const tree_opts *o, const char *op,
                    uint64_t *ndirs, uint64_t *nfiles) {
  const char *abs = bi_path(b, op);
  vfs_info st;
  if (!abs || vfs_stat(b->fs, abs, true, &st) || st.type != VFS_DIR) {
    int w = bi_printf(b, "%s  [error opening dir]\n", op);
    return w == VSH_EPIPE ? 141 : 2;
  }
  size_t ol = strlen(op);
  bool slash = o->classify && ol && op[ol - 1] != '/';
  if (bi_printf(b, "%s%s\n", op, slash ? "/" : "") == VSH_EPIPE) return 141;
  (*ndirs)++; /* tree counts the directory it starts from */
  tlevel *stack = NULL;
  size_t n = 0, cap = 0;
  vsh_buf line = {0}, prefix = {0};
  int res = 0;
  /* push the root */
  cap = 8;
  stack = calloc(cap, sizeof(tlevel));
  if (!stack) return 1;
  stack[0].path = strdup(abs);
  stack[0].shown = strdup(op);
  int lrc =
      !stack[0].path || !stack[0].shown ? VSH_ENOMEM : load(b, o, &stack[0]);
  if (lrc) {
    if (lrc == VSH_ELIMIT) bi_err(b, "pattern too complex");
    free_level(&stack[0]);
    free(stack);
    return 1;
  }
  n = 1;
  while (n) {
    if (bi_cancelled(b)) {
      res = 1;
      break;
    }
    tlevel *l = &stack[n - 1];
    if (l->i >= l->n) {
      free_level(l);
      n--;
      continue;
    }
    tent *e = &l->v[l->i++];
    bool last = l->i == l->n;
    vsh__buf_clear(&line);
    for (size_t k = 0; k + 1 < n; k++) {
      tlevel *a = &stack[k];
      /* tree pads the bar with two no-break spaces in UTF-8 */
      vsh__buf_puts(&line,
                    a->i >= a->n ? "    " : "\xe2\x94\x82\xc2\xa0\xc2\xa0 ");
    }
    vsh__buf_puts(&line, last ? "\xe2\x94\x94\xe2\x94\x80\xe2\x94\x80 "
                              : "\xe2\x94\x9c\xe2\x94\x80\xe2\x94\x80 ");
    if (o->full) {
      vsh__buf_puts(&line, l->shown);
      if (line.data[line.len - 1] != '/') vsh__buf_putc(&line, '/');
    }
    vsh__buf_puts(&line, e->name);
    if (e->is_link) {
      vsh__buf_puts(&line, " -> ");
      vsh__buf_puts(&line, e->target ? e->target : "");
      if (o->classify && e->st.type == VFS_DIR) vsh__buf_putc(&line, '/');
    } else if (o->classify) {
      char c = classify(e);
      if (c) vsh__buf_putc(&line, c);
    }
    vsh__buf_putc(&line, '\n');
    if (bi_write(b, line.data, line.len) == VSH_EPIPE) {
      res = 141;
      break;
    }
    if (e->st.type == VFS_DIR) (*ndirs)++;
    else (*nfiles)++;
    if (e->st.type == VFS_DIR && !e->is_link &&
        (o->max_level <= 0 || (int)n < o->max_level)) {
      if (n == cap) {
        tlevel *ns = realloc(stack, cap * 2 * sizeof(tlevel));
        if (!ns) {
          res = 1;
          break;
        }
        stack = ns;
        cap *= 2;
      }
      tlevel *nl = &stack[n];
      memset(nl, 0, sizeof(*nl));
      vsh__buf_clear(&prefix);
      vsh__buf_puts(&prefix, l->path);
      if (prefix.len > 1) vsh__buf_putc(&prefix, '/');
      vsh__buf_puts(&prefix, e->name);
      nl->path = strdup(prefix.data);
      vsh__buf_clear(&prefix);
      vsh__buf_puts(&prefix, l->shown);
      if (prefix.data[prefix.len - 1] != '/') vsh__buf_putc(&prefix, '/');
      vsh__buf_puts(&prefix, e->name);
      nl->shown = strdup(prefix.data);
      lrc = !nl->path || !nl->shown ? VSH_ENOMEM : load(b, o, nl);
      if (lrc == VSH_ELIMIT || lrc == VSH_EABORTED) {
        if (lrc == VSH_ELIMIT) bi_err(b, "pattern too complex");
        free_level(nl);
        res = 1;
        break;
      }
      if (lrc) {
        free_level(nl);
        continue;
      }
      n++;
    }
  }
  for (size_t k = 0; k < n; k++) free_level(&stack[k]);
  free(stack);
  vsh_buf_dispose(&line);
  vsh_buf_dispose(&prefix);
  return res;
}

static bool add_patterns(bi_ctx *b, const char *arg, sh_pattern ***v,
                         size_t *n) {
  const char *p = arg;
  for (;;) {
    const char *bar = strchr(p, '|');
    size_t len = bar ? (size_t)(bar - p) : strlen(p);
    sh_pattern **nv = vsh__arena_alloc(b->arena, (*n + 1) * sizeof(*nv));
    if (!nv) return false;
    if (*n) memcpy(nv, *v, *n * sizeof(*nv));
    if (sh_pattern_compile(&nv[*n], b->arena, p, len, NULL, 0)) return false;
    *v = nv;
    (*n)++;
    if (!bar) break;
    p = bar + 1;
  }
  return true;
}

int bi_tree_main(bi_ctx *b) {
  bi_opts g = {0};
  tree_opts o = {0};
  int c;
  while ((c = bi_opt(b, &g, &tree_cmd)) != -1) {
    switch (c) {
    case 'a': o.all = true; break;
    case 'd': o.dirs_only = true; break;
    case 'f': o.full = true; break;
    case 'F': o.classify = true; break;
    case 'n': break;
    case 'L': {
      char *end;
      long v = strtol(g.arg, &end, 10);
      if (*end || v < 1) {
        bi_err(b, "Invalid level, must be greater than 0.");
        return 1;
      }
      o.max_level = (int)v;
      break;
    }
    case 'I':
      if (!add_patterns(b, g.arg, &o.ignore, &o.nignore)) return 1;
      break;
    case 'P':
      if (!add_patterns(b, g.arg, &o.only, &o.nonly)) return 1;
      break;
    case OPT_NOREPORT: o.noreport = true; break;
    case OPT_DIRSFIRST: o.dirsfirst = true; break;
    default: return g.status;
    }
  }
  uint64_t ndirs = 0, nfiles = 0;
  int st = 0;
  int n = g.noperands;
  for (int i = 0; i < (n ? n : 1); i++) {
    int r = tree_one(b, &o, n ? g.operands[i] : ".", &ndirs, &nfiles);
    if (r == 141) return 141;
    if (r == 2) {
      st = 2;
      continue;
    }
    if (r) return 1;
  }
  if (!o.noreport) {
    int w;
    if (o.dirs_only)
      w = bi_printf(b, "\n%llu director%s\n", (unsigned long long)ndirs,
                    ndirs == 1 ? "y" : "ies");
    else
      w = bi_printf(b, "\n%llu director%s, %llu file%s\n",
                    (unsigned long long)ndirs, ndirs == 1 ? "y" : "ies",
                    (unsigned long long)nfiles, nfiles == 1 ? "" : "s");
    if (w == VSH_EPIPE) return 141;
  }
  return st;
}
