/* touch.c: change file timestamps, creating files (-a -m -c -d -t -r,
 * --date, --reference, -h).  Dates: @EPOCH, ISO forms, "yesterday",
 * "N units ago" (files_util's parser), not GNU's full date grammar. */
#include "builtins/builtins.h"

#include <string.h>

static const char usage[] =
    "Usage: touch [OPTION]... FILE...\n"
    "Update the access and modification times of each FILE to the current "
    "time.\n\n"
    "  -a                     change only the access time\n"
    "  -c, --no-create        do not create any files\n"
    "  -d, --date=STRING      parse STRING and use it instead of current "
    "time\n"
    "  -h, --no-dereference   affect each symbolic link itself\n"
    "  -m                     change only the modification time\n"
    "  -r, --reference=FILE   use this file's times instead of current "
    "time\n"
    "  -t STAMP               use [[CC]YY]MMDDhhmm[.ss] instead of current "
    "time\n"
    "      --help     display this help and exit\n"
    "      --version  output version information and exit\n";

enum { OPT_TIME = BI_OPT_FIRST };

static const bi_option touch_options[] = {
    {"no-create", BI_ARG_NONE, 'c', NULL},
    {"date", BI_ARG_REQUIRED, 'd', NULL},
    {"no-dereference", BI_ARG_NONE, 'h', NULL},
    {"reference", BI_ARG_REQUIRED, 'r', NULL},
    {"time", BI_ARG_REQUIRED, OPT_TIME, NULL},
    {0}};

static const bi_cmd touch_cmd = {
    .name = "touch",
    .usage = usage,
    .shortopts = "acd:fhmr:t:",
    .longopts = touch_options,
};

/* [[CC]YY]MMDDhhmm[.ss] */
static bool parse_stamp(bi_ctx *b, const char *s, struct timespec *out) {
  size_t n = strlen(s);
  const char *dot = strchr(s, '.');
  size_t main_len = dot ? (size_t)(dot - s) : n;
  if (main_len != 8 && main_len != 10 && main_len != 12) return false;
  for (size_t i = 0; i < main_len; i++)
    if (s[i] < '0' || s[i] > '9') return false;
  int v[6] = {0};
  size_t k = 0;
  for (size_t i = 0; i < main_len; i += 2)
    v[k++] = (s[i] - '0') * 10 + (s[i + 1] - '0');
  int64_t year;
  const int *md;
  if (main_len == 12) {
    year = v[0] * 100 + v[1];
    md = v + 2;
  } else if (main_len == 10) {
    year = v[0] < 69 ? 2000 + v[0] : 1900 + v[0];
    md = v + 1;
  } else {
    bi_tm now;
    int64_t t = bi_now().tv_sec;
    bi_time_at(t, bi_tz_offset_at(b, t), &now);
    year = now.year;
    md = v;
  }
  int sec = 0;
  if (dot) {
    if (strlen(dot) != 3 || dot[1] < '0' || dot[1] > '9' || dot[2] < '0' ||
        dot[2] > '9')
      return false;
    sec = (dot[1] - '0') * 10 + (dot[2] - '0');
  }
  int mon = md[0], day = md[1], hh = md[2], mm = md[3];
  if (mon < 1 || mon > 12 || day < 1 || day > 31 || hh > 23 || mm > 59 ||
      sec > 60)
    return false;
  int64_t local =
      bi_days_from_civil(year, mon, day) * 86400 + hh * 3600 + mm * 60 + sec;
  if (!bi_tz_local(b, local, &local)) return false;
  out->tv_sec = local;
  out->tv_nsec = 0;
  return true;
}

int bi_touch_main(bi_ctx *b) {
  bi_opts g = {0};
  bool only_a = false, only_m = false, no_create = false, no_deref = false;
  bool have_time = false;
  struct timespec ta = {0}, tm = {0};
  int c;
  while ((c = bi_opt(b, &g, &touch_cmd)) != -1) {
    switch (c) {
    case 'a': only_a = true; break;
    case 'm': only_m = true; break;
    case 'c': no_create = true; break;
    case 'f': break;
    case 'h': no_deref = true; break;
    case 'd':
      if (!bi_parse_date(b, g.arg, &ta)) {
        bi_err(b, "invalid date format %s", bi_cquote(b, g.arg));
        return 1;
      }
      tm = ta;
      have_time = true;
      break;
    case 't':
      if (!parse_stamp(b, g.arg, &ta)) {
        bi_err(b, "invalid date format %s", bi_cquote(b, g.arg));
        return 1;
      }
      tm = ta;
      have_time = true;
      break;
    case 'r': {
      vfs_info st;
      if (!bi_stat_reference(b, g.arg, &st)) return 1;
      ta = st.atime;
      tm = st.mtime;
      have_time = true;
      break;
    }
    case OPT_TIME:
      if (!strcmp(g.arg, "access") || !strcmp(g.arg, "atime") ||
          !strcmp(g.arg, "use"))
        only_a = true;
      else if (!strcmp(g.arg, "modify") || !strcmp(g.arg, "mtime"))
        only_m = true;
      else
        return bi_usage_error(b, &touch_cmd, "invalid argument %s for '--time'",
                              bi_cquote(b, g.arg));
      break;
    default: return g.status;
    }
  }
  if (!g.noperands)
    return bi_usage_error(b, &touch_cmd, "missing file operand");
  if (!only_a && !only_m) only_a = only_m = true;
  if (!have_time) ta = tm = bi_now();
  int st = 0;
  for (int i = 0; i < g.noperands; i++) {
    if (bi_cancelled(b)) return 1;
    const char *op = g.operands[i];
    if (!strcmp(op, "-")) continue; /* stdout: nothing to touch here */
    const char *p = bi_path(b, op);
    vfs_info info;
    int rc = p ? vfs_stat(b->fs, p, !no_deref, &info) : bi_path_error(op);
    bool made = rc != 0; /* GNU's message: the open failed, or the times */
    if (rc == VSH_ENOENT) {
      if (no_create || no_deref) continue;
      rc = vfs_write_file(b->fs, p, "", 0, VFS_W_APPEND,
                          bi_create_mode(b, 0666));
      if (!rc) rc = vfs_stat(b->fs, p, true, &info);
    } else if (!rc && info.type == VFS_REG && !sh_may_access(&info, 2)) {
      made = true; /* its open for writing fails: that error is shown */
    }
    if (!rc) {
      struct timespec a = only_a ? ta : info.atime;
      struct timespec m = only_m ? tm : info.mtime;
      /* another user's file: "now" for both asks only for write
       * permission, given times the owner (utimensat(2)) */
      bool now = !have_time && only_a && only_m && info.uid != VFS_UID;
      rc = vfs_utimens(b->fs, p, now ? NULL : &a, now ? NULL : &m, !no_deref);
    }
    if (rc) {
      bi_err(b, made ? "cannot touch %s: %s" : "setting times of %s: %s",
             bi_quote(b, op), vsh_strerror(rc));
      st = 1;
    }
  }
  return st;
}
