/* pathchk.c: check that file names are valid (GNU coreutils pathchk).
 * Without options: the existing part of a name can be looked up (a
 * component that is a file, one too long) and a name that does not exist
 * fits the limits (255 bytes a component, 4096 a name).  -p: POSIX's
 * portable limits (14, 256) and characters (A-Za-z0-9._-); -P: no empty
 * name and no component starting with '-'.  Options end at the first
 * operand, as GNU's. */
#include "builtins/builtins.h"

#include <string.h>

enum { PC_PORTABILITY = BI_OPT_FIRST };

static const bi_option pathchk_options[] = {
    {NULL, BI_ARG_NONE, 'p', "check for most POSIX systems"},
    {NULL, BI_ARG_NONE, 'P', "check for empty names and leading \"-\""},
    {"portability", BI_ARG_NONE, PC_PORTABILITY,
     "check for all POSIX systems (equivalent to -p -P)"},
    {0}};

static const bi_cmd pathchk_cmd = {
    .name = "pathchk",
    .usage = "Usage: pathchk [OPTION]... NAME...\n",
    .about = "Diagnose invalid or unportable file names.\n\n",
    .shortopts = "+pP",
    .longopts = pathchk_options,
};

/* The bytes of the character at s: a whole UTF-8 sequence, else one. */
static size_t char_len(bi_ctx *b, const char *s) {
  unsigned char c = (unsigned char)*s;
  size_t n = c >= 0xf0 && c < 0xf5   ? 4
             : c >= 0xe0 && c < 0xf0 ? 3
             : c >= 0xc2 && c < 0xe0 ? 2
                                     : 1;
  if (bi_byte_locale(b)) return 1;
  for (size_t k = 1; k < n; k++)
    if (((unsigned char)s[k] & 0xc0) != 0x80) return 1;
  return n;
}

static bool portable_chars(bi_ctx *b, const char *name) {
  size_t ok = strspn(name, "/ABCDEFGHIJKLMNOPQRSTUVWXYZ"
                           "abcdefghijklmnopqrstuvwxyz0123456789._-");
  if (!name[ok]) return true;
  size_t n = char_len(b, name + ok);
  char *ch = vsh__arena_alloc(b->arena, n + 1);
  if (!ch) return false;
  memcpy(ch, name + ok, n);
  ch[n] = 0;
  bi_err(b, "nonportable character %s in file name %s",
         bi_quote_as(b, ch, BI_QS_LOCALE, false), bi_quote(b, name));
  return false;
}

/* lstat as Linux answers it: a component longer than 255 bytes is too
 * long only once the lookup reaches it (a missing folder before it is
 * ENOENT). */
static int lookup(bi_ctx *b, const char *name, size_t len) {
  vfs_info st;
  if (!len) return VSH_ENOENT;
  const char *p = bi_path(b, name);
  int rc = p ? vfs_stat(b->fs, p, false, &st) : VSH_ENAMETOOLONG;
  if (rc != VSH_ENAMETOOLONG || len >= VSH_PATH_MAX) return rc;
  for (const char *s = name; *s;) {
    while (*s == '/') s++;
    size_t n = strcspn(s, "/");
    if (n > VSH_NAME_MAX) {
      if (s == name) return rc;
      char *pre = vsh__arena_alloc(b->arena, (size_t)(s - name) + 1);
      if (!pre) return rc;
      memcpy(pre, name, (size_t)(s - name));
      pre[s - name] = 0;
      const char *pp = bi_path(b, pre);
      int r = pp ? vfs_stat(b->fs, pp, true, &st) : rc;
      if (r) return r;
      return st.type == VFS_DIR ? rc : VSH_ENOTDIR;
    }
    s += n;
  }
  return rc;
}

static bool check_name(bi_ctx *b, const char *name, bool basic, bool extra) {
  size_t len = strlen(name);
  if (extra)
    for (const char *p = name; (p = strchr(p, '-')); p++)
      if (p == name || p[-1] == '/') {
        bi_err(b, "leading '-' in a component of file name %s",
               bi_quote(b, name));
        return false;
      }
  if ((basic || extra) && !len) {
    bi_err(b, "empty file name");
    return false;
  }
  bool exists = false;
  if (basic) {
    if (!portable_chars(b, name)) return false;
  } else {
    int rc = lookup(b, name, len);
    exists = !rc;
    if (rc && (rc != VSH_ENOENT || !len)) {
      bi_err(b, "%s: %s", bi_quote_as(b, name, BI_QS_SHELL_ESCAPE, false),
             vsh_strerror(rc));
      return false;
    }
  }
  size_t max = basic ? 256 : VSH_PATH_MAX;
  if ((basic || (!exists && len >= 256)) && len >= max) {
    bi_err(b, "limit %zu exceeded by length %zu of file name %s", max - 1, len,
           bi_quote(b, name));
    return false;
  }
  if (exists) return true;
  /* every file system here allows 255 bytes a component; POSIX 14 */
  size_t name_max = basic ? 14 : VSH_NAME_MAX;
  for (const char *s = name; *s;) {
    while (*s == '/') s++;
    size_t n = strcspn(s, "/");
    if (n > name_max) {
      char *comp = vsh__arena_alloc(b->arena, n + 1);
      if (!comp) return false;
      memcpy(comp, s, n);
      comp[n] = 0;
      bi_err(b, "limit %zu exceeded by length %zu of file name component %s",
             name_max, n, bi_cquote(b, comp));
      return false;
    }
    s += n;
  }
  return true;
}

int bi_pathchk_main(bi_ctx *b) {
  bi_opts g = {0};
  bool basic = false, extra = false;
  int c;
  while ((c = bi_opt(b, &g, &pathchk_cmd)) != -1) {
    switch (c) {
    case 'p': basic = true; break;
    case 'P': extra = true; break;
    case PC_PORTABILITY: basic = extra = true; break;
    default: return g.status;
    }
  }
  if (!g.noperands) return bi_usage_error(b, &pathchk_cmd, "missing operand");
  int st = 0;
  for (int i = 0; i < g.noperands; i++) {
    if (bi_charge(b, 1)) return 1;
    if (!check_name(b, g.operands[i], basic, extra)) st = 1;
  }
  return st;
}
