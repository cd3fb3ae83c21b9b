/* regex_comp.c: parses BRE, ERE (GNU extensions) and the Perl-ish syntax
 * into a small tree, then generates the instruction program both matchers
 * run.  Recursion follows group/quantifier nesting only, which the parser
 * caps at VSH_RE_MAX_DEPTH; the program size is capped while emitting, so
 * nested intervals cannot blow memory up. */
#include "core/regex_int.h"

#include <stdio.h>
#include <string.h>

enum {
  N_EMPTY,
  N_CHAR,
  N_ANY,
  N_SET,
  N_CAT,
  N_ALT,
  N_GROUP,
  N_REPEAT,
  N_ASSERT,
  N_BACKREF,
  N_LOOK
};

typedef struct rnode {
  uint8_t kind;
  bool greedy, icase;
  int8_t nullable; /* -1 unknown */
  int32_t val, min, max;
  int32_t first, last, next; /* children list, sibling link */
} rnode;

typedef struct rparser {
  const char *p;
  size_t len, i;
  unsigned flags;
  bool ere, perl, icase, strict;
  rnode *nodes;
  size_t nn, ncap;
  re_set *sets;
  size_t nsets, setcap;
  size_t nsub;
  int depth;
  const char *err;
  int rc;
  bool backrefs;
  unsigned char closed[VSH_RE_MAX_DEPTH * 8]; /* closed group numbers */
  re_look *looks; /* Perl lookarounds, compiled apart */
  size_t nlooks;
  /* code generation */
  re_inst *prog;
  size_t ninst, icap;
  size_t nloops;
} rparser;

/* ---- character data ------------------------------------------------- */

/* Letters outside ASCII, approximately (the scripts agents meet). */
static bool is_letter(int32_t c) {
  static const int32_t r[][2] = {
      {0xAA, 0xAA},     {0xB5, 0xB5},     {0xBA, 0xBA},     {0xC0, 0xD6},
      {0xD8, 0xF6},     {0xF8, 0x2C1},    {0x370, 0x373},   {0x376, 0x37D},
      {0x386, 0x386},   {0x388, 0x3FF},   {0x400, 0x481},   {0x48A, 0x52F},
      {0x531, 0x556},   {0x561, 0x587},   {0x5D0, 0x5F2},   {0x620, 0x64A},
      {0x671, 0x6D3},   {0x904, 0x939},   {0x980, 0xDFF},   {0xE01, 0xE30},
      {0x10A0, 0x10FF}, {0x1100, 0x11FF}, {0x1E00, 0x1FBC}, {0x3041, 0x3096},
      {0x30A1, 0x30FA}, {0x3400, 0x4DBF}, {0x4E00, 0x9FFF}, {0xAC00, 0xD7A3},
      {0xF900, 0xFAFF}, {0xFF21, 0xFF3A}, {0xFF41, 0xFF5A}, {0x20000, 0x2FFFF}};
  for (size_t k = 0; k < sizeof(r) / sizeof(r[0]); k++)
    if (c >= r[k][0] && c <= r[k][1]) return true;
  return false;
}

