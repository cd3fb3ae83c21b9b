/* rg.c: ripgrep's common command line over grep.c's engine.  Searches "."
 * recursively when no path is given (stdin when it is a pipe), skips
 * hidden files and .git, Perl-ish regex syntax, prints "path:line:text"
 * (ripgrep's non-tty format) with line numbers on by default (a vsh
 * choice: agents want them).  Not supported: .gitignore rules, --json,
 * replacements, --type-add. */
#include "builtins/search/grep_int.h"

#include <string.h>

static const struct {
  const char *name, *globs;
} rg_types[] = {{"c", "*.c *.h"},
                {"cpp", "*.cpp *.cc *.cxx *.hpp *.hh *.hxx *.h *.inl"},
                {"css", "*.css *.scss"},
                {"csv", "*.csv"},
                {"go", "*.go"},
                {"h", "*.h *.hpp"},
                {"html", "*.html *.htm"},
                {"java", "*.java"},
                {"js", "*.js *.jsx *.mjs *.cjs *.vue"},
                {"json", "*.json *.jsonl"},
                {"kotlin", "*.kt *.kts"},
                {"lua", "*.lua"},
                {"make", "Makefile *.mk *.mak"},
                {"markdown", "*.md *.markdown *.mdx"},
                {"md", "*.md *.markdown *.mdx"},
                {"php", "*.php"},
                {"py", "*.py *.pyi"},
                {"python", "*.py *.pyi"},
                {"rb", "*.rb Gemfile Rakefile"},
                {"ruby", "*.rb Gemfile Rakefile"},
                {"rs", "*.rs"},
                {"rust", "*.rs"},
                {"sh", "*.sh *.bash *.zsh .bashrc .profile"},
                {"sql", "*.sql"},
                {"swift", "*.swift"},
                {"toml", "*.toml"},
                {"ts", "*.ts *.tsx *.mts *.cts"},
                {"typescript", "*.ts *.tsx *.mts *.cts"},
                {"txt", "*.txt"},
                {"xml", "*.xml"},
                {"yaml", "*.yaml *.yml"},
                {NULL, NULL}};

static bool add_type(bi_ctx *b, vsh_strv *v, const char *t) {
  for (int k = 0; rg_types[k].name; k++) {
    if (strcmp(rg_types[k].name, t)) continue;
    const char *p = rg_types[k].globs;
    while (*p) {
      const char *e = strchr(p, ' ');
      size_t n = e ? (size_t)(e - p) : strlen(p);
      vsh__strv_push(v, p, n);
      p += n + (e ? 1 : 0);
    }
    return true;
  }
  bi_err(b, "unrecognized file type: %s", t);
  return false;
}

enum {
  RG_HIDDEN = BI_OPT_FIRST,
  RG_HEADING,
  RG_NO_HEADING,
  RG_COLOR,
  RG_FILES,
  RG_NO_IGNORE,
  RG_MAX_DEPTH,
  RG_FWM,
  RG_JSON,
  RG_NO_MESSAGES,
  RG_SORT,
  RG_COLUMN,
  RG_TEXT_NONE,
  RG_CTX_SEP,
  RG_NO_CTX_SEP
};

static const bi_option rg_long[] = {
    {"regexp", BI_ARG_REQUIRED, 'e', NULL},
    {"file", BI_ARG_REQUIRED, 'f', NULL},
    {"ignore-case", BI_ARG_NONE, 'i', NULL},
    {"smart-case", BI_ARG_NONE, 'S', NULL},
    {"case-sensitive", BI_ARG_NONE, 's', NULL},
    {"fixed-strings", BI_ARG_NONE, 'F', NULL},
    {"word-regexp", BI_ARG_NONE, 'w', NULL},
    {"line-regexp", BI_ARG_NONE, 'x', NULL},
    {"invert-match", BI_ARG_NONE, 'v', NULL},
    {"count", BI_ARG_NONE, 'c', NULL},
    {"files-with-matches", BI_ARG_NONE, 'l', NULL},
    {"files-without-match", BI_ARG_NONE, RG_FWM, NULL},
    {"only-matching", BI_ARG_NONE, 'o', NULL},
    {"line-number", BI_ARG_NONE, 'n', NULL},
    {"no-line-number", BI_ARG_NONE, 'N', NULL},
    {"with-filename", BI_ARG_NONE, 'H', NULL},
    {"no-filename", BI_ARG_NONE, 'I', NULL},
    {"glob", BI_ARG_REQUIRED, 'g', NULL},
    {"type", BI_ARG_REQUIRED, 't', NULL},
    {"type-not", BI_ARG_REQUIRED, 'T', NULL},
    {"after-context", BI_ARG_REQUIRED, 'A', NULL},
    {"before-context", BI_ARG_REQUIRED, 'B', NULL},
    {"context", BI_ARG_REQUIRED, 'C', NULL},
    {"context-separator", BI_ARG_REQUIRED, RG_CTX_SEP, NULL},
    {"no-context-separator", BI_ARG_NONE, RG_NO_CTX_SEP, NULL},
    {"heading", BI_ARG_NONE, RG_HEADING, NULL},
    {"no-heading", BI_ARG_NONE, RG_NO_HEADING, NULL},
    {"max-count", BI_ARG_REQUIRED, 'm', NULL},
    {"quiet", BI_ARG_NONE, 'q', NULL},
    {"hidden", BI_ARG_NONE, RG_HIDDEN, NULL},
    {"unrestricted", BI_ARG_NONE, 'u', NULL},
    {"follow", BI_ARG_NONE, 'L', NULL},
    {"text", BI_ARG_NONE, 'a', NULL},
    {"null", BI_ARG_NONE, '0', NULL},
    {"color", BI_ARG_REQUIRED, RG_COLOR, NULL},
    {"colour", BI_ARG_REQUIRED, RG_COLOR, NULL},
    {"no-ignore", BI_ARG_NONE, RG_NO_IGNORE, NULL},
    {"files", BI_ARG_NONE, RG_FILES, NULL},
    {"max-depth", BI_ARG_REQUIRED, RG_MAX_DEPTH, NULL},
    {"json", BI_ARG_NONE, RG_JSON, NULL},
    {"no-messages", BI_ARG_NONE, RG_NO_MESSAGES, NULL},
    {"sort", BI_ARG_REQUIRED, RG_SORT, NULL},
    {"column", BI_ARG_NONE, RG_COLUMN, NULL},
    {"pcre2", BI_ARG_NONE, 'P', NULL},
    {0}};

