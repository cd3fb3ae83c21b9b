/* regex_int.h: the compiled form shared by regex_comp.c (parser and code
 * generator) and regex_exec.c (Pike VM and budgeted backtracker).  A
 * program is a flat array of instructions; SPLIT lists its preferred
 * branch first, which is the whole priority model of both matchers. */
#ifndef VSH_CORE_REGEX_INT_H
#define VSH_CORE_REGEX_INT_H

#include "core/regex.h"

#include <stdatomic.h>
#include <stdlib.h>

/* An invalid UTF-8 byte b is the pseudo code point RE_BYTE_CP + b, so it
 * never equals a real character. */
#define RE_BYTE_CP 0x200000

enum {
  RI_CHAR,    /* x: code point */
  RI_CHARI,   /* x: lower-cased code point, compared folded */
  RI_ANY,     /* any character */
  RI_ANYNL,   /* any character but '\n' */
  RI_SET,     /* x: index into sets */
  RI_SPLIT,   /* try x, then y */
  RI_JMP,     /* x */
  RI_SAVE,    /* x: capture slot */
  RI_MARK,    /* x: loop register := pos (backtracker only) */
  RI_CHECK,   /* x: fail when pos == loop register (empty iteration) */
  RI_ASSERT,  /* x: RA_* */
  RI_BACKREF, /* x: group number; y: 1 when case-insensitive */
  RI_LOOK,    /* x: index into looks: a zero-width lookaround */
  RI_MATCH
};

enum {
  RA_BOL,
  RA_EOL,
  RA_WORDB,
  RA_NWORDB,
  RA_WBEG,
  RA_WEND,
  RA_BUFBEG,
  RA_BUFEND,
  RA_NOWORD_BEFORE,
  RA_NOWORD_AFTER
};

/* Character classes (bits). */
enum {
  RC_ALPHA = 1 << 0,
  RC_DIGIT = 1 << 1,
  RC_ALNUM = 1 << 2,
  RC_UPPER = 1 << 3,
  RC_LOWER = 1 << 4,
  RC_SPACE = 1 << 5,
  RC_BLANK = 1 << 6,
  RC_PUNCT = 1 << 7,
  RC_PRINT = 1 << 8,
  RC_GRAPH = 1 << 9,
  RC_CNTRL = 1 << 10,
  RC_XDIGIT = 1 << 11,
  RC_WORD = 1 << 12
};

typedef struct re_inst {
  uint8_t op;
  int32_t x, y;
} re_inst;

typedef struct re_set {
  uint32_t bits[8]; /* code points 0..255 */
  int32_t *ranges;  /* [lo, hi] pairs for code points >= 256 */
  size_t nranges;
  unsigned classes;  /* classes tested for code points >= 128 */
  unsigned nclasses; /* "not in class" (Perl [\W]) for >= 128 */
  bool neg, icase, nonl;
} re_set;

/* A Perl lookaround: its own program, tried where RI_LOOK stands. */
typedef struct re_look {
  struct vsh_regex *re; /* matches only at the position it is run from */
  bool behind, neg;
  size_t len; /* behind: the fixed length, in characters */
} re_look;

struct vsh_regex {
  re_inst *prog;
  size_t ninst;
  re_set *sets;
  size_t nsets;
  size_t nsub;
  size_t nloops;
  unsigned flags;
  bool backrefs;
  bool bol_anchored;   /* starts with ^ and not NEWLINE: only at 0 */
  bool start_anchored; /* a lookaround's: only at the start position */
  re_look *looks;
  size_t nlooks;
  bool use_first;   /* first[] is a usable prefilter */
  int single_first; /* the only possible first byte, or -1 */
  bool first[256];
  _Atomic(void *) scratch; /* cached Pike VM memory (one user at a time) */
};

bool vsh__re_set_has(const re_set *s, int32_t cp);
bool vsh__re_is_word(int32_t cp);
unsigned vsh__re_classes_of(int32_t cp);

#endif /* VSH_CORE_REGEX_INT_H */