unsigned vsh__re_classes_of(int32_t c) {
  unsigned m = 0;
  if (c < 0 || c >= RE_BYTE_CP) return 0;
  if (c < 128) {
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')) m |= RC_ALPHA;
    if (c >= 'A' && c <= 'Z') m |= RC_UPPER;
    if (c >= 'a' && c <= 'z') m |= RC_LOWER;
    if (c >= '0' && c <= '9') m |= RC_DIGIT;
    if ((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') ||
        (c >= 'A' && c <= 'F'))
      m |= RC_XDIGIT;
    if (c == ' ' || (c >= 9 && c <= 13)) m |= RC_SPACE;
    if (c == ' ' || c == '\t') m |= RC_BLANK;
    if (c < 32 || c == 127) m |= RC_CNTRL;
    if (c >= 32 && c < 127) m |= RC_PRINT;
    if (c > 32 && c < 127) m |= RC_GRAPH;
    if (c > 32 && c < 127 && !(m & (RC_ALPHA | RC_DIGIT))) m |= RC_PUNCT;
  } else {
    if (c < 0xA0) m |= RC_CNTRL;
    else if (c == 0x1680 || (c >= 0x2000 && c <= 0x200A && c != 0x2007) ||
             c == 0x2028 || c == 0x2029 || c == 0x205F || c == 0x3000)
      m |= RC_SPACE | RC_PRINT | (c == 0x2028 || c == 0x2029 ? 0 : RC_BLANK);
    else {
      m |= RC_PRINT;
      if (c != 0xA0) m |= RC_GRAPH;
      if (is_letter(c)) {
        m |= RC_ALPHA;
        if (vsh__cp_lower(c) != c) m |= RC_UPPER;
        if (vsh__cp_upper(c) != c) m |= RC_LOWER;
      } else if (c != 0xA0) {
        m |= RC_PUNCT;
      }
    }
  }
  if (m & (RC_ALPHA | RC_DIGIT)) m |= RC_ALNUM | RC_WORD;
  if (c == '_') m |= RC_WORD;
  return m;
}

bool vsh__re_is_word(int32_t cp) {
  return (vsh__re_classes_of(cp) & RC_WORD) != 0;
}

static bool set_has1(const re_set *s, int32_t c) {
  if (c < 256) return (s->bits[c >> 5] >> (c & 31)) & 1;
  for (size_t k = 0; k < s->nranges; k++)
    if (c >= s->ranges[2 * k] && c <= s->ranges[2 * k + 1]) return true;
  if (c >= RE_BYTE_CP) return false;
  unsigned cl = vsh__re_classes_of(c);
  if (cl & s->classes) return true;
  if (s->nclasses & ~cl) return true;
  return false;
}

bool vsh__re_set_has(const re_set *s, int32_t c) {
  if (c == '\n' && s->nonl) return false;
  bool in = set_has1(s, c);
  if (!in && s->icase && c < RE_BYTE_CP) {
    int32_t l = vsh__cp_lower(c), u = vsh__cp_upper(c);
    in = (l != c && set_has1(s, l)) || (u != c && set_has1(s, u));
  }
  return in != s->neg;
}

/* ---- parser ---------------------------------------------------------- */

static int fail(rparser *ps, const char *msg) {
  if (!ps->rc) {
    ps->err = msg;
    ps->rc = VSH_EINVAL;
  }
  return -1;
}

static int32_t new_node(rparser *ps, int kind) {
  if (ps->rc) return -1;
  if (ps->nn == ps->ncap) {
    size_t nc = ps->ncap ? ps->ncap * 2 : 64;
    rnode *nv = realloc(ps->nodes, nc * sizeof(*nv));
    if (!nv) {
      ps->rc = VSH_ENOMEM;
      return -1;
    }
    ps->nodes = nv;
    ps->ncap = nc;
  }
  rnode *n = &ps->nodes[ps->nn];
  memset(n, 0, sizeof(*n));
  n->kind = (uint8_t)kind;
  n->first = n->last = n->next = -1;
  n->nullable = -1;
  n->greedy = true;
  n->icase = ps->icase;
  return (int32_t)ps->nn++;
}

static void add_child(rparser *ps, int32_t parent, int32_t child) {
  rnode *p = &ps->nodes[parent];
  if (p->last < 0) p->first = child;
  else ps->nodes[p->last].next = child;
  p->last = child;
}

static int32_t new_set(rparser *ps) {
  if (ps->nsets == ps->setcap) {
    size_t nc = ps->setcap ? ps->setcap * 2 : 8;
    re_set *nv = realloc(ps->sets, nc * sizeof(*nv));
    if (!nv) {
      ps->rc = VSH_ENOMEM;
      return -1;
    }
    ps->sets = nv;
    ps->setcap = nc;
  }
  re_set *s = &ps->sets[ps->nsets];
  memset(s, 0, sizeof(*s));
  s->icase = ps->icase;
  s->nonl = (ps->flags & VSH_RE_NEWLINE) != 0;
  return (int32_t)ps->nsets++;
}

static void set_add_range(rparser *ps, re_set *s, int32_t lo, int32_t hi) {
  for (int32_t c = lo; c <= hi && c < 256; c++)
    s->bits[c >> 5] |= 1u << (c & 31);
  if (hi < 256) return;
  if (lo < 256) lo = 256;
  int32_t *nr = realloc(s->ranges, (s->nranges + 1) * 2 * sizeof(int32_t));
  if (!nr) {
    ps->rc = VSH_ENOMEM;
    return;
  }
  s->ranges = nr;
  nr[2 * s->nranges] = lo;
  nr[2 * s->nranges + 1] = hi;
  s->nranges++;
}

static void set_add_class(re_set *s, unsigned cls, bool negated) {
  for (int32_t c = 0; c < 256; c++) {
    bool in = (vsh__re_classes_of(c) & cls) != 0;
    if (in != negated) s->bits[c >> 5] |= 1u << (c & 31);
  }
  if (negated) s->nclasses |= cls;
  else s->classes |= cls;
}

/* Next character of the pattern as a code point (invalid bytes map to
 * RE_BYTE_CP + byte). */
static int32_t next_cp(rparser *ps) {
  int32_t cp;
  int l = vsh__utf8_decode(ps->p + ps->i, ps->len - ps->i, &cp);
  if (cp < 0) cp = RE_BYTE_CP + (unsigned char)ps->p[ps->i];
  ps->i += (size_t)l;
  return cp;
}

static bool at(rparser *ps, const char *s) {
  size_t n = strlen(s);
  return ps->len - ps->i >= n && !memcmp(ps->p + ps->i, s, n);
}

static int32_t char_node(rparser *ps, int32_t cp) {
  int32_t n = new_node(ps, N_CHAR);
  if (n >= 0) ps->nodes[n].val = cp;
  return n;
}

static int32_t class_node(rparser *ps, unsigned cls, bool negated) {
  int32_t si = new_set(ps);
  if (si < 0) return -1;
  ps->sets[si].icase = false;
  set_add_class(&ps->sets[si], cls, negated);
  if (negated) ps->sets[si].nonl = false;
  int32_t n = new_node(ps, N_SET);
  if (n >= 0) ps->nodes[n].val = si;
  return n;
}

static const struct {
  const char *name;
  unsigned cls;
} class_names[] = {{"alpha", RC_ALPHA},
                   {"digit", RC_DIGIT},
                   {"alnum", RC_ALNUM},
                   {"upper", RC_UPPER},
                   {"lower", RC_LOWER},
                   {"space", RC_SPACE},
                   {"blank", RC_BLANK},
                   {"punct", RC_PUNCT},
                   {"print", RC_PRINT},
                   {"graph", RC_GRAPH},
                   {"cntrl", RC_CNTRL},
                   {"xdigit", RC_XDIGIT},
                   {NULL, 0}};

/* Perl escapes that stand for one character; -1 if c is not one. */
static int32_t perl_char_escape(rparser *ps, char c) {
  switch (c) {
  case 'n': return '\n';
  case 't': return '\t';
  case 'r': return '\r';
  case 'f': return '\f';
  case 'v': return '\v';
  case 'a': return 7;
  case 'e': return 27;
  case 'x': {
    int32_t v = 0;
    int nd = 0;
    if (ps->i < ps->len && ps->p[ps->i] == '{') {
      size_t j = ps->i + 1;
      while (j < ps->len && ps->p[j] != '}' && nd < 8) {
        char h = ps->p[j];
        int d = (h >= '0' && h <= '9')   ? h - '0'
                : (h >= 'a' && h <= 'f') ? h - 'a' + 10
                : (h >= 'A' && h <= 'F') ? h - 'A' + 10
                                         : -1;
        if (d < 0) break;
        v = v * 16 + d;
        nd++;
        j++;
      }
      if (j < ps->len && ps->p[j] == '}' && v <= 0x10FFFF) {
        ps->i = j + 1;
        return v;
      }
      fail(ps, "invalid \\x{...} escape");
      return 0;
    }
    while (ps->i < ps->len && nd < 2) {
      char h = ps->p[ps->i];
      int d = (h >= '0' && h <= '9')   ? h - '0'
              : (h >= 'a' && h <= 'f') ? h - 'a' + 10
              : (h >= 'A' && h <= 'F') ? h - 'A' + 10
                                       : -1;
      if (d < 0) break;
      v = v * 16 + d;
      nd++;
      ps->i++;
    }
    return v;
  }
  }
  return -1;
}

static unsigned perl_class(char c, bool *neg) {
  *neg = (c == 'D' || c == 'W' || c == 'S');
  switch (c) {
  case 'd':
  case 'D': return RC_DIGIT;
  case 'w':
  case 'W': return RC_WORD;
  case 's':
  case 'S': return RC_SPACE;
  }
  return 0;
}

/* One bracket element's character (handles [.x.] and [=x=]); -2 when the
 * element was a class (already added). */
static int32_t bracket_elem(rparser *ps, re_set *s) {
  if (at(ps, "[:")) {
    size_t j = ps->i + 2;
    while (j + 1 < ps->len && !(ps->p[j] == ':' && ps->p[j + 1] == ']')) j++;
    if (j + 1 >= ps->len) return fail(ps, "Unmatched [, [^, [:, [., or [=");
    size_t nl = j - ps->i - 2;
    for (int k = 0; class_names[k].name; k++) {
      if (strlen(class_names[k].name) == nl &&
          !memcmp(class_names[k].name, ps->p + ps->i + 2, nl)) {
        unsigned cls = class_names[k].cls;
        /* GNU: [[:upper:]] and [[:lower:]] fold to letters with -i */
        if (s->icase && (cls & (RC_UPPER | RC_LOWER))) cls = RC_ALPHA;
        set_add_class(s, cls, false);
        ps->i = j + 2;
        return -2;
      }
    }
    return fail(ps, "Invalid character class name");
  }
  if (at(ps, "[.") || at(ps, "[=")) {
    char kind = ps->p[ps->i + 1];
    ps->i += 2;
    if (ps->i >= ps->len) return fail(ps, "Unmatched [, [^, [:, [., or [=");
    int32_t cp = next_cp(ps);
    if (ps->i + 1 >= ps->len || ps->p[ps->i] != kind || ps->p[ps->i + 1] != ']')
      return fail(ps, "Invalid collation character");
    ps->i += 2;
    return cp;
  }
  if (ps->perl && ps->p[ps->i] == '\\' && ps->i + 1 < ps->len) {
    char c = ps->p[ps->i + 1];
    bool neg;
    unsigned cls = perl_class(c, &neg);
    ps->i += 2;
    if (cls) {
      set_add_class(s, cls, neg);
      return -2;
    }
    int32_t e = perl_char_escape(ps, c);
    if (e >= 0) return e;
    ps->i--;
    return next_cp(ps);
  }
  return next_cp(ps);
}

static int32_t parse_bracket(rparser *ps) {
  int32_t si = new_set(ps);
  if (si < 0) return -1;
  re_set *s = &ps->sets[si];
  if (ps->i < ps->len && ps->p[ps->i] == '^') {
    s->neg = true;
    ps->i++;
  }
  bool first = true;
  for (;;) {
    if (ps->i >= ps->len) return fail(ps, "Unmatched [, [^, [:, [., or [=");
    if (ps->p[ps->i] == ']' && !first) {
      ps->i++;
      break;
    }
    first = false;
    int32_t lo = bracket_elem(ps, s);
    if (ps->rc) return -1;
    if (lo == -2) continue;
    int32_t hi = lo;
    if (ps->i + 1 < ps->len && ps->p[ps->i] == '-' && ps->p[ps->i + 1] != ']') {
      ps->i++;
      hi = bracket_elem(ps, s);
      if (ps->rc) return -1;
      if (hi == -2 || hi < lo) return fail(ps, "Invalid range end");
    }
    set_add_range(ps, s, lo, hi);
    if (ps->rc) return -1;
  }
  int32_t n = new_node(ps, N_SET);
  if (n >= 0) ps->nodes[n].val = si;
  return n;
}

static int32_t parse_alt(rparser *ps);

static bool at_alt(rparser *ps) {
  if (ps->i >= ps->len) return false;
  if (ps->ere || ps->perl) return ps->p[ps->i] == '|';
  return at(ps, "\\|");
}

static bool at_close(rparser *ps) {
  if (ps->i >= ps->len) return false;
  if (ps->ere || ps->perl) return ps->p[ps->i] == ')' && ps->depth > 0;
  return at(ps, "\\)");
}

static int32_t group_node(rparser *ps, bool capture) {
  if (++ps->depth > VSH_RE_MAX_DEPTH)
    return fail(ps, "Regular expression too big");
  int32_t g = new_node(ps, N_GROUP);
  if (g < 0) return -1;
  int32_t idx = -1;
  if (capture) idx = (int32_t)++ps->nsub;
  bool saved_icase = ps->icase;
  int32_t body = parse_alt(ps);
  ps->icase = saved_icase;
  if (ps->rc) return -1;
  if (ps->i >= ps->len) return fail(ps, "Unmatched ( or \\(");
  ps->i += (ps->ere || ps->perl) ? 1 : 2;
  ps->depth--;
  ps->nodes[g].val = idx;
  add_child(ps, g, body);
  if (idx > 0 && (size_t)idx < sizeof(ps->closed) * 8)
    ps->closed[idx >> 3] |= (unsigned char)(1u << (idx & 7));
  return g;
}

/* Characters every match of re consumes, or -1 when that varies (loops,
 * back-references, branches of different lengths): bounded walk of the
 * program, which is acyclic but for loops. */
static int64_t fixed_len_at(const vsh_regex *re, int32_t pc, int64_t *memo,
                            int depth) {
  if (depth > 4 * VSH_RE_MAX_DEPTH) return -1;
  int64_t total = 0;
  for (;;) {
    if (memo[pc] == -2) return -1; /* a cycle: a loop */
    if (memo[pc] >= 0) return total + memo[pc];
    const re_inst *in = &re->prog[pc];
    switch (in->op) {
    case RI_CHAR:
    case RI_CHARI:
    case RI_ANY:
    case RI_ANYNL:
    case RI_SET:
      total++;
      pc++;
      continue;
    case RI_SAVE:
    case RI_ASSERT:
    case RI_LOOK: pc++; continue;
    case RI_JMP: pc = in->x; continue;
    case RI_MATCH: return total;
    case RI_SPLIT: {
      memo[pc] = -2;
      int64_t a = fixed_len_at(re, in->x, memo, depth + 1);
      int64_t b = a < 0 ? -1 : fixed_len_at(re, in->y, memo, depth + 1);
      if (a < 0 || a != b) {
        memo[pc] = -1;
        return -1;
      }
      memo[pc] = a; /* the length from here on: asked again, known */
      return total + a;
    }
    default: return -1; /* MARK/CHECK (loops), BACKREF */
    }
  }
}

/* (?=...) (?!...) (?<=...) (?<!...): the body is compiled on its own
 * and tried as a zero-width test where it stands. */
static int32_t look_group(rparser *ps, bool behind, bool neg) {
  size_t b = ps->i, j = b;
  int depth = 1;
  while (j < ps->len) { /* the closing paren, past escapes and [...] */
    char c = ps->p[j];
    if (c == '\\') {
      j += 2;
      continue;
    }
    if (c == '[') {
      j++;
      if (j < ps->len && ps->p[j] == '^') j++;
      if (j < ps->len && ps->p[j] == ']') j++;
      while (j < ps->len && ps->p[j] != ']') j += ps->p[j] == '\\' ? 2 : 1;
      j++;
      continue;
    }
    if (c == '(') depth++;
    else if (c == ')' && --depth == 0) break;
    j++;
  }
  if (j >= ps->len) return fail(ps, "missing closing parenthesis");
  /* the body is parsed afresh: nesting is counted across the parsers
   * (a thread's compiles never interleave) */
  static _Thread_local int look_nesting;
  if (++ps->depth > VSH_RE_MAX_DEPTH || look_nesting >= VSH_RE_MAX_DEPTH)
    return fail(ps, "Regular expression too big");
  unsigned fl = VSH_RE_PERL | (ps->flags & VSH_RE_NEWLINE) |
                (ps->icase ? VSH_RE_ICASE : 0);
  vsh_regex *sub = NULL;
  vsh_buf why = {0};
  look_nesting++;
  int rc = vsh__regex_compile(&sub, ps->p + b, j - b, fl, &why);
  look_nesting--;
  ps->depth--;
  if (rc) {
    /* the body's own complaint (kept where a parser's message lives) */
    static _Thread_local char look_err[160];
    snprintf(look_err, sizeof look_err, "%s",
             why.data ? why.data : "invalid lookaround assertion");
    vsh_buf_dispose(&why);
    if (rc == VSH_ENOMEM) ps->rc = rc;
    return fail(ps, rc == VSH_ENOMEM ? "out of memory" : look_err);
  }
  vsh_buf_dispose(&why);
  sub->start_anchored = true;
  sub->use_first = false;
  size_t flen = 0;
  if (behind) {
    int64_t *memo = malloc((sub->ninst + 1) * sizeof *memo);
    for (size_t k = 0; memo && k <= sub->ninst; k++) memo[k] = -1;
    int64_t l = memo ? fixed_len_at(sub, 0, memo, 0) : -1;
    free(memo);
    if (l < 0) {
      vsh__regex_free(sub);
      return fail(ps, "lookbehind assertion is not fixed length");
    }
    flen = (size_t)l;
  }
  re_look *nl = realloc(ps->looks, (ps->nlooks + 1) * sizeof *nl);
  if (!nl) {
    vsh__regex_free(sub);
    ps->rc = VSH_ENOMEM;
    return fail(ps, "out of memory");
  }
  ps->looks = nl;
  ps->looks[ps->nlooks] = (re_look){sub, behind, neg, flen};
  int32_t n = new_node(ps, N_LOOK);
  if (n < 0) return -1; /* the look is freed with ps->looks */
  ps->nodes[n].val = (int32_t)ps->nlooks++;
  ps->i = j + 1;
  return n;
}

static int32_t perl_group(rparser *ps) {
  /* after "(?" */
  if (ps->i >= ps->len) return fail(ps, "unrecognized character after (?");
  char c = ps->p[ps->i];
  if (c == ':') {
    ps->i++;
    return group_node(ps, false);
  }
  bool look = c == '=' || c == '!' ||
              (c == '<' && ps->i + 1 < ps->len &&
               (ps->p[ps->i + 1] == '=' || ps->p[ps->i + 1] == '!'));
  if (look && (ps->flags & VSH_RE_NOLOOK))
    return fail(ps, "look-around, including look-ahead and look-behind, is "
                    "not supported");
  if (c == '=' || c == '!') {
    ps->i++;
    return look_group(ps, false, c == '!');
  }
  if (c == '<' && ps->i + 1 < ps->len &&
      (ps->p[ps->i + 1] == '=' || ps->p[ps->i + 1] == '!')) {
    bool neg = ps->p[ps->i + 1] == '!';
    ps->i += 2;
    return look_group(ps, true, neg);
  }
  if (c == '<' ||
      (c == 'P' && ps->i + 1 < ps->len && ps->p[ps->i + 1] == '<')) {
    size_t j = ps->i + (c == 'P' ? 2 : 1);
    while (j < ps->len && ps->p[j] != '>') j++;
    if (j >= ps->len) return fail(ps, "syntax error in subpattern name");
    ps->i = j + 1;
    return group_node(ps, true);
  }
  /* inline flags: (?i) (?-i) (?i:...) */
  bool on = true, icase = ps->icase;
  while (ps->i < ps->len && ps->p[ps->i] != ')' && ps->p[ps->i] != ':') {
    char f = ps->p[ps->i++];
    if (f == '-') on = false;
    else if (f == 'i') icase = on;
    else if (f == 's' || f == 'm' || f == 'x' || f == 'u') {
      /* accepted and ignored: lines never hold newlines here */
    } else {
      return fail(ps, "unrecognized character after (? or (?-");
    }
  }
  if (ps->i >= ps->len) return fail(ps, "missing closing parenthesis");
  if (ps->p[ps->i] == ')') {
    ps->i++;
    ps->icase = icase;
    return new_node(ps, N_EMPTY);
  }
  ps->i++;
  bool saved = ps->icase;
  ps->icase = icase;
  int32_t g = group_node(ps, false);
  ps->icase = saved;
  return g;
}

static int32_t assert_node(rparser *ps, int kind) {
  int32_t n = new_node(ps, N_ASSERT);
  if (n >= 0) ps->nodes[n].val = kind;
  return n;
}

/* After a backslash (ps->i at the escaped character). */
static int32_t parse_escape(rparser *ps) {
  if (ps->i >= ps->len) return fail(ps, "Trailing backslash");
  char c = ps->p[ps->i];
  if (c >= '1' && c <= '9') {
    int g = c - '0';
    ps->i++;
    if ((size_t)g > ps->nsub || !(ps->closed[g >> 3] & (1u << (g & 7))))
      return fail(ps, "Invalid back reference");
    ps->backrefs = true;
    int32_t n = new_node(ps, N_BACKREF);
    if (n >= 0) ps->nodes[n].val = g;
    return n;
  }
  bool neg;
  unsigned cls = perl_class(c, &neg);
  if (cls && (ps->perl || (c != 'd' && c != 'D'))) {
    ps->i++;
    return class_node(ps, cls, neg);
  }
  switch (c) {
  case 'b': ps->i++; return assert_node(ps, RA_WORDB);
  case 'B': ps->i++; return assert_node(ps, RA_NWORDB);
  }
  if (!ps->perl) {
    switch (c) {
    case '<': ps->i++; return assert_node(ps, RA_WBEG);
    case '>': ps->i++; return assert_node(ps, RA_WEND);
    case '`': ps->i++; return assert_node(ps, RA_BUFBEG);
    case '\'': ps->i++; return assert_node(ps, RA_BUFEND);
    case 'n': ps->i++; return char_node(ps, '\n');
    }
  } else {
    switch (c) {
    case 'A': ps->i++; return assert_node(ps, RA_BUFBEG);
    case 'z':
    case 'Z': ps->i++; return assert_node(ps, RA_BUFEND);
    }
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')) {
      ps->i++;
      int32_t e = perl_char_escape(ps, c);
      if (ps->rc) return -1;
      if (e >= 0) return char_node(ps, e);
      if (c == 'Q' || c == 'E') return new_node(ps, N_EMPTY);
      return fail(ps, "unrecognized character follows \\");
    }
  }
  return char_node(ps, next_cp(ps));
}