/* ripgrep's own --help text and version line; usage errors exit 2. */
static const bi_cmd rg_cmd = {
    .name = "rg",
    .usage =
        "Usage: rg [OPTIONS] PATTERN [PATH ...]\n"
        "       rg [OPTIONS] -e PATTERN ... [PATH ...]\n"
        "       rg [OPTIONS] --files [PATH ...]\n"
        "Recursively search the current directory for lines matching "
        "PATTERN.\n"
        "Common options: -i -S -s -F -w -x -v -c -l -o -n -N -H -I -g GLOB "
        "-t TYPE\n"
        "-T TYPE -A/-B/-C NUM -m NUM -q --hidden -u --heading --no-heading "
        "--files\n",
    .shortopts = "e:f:iSsFwxvclonNHIg:t:T:A:B:C:m:quLa0PUz",
    .longopts = rg_long,
    .version = "ripgrep 14.1.0 (vsh " VSH_VERSION_STRING ")\n",
    .bad_status = 2,
};

/* --files: the paths a search would visit, one per line. */
static int list_files(bi_ctx *b, grep_cfg *g, char **ops, int n) {
  /* a search with an always-matching pattern and -l lists exactly them */
  g->list_match = true;
  g->mode = 'F';
  g->icase = g->word = g->whole_line = g->invert = false;
  vsh_strv_dispose(&g->patterns);
  vsh__strv_push(&g->patterns, "", 0);
  g->list_nomatch = false;
  g->text = true;
  int st = grep_run(b, g, ops, n);
  return st == 1 ? 1 : st;
}

static bool has_upper(const char *s) {
  for (; *s; s++) {
    if (*s == '\\' && s[1]) {
      s++;
      continue;
    }
    if (*s >= 'A' && *s <= 'Z') return true;
  }
  return false;
}

/* What the command line gives besides grep_cfg. */
typedef struct rg_cl {
  bool have_pat, smart, files, number_set;
  long ctx_num, a_num, b_num; /* -C, -A, -B; -1 when not given */
} rg_cl;

