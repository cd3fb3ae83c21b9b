/* strings.c: print runs of printable characters (binutils strings: -a
 * (always: there is no object-file parsing), -n/--bytes/-N, -t o|d|x,
 * -o, -f, -w, -s, -e s|S).  A run is printable ASCII or tab (with -e S
 * also bytes >= 128); streams, holding at most the first N bytes. */
#include "builtins/builtins.h"

#include <stdio.h>
#include <string.h>

static const bi_option strings_longopts[] = {
    {"all", BI_ARG_NONE, 'a', NULL},
    {"print-file-name", BI_ARG_NONE, 'f', NULL},
    {"bytes", BI_ARG_REQUIRED, 'n', NULL},
    {"radix", BI_ARG_REQUIRED, 't', NULL},
    {"include-all-whitespace", BI_ARG_NONE, 'w', NULL},
    {"encoding", BI_ARG_REQUIRED, 'e', NULL},
    {"output-separator", BI_ARG_REQUIRED, 's', NULL},
    {"data", BI_ARG_NONE, 'd', NULL},
    {0}};

/* binutils style: -h, -v/-V and its own help text. */
static const bi_cmd strings_cmd = {
    .name = "strings",
    .usage =
        "Usage: strings [option(s)] [file(s)]\n"
        " Display printable strings in [file(s)] (stdin by default)\n"
        " The options are:\n"
        "  -a - --all                Scan the entire file, not just the "
        "data section [default]\n"
        "  -f --print-file-name      Print the name of the file before each "
        "string\n"
        "  -n <number>               Locate & print any sequence of at "
        "least <number>\n"
        "    --bytes=<number>         displayable characters.  (The default "
        "is 4).\n"
        "  -t --radix={o,d,x}        Print the location of the string in "
        "base 8, 10 or 16\n"
        "  -w --include-all-whitespace Include all whitespace as valid "
        "string characters\n"
        "  -o                        An alias for --radix=o\n"
        "  -e --encoding={s,S}       Select character size: s = 7-bit, S = "
        "8-bit\n"
        "  -s --output-separator=<string> String used to separate strings "
        "in output.\n"
        "  -h --help                 Display this information\n"
        "  -v -V --version           Print the program's version number\n",
    .shortopts = "adfn:t:woe:s:hvV",
    .longopts = strings_longopts,
};

typedef struct str_opts {
  size_t min;
  char radix; /* 0, 'o', 'd', 'x' */
  bool fname, allws, eight;
  const char *sep;
} str_opts;

static bool printable(const str_opts *o, unsigned char c) {
  if ((c >= 32 && c < 127) || c == '\t') return true;
  if (o->allws && (c == '\n' || c == '\r' || c == '\v' || c == '\f'))
    return true;
  return o->eight && c >= 128;
}

static int scan(bi_ctx *b, const str_opts *o, sh_stream *in, const char *name) {
  char buf[16384];
  vsh_buf out = {0}, run = {0};
  uint64_t off = 0, start = 0;
  bool printing = false;
  int rc = 0;
  for (;;) {
    if (bi_cancelled(b)) {
      rc = VSH_EABORTED;
      break;
    }
    int64_t r = bi_read(b, in, buf, sizeof buf);
    if (r < 0) {
      rc = (int)r;
      break;
    }
    if (r == 0) {
      if (printing) vsh__buf_puts(&out, o->sep);
      break;
    }
    for (int64_t i = 0; i < r; i++, off++) {
      if (printable(o, (unsigned char)buf[i])) {
        if (printing) {
          vsh__buf_putc(&out, buf[i]);
          continue;
        }
        if (!run.len) start = off;
        vsh__buf_putc(&run, buf[i]);
        if (run.len < o->min) continue;
        if (o->fname) vsh__buf_printf(&out, "%s: ", name);
        if (o->radix)
          vsh__buf_printf(&out,
                          o->radix == 'o'   ? "%7llo "
                          : o->radix == 'd' ? "%7llu "
                                            : "%7llx ",
                          (unsigned long long)start);
        vsh__buf_append(&out, run.data, run.len);
        run.len = 0;
        printing = true;
        continue;
      }
      run.len = 0;
      if (printing) {
        vsh__buf_puts(&out, o->sep);
        printing = false;
      }
    }
    if (out.len >= 8192 || printing) {
      if ((rc = bi_write(b, out.data, out.len))) break;
      out.len = 0;
    }
  }
  if (!rc && out.len) rc = bi_write(b, out.data, out.len);
  vsh_buf_dispose(&out);
  vsh_buf_dispose(&run);
  return rc;
}

int bi_strings_main(bi_ctx *b) {
  str_opts o = {.min = 4, .sep = "\n"};
  /* obsolete "-N" means "-n N" */
  for (int i = 1; i < b->argc; i++) {
    const char *a = b->argv[i];
    if (!strcmp(a, "--")) break;
    if (a[0] == '-' && a[1] >= '0' && a[1] <= '9') {
      size_t l = strlen(a);
      char *w = vsh__arena_alloc(b->arena, l + 2);
      if (!w) return 1;
      memcpy(w, "-n", 2);
      memcpy(w + 2, a + 1, l);
      b->argv[i] = w;
    }
  }
  bi_opts g = {0};
  int c;
  while ((c = bi_opt(b, &g, &strings_cmd)) != -1) {
    switch (c) {
    case 'a':
    case 'd': break;
    case 'f': o.fname = true; break;
    case 'w': o.allws = true; break;
    case 'o': o.radix = 'o'; break;
    case 'n': {
      char *end;
      long long v = strtoll(g.arg, &end, 0);
      if (end == g.arg || *end || v < 1) {
        bi_err(b, "invalid minimum string length %s", g.arg);
        return 1;
      }
      o.min = (size_t)v;
      break;
    }
    case 't':
      if (strlen(g.arg) != 1 || !strchr("odx", g.arg[0])) {
        bi_err(b, "invalid radix: %s", g.arg);
        return 1;
      }
      o.radix = g.arg[0];
      break;
    case 'e':
      if (strcmp(g.arg, "s") && strcmp(g.arg, "S")) {
        bi_err(b, "invalid encoding: %s (only s and S are supported)", g.arg);
        return 1;
      }
      o.eight = g.arg[0] == 'S';
      break;
    case 's': o.sep = g.arg; break;
    case 'h': return bi_cmd_help(b, &strings_cmd);
    case 'v':
    case 'V': return bi_cmd_version(b, &strings_cmd);
    default: return g.status;
    }
  }
  if (!g.noperands) {
    int rc = scan(b, &o, b->in, "{standard input}");
    return rc == VSH_EPIPE ? 141 : rc ? 1 : 0;
  }
  int st = 0;
  for (int k = 0; k < g.noperands; k++) {
    const char *f = g.operands[k];
    sh_stream *in = NULL;
    /* "-" names a file among operands */
    int rc = bi_open_input(b, strcmp(f, "-") ? f : "./-", &in);
    if (rc) {
      bi_err(b, rc == VSH_ENOENT ? "'%s': No such file" : "%s: %s", f,
             vsh_strerror(rc));
      st = 1;
      continue;
    }
    rc = scan(b, &o, in, f);
    sh_stream_unref(in);
    if (rc == VSH_EPIPE) return 141;
    if (rc == VSH_EABORTED) return 1;
    if (rc) {
      bi_err(b, "%s: %s", f, vsh_strerror(rc));
      st = 1;
    }
  }
  return st;
}