/* An interval body after '{' (or "\{"); fills min/max; false when (ERE)
 * the brace does not start an interval. */
static bool parse_interval(rparser *ps, int32_t *mn, int32_t *mx) {
  size_t save = ps->i;
  bool bre = !ps->ere && !ps->perl;
  long a = -1, b = -1;
  bool comma = false;
  while (ps->i < ps->len && ps->p[ps->i] >= '0' && ps->p[ps->i] <= '9') {
    a = (a < 0 ? 0 : a) * 10 + (ps->p[ps->i++] - '0');
    if (a > 1000000) a = 1000000;
  }
  if (ps->i < ps->len && ps->p[ps->i] == ',') {
    comma = true;
    ps->i++;
    while (ps->i < ps->len && ps->p[ps->i] >= '0' && ps->p[ps->i] <= '9') {
      b = (b < 0 ? 0 : b) * 10 + (ps->p[ps->i++] - '0');
      if (b > 1000000) b = 1000000;
    }
  }
  bool closed = bre ? at(ps, "\\}") : (ps->i < ps->len && ps->p[ps->i] == '}');
  if (!closed || (a < 0 && (!comma || ps->perl))) {
    if (!bre && !ps->strict && (ps->perl || a < 0 || ps->i >= ps->len)) {
      ps->i = save;
      return false;
    }
    if (ps->i >= ps->len ||
        (bre && ps->i + 1 >= ps->len && ps->p[ps->i] == '\\'))
      fail(ps, bre ? "Unmatched \\{" : "Unmatched { or \\{");
    else fail(ps, "Invalid content of \\{\\}");
    return true;
  }
  ps->i += bre ? 2 : 1;
  if (a < 0) a = 0;
  if (!comma) b = a;
  if (b >= 0 && b < a) {
    fail(ps, "Invalid content of \\{\\}");
    return true;
  }
  if (a > VSH_RE_DUP_MAX || b > VSH_RE_DUP_MAX) {
    fail(ps, "Regular expression too big");
    return true;
  }
  *mn = (int32_t)a;
  *mx = (int32_t)b;
  return true;
}

