/* stream_run.c: a script read from standard input, as bash reads one
 * (`bash < file`, `cmd | bash`): a line at a time, each complete command
 * run as soon as its last line is in, so a command of the script that
 * reads stdin (read, cat, head) takes the script's following lines.  A
 * pipe is read a byte at a time; a seekable stream in blocks, the bytes
 * past the line given back (bash's lseek). */
#include "shell/exec/exec_int.h"

#include <string.h>

/* Appends one line (with its newline, if any) to text; 1 at the end of
 * input, 0 with a whole line, or a negative vsh_err. */
static int read_line(sh_ctx *c, sh_stream *in, vsh_buf *text) {
  bool seek = sh_stream_seekable(in);
  char buf[4096];
  for (;;) {
    if (text->len > c->ex->limits.max_string) {
      sh_exec_limit(c->ex, "string length limit exceeded (%llu)",
                    (unsigned long long)c->ex->limits.max_string);
      return VSH_ELIMIT;
    }
    int64_t r = sh_stream_read(in, buf, seek ? sizeof buf : 1, c->ex);
    if (r < 0) return (int)r;
    if (r == 0) return 1;
    char *nl = memchr(buf, '\n', (size_t)r);
    size_t take = nl ? (size_t)(nl - buf) + 1 : (size_t)r;
    if (vsh__buf_append(text, buf, take)) return VSH_ENOMEM;
    if (take < (size_t)r) sh_stream_unread(in, (size_t)r - take);
    if (nl) return 0;
  }
}

/* What the last check of an incomplete text saw, so that a long
 * compound command is not parsed again for each of its lines: a line
 * that cannot close anything leaves it incomplete. */
typedef struct open_text {
  unsigned lines;
  bool doc;        /* a here-document body is being read */
  char delim[256]; /* its delimiter, "" when not known */
} open_text;

static void heredoc_open(void *ud, unsigned line, const char *msg) {
  (void)line;
  open_text *o = ud;
  const char *w = strstr(msg, "(wanted `");
  if (!strstr(msg, "here-document")) return;
  o->doc = true;
  o->delim[0] = 0;
  size_t n = w ? strlen(w + 9) : 0;
  if (n >= 2 && n - 2 < sizeof o->delim && !strcmp(w + 9 + n - 2, "')")) {
    memcpy(o->delim, w + 9, n - 2);
    o->delim[n - 2] = 0;
  }
}

/* Whether line (the last of text, from `from`) may complete the text:
 * the here-document's delimiter, a closing word, bracket or quote, or
 * the rest of a line that ended in an operator. */
static bool may_close(const open_text *o, const vsh_buf *text, size_t from) {
  const char *l = text->data + from;
  size_t n = text->len - from;
  if (n && l[n - 1] == '\n') n--;
  if (o->lines < 16) return true;
  if (o->doc) {
    while (n && *l == '\t') l++, n--;
    return !o->delim[0] || (strlen(o->delim) == n && !memcmp(l, o->delim, n));
  }
  /* () {} []: a line that closes more of one than it opens may end an
   * outer one; an odd number of one quote may end an open string */
  int depth[3] = {0, 0, 0}, quotes[3] = {0, 0, 0};
  static const char br[] = "({[)}]", qs[] = "'\"`";
  for (size_t i = 0; i < n; i++) {
    const char *k = memchr(br, l[i], 6), *q = memchr(qs, l[i], 3);
    if (k && k - br < 3) depth[k - br]++;
    else if (k && --depth[k - br - 3] < 0) return true;
    if (q && (i == 0 || l[i - 1] != '\\' || *q == '\'')) quotes[q - qs]++;
    if ((i + 1 < n && !memcmp(l + i, "fi", 2)) ||
        (i + 3 < n && !memcmp(l + i, "done", 4)) ||
        (i + 3 < n && !memcmp(l + i, "esac", 4)))
      return true;
  }
  if (quotes[0] % 2 || quotes[1] % 2 || quotes[2] % 2) return true;
  size_t p = from ? from - 1 : 0; /* the previous line's last character */
  while (p > 0 && strchr(" \t\n", text->data[p])) p--;
  return from && memchr("\\|&!(", text->data[p], 5);
}

/* Whether text needs more lines: an open quote or compound command, a
 * here-document whose delimiter is still to come, or a line ending in an
 * escaped newline. */
static bool incomplete(sh_ctx *c, const vsh_buf *text, size_t from,
                       open_text *o) {
  size_t n = text->len, k = 0;
  if (n && text->data[n - 1] == '\n') n--;
  while (k < n && text->data[n - 1 - k] == '\\') k++;
  if (k % 2) return true;
  if (from && !may_close(o, text, from)) return true;
  o->doc = false;
  sh_parse_opts po = {
      .extglob = c->opt.opts[SH_SHOPT_EXTGLOB], .warn = heredoc_open, .ud = o};
  sh_unit *u = NULL;
  vsh_buf msg = {0};
  unsigned line = 0;
  int rc = sh_parse_all(&u, text->data, text->len, &po, &msg, &line);
  bool more = o->doc;
  if (rc == 0) sh_unit_unref(u);
  else if (msg.data)
    more = strstr(msg.data, "unexpected end of file") ||
           strstr(msg.data, "unexpected EOF");
  vsh_buf_dispose(&msg);
  return more;
}

int sh_run_stream(sh_ctx *c, sh_stream *in, const char *name) {
  vsh_buf text = {0};
  unsigned first = 1, next = 1;
  int st = c->proc.status;
  open_text o = {0};
  for (;;) {
    size_t from = text.len;
    int r = in ? read_line(c, in, &text) : 1;
    if (r < 0) {
      if (r == VSH_ELIMIT || sh_exec_cancelled(c->ex)) {
        c->flow.unwind = SH_UW_CANCEL;
        st = 126;
      }
      break;
    }
    if (r == 0) next++;
    o.lines = next - first;
    if (r == 0 && incomplete(c, &text, from, &o)) continue;
    o = (open_text){0};
    if (text.len) st = sh_run_string(c, text.data, text.len, name, first);
    text.len = 0;
    first = next;
    if (r == 1 || c->flow.unwind) break;
  }
  vsh_buf_dispose(&text);
  return st;
}
