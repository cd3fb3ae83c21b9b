/* comm.c: compare two sorted files line by line (GNU comm: -1 -2 -3,
 * --check-order, --nocheck-order, --output-delimiter, --total, -z).
 * Byte order comparison (the C.UTF-8 collation); streams both inputs.
 * Disorder is checked as GNU does: by default only once a line was
 * unpairable, warning once per file and failing at the end. */
#include "builtins/builtins.h"

#include <string.h>

enum {
  OPT_CHECK_ORDER = BI_OPT_FIRST,
  OPT_NOCHECK_ORDER,
  OPT_OUTPUT_DELIMITER,
  OPT_TOTAL
};

static const bi_option comm_longopts[] = {
    {"check-order", BI_ARG_NONE, OPT_CHECK_ORDER, NULL},
    {"nocheck-order", BI_ARG_NONE, OPT_NOCHECK_ORDER, NULL},
    {"output-delimiter", BI_ARG_REQUIRED, OPT_OUTPUT_DELIMITER, NULL},
    {"total", BI_ARG_NONE, OPT_TOTAL, NULL},
    {"zero-terminated", BI_ARG_NONE, 'z', NULL},
    {0}};

static const bi_cmd comm_cmd = {
    .name = "comm",
    .usage = "Usage: comm [OPTION]... FILE1 FILE2\n",
    .about =
        "Compare sorted files FILE1 and FILE2 line by line.\n"
        "\n"
        "When FILE1 or FILE2 (not both) is -, read standard input.\n"
        "\n"
        "With no options, produce three-column output.  Column one contains\n"
        "lines unique to FILE1, column two contains lines unique to FILE2,\n"
        "and column three contains lines common to both files.\n"
        "\n"
        "  -1                      suppress column 1 (lines unique to "
        "FILE1)\n"
        "  -2                      suppress column 2 (lines unique to "
        "FILE2)\n"
        "  -3                      suppress column 3 (lines that appear in "
        "both files)\n"
        "\n"
        "      --check-order       check that the input is correctly "
        "sorted, even\n"
        "                            if all input lines are pairable\n"
        "      --nocheck-order     do not check that the input is correctly "
        "sorted\n"
        "      --output-delimiter=STR  separate columns with STR\n"
        "      --total             output a summary\n"
        "  -z, --zero-terminated   line delimiter is NUL, not newline\n"
        "      --help        display this help and exit\n"
        "      --version     output version information and exit\n",
    .shortopts = "123z",
    .longopts = comm_longopts,
};

enum { CHECK_DEFAULT, CHECK_ON, CHECK_OFF };

/* Reads the next line into line (delimiter added when missing, as GNU's
 * readlinebuffer does).  1 = got one, 0 = end, < 0 = error. */
static int read_line(bi_reader *r, vsh_buf *line, char delim) {
  const char *p;
  size_t n;
  line->len = 0;
  int rc = bi_read_line(r, delim, &p, &n);
  if (rc <= 0) return rc;
  if (vsh__buf_append(line, p, n)) return VSH_ENOMEM;
  if (p[n - 1] != delim && vsh__buf_putc(line, delim)) return VSH_ENOMEM;
  return 1;
}

/* Lines without their delimiter, in byte order. */
static int cmp_lines(const vsh_buf *a, const vsh_buf *b) {
  size_t la = a->len - 1, lb = b->len - 1;
  int o = memcmp(a->data, b->data, la < lb ? la : lb);
  if (o) return o;
  return la < lb ? -1 : la > lb;
}

typedef struct comm_opts {
  bool show[3], total;
  int check;
  char delim;
  const char *sep;
  size_t seplen;
} comm_opts;

/* Options and operand count: -1 to go on, else the exit status. */
static int comm_options(bi_ctx *b, bi_opts *g, comm_opts *o) {
  int c;
  while ((c = bi_opt(b, g, &comm_cmd)) != -1) {
    switch (c) {
    case '1': o->show[0] = false; break;
    case '2': o->show[1] = false; break;
    case '3': o->show[2] = false; break;
    case 'z': o->delim = '\0'; break;
    case OPT_CHECK_ORDER: o->check = CHECK_ON; break;
    case OPT_NOCHECK_ORDER: o->check = CHECK_OFF; break;
    case OPT_OUTPUT_DELIMITER:
      if (o->sep && strcmp(o->sep, g->arg)) {
        bi_err(b, "multiple output delimiters specified");
        return 1;
      }
      o->sep = g->arg;
      o->seplen = *o->sep ? strlen(o->sep) : 1; /* "" means a NUL byte */
      break;
    case OPT_TOTAL: o->total = true; break;
    default: return g->status;
    }
  }
  if (!o->sep) o->sep = "\t";
  if (g->noperands == 0) return bi_usage_error(b, &comm_cmd, "missing operand");
  if (g->noperands == 1)
    return bi_usage_error(b, &comm_cmd,
                          "missing operand after " BI_LQ "%s" BI_RQ,
                          g->operands[0]);
  if (g->noperands > 2)
    return bi_usage_error(b, &comm_cmd, "extra operand " BI_LQ "%s" BI_RQ,
                          g->operands[2]);
  return -1;
}