static int32_t parse_atom(rparser *ps, bool branch_start) {
  char c = ps->p[ps->i];
  bool bre = !ps->ere && !ps->perl;
  if (bre) {
    if (c == '\\' && ps->i + 1 < ps->len) {
      char d = ps->p[ps->i + 1];
      if (d == '(') {
        ps->i += 2;
        return group_node(ps, true);
      }
      if (d == '{' && branch_start) {
        ps->i += 2;
        return char_node(ps, '{');
      }
      if (d == '{' || d == ')')
        return fail(ps, d == ')' ? "Unmatched ) or \\)"
                                 : "Invalid preceding regular expression");
    }
    if (c == '^' && branch_start) {
      ps->i++;
      return assert_node(ps, RA_BOL);
    }
    if (c == '$') {
      ps->i++;
      if (ps->i >= ps->len || at(ps, "\\)") || at(ps, "\\|"))
        return assert_node(ps, RA_EOL);
      return char_node(ps, '$');
    }
    if (c == '*' && branch_start) {
      ps->i++;
      return char_node(ps, '*');
    }
  } else {
    if (c == '(') {
      ps->i++;
      if (ps->perl && ps->i < ps->len && ps->p[ps->i] == '?') {
        ps->i++;
        return perl_group(ps);
      }
      return group_node(ps, true);
    }
    if (c == ')') { /* unmatched: GNU ERE takes it literally */
      ps->i++;
      if (ps->perl) return fail(ps, "unmatched closing parenthesis");
      return char_node(ps, ')');
    }
    if (c == '^') {
      ps->i++;
      return assert_node(ps, RA_BOL);
    }
    if (c == '$') {
      ps->i++;
      return assert_node(ps, RA_EOL);
    }
    if (ps->strict && (c == '*' || c == '+' || c == '?' || c == '{'))
      return fail(ps, "Invalid preceding regular expression");
    if (c == '*' || c == '+' || c == '?') {
      if (ps->perl)
        return fail(ps, "quantifier does not follow a repeatable item");
      ps->i++; /* GNU: a leading repetition operator applies to nothing */
      return new_node(ps, N_EMPTY);
    }
    if (c == '{' && branch_start && !ps->perl) {
      ps->i++;
      return char_node(ps, '{');
    }
  }
  if (c == '[') {
    ps->i++;
    return parse_bracket(ps);
  }
  if (c == '.') {
    ps->i++;
    return new_node(ps, N_ANY);
  }
  if (c == '\\') {
    ps->i++;
    return parse_escape(ps);
  }
  return char_node(ps, next_cp(ps));
}

