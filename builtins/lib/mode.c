/* mode.c: how a file's metadata is shown and changed: mode strings and
 * chmod's symbolic modes, type letters, block counts, owner names (the
 * VFS knows root and user only) and ls -h / du -h sizes. */
#include "builtins/lib/mode.h"

#include "builtins/builtins.h"

#include <stdio.h>
#include <string.h>

char bi_type_char(vfs_type t) {
  switch (t) {
  case VFS_DIR: return 'd';
  case VFS_LNK: return 'l';
  case VFS_CHR: return 'c';
  case VFS_FIFO: return 'p';
  default: return '-';
  }
}

void bi_mode_string(const vfs_info *st, char out[11]) {
  unsigned m = st->mode;
  out[0] = bi_type_char(st->type);
  const char *rwx = "rwxrwxrwx";
  for (int i = 0; i < 9; i++) out[1 + i] = (m & (0400u >> i)) ? rwx[i] : '-';
  if (m & 04000) out[3] = (m & 0100) ? 's' : 'S';
  if (m & 02000) out[6] = (m & 0010) ? 's' : 'S';
  if (m & 01000) out[9] = (m & 0001) ? 't' : 'T';
  out[10] = 0;
}

uint64_t bi_blocks(const vfs_info *st) {
  if (st->type == VFS_DIR) return 8;
  if (st->type != VFS_REG) return 0;
  return (st->size + 4095) / 4096 * 8;
}

const char *bi_user_name(uint32_t uid) {
  return uid == 0 ? "root" : uid == VFS_UID ? "user" : NULL;
}

const char *bi_group_name(uint32_t gid) {
  return gid == 0 ? "root" : gid == VFS_GID ? "user" : NULL;
}

void bi_human_size(uint64_t n, char *out, size_t cap) {
  static const char units[] = "KMGTPEZY";
  if (n < 1024) {
    snprintf(out, cap, "%llu", (unsigned long long)n);
    return;
  }
  /* value in tenths, rounded up as GNU's --human-readable does */
  int u = -1;
  uint64_t whole = n, rem = 0, div = 1;
  while (whole >= 1024 && u < 7) {
    div *= 1024;
    whole = n / div;
    u++;
    if (div > UINT64_MAX / 1024) break;
  }
  rem = n % div;
  if (whole < 10) {
    uint64_t tenths = (rem * 10 + div - 1) / div; /* ceiling */
    if (tenths == 10) {
      whole++;
      tenths = 0;
    }
    if (whole < 10) {
      snprintf(out, cap, "%llu.%llu%c", (unsigned long long)whole,
               (unsigned long long)tenths, units[u]);
      return;
    }
  } else if (rem) {
    whole++;
  }
  if (whole >= 1024 && u < 7) {
    snprintf(out, cap, "1.0%c", units[u + 1]);
    return;
  }
  snprintf(out, cap, "%llu%c", (unsigned long long)whole, units[u]);
}

bool bi_parse_mode(const char *s, unsigned old, bool is_dir, unsigned umask,
                   unsigned *out) {
  if (!*s) return false;
  if (*s >= '0' && *s <= '7') {
    unsigned v = 0;
    const char *p = s;
    for (; *p; p++) {
      if (*p < '0' || *p > '7') return false;
      v = v * 8 + (unsigned)(*p - '0');
      if (v > 07777) return false;
    }
    /* GNU keeps a directory's set-id bits unless 5+ digits say otherwise */
    if (is_dir && p - s < 5) v |= old & 06000;
    *out = v;
    return true;
  }
  unsigned m = old & 07777;
  const char *p = s;
  for (;;) {
    unsigned who = 0;
    for (;; p++) {
      if (*p == 'u') who |= 04700;
      else if (*p == 'g') who |= 02070;
      else if (*p == 'o') who |= 01007;
      else if (*p == 'a') who |= 07777;
      else break;
    }
    bool no_who = who == 0;
    if (no_who) who = 07777;
    if (*p != '+' && *p != '-' && *p != '=') return false;
    while (*p == '+' || *p == '-' || *p == '=') {
      char op = *p++;
      unsigned perm = 0;
      bool octal = no_who && *p >= '0' && *p <= '7';
      if (octal) { /* "-7000", "+111": GNU's operator and octal bits */
        for (; *p >= '0' && *p <= '7'; p++)
          if ((perm = perm * 8 + (unsigned)(*p - '0')) > 07777) return false;
      } else if (*p == 'u' || *p == 'g' || *p == 'o') {
        unsigned src = *p == 'u'   ? (m >> 6) & 7
                       : *p == 'g' ? (m >> 3) & 7
                                   : m & 7;
        perm = src * 0111;
        p++;
      } else {
        for (;; p++) {
          if (*p == 'r') perm |= 0444;
          else if (*p == 'w') perm |= 0222;
          else if (*p == 'x') perm |= 0111;
          else if (*p == 'X') {
            if (is_dir || (m & 0111)) perm |= 0111;
          } else if (*p == 's') perm |= 06000;
          else if (*p == 't') perm |= 01000;
          else break;
        }
      }
      unsigned mask = who;
      if (no_who && !octal) mask &= ~umask | 07000;
      perm &= mask;
      if (op == '+') m |= perm;
      else if (op == '-') m &= ~perm;
      else {
        /* GNU keeps a directory's set-id bits unless named explicitly */
        unsigned clr = who;
        if (is_dir && !octal) clr &= ~06000u;
        m = (m & ~clr) | perm;
      }
    }
    if (*p == ',') {
      p++;
      continue;
    }
    if (*p) return false;
    break;
  }
  *out = m & 07777;
  return true;
}
