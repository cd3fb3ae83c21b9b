/* duration.c: the time intervals of GNU sleep and timeout: a
 * non-negative number (fractions, exponents and "inf" as strtod reads
 * them) with at most one unit letter, s (default), m, h or d. */
#include "builtins/lib/opt.h"

#include "builtins/builtins.h"

#include <math.h>

bool bi_parse_duration(const char *s, double *out) {
  char *end;
  double v = strtod(s, &end);
  if (end == s || v < 0 || isnan(v)) return false;
  double mul = 1;
  if (*end) {
    if (end[1]) return false;
    switch (*end) {
    case 's': break;
    case 'm': mul = 60; break;
    case 'h': mul = 3600; break;
    case 'd': mul = 86400; break;
    default: return false;
    }
  }
  *out = v * mul;
  return true;
}