/* A postfix operator at ps->i: fills min/max/greedy and returns true. */
static bool parse_postfix(rparser *ps, int32_t *mn, int32_t *mx, bool *greedy) {
  if (ps->i >= ps->len) return false;
  char c = ps->p[ps->i];
  bool bre = !ps->ere && !ps->perl;
  size_t save = ps->i;
  *greedy = true;
  if (c == '*') {
    ps->i++;
    *mn = 0;
    *mx = -1;
  } else if (!bre && (c == '+' || c == '?')) {
    ps->i++;
    *mn = c == '+';
    *mx = c == '+' ? -1 : 1;
  } else if (bre && c == '\\' && ps->i + 1 < ps->len &&
             (ps->p[ps->i + 1] == '+' || ps->p[ps->i + 1] == '?')) {
    *mn = ps->p[ps->i + 1] == '+';
    *mx = ps->p[ps->i + 1] == '+' ? -1 : 1;
    ps->i += 2;
  } else if (!bre && c == '{') {
    ps->i++;
    if (!parse_interval(ps, mn, mx)) {
      ps->i = save;
      return false;
    }
  } else if (bre && at(ps, "\\{")) {
    ps->i += 2;
    parse_interval(ps, mn, mx);
  } else {
    return false;
  }
  if (ps->perl && ps->i < ps->len) {
    if (ps->p[ps->i] == '?') {
      *greedy = false;
      ps->i++;
    } else if (ps->p[ps->i] == '+') {
      ps->i++; /* possessive: treated as greedy */
    }
  }
  return true;
}