/* The option loop: -1 to go on, else the exit status. */
static int rg_options(bi_ctx *b, bi_opts *o, grep_cfg *g, rg_cl *cl) {
  int c;
  while ((c = bi_opt(b, o, &rg_cmd)) != -1) {
    switch (c) {
    case 'e':
      vsh__strv_push(&g->patterns, o->arg, strlen(o->arg));
      cl->have_pat = true;
      break;
    case 'f': {
      vsh_buf data = {0};
      const char *p = bi_path(b, o->arg);
      int rc = p ? vfs_read_file(b->fs, p, &data) : bi_path_error(o->arg);
      if (rc) {
        bi_err(b, "%s: %s", o->arg, vsh_strerror(rc));
        vsh_buf_dispose(&data);
        return 2;
      }
      size_t s0 = 0;
      for (size_t i = 0; i <= data.len; i++)
        if (i == data.len || data.data[i] == '\n') {
          if (i > s0 || i < data.len)
            vsh__strv_push(&g->patterns, data.data + s0, i - s0);
          s0 = i + 1;
        }
      vsh_buf_dispose(&data);
      cl->have_pat = true;
      break;
    }
    case 'i':
      g->icase = true;
      cl->smart = false;
      break;
    case 'S': cl->smart = true; break;
    case 's':
      g->icase = false;
      cl->smart = false;
      break;
    case 'F': g->mode = 'F'; break;
    case 'P':
      g->mode = 'P';
      g->pcre2 = true;
      break;
    case 'w': g->word = true; break;
    case 'x': g->whole_line = true; break;
    case 'v': g->invert = true; break;
    case 'c': g->count = true; break;
    case 'l': g->list_match = true; break;
    case RG_FWM: g->list_nomatch = true; break;
    case 'o': g->only = true; break;
    case 'n':
      g->number = true;
      cl->number_set = true;
      break;
    case 'N':
      g->number = false;
      cl->number_set = true;
      break;
    case 'H': g->with_name = 1; break;
    case 'I': g->with_name = 0; break;
    case 'g': vsh__strv_push(&g->rg_globs, o->arg, strlen(o->arg)); break;
    case 't':
      if (!add_type(b, &g->include, o->arg)) return 2;
      break;
    case 'T':
      if (!add_type(b, &g->exclude, o->arg)) return 2;
      break;
    case 'A': cl->a_num = atol(o->arg); break;
    case 'B': cl->b_num = atol(o->arg); break;
    case 'C': cl->ctx_num = atol(o->arg); break;
    case 'm': g->max_count = atol(o->arg); break;
    case 'q': g->quiet = true; break;
    case 'u':
    case RG_HIDDEN:
    case RG_NO_IGNORE:
      g->skip_hidden = c == RG_NO_IGNORE && g->skip_hidden;
      break;
    case 'L': g->recursive = 2; break;
    case 'a': g->text = true; break;
    case '0': g->null_name = true; break;
    case RG_CTX_SEP: g->group_sep = o->arg; break;
    case RG_NO_CTX_SEP: g->group_sep = NULL; break;
    case RG_HEADING: g->heading = true; break;
    case RG_NO_HEADING: g->heading = false; break;
    case RG_FILES: cl->files = true; break;
    case RG_NO_MESSAGES: g->no_messages = true; break;
    case RG_COLOR:
    case RG_SORT:
    case RG_COLUMN:
    case 'U':
    case 'z':
    case RG_MAX_DEPTH: break;
    case RG_JSON: bi_err(b, "--json is not supported by vsh's rg"); return 2;
    default: return o->status;
    }
  }
  return -1;
}

int bi_rg_main(bi_ctx *b) {
  grep_cfg g = {.prog = "rg",
                .mode = 'P',
                .with_name = -1,
                .max_count = -1,
                .rg = true,
                .number = true,
                .recursive = 1,
                .skip_hidden = true,
                .group_sep = "--"};
  rg_cl cl = {.ctx_num = -1, .a_num = -1, .b_num = -1};
  bi_opts o = {0};
  int st = rg_options(b, &o, &g, &cl);
  if (st >= 0) goto done;
  st = 2;
  bool have_pat = cl.have_pat, smart = cl.smart, files = cl.files,
       number_set = cl.number_set;
  long ctx_num = cl.ctx_num, a_num = cl.a_num, b_num = cl.b_num;
  (void)number_set;
  int nops = o.noperands;
  char **ops = o.operands;
  if (files) {
    st = list_files(b, &g, ops, nops);
    goto done;
  }
  if (!have_pat) {
    if (nops == 0) {
      bi_errline(
          b,
          "error: ripgrep requires at least one pattern to execute a search");
      goto done;
    }
    vsh__strv_push(&g.patterns, ops[0], strlen(ops[0]));
    ops++;
    nops--;
  }
  if (smart) {
    bool up = false;
    for (size_t i = 0; i < g.patterns.len; i++)
      up = up || has_upper(g.patterns.items[i]);
    g.icase = !up;
  }
  g.after = a_num >= 0 ? a_num : ctx_num >= 0 ? ctx_num : 0;
  g.before = b_num >= 0 ? b_num : ctx_num >= 0 ? ctx_num : 0;
  /* "--" between non-adjacent context groups, and between files unless
   * --heading (which parts files with an empty line) */
  g.ctx_seps = !g.heading && (g.after > 0 || g.before > 0);
  if (nops == 0) {
    sh_stream_kind k = sh_stream_kind_of(b->in);
    if (k == SH_STREAM_PIPE_R || k == SH_STREAM_BYTES || k == SH_STREAM_FILE) {
      static char *dash[] = {(char *)"-"};
      ops = dash;
      nops = 1;
      if (g.with_name < 0) g.with_name = 0;
    } else {
      static char *dot[] = {(char *)"."};
      ops = dot;
      nops = 1;
      g.implicit_dot = true;
      if (g.with_name < 0) g.with_name = 1;
    }
  }
  if (g.label == NULL) g.label = "<stdin>";
  st = grep_run(b, &g, ops, nops);
done:
  grep_cfg_dispose(&g);
  return st;
}
