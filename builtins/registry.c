/* registry.c: the table of builtins from builtins.def, sorted by name,
 * looked up by binary search, and the names of the utilities that /bin
 * and /usr/bin list.  Constant data only: no state. */
#include "builtins/builtins.h"

#include <string.h>

#define BI(name, fn, flags) int fn(bi_ctx *b);
#define SH(name, fn, flags) int fn(bi_ctx *b);
#define SHB(name, fn, flags) int fn(bi_ctx *b);
#include "builtins/builtins.def"
#undef BI
#undef SH
#undef SHB

static const bi_entry table[] = {
#define BI(name, fn, flags) {name, fn, flags},
#define SH(name, fn, flags) {name, fn, (flags) | BI_SHELL},
#define SHB(name, fn, flags) {name, fn, (flags) | BI_SHELL},
#include "builtins/builtins.def"
#undef BI
#undef SH
#undef SHB
};

static const char *const utilities[] = {
#define BI(name, fn, flags) name,
#define SH(name, fn, flags)
#define SHB(name, fn, flags) name,
#include "builtins/builtins.def"
#undef BI
#undef SH
#undef SHB
};

const bi_entry *bi_table(size_t *n) {
  *n = sizeof(table) / sizeof(table[0]);
  return table;
}

const char *const *bi_utility_names(size_t *n) {
  *n = sizeof(utilities) / sizeof(utilities[0]);
  return utilities;
}

const bi_entry *bi_lookup(const char *name) {
  size_t lo = 0, hi = sizeof(table) / sizeof(table[0]);
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    int c = strcmp(table[mid].name, name);
    if (c == 0) return &table[mid];
    if (c < 0) lo = mid + 1;
    else hi = mid;
  }
  return NULL;
}