static int32_t parse_cat(rparser *ps) {
  int32_t cat = new_node(ps, N_CAT);
  if (cat < 0) return -1;
  bool branch_start = true;
  while (ps->i < ps->len && !at_alt(ps) && !at_close(ps)) {
    int32_t a = parse_atom(ps, branch_start);
    if (ps->rc) return -1;
    bool bre_bol = !ps->ere && !ps->perl && ps->nodes[a].kind == N_ASSERT &&
                   ps->nodes[a].val == RA_BOL;
    branch_start = bre_bol; /* GNU BRE: "^*" starts with a literal '*' */
    int32_t mn, mx;
    bool greedy;
    int reps = 0;
    while (!bre_bol && parse_postfix(ps, &mn, &mx, &greedy)) {
      if (ps->rc) return -1;
      if (++reps > 8) return fail(ps, "Regular expression too big");
      if (reps > 1 && ps->perl) /* a** is ERE; Perl allows one (+? or ++) */
        return fail(ps, "quantifier does not follow a repeatable item");
      if (ps->nodes[a].kind == N_ASSERT && (ps->perl || ps->strict))
        return fail(ps, ps->perl
                            ? "quantifier does not follow a repeatable item"
                            : "Invalid preceding regular expression");
      int32_t r = new_node(ps, N_REPEAT);
      if (r < 0) return -1;
      ps->nodes[r].min = mn;
      ps->nodes[r].max = mx;
      ps->nodes[r].greedy = greedy;
      add_child(ps, r, a);
      a = r;
    }
    if (ps->rc) return -1;
    add_child(ps, cat, a);
  }
  return cat;
}

static int32_t parse_alt(rparser *ps) {
  int32_t first = parse_cat(ps);
  if (ps->rc || !at_alt(ps)) return first;
  int32_t alt = new_node(ps, N_ALT);
  if (alt < 0) return -1;
  add_child(ps, alt, first);
  while (at_alt(ps)) {
    ps->i += (ps->ere || ps->perl) ? 1 : 2;
    int32_t b = parse_cat(ps);
    if (ps->rc) return -1;
    add_child(ps, alt, b);
  }
  return alt;
}

/* ---- code generation ------------------------------------------------- */

static int emit(rparser *ps, int op, int32_t x, int32_t y) {
  if (ps->rc) return -1;
  if (ps->ninst >= VSH_RE_MAX_INSTS)
    return fail(ps, "Regular expression too big");
  if (ps->ninst == ps->icap) {
    size_t nc = ps->icap ? ps->icap * 2 : 64;
    re_inst *nv = realloc(ps->prog, nc * sizeof(*nv));
    if (!nv) {
      ps->rc = VSH_ENOMEM;
      return -1;
    }
    ps->prog = nv;
    ps->icap = nc;
  }
  ps->prog[ps->ninst] = (re_inst){(uint8_t)op, x, y};
  return (int)ps->ninst++;
}

