/* bopt.c: the option scanner every shell builtin shares, with bash's
 * rules: options lead, "--" ends them, "-" alone is an operand, letters
 * cluster (-ab), an option's argument is the rest of its word or the
 * next word.  A bad letter is reported as bash reports it ("-X: invalid
 * option" or "-X: option requires an argument", then the builtin's usage
 * line from help's table) and the builtin returns 2. */
#include "shell/exec/exec_int.h"

#include <string.h>

void sh__builtin_usage(bi_ctx *b) {
  const char *syn = sh__help_synopsis(b->argv[0]);
  if (syn) bi_usage(b, syn);
}

/* Reports a bad option and returns -1 (the builtin answers 2). */
static int bad(bi_ctx *b, sh_bopt *o, char c, const char *why) {
  bi_err(b, "%c%c: %s", o->sign, c, why);
  sh__builtin_usage(b);
  o->next = NULL;
  return -1;
}

int sh_bopt_next(bi_ctx *b, sh_bopt *o, const char *spec) {
  if (!o->ind) o->ind = 1;
  bool plus = spec[0] == '+';
  if (plus) spec++;
  if (!o->next || !*o->next) {
    if (o->ind >= b->argc) return 0;
    const char *w = b->argv[o->ind];
    if (!((w[0] == '-') || (plus && w[0] == '+')) || !w[1]) return 0;
    if (w[0] == '-' && w[1] == '-' && !w[2]) {
      o->ind++;
      return 0;
    }
    o->sign = w[0];
    o->next = w + 1;
    o->ind++;
  }
  char c = *o->next++;
  const char *f = c != ':' ? strchr(spec, c) : NULL;
  if (!f) return bad(b, o, c, "invalid option");
  o->arg = NULL;
  if (f[1] == ':') {
    if (*o->next) o->arg = o->next;
    else if (o->ind < b->argc) o->arg = b->argv[o->ind++];
    else return bad(b, o, c, "option requires an argument");
    o->next = NULL;
  }
  return c;
}

int sh_bopt_none(bi_ctx *b) {
  sh_bopt o = {0};
  return sh_bopt_next(b, &o, "") < 0 ? -1 : o.ind;
}

int sh_bopt_flags(bi_ctx *b, const char *spec, bool seen[128]) {
  sh_bopt o = {0};
  for (int f; (f = sh_bopt_next(b, &o, spec));) {
    if (f < 0) return -1;
    seen[(unsigned char)f & 127] = true;
  }
  return o.ind;
}
