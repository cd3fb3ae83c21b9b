/* pattern.h: bash pattern matching (case, [[ == ]], ${x#p} and friends,
 * ${x/p/r}, pathname expansion) over bytes, UTF-8 aware.  Patterns are
 * compiled once into an arena; matching runs position-set simulation in
 * time polynomial in pattern x subject, metered by a step budget, and
 * never recurses deeper than the pattern's group nesting (max 64).  It
 * knows nothing of the shell: callers pass the budget (the shell meters
 * it from its limits; find, grep and tree poll bi_cancelled). */
#ifndef VSH_CORE_PATTERN_H
#define VSH_CORE_PATTERN_H

#include "core/core.h"

enum {
  SH_PAT_EXTGLOB = 1,  /* ?(..) *(..) +(..) @(..) !(..) */
  SH_PAT_NOCASE = 2,   /* nocasematch / nocaseglob (ASCII folding) */
  SH_PAT_PATHNAME = 4, /* '*' '?' '[..]' never match '/' */
  SH_PAT_PERIOD = 8,   /* a leading '.' (at 0, or after '/' with
                          PATHNAME) must be matched by a literal '.' */
  SH_PAT_BYTES = 16,   /* the C locale: every byte is a character */
};

/* Modes of sh_pattern_find. */
enum {
  SH_PAT_PREFIX_SHORT, /* ${x#p}   shortest match anchored at the start */
  SH_PAT_PREFIX_LONG,  /* ${x##p}  ${x/#p/r} */
  SH_PAT_SUFFIX_SHORT, /* ${x%p}   shortest match anchored at the end */
  SH_PAT_SUFFIX_LONG,  /* ${x%%p}  ${x/%p/r} */
  SH_PAT_ANY,          /* ${x/p/r} leftmost start, longest from it */
};

/* Deepest extglob nesting accepted by sh_pattern_compile. */
#define SH_PAT_MAX_DEPTH 64
/* Steps granted when a NULL budget is passed. */
#define SH_PAT_DEFAULT_STEPS 50000000u

/* Work meter shared by a sequence of calls: steps is decremented as work
 * is done (VSH_ELIMIT when it would go below zero); cancelled (may be
 * NULL) is polled every few thousand steps (VSH_EABORTED when true). */
typedef struct sh_pattern_budget {
  uint64_t steps;
  bool (*cancelled)(void *ud);
  void *ud;
} sh_pattern_budget;

/* Compiled pattern; lives in the arena given to sh_pattern_compile and is
 * never freed separately.  Read-only after compile: any thread may match
 * with it concurrently. */
typedef struct sh_pattern sh_pattern;

/* Compiles pat[0..len) (any bytes).  quoted, when non-NULL, has len
 * entries; quoted[i] != 0 makes pat[i] literal, exactly as if it were
 * preceded by a backslash (an unquoted backslash escapes the next
 * character; a trailing one is literal).  flags: SH_PAT_*.  Fails with
 * VSH_EINVAL when extglob groups nest deeper than SH_PAT_MAX_DEPTH,
 * VSH_ENOMEM when the arena is exhausted. */
int sh_pattern_compile(sh_pattern **out, vsh_arena *a, const char *pat,
                       size_t len, const unsigned char *quoted, unsigned flags);

/* True when the pattern has an unquoted '*', '?', a terminated bracket
 * expression or an extglob group: pathname expansion must glob. */
bool sh_pattern_has_magic(const sh_pattern *p);

/* The pattern after quote removal (backslashes and quoting dropped), for
 * a pattern without magic; NULL when it has magic.  The bytes live in
 * the compile arena and are NUL-terminated. */
const char *sh_pattern_literal(const sh_pattern *p, size_t *len);

/* Whole-subject match of s[0..n).  Returns 1 match, 0 no match, or a
 * negative vsh_err: VSH_ELIMIT (budget spent), VSH_EABORTED (cancelled),
 * VSH_ENOMEM.  b NULL grants SH_PAT_DEFAULT_STEPS without cancellation. */
int sh_pattern_match(const sh_pattern *p, const char *s, size_t n,
                     sh_pattern_budget *b);

/* Finds a match in s[0..n) by mode (SH_PAT_PREFIX_SHORT ... SH_PAT_ANY)
 * and reports it as byte offsets (always on character boundaries).
 * Returns 1 found (the match may be empty), 0 none, negative vsh_err as
 * for sh_pattern_match. */
int sh_pattern_find(const sh_pattern *p, const char *s, size_t n, int mode,
                    size_t *match_start, size_t *match_len,
                    sh_pattern_budget *b);

/* Calls fn(ud, start, len) with the byte offsets of each successive
 * match in s[0..n) as ${x//p/r} takes them: the leftmost start, the
 * longest match from it, then on from its end (one character on after an
 * empty match); only the first when all is false.  One pass: the work is
 * that of one sh_pattern_find plus one forward run per match, and a
 * literal pattern is found with memmem.  Returns 0, fn's negative return,
 * or a negative vsh_err as sh_pattern_match. */
int sh_pattern_scan(const sh_pattern *p, const char *s, size_t n, bool all,
                    int (*fn)(void *ud, size_t start, size_t len), void *ud,
                    sh_pattern_budget *b);

#endif /* VSH_CORE_PATTERN_H */