static bool nullable(rparser *ps, int32_t i) {
  rnode *n = &ps->nodes[i];
  if (n->nullable >= 0) return n->nullable;
  bool r;
  switch (n->kind) {
  case N_CHAR:
  case N_ANY:
  case N_SET: r = false; break;
  case N_CAT:
    r = true;
    for (int32_t c = n->first; c >= 0; c = ps->nodes[c].next)
      if (!nullable(ps, c)) {
        r = false;
        break;
      }
    break;
  case N_ALT:
    r = false;
    for (int32_t c = n->first; c >= 0; c = ps->nodes[c].next)
      if (nullable(ps, c)) {
        r = true;
        break;
      }
    break;
  case N_GROUP: r = nullable(ps, n->first); break;
  case N_REPEAT: r = n->min == 0 || nullable(ps, n->first); break;
  default: r = true;
  }
  ps->nodes[i].nullable = r;
  return r;
}

static void gen(rparser *ps, int32_t i);

/* child+ as a loop; the empty-iteration check only guards the back edge
 * so that one empty pass (GNU's (a*)* -> \1 empty) stays possible. */
static void gen_plus(rparser *ps, int32_t child, bool greedy) {
  bool nul = nullable(ps, child);
  int32_t reg = nul ? (int32_t)ps->nloops++ : -1;
  int top = (int)ps->ninst;
  if (nul) emit(ps, RI_MARK, reg, 0);
  gen(ps, child);
  int sp = emit(ps, RI_SPLIT, 0, 0);
  if (sp < 0) return;
  int back = (int)ps->ninst;
  if (nul) {
    emit(ps, RI_CHECK, reg, 0);
    emit(ps, RI_JMP, top, 0);
  }
  int out = (int)ps->ninst;
  int32_t loop = nul ? back : top;
  ps->prog[sp].x = greedy ? loop : out;
  ps->prog[sp].y = greedy ? out : loop;
}

static void gen(rparser *ps, int32_t i) {
  if (ps->rc) return;
  rnode *n = &ps->nodes[i];
  switch (n->kind) {
  case N_EMPTY: break;
  case N_CHAR: {
    int32_t cp = n->val;
    if (n->icase && vsh__cp_lower(cp) != vsh__cp_upper(cp))
      emit(ps, RI_CHARI, vsh__cp_lower(cp), 0);
    else emit(ps, RI_CHAR, cp, 0);
    break;
  }
  case N_ANY:
    emit(ps, (ps->flags & (VSH_RE_NEWLINE | VSH_RE_PERL)) ? RI_ANYNL : RI_ANY,
         0, 0);
    break;
  case N_SET: emit(ps, RI_SET, n->val, 0); break;
  case N_ASSERT: emit(ps, RI_ASSERT, n->val, 0); break;
  case N_LOOK: emit(ps, RI_LOOK, n->val, 0); break;
  case N_BACKREF: emit(ps, RI_BACKREF, n->val, n->icase); break;
  case N_CAT:
    for (int32_t c = n->first; c >= 0 && !ps->rc; c = ps->nodes[c].next)
      gen(ps, c);
    break;
  case N_ALT: {
    int32_t jumps = -1; /* chain of JMPs to patch through their x */
    for (int32_t c = n->first; c >= 0 && !ps->rc; c = ps->nodes[c].next) {
      if (ps->nodes[c].next < 0) {
        gen(ps, c);
        break;
      }
      int sp = emit(ps, RI_SPLIT, 0, 0);
      if (sp < 0) return;
      ps->prog[sp].x = (int32_t)ps->ninst;
      gen(ps, c);
      int j = emit(ps, RI_JMP, jumps, 0);
      if (j < 0) return;
      jumps = j;
      ps->prog[sp].y = (int32_t)ps->ninst;
    }
    while (jumps >= 0 && !ps->rc) {
      int32_t nx = ps->prog[jumps].x;
      ps->prog[jumps].x = (int32_t)ps->ninst;
      jumps = nx;
    }
    break;
  }
  case N_GROUP:
    if (n->val > 0) emit(ps, RI_SAVE, 2 * n->val, 0);
    gen(ps, n->first);
    if (n->val > 0) emit(ps, RI_SAVE, 2 * n->val + 1, 0);
    break;
  case N_REPEAT: {
    int32_t child = n->first, mn = n->min, mx = n->max;
    bool greedy = n->greedy;
    if (mx < 0) {
      for (int32_t k = 0; k + 1 < mn && !ps->rc; k++) gen(ps, child);
      if (mn == 0) {
        int sp = emit(ps, RI_SPLIT, 0, 0);
        if (sp < 0) return;
        int body = (int)ps->ninst;
        gen_plus(ps, child, greedy);
        int out = (int)ps->ninst;
        ps->prog[sp].x = greedy ? body : out;
        ps->prog[sp].y = greedy ? out : body;
      } else {
        gen_plus(ps, child, greedy);
      }
      break;
    }
    for (int32_t k = 0; k < mn && !ps->rc; k++) gen(ps, child);
    int32_t splits = -1; /* chain through y */
    for (int32_t k = mn; k < mx && !ps->rc; k++) {
      int sp = emit(ps, RI_SPLIT, 0, splits);
      if (sp < 0) return;
      splits = sp;
      ps->prog[sp].x = (int32_t)ps->ninst;
      gen(ps, child);
    }
    while (splits >= 0 && !ps->rc) {
      int32_t nx = ps->prog[splits].y;
      int32_t body = ps->prog[splits].x;
      if (greedy) {
        ps->prog[splits].y = (int32_t)ps->ninst;
      } else {
        ps->prog[splits].x = (int32_t)ps->ninst;
        ps->prog[splits].y = body;
      }
      splits = nx;
    }
    break;
  }
  }
}

/* Bytes a match can start with (false entries mean: no match starts
 * there); disabled when the pattern can match empty or start anywhere. */
