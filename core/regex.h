/* regex.h: vsh's one regex engine (grep, sed, awk, expr, find -regex,
 * [[ =~ ]], jq, rg).  POSIX BRE/ERE with GNU extensions and a Perl-ish
 * mode; bounded time and memory for every pattern and input: a Pike VM
 * (O(pattern x input)) runs every pattern without back-references, a
 * step-budgeted backtracker the rest.  Never longjmps; compiled regexes
 * are read-only and may be shared by threads.
 *
 * DESIGN-NOTES (the decision and its measurements: docs/regex.md)
 * - Own engine rather than PCRE2: PCRE2 is not installed on this machine's
 *   setup and would be a new dependency plus a POSIX->PCRE translator whose
 *   semantics (leftmost-first) differ from POSIX leftmost-longest anyway.
 * - Semantics: overall leftmost-longest (POSIX); among the longest matches
 *   the submatches are those of the highest-priority path (greedy first,
 *   left alternative first), which is what glibc gives in common cases
 *   (`(a|ab)(c|bcd)(d*)` on abcd -> a,bcd,"" as GNU sed prints).
 *   VSH_RE_PERL is leftmost-first with lazy quantifiers; its lookarounds
 *   ((?=..) (?!..) and fixed-length (?<=..) (?<!..)) are programs of
 *   their own, run from the position where they stand.
 * - Text is UTF-8: '.' and bracket expressions consume one character; an
 *   invalid byte is one character of its own (it matches '.', a negated
 *   bracket, or the same byte written in the pattern).
 * - Limits: pattern <= VSH_RE_MAX_PATTERN bytes, group nesting <=
 *   VSH_RE_MAX_DEPTH, program <= VSH_RE_MAX_INSTS instructions (so
 *   `(a{1000}){1000}` is "Regular expression too big"), intervals <= 32767.
 * - Budget: only the backtracker spends steps (the Pike VM is polynomial
 *   by construction); both poll the cancel callback every ~4096 steps. */
#ifndef VSH_CORE_REGEX_H
#define VSH_CORE_REGEX_H

#include "core/core.h"

typedef struct vsh_regex vsh_regex;

/* Compile flags. */
enum {
  VSH_RE_EXTENDED = 1, /* ERE (else BRE) */
  VSH_RE_ICASE = 2,    /* case-insensitive (ASCII, Latin-1, Greek, Cyrillic) */
  VSH_RE_NEWLINE = 4,  /* '.' and [^x] skip '\n'; ^ $ match at line ends */
  VSH_RE_PERL = 8,     /* Perl-ish syntax and leftmost-first (grep -P, rg) */
  VSH_RE_NOSUB = 16,   /* only m[0] is ever asked for: less memory */
  VSH_RE_LITERAL = 32, /* the pattern is a fixed string (grep -F) */
  VSH_RE_WORDS = 64,   /* grep -w: no word character right before/after */
  VSH_RE_WHOLE = 128,  /* grep -x: the match spans all of s[0..n) */
  VSH_RE_STRICT = 256, /* ERE as glibc regcomp reads it (bash =~): a
                          leading * + ? { or a brace that is not an
                          interval is an error, not a literal */
  VSH_RE_NOLOOK = 512  /* Perl syntax without lookarounds, as ripgrep's
                          default engine: (?= (?! (?<= (?<! are errors */
};

/* Exec flags. */
enum {
  VSH_RE_NOTBOL = 1, /* s[0] is not the start of a line */
  VSH_RE_NOTEOL = 2  /* s[n] is not the end of a line */
};

#define VSH_RE_MAX_PATTERN (1u << 20)
#define VSH_RE_MAX_DEPTH 200
#define VSH_RE_MAX_INSTS 400000
#define VSH_RE_DUP_MAX 32767
/* Backtracking steps granted when exec gets a NULL budget. */
#define VSH_RE_DEFAULT_STEPS 20000000u

typedef struct vsh_regmatch {
  int64_t so, eo; /* byte offsets into s; -1 when the group is unset */
} vsh_regmatch;

/* Work meter shared by a sequence of exec calls: steps decreases as the
 * backtracker works (VSH_ELIMIT, "regex too complex", when it runs out);
 * cancelled (may be NULL) is polled every few thousand steps
 * (VSH_EABORTED when it returns true). */
typedef struct vsh_re_budget {
  uint64_t steps;
  bool (*cancelled)(void *ud);
  void *ud;
} vsh_re_budget;

/* Compiles pat[0..len) (any bytes; NUL is a literal).  On success *out is
 * a new regex the caller frees with vsh__regex_free.  On a syntax error
 * returns VSH_EINVAL and appends a GNU-worded message ("Unmatched ( or
 * \\(") to errmsg when non-NULL; a pattern past the size limits gives
 * VSH_EINVAL with "Regular expression too big"; VSH_ENOMEM otherwise. */
int vsh__regex_compile(vsh_regex **out, const char *pat, size_t len,
                       unsigned flags, vsh_buf *errmsg);

/* Number of capturing groups. */
size_t vsh__regex_nsub(const vsh_regex *re);

/* True when the pattern uses back-references (matched by backtracking). */
bool vsh__regex_has_backrefs(const vsh_regex *re);

/* Searches s[0..n) for the leftmost(-longest) match starting at or after
 * offset start (anchors and \b look at the bytes before start).  Fills
 * m[0..nm) (m[0] the whole match, m[i] group i; unset -1/-1) and returns
 * 1; returns 0 when there is no match, VSH_ELIMIT when the budget ran out,
 * VSH_EABORTED when cancelled, VSH_ENOMEM.  b may be NULL (default steps,
 * no cancellation).  eflags: VSH_RE_NOTBOL | VSH_RE_NOTEOL. */
int vsh__regex_exec(const vsh_regex *re, const char *s, size_t n, size_t start,
                    unsigned eflags, vsh_regmatch *m, size_t nm,
                    vsh_re_budget *b);

void vsh__regex_free(vsh_regex *re);
/* Case folding: vsh__cp_lower / vsh__cp_upper (core.h). */

#endif /* VSH_CORE_REGEX_H */
