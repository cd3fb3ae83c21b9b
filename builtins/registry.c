/* registry.c: the table of builtins from builtins.def, sorted by name,
 * looked up by binary search.  The table is constant data: no state. */
#include "builtins/builtins.h"

#include <string.h>

#define BI(name, fn, flags) int fn(bi_ctx *b);
#include "builtins/builtins.def"
#undef BI

static const bi_entry table[] = {
#define BI(name, fn, flags) {name, fn, flags},
#include "builtins/builtins.def"
#undef BI
};

const bi_entry *bi_table(size_t *n) {
  *n = sizeof(table) / sizeof(table[0]);
  return table;
}

const bi_entry *bi_lookup(const char *name) {
  size_t lo = 0, hi = sizeof(table) / sizeof(table[0]);
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    int c = strcmp(table[mid].name, name);
    if (c == 0) return &table[mid];
    if (c < 0)
      lo = mid + 1;
    else
      hi = mid;
  }
  return NULL;
}