static void first_bytes(vsh_regex *re) {
  size_t n = re->ninst;
  unsigned char *seen = calloc(n ? n : 1, 1);
  int32_t *stack = malloc((n + 1) * sizeof(int32_t));
  re->use_first = false;
  if (!seen || !stack) goto done;
  memset(re->first, 0, sizeof(re->first));
  size_t sp = 0;
  stack[sp++] = 0;
  while (sp) {
    int32_t pc = stack[--sp];
    if (seen[pc]) continue;
    seen[pc] = 1;
    const re_inst *in = &re->prog[pc];
    switch (in->op) {
    case RI_SPLIT:
      stack[sp++] = in->y;
      stack[sp++] = in->x;
      break;
    case RI_JMP: stack[sp++] = in->x; break;
    case RI_SAVE:
    case RI_MARK:
    case RI_CHECK:
    case RI_ASSERT: stack[sp++] = pc + 1; break;
    case RI_CHAR:
    case RI_CHARI: {
      int32_t cps[3] = {in->x, in->x, in->x};
      if (in->op == RI_CHARI) {
        cps[1] = vsh__cp_upper(in->x);
        cps[2] = vsh__cp_lower(in->x);
      }
      for (int k = 0; k < 3; k++) {
        int32_t cp = cps[k];
        if (cp >= RE_BYTE_CP) {
          unsigned b = (unsigned)(cp - RE_BYTE_CP);
          if (b >= 0x80 && b < 0xC0) goto done;
          re->first[b] = true;
        } else {
          char buf[4];
          if (vsh__utf8_encode(cp, buf) <= 0) goto done;
          re->first[(unsigned char)buf[0]] = true;
        }
      }
      break;
    }
    case RI_SET: {
      const re_set *s = &re->sets[in->x];
      if (s->neg) goto done;
      for (int32_t c = 0; c < 128; c++)
        if (vsh__re_set_has(s, c)) re->first[c] = true;
      for (size_t k = 0; k < s->nranges; k++)
        if (s->ranges[2 * k + 1] >= RE_BYTE_CP) goto done;
      for (int b = 0xC2; b <= 0xF4; b++) re->first[b] = true;
      break;
    }
    default: /* ANY, BACKREF, MATCH */ goto done;
    }
  }
  re->use_first = true;
  re->single_first = -1;
  int cnt = 0;
  for (int b = 0; b < 256; b++)
    if (re->first[b]) {
      cnt++;
      re->single_first = b;
    }
  if (cnt != 1) re->single_first = -1;
done:
  free(seen);
  free(stack);
}

static void free_sets(re_set *sets, size_t n) {
  for (size_t k = 0; k < n; k++) free(sets[k].ranges);
  free(sets);
}

int vsh__regex_compile(vsh_regex **out, const char *pat, size_t len,
                       unsigned flags, vsh_buf *errmsg) {
  *out = NULL;
  rparser ps;
  memset(&ps, 0, sizeof(ps));
  ps.p = pat ? pat : "";
  ps.len = len;
  ps.flags = flags;
  ps.perl = (flags & VSH_RE_PERL) != 0;
  ps.ere = (flags & VSH_RE_EXTENDED) != 0 || ps.perl;
  ps.icase = (flags & VSH_RE_ICASE) != 0;
  ps.strict = (flags & VSH_RE_STRICT) != 0 && ps.ere && !ps.perl;
  int32_t root;
  if (len > VSH_RE_MAX_PATTERN) {
    fail(&ps, "Regular expression too big");
  } else if (flags & VSH_RE_LITERAL) {
    root = new_node(&ps, N_CAT);
    while (!ps.rc && ps.i < ps.len)
      add_child(&ps, root, char_node(&ps, next_cp(&ps)));
  } else {
    root = parse_alt(&ps);
    if (!ps.rc && ps.i < ps.len)
      fail(&ps,
           (ps.ere || ps.perl) ? "Unmatched ) or \\)" : "Unmatched ) or \\)");
  }
  if (!ps.rc) {
    if (flags & VSH_RE_WHOLE) emit(&ps, RI_ASSERT, RA_BUFBEG, 0);
    if (flags & VSH_RE_WORDS) emit(&ps, RI_ASSERT, RA_NOWORD_BEFORE, 0);
    gen(&ps, root);
    if (flags & VSH_RE_WORDS) emit(&ps, RI_ASSERT, RA_NOWORD_AFTER, 0);
    if (flags & VSH_RE_WHOLE) emit(&ps, RI_ASSERT, RA_BUFEND, 0);
    emit(&ps, RI_MATCH, 0, 0);
  }
  if (!ps.rc && (uint64_t)ps.ninst * 2 * (ps.nsub + 1) > 16u * 1024 * 1024)
    fail(&ps, "Regular expression too big");
  vsh_regex *re = NULL;
  if (!ps.rc) {
    re = calloc(1, sizeof(*re));
    if (!re) ps.rc = VSH_ENOMEM;
  }
  free(ps.nodes);
  if (ps.rc) {
    if (errmsg && ps.err) vsh__buf_puts(errmsg, ps.err);
    free(ps.prog);
    free_sets(ps.sets, ps.nsets);
    for (size_t k = 0; k < ps.nlooks; k++) vsh__regex_free(ps.looks[k].re);
    free(ps.looks);
    return ps.rc;
  }
  re->prog = ps.prog;
  re->ninst = ps.ninst;
  re->sets = ps.sets;
  re->nsets = ps.nsets;
  re->nsub = ps.nsub;
  re->nloops = ps.nloops;
  re->looks = ps.looks;
  re->nlooks = ps.nlooks;
  re->flags = flags;
  re->backrefs = ps.backrefs;
  re->bol_anchored = !(flags & VSH_RE_NEWLINE) && re->prog[0].op == RI_ASSERT &&
                     re->prog[0].x == RA_BOL;
  atomic_init(&re->scratch, NULL);
  first_bytes(re);
  *out = re;
  return 0;
}

size_t vsh__regex_nsub(const vsh_regex *re) { return re->nsub; }

bool vsh__regex_has_backrefs(const vsh_regex *re) { return re->backrefs; }