/* --total: the three counts, then "total"; 0 or a vsh_err. */
static int put_total(bi_ctx *b, const comm_opts *co, vsh_buf *out,
                     const uint64_t count[3]) {
  out->len = 0;
  for (int k = 0; k < 3; k++) {
    vsh__buf_printf(out, "%llu", (unsigned long long)count[k]);
    vsh__buf_append(out, co->sep, co->seplen);
  }
  vsh__buf_puts(out, "total");
  vsh__buf_putc(out, co->delim);
  return bi_write(b, out->data, out->len);
}

int bi_comm_main(bi_ctx *b) {
  comm_opts co = {.show = {true, true, true},
                  .check = CHECK_DEFAULT,
                  .delim = '\n',
                  .seplen = 1};
  bi_opts g = {0};
  int ost = comm_options(b, &g, &co);
  if (ost >= 0) return ost;
  bi_reader *rd[2] = {vsh__calloc(NULL, sizeof(bi_reader)),
                      vsh__calloc(NULL, sizeof(bi_reader))};
  /* three buffers per file: current, previous, the one before (GNU keeps
   * the last two to check order even after a duplicate) */
  vsh_buf lines[2][3] = {{{0}}};
  int cur[2] = {0, 0}, prev[2] = {-1, -1};
  bool have[2] = {false, false}, warned[2] = {false, false}, unpaired = false;
  uint64_t count[3] = {0, 0, 0};
  int st = 0, rc = 0;
  vsh_buf out = {0};
  if (!rd[0] || !rd[1]) {
    st = 1;
    goto done;
  }
  for (int i = 0; i < 2; i++) {
    bi_reader_init(rd[i], b, NULL);
    if ((rc = bi_open_input(b, g.operands[i], &rd[i]->s))) {
      bi_err(b, "%s: %s", bi_quotef(b, g.operands[i]), vsh_strerror(rc));
      st = 1;
      goto done;
    }
    if ((rc = read_line(rd[i], &lines[i][0], co.delim)) < 0) goto rderr;
    have[i] = rc == 1;
  }
  while (have[0] || have[1]) {
    int order = !have[0]   ? 1
                : !have[1] ? -1
                           : cmp_lines(&lines[0][cur[0]], &lines[1][cur[1]]);
    int col = order == 0 ? 2 : order < 0 ? 0 : 1;
    const vsh_buf *l = &lines[col == 0 ? 0 : 1][cur[col == 0 ? 0 : 1]];
    if (order) unpaired = true;
    count[col]++;
    if (co.show[col]) {
      out.len = 0;
      for (int k = 0; k < col; k++)
        if (co.show[k]) vsh__buf_append(&out, co.sep, co.seplen);
      vsh__buf_append(&out, l->data, l->len);
      if ((rc = bi_write(b, out.data, out.len))) goto wrerr;
    }
    for (int i = 0; i < 2; i++) {
      if (!(i == 0 ? order <= 0 : order >= 0)) continue;
      int old = cur[i], older = prev[i];
      prev[i] = old;
      cur[i] = (old + 1) % 3;
      if ((rc = read_line(rd[i], &lines[i][cur[i]], co.delim)) < 0) goto rderr;
      have[i] = rc == 1;
      const vsh_buf *a = NULL, *z = NULL;
      if (have[i]) {
        a = &lines[i][old];
        z = &lines[i][cur[i]];
      } else if (older >= 0) {
        a = &lines[i][older];
        z = &lines[i][old];
      }
      if (a && co.check != CHECK_OFF && (co.check == CHECK_ON || unpaired) &&
          !warned[i] && cmp_lines(a, z) > 0) {
        bi_err(b, "file %d is not in sorted order", i + 1);
        if (co.check == CHECK_ON) {
          st = 1;
          goto done;
        }
        warned[i] = true;
      }
    }
  }
  if (co.total && (rc = put_total(b, &co, &out, count))) goto wrerr;
  if (warned[0] || warned[1]) {
    bi_err(b, "input is not in sorted order");
    st = 1;
  }
  goto done;
rderr:
  if (rc == VSH_EABORTED) {
    st = 1;
    goto done;
  }
  bi_err(b, "%s", vsh_strerror(rc));
  st = 1;
  goto done;
wrerr:
  st = rc == VSH_EPIPE ? 141 : 1;
done:
  for (int i = 0; i < 2; i++) {
    if (rd[i] && rd[i]->s) sh_stream_unref(rd[i]->s);
    if (rd[i]) bi_reader_dispose(rd[i]);
    vsh__free(NULL, rd[i], sizeof(bi_reader));
    for (int k = 0; k < 3; k++) vsh_buf_dispose(&lines[i][k]);
  }
  vsh_buf_dispose(&out);
  return st;
}
