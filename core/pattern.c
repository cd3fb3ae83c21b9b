/* pattern.c: bash glob patterns compiled to a small tree (sequences of
 * characters, '?', '*', brackets and extglob groups) and matched by
 * simulating every subject position at once: a sequence maps a bitset of
 * start positions to a bitset of end positions (or, run backwards, ends to
 * starts).  Work is polynomial and metered by the caller's step budget;
 * recursion follows only the group nesting, capped at SH_PAT_MAX_DEPTH. */
#include "core/pattern.h"

#include <string.h>

/* Characters are compared as keys: a valid UTF-8 sequence is its code
 * point, an invalid byte b is RAW_BASE + b, never equal to a code point. */
#define RAW_BASE 0x110000u
#define NIL UINT32_MAX
/* Bound on the name in [:name:] [=c=] [.name.]: keeps a run of unclosed
 * '[:' from rescanning the whole pattern. */
#define BRACKET_NAME_MAX 16
#define POLL_EVERY 4096u

enum { N_CHAR, N_ANY, N_STAR, N_CLASS, N_GROUP };

enum {
  CL_ALPHA = 1 << 0,
  CL_DIGIT = 1 << 1,
  CL_ALNUM = 1 << 2,
  CL_UPPER = 1 << 3,
  CL_LOWER = 1 << 4,
  CL_SPACE = 1 << 5,
  CL_BLANK = 1 << 6,
  CL_PUNCT = 1 << 7,
  CL_PRINT = 1 << 8,
  CL_GRAPH = 1 << 9,
  CL_CNTRL = 1 << 10,
  CL_XDIGIT = 1 << 11,
  CL_WORD = 1 << 12,
};

typedef struct pat_range {
  uint32_t lo, hi;
} pat_range;

typedef struct pat_node {
  uint8_t kind;
  uint8_t op;          /* N_GROUP: one of ? * + @ ! */
  bool neg;            /* N_CLASS: [!..] */
  uint32_t ch;         /* N_CHAR key, folded under NOCASE */
  uint32_t classes;    /* N_CLASS: CL_* bits */
  uint32_t first;      /* N_CLASS: ranges; N_GROUP: first alternative seq */
  uint32_t count;      /* number of ranges / alternatives */
  uint32_t next, prev; /* siblings within the sequence */
} pat_node;

typedef struct pat_seq {
  uint32_t head, tail; /* nodes, NIL when empty */
} pat_seq;

/* One compiled form.  bash matches bytewise whenever the pattern or the
 * subject is not valid UTF-8, so a pattern with non-ASCII bytes keeps a
 * second, bytewise program. */
typedef struct pat_prog {
  int depth;
  uint32_t root;
  const pat_node *nodes;
  const pat_seq *seqs;
  const pat_range *ranges;
} pat_prog;

struct sh_pattern {
  unsigned flags;
  bool magic;
  bool invalid; /* the pattern itself is not UTF-8: always bytewise */
  pat_prog mb, bytes;
  const char *lit;
  size_t lit_len;
  const vsh_allocator *al;
};

/* ---- character helpers ----------------------------------------------- */

/* Simple one-to-one case folding: ASCII, Latin-1, Latin Extended-A,
 * Greek and Cyrillic, enough for the common nocasematch uses. */
static uint32_t fold(uint32_t c) {
  if (c < 0x80) return (c >= 'A' && c <= 'Z') ? c + 32 : c;
  if (c >= RAW_BASE) return c;
  if ((c >= 0xC0 && c <= 0xDE && c != 0xD7) ||
      (c >= 0x391 && c <= 0x3AB && c != 0x3A2) || (c >= 0x410 && c <= 0x42F))
    return c + 32;
  if (c >= 0x400 && c <= 0x40F) return c + 80;
  if (c >= 0x100 && c <= 0x17F && c != 0x130 && c != 0x131 && c != 0x138 &&
      c != 0x149 && c != 0x17F) {
    /* Pairs are upper-even except in two runs where they are upper-odd. */
    bool odd_upper = (c >= 0x139 && c <= 0x148) || (c >= 0x179);
    if (c == 0x178) return 0xFF;
    if (odd_upper ? (c & 1) : !(c & 1)) return c + 1;
  }
  return c;
}

static bool is_lower_cp(uint32_t c) {
  if (c < 0x80) return c >= 'a' && c <= 'z';
  return c < RAW_BASE && fold(c) == c &&
         ((c >= 0xDF && c <= 0xFF && c != 0xF7) || (c >= 0x100 && c <= 0x17F) ||
          (c >= 0x3AC && c <= 0x3CE) || (c >= 0x430 && c <= 0x45F));
}

static bool is_upper_cp(uint32_t c) {
  if (c < 0x80) return c >= 'A' && c <= 'Z';
  return c < RAW_BASE && fold(c) != c;
}

/* Letters outside ASCII: the scripts fold() knows plus the big CJK,
 * kana and Hangul blocks, an approximation of the C.UTF-8 tables. */
static bool is_alpha_cp(uint32_t c) {
  if (c < 0x80) return (c | 32) >= 'a' && (c | 32) <= 'z';
  if (c >= RAW_BASE) return false;
  return (c >= 0xC0 && c <= 0x24F && c != 0xD7 && c != 0xF7) ||
         (c >= 0x370 && c <= 0x3FF && c != 0x37E && c != 0x387) ||
         (c >= 0x400 && c <= 0x481) || (c >= 0x48A && c <= 0x52F) ||
         (c >= 0x3041 && c <= 0x3096) || (c >= 0x30A1 && c <= 0x30FA) ||
         (c >= 0x4E00 && c <= 0x9FFF) || (c >= 0xAC00 && c <= 0xD7A3);
}

static bool in_class(uint32_t c, uint32_t cls) {
  bool ascii = c < 0x80;
  if ((cls & CL_ALPHA) && is_alpha_cp(c)) return true;
  if ((cls & (CL_DIGIT | CL_ALNUM | CL_XDIGIT | CL_WORD)) && c >= '0' &&
      c <= '9')
    return true;
  if ((cls & (CL_ALNUM | CL_WORD)) && is_alpha_cp(c)) return true;
  if ((cls & CL_WORD) && c == '_') return true;
  if ((cls & CL_UPPER) && is_upper_cp(c)) return true;
  if ((cls & CL_LOWER) && is_lower_cp(c)) return true;
  if ((cls & CL_XDIGIT) && ((c | 32) >= 'a' && (c | 32) <= 'f')) return true;
  if ((cls & CL_SPACE) && (c == ' ' || (c >= '\t' && c <= '\r'))) return true;
  if ((cls & CL_BLANK) && (c == ' ' || c == '\t')) return true;
  if ((cls & CL_CNTRL) && (c < 0x20 || c == 0x7F)) return true;
  if ((cls & CL_PUNCT) && ascii && c > 0x20 && c < 0x7F && !is_alpha_cp(c) &&
      !(c >= '0' && c <= '9'))
    return true;
  if ((cls & CL_GRAPH) && ((ascii && c > 0x20 && c < 0x7F) ||
                           (!ascii && c >= 0xA1 && c < RAW_BASE)))
    return true;
  if ((cls & CL_PRINT) && ((ascii && c >= 0x20 && c < 0x7F) ||
                           (!ascii && c >= 0xA0 && c < RAW_BASE)))
    return true;
  return false;
}

static uint32_t class_bit(const char *name, size_t n) {
  static const struct {
    const char *name;
    uint32_t bit;
  } tab[] = {{"alpha", CL_ALPHA}, {"digit", CL_DIGIT}, {"alnum", CL_ALNUM},
             {"upper", CL_UPPER}, {"lower", CL_LOWER}, {"space", CL_SPACE},
             {"blank", CL_BLANK}, {"punct", CL_PUNCT}, {"print", CL_PRINT},
             {"graph", CL_GRAPH}, {"cntrl", CL_CNTRL}, {"xdigit", CL_XDIGIT},
             {"word", CL_WORD}};
  for (size_t i = 0; i < sizeof tab / sizeof tab[0]; i++)
    if (strlen(tab[i].name) == n && memcmp(tab[i].name, name, n) == 0)
      return tab[i].bit;
  return 0;
}

static uint32_t decode_key(const char *s, size_t n, size_t *len,
                           bool bytewise) {
  unsigned char b = (unsigned char)s[0];
  if (bytewise || b < 0x80) {
    *len = 1;
    return b < 0x80 ? b : RAW_BASE + b;
  }
  int32_t cp;
  int l = vsh__utf8_decode(s, n, &cp);
  *len = (size_t)l;
  return cp < 0 ? RAW_BASE + (unsigned char)s[0] : (uint32_t)cp;
}

/* ---- compiling ------------------------------------------------------- */

/* The pattern as characters, each marked escaped (quoted or after an
 * unquoted backslash): escaped characters are never special. */
typedef struct unit {
  uint32_t ch;
  bool esc;
  uint32_t off, len; /* source bytes, for the literal form */
} unit;

typedef struct compiler {
  vsh_arena *a;
  const char *pat;
  unit *u;
  size_t nu;
  unsigned flags;
  pat_node *nodes;
  uint32_t nnodes;
  pat_seq *seqs;
  uint32_t nseqs;
  pat_range *ranges;
  uint32_t nranges;
  bool magic;
  int depth;
  size_t last_close; /* index after the last unescaped ']' (0: none) */
} compiler;

static bool is_op(const compiler *c, size_t i) {
  if (!(c->flags & SH_PAT_EXTGLOB) || i + 1 >= c->nu || c->u[i].esc ||
      c->u[i + 1].esc || c->u[i + 1].ch != '(')
    return false;
  uint32_t ch = c->u[i].ch;
  return ch == '?' || ch == '*' || ch == '+' || ch == '@' || ch == '!';
}

static bool unit_is(const compiler *c, size_t i, uint32_t ch) {
  return i < c->nu && !c->u[i].esc && c->u[i].ch == ch;
}

/* Length of a [:name:] / [=c=] / [.name.] starting at i ('[' at i), or 0
 * when it is not closed within BRACKET_NAME_MAX characters.  The closing
 * delimiter may be escaped ([[:punct\:]] is [[:punct:]] to bash). */
static size_t bracket_sub(const compiler *c, size_t i, uint32_t delim) {
  for (size_t k = i + 2; k < c->nu && k <= i + 2 + BRACKET_NAME_MAX; k++)
    if (c->u[k].ch == delim && unit_is(c, k + 1, ']')) return k + 2 - i;
  return 0;
}

/* Index after the ']' closing the bracket expression at i, or 0 when
 * unterminated (the '[' is then an ordinary character). */
static size_t bracket_end(const compiler *c, size_t i) {
  if (c->last_close <= i + 1) return 0;
  size_t k = i + 1;
  if (unit_is(c, k, '!') || unit_is(c, k, '^')) k++;
  if (unit_is(c, k, ']')) k++;
  while (k < c->nu) {
    if (unit_is(c, k, ']')) return k + 1;
    if (unit_is(c, k, '[') &&
        (unit_is(c, k + 1, ':') || unit_is(c, k + 1, '=') ||
         unit_is(c, k + 1, '.'))) {
      size_t l = bracket_sub(c, k, c->u[k + 1].ch);
      k += l ? l : 1;
      continue;
    }
    k++;
  }
  return 0;
}

/* Index of the ')' closing the group whose '(' is at i, or 0.  Nested
 * groups are counted rather than recursed into; a nesting past the cap
 * reports SIZE_MAX so compile can fail instead of rescanning. */
static size_t group_end(const compiler *c, size_t i, int depth) {
  int d = 1;
  for (size_t k = i + 1; k < c->nu; k++) {
    if (c->u[k].esc) continue;
    if (c->u[k].ch == '[') {
      size_t e = bracket_end(c, k);
      if (e) k = e - 1;
    } else if (is_op(c, k)) {
      if (depth + d >= SH_PAT_MAX_DEPTH) return SIZE_MAX;
      d++;
      k++;
    } else if (c->u[k].ch == ')' && --d == 0) {
      return k;
    }
  }
  return 0;
}

static uint32_t new_node(compiler *c, uint32_t seq, uint8_t kind) {
  uint32_t id = c->nnodes++;
  pat_node *n = &c->nodes[id];
  memset(n, 0, sizeof *n);
  n->kind = kind;
  n->next = NIL;
  n->prev = c->seqs[seq].tail;
  if (n->prev == NIL) c->seqs[seq].head = id;
  else c->nodes[n->prev].next = id;
  c->seqs[seq].tail = id;
  return id;
}

static uint32_t key_of(const compiler *c, uint32_t ch) {
  return (c->flags & SH_PAT_NOCASE) ? fold(ch) : ch;
}

/* Parses the bracket [i, end) into a N_CLASS node. */
static void parse_bracket(compiler *c, uint32_t seq, size_t i, size_t end) {
  uint32_t id = new_node(c, seq, N_CLASS);
  pat_node *n = &c->nodes[id];
  n->first = c->nranges;
  size_t k = i + 1, stop = end - 1;
  if (unit_is(c, k, '!') || unit_is(c, k, '^')) {
    n->neg = true;
    k++;
  }
  while (k < stop) {
    uint32_t lo;
    if (unit_is(c, k, '[') &&
        (unit_is(c, k + 1, ':') || unit_is(c, k + 1, '=') ||
         unit_is(c, k + 1, '.'))) {
      uint32_t delim = c->u[k + 1].ch;
      size_t l = bracket_sub(c, k, delim);
      if (l) {
        size_t name = k + 2, nlen = l - 4;
        k += l;
        if (delim == ':') {
          char buf[BRACKET_NAME_MAX + 1];
          size_t bl = 0;
          bool ok = nlen <= BRACKET_NAME_MAX;
          for (size_t j = 0; ok && j < nlen; j++) {
            uint32_t ch = c->u[name + j].ch;
            ok = ch < 0x80;
            buf[bl++] = (char)ch;
          }
          n->classes |= ok ? class_bit(buf, bl) : 0;
          continue;
        }
        if (nlen == 1) {
          lo = c->u[name].ch;
        } else if (delim == '.' && nlen == 5 &&
                   memcmp(c->pat + c->u[name].off, "space", 5) == 0) {
          lo = ' ';
        } else {
          continue; /* unknown collating element: matches nothing */
        }
        goto have_lo;
      }
    }
    lo = c->u[k].ch;
    k++;
  have_lo:
    /* A '-' between two members makes a range; a trailing one is plain. */
    if (unit_is(c, k, '-') && k + 1 < stop) {
      uint32_t hi = c->u[k + 1].ch;
      k += 2;
      if (c->flags & SH_PAT_NOCASE) {
        lo = fold(lo);
        hi = fold(hi);
      }
      c->ranges[c->nranges++] = (pat_range){lo, hi};
      continue;
    }
    lo = key_of(c, lo);
    c->ranges[c->nranges++] = (pat_range){lo, lo};
  }
  n->count = c->nranges - n->first;
}

static int parse_seq(compiler *c, size_t *pos, int depth, uint32_t *out);

static int parse_group(compiler *c, uint32_t seq, size_t i, size_t end,
                       int depth) {
  uint32_t id = new_node(c, seq, N_GROUP);
  c->nodes[id].op = (uint8_t)c->u[i].ch;
  if (depth + 1 > c->depth) c->depth = depth + 1;
  /* Alternatives first take consecutive seq slots, filled afterwards. */
  size_t k = i + 2;
  uint32_t nalt = 1;
  int d = 0;
  for (size_t j = k; j < end; j++) {
    if (c->u[j].esc) continue;
    if (c->u[j].ch == '[') {
      size_t e = bracket_end(c, j);
      if (e) j = e - 1;
    } else if (is_op(c, j)) {
      d++;
      j++;
    } else if (c->u[j].ch == ')') {
      d--;
    } else if (c->u[j].ch == '|' && d == 0) {
      nalt++;
    }
  }
  uint32_t base = c->nseqs;
  c->nseqs += nalt;
  c->nodes[id].first = base;
  c->nodes[id].count = nalt;
  for (uint32_t a = 0; a < nalt; a++) {
    c->seqs[base + a] = (pat_seq){NIL, NIL};
    uint32_t s = base + a;
    int rc = parse_seq(c, &k, depth + 1, &s);
    if (rc) return rc;
    k++; /* the '|' or ')' */
  }
  return 0;
}

/* Parses units from *pos into seq *out (allocated when NIL) until the end
 * or, inside a group, an unescaped '|' or ')'. */
static int parse_seq(compiler *c, size_t *pos, int depth, uint32_t *out) {
  uint32_t seq = *out;
  if (seq == NIL) {
    seq = c->nseqs++;
    c->seqs[seq] = (pat_seq){NIL, NIL};
    *out = seq;
  }
  size_t i = *pos;
  while (i < c->nu) {
    const unit *u = &c->u[i];
    if (depth > 0 && !u->esc && (u->ch == '|' || u->ch == ')')) break;
    if (is_op(c, i)) {
      size_t end = group_end(c, i + 1, depth);
      if (end == SIZE_MAX) return VSH_EINVAL;
      if (end) {
        int rc = parse_group(c, seq, i, end, depth);
        if (rc) return rc;
        c->magic = true;
        i = end + 1;
        continue;
      }
      /* bash: an operator whose group never closes is a plain character. */
      uint32_t id = new_node(c, seq, N_CHAR);
      c->nodes[id].ch = key_of(c, u->ch);
      i++;
      continue;
    }
    if (!u->esc && u->ch == '*') {
      uint32_t t = c->seqs[seq].tail;
      if (t == NIL || c->nodes[t].kind != N_STAR) new_node(c, seq, N_STAR);
      c->magic = true;
      i++;
      continue;
    }
    if (!u->esc && u->ch == '?') {
      new_node(c, seq, N_ANY);
      c->magic = true;
      i++;
      continue;
    }
    if (!u->esc && u->ch == '[') {
      size_t end = bracket_end(c, i);
      if (end) {
        parse_bracket(c, seq, i, end);
        c->magic = true;
        i = end;
        continue;
      }
    }
    uint32_t id = new_node(c, seq, N_CHAR);
    c->nodes[id].ch = key_of(c, u->ch);
    i++;
  }
  *pos = i;
  return 0;
}

/* Splits pat into units (bytewise or by UTF-8 character) and parses them
 * into prog; the unit array is left in c for the literal form. */
static int compile_prog(compiler *c, const unsigned char *quoted, size_t len,
                        bool bytewise, pat_prog *prog) {
  const char *pat = c->pat;
  c->nu = c->nnodes = c->nseqs = c->nranges = 0;
  c->last_close = 0;
  c->depth = 0;
  c->magic = false;
  for (size_t i = 0; i < len;) {
    unit *u = &c->u[c->nu++];
    bool q = quoted && quoted[i];
    size_t at = i, l;
    if (!q && pat[i] == '\\' && i + 1 < len) {
      at = i + 1;
      q = true;
    }
    u->ch = decode_key(pat + at, len - at, &l, bytewise);
    u->esc = q || pat[i] == '\\'; /* a trailing backslash is literal */
    u->off = (uint32_t)at;
    u->len = (uint32_t)l;
    i = at + l;
    if (!u->esc && u->ch == ']') c->last_close = c->nu;
  }
  /* Every unit yields at most one node, range and sequence. */
  size_t cap = len + 1;
  c->nodes = vsh__arena_alloc(c->a, cap * sizeof *c->nodes);
  c->seqs = vsh__arena_alloc(c->a, cap * sizeof *c->seqs);
  c->ranges = vsh__arena_alloc(c->a, cap * sizeof *c->ranges);
  if (!c->nodes || !c->seqs || !c->ranges) return VSH_ENOMEM;
  size_t pos = 0;
  uint32_t root = NIL;
  int rc = parse_seq(c, &pos, 0, &root);
  if (rc) return rc;
  *prog = (pat_prog){c->depth, root, c->nodes, c->seqs, c->ranges};
  return 0;
}

int sh_pattern_compile(sh_pattern **out, vsh_arena *a, const char *pat,
                       size_t len, const unsigned char *quoted,
                       unsigned flags) {
  *out = NULL;
  if (len >= UINT32_MAX) return VSH_EINVAL;
  compiler c = {.a = a, .pat = pat, .flags = flags};
  size_t cap = len + 1;
  c.u = vsh__malloc(a->al, cap * sizeof *c.u);
  sh_pattern *p = vsh__arena_zalloc(a, sizeof *p);
  int rc = VSH_ENOMEM;
  if (!c.u || !p) goto done;
  bool ascii = true;
  for (size_t i = 0; i < len && ascii; i++)
    ascii = (unsigned char)pat[i] < 0x80;
  p->invalid = (flags & SH_PAT_BYTES) || !vsh__utf8_valid(pat, len);
  if ((!ascii || p->invalid) &&
      (rc = compile_prog(&c, quoted, len, true, &p->bytes)))
    goto done;
  if (!p->invalid && (rc = compile_prog(&c, quoted, len, false, &p->mb)))
    goto done;
  if (ascii && !p->invalid) p->bytes = p->mb;
  if (p->invalid) p->mb = p->bytes;
  if (!c.magic) {
    size_t total = 0;
    for (size_t i = 0; i < c.nu; i++) total += c.u[i].len;
    char *lit = vsh__arena_alloc(a, total + 1);
    rc = VSH_ENOMEM;
    if (!lit) goto done;
    size_t w = 0;
    for (size_t i = 0; i < c.nu; i++) {
      memcpy(lit + w, pat + c.u[i].off, c.u[i].len);
      w += c.u[i].len;
    }
    lit[w] = '\0';
    p->lit = lit;
    p->lit_len = w;
  }
  p->flags = flags;
  p->magic = c.magic;
  p->al = a->al;
  *out = p;
  rc = 0;
done:
  if (c.u) vsh__free(a->al, c.u, cap * sizeof *c.u);
  return rc;
}

bool sh_pattern_has_magic(const sh_pattern *p) { return p->magic; }

const char *sh_pattern_literal(const sh_pattern *p, size_t *len) {
  if (len) *len = p->magic ? 0 : p->lit_len;
  return p->magic ? NULL : p->lit;
}

/* ---- matching -------------------------------------------------------- */

/* Positions are character indices 0..n; a set is a bitset of n+1 bits.
 * Sets come from a stack pool sized by the nesting depth. */
typedef struct matcher {
  const sh_pattern *p;
  const pat_prog *prog;
  bool bytewise;
  const uint32_t *key; /* n keys, as written */
  size_t n, words;
  const uint64_t *block; /* chars a wildcard may not consume, or NULL */
  uint64_t *pool;
  size_t top, cap; /* in sets */
  sh_pattern_budget *b;
  uint64_t since_poll;
} matcher;

static int charge(matcher *m, uint64_t k) {
  if (m->b->steps < k) return VSH_ELIMIT;
  m->b->steps -= k;
  m->since_poll += k;
  if (m->since_poll >= POLL_EVERY) {
    m->since_poll = 0;
    if (m->b->cancelled && m->b->cancelled(m->b->ud)) return VSH_EABORTED;
  }
  return 0;
}

static uint64_t *set_push(matcher *m) {
  if (m->top >= m->cap) return NULL;
  return m->pool + m->words * m->top++;
}

static void set_clear(const matcher *m, uint64_t *s) {
  memset(s, 0, m->words * sizeof *s);
}
static bool has(const uint64_t *s, size_t i) {
  return s[i >> 6] >> (i & 63) & 1;
}
static void add(uint64_t *s, size_t i) { s[i >> 6] |= (uint64_t)1 << (i & 63); }
static bool set_empty(const matcher *m, const uint64_t *s) {
  for (size_t w = 0; w < m->words; w++)
    if (s[w]) return false;
  return true;
}
/* Next member >= i, or SIZE_MAX. */
static size_t next_bit(const matcher *m, const uint64_t *s, size_t i) {
  if (i > m->n) return SIZE_MAX;
  size_t w = i >> 6;
  uint64_t v = s[w] & (~(uint64_t)0 << (i & 63));
  while (!v) {
    if (++w >= m->words) return SIZE_MAX;
    v = s[w];
  }
  return (w << 6) + (size_t)__builtin_ctzll(v);
}
static size_t last_bit(const matcher *m, const uint64_t *s) {
  for (size_t w = m->words; w-- > 0;)
    if (s[w]) return (w << 6) + 63 - (size_t)__builtin_clzll(s[w]);
  return SIZE_MAX;
}
static bool blocked(const matcher *m, size_t i) {
  return m->block && has(m->block, i);
}

static bool node_matches(const matcher *m, const pat_node *e, size_t i) {
  uint32_t c = m->key[i];
  bool nocase = m->p->flags & SH_PAT_NOCASE;
  if (e->kind == N_CHAR) return (nocase ? fold(c) : c) == e->ch;
  if (blocked(m, i)) return false;
  if (e->kind == N_ANY) return true;
  /* bash tests classes on the character as written, ranges and members
   * on its lower-case form. */
  bool hit = e->classes && in_class(c, e->classes);
  if (nocase) c = fold(c);
  for (uint32_t r = 0; !hit && r < e->count; r++) {
    const pat_range *rg = &m->prog->ranges[e->first + r];
    hit = c >= rg->lo && c <= rg->hi;
  }
  return hit != e->neg;
}

static int run_seq(matcher *m, uint32_t seq, bool back, const uint64_t *in,
                   uint64_t *out, int depth);

/* out = union over the group's alternatives of run_seq(in). */
static int run_alts(matcher *m, const pat_node *g, bool back,
                    const uint64_t *in, uint64_t *out, int depth) {
  size_t top = m->top;
  uint64_t *tmp = set_push(m);
  if (!tmp) return VSH_ENOMEM;
  set_clear(m, out);
  int rc = 0;
  for (uint32_t a = 0; a < g->count && !rc; a++) {
    rc = run_seq(m, g->first + a, back, in, tmp, depth + 1);
    for (size_t w = 0; w < m->words; w++) out[w] |= tmp[w];
  }
  m->top = top;
  return rc;
}

/* When every alternative is one character test (*(a|b), +([0-9])), the
 * closure is a single sweep instead of one pass per repetition. */
static bool single_char_alts(const matcher *m, const pat_node *g) {
  for (uint32_t a = 0; a < g->count; a++) {
    const pat_seq *s = &m->prog->seqs[g->first + a];
    if (s->head == NIL || s->head != s->tail) return false;
    uint8_t k = m->prog->nodes[s->head].kind;
    if (k != N_CHAR && k != N_ANY && k != N_CLASS) return false;
  }
  return true;
}

static bool any_alt_matches(const matcher *m, const pat_node *g, size_t i) {
  for (uint32_t a = 0; a < g->count; a++)
    if (node_matches(m, &m->prog->nodes[m->prog->seqs[g->first + a].head], i))
      return true;
  return false;
}

static int sweep(matcher *m, const pat_node *g, bool back, const uint64_t *in,
                 uint64_t *out) {
  memcpy(out, in, m->words * sizeof *out);
  size_t first = back ? last_bit(m, in) : next_bit(m, in, 0);
  if (first == SIZE_MAX) return 0;
  if (!back) {
    for (size_t i = first; i < m->n; i++)
      if (has(out, i) && any_alt_matches(m, g, i)) add(out, i + 1);
  } else {
    for (size_t i = first; i > 0; i--)
      if (has(out, i) && any_alt_matches(m, g, i - 1)) add(out, i - 1);
  }
  return charge(m, (back ? first : m->n - first) * g->count + m->words);
}

/* out = every position reachable from in by zero or more alternatives. */
static int closure(matcher *m, const pat_node *g, bool back, const uint64_t *in,
                   uint64_t *out, int depth) {
  if (single_char_alts(m, g)) return sweep(m, g, back, in, out);
  size_t top = m->top;
  uint64_t *front = set_push(m), *got = set_push(m);
  if (!front || !got) return VSH_ENOMEM;
  memcpy(out, in, m->words * sizeof *out);
  memcpy(front, in, m->words * sizeof *out);
  int rc = 0;
  for (;;) {
    rc = run_alts(m, g, back, front, got, depth);
    if (rc) break;
    bool any = false;
    for (size_t w = 0; w < m->words; w++) {
      front[w] = got[w] & ~out[w];
      out[w] |= front[w];
      any |= front[w] != 0;
    }
    if (!any || (rc = charge(m, m->words))) break;
  }
  m->top = top;
  return rc;
}

/* !(..): from each start, every end the alternatives do not reach, as
 * far as a wildcard could run (so '/' and a leading '.' still bind). */
static int negate(matcher *m, const pat_node *g, bool back, const uint64_t *in,
                  uint64_t *out, int depth) {
  size_t top = m->top;
  uint64_t *one = set_push(m), *got = set_push(m);
  if (!one || !got) return VSH_ENOMEM;
  set_clear(m, out);
  set_clear(m, one);
  int rc = 0;
  for (size_t i = next_bit(m, in, 0); i != SIZE_MAX && !rc;
       i = next_bit(m, in, i + 1)) {
    add(one, i);
    rc = run_alts(m, g, back, one, got, depth);
    one[i >> 6] = 0;
    if (rc) break;
    size_t j = i;
    for (;;) {
      if (!has(got, j)) add(out, j);
      if (back ? (j == 0 || blocked(m, j - 1)) : (j == m->n || blocked(m, j)))
        break;
      j = back ? j - 1 : j + 1;
    }
    rc = charge(m, (back ? i - j : j - i) + m->words);
  }
  m->top = top;
  return rc;
}

static int run_star(matcher *m, bool back, const uint64_t *in, uint64_t *out) {
  set_clear(m, out);
  size_t first = back ? last_bit(m, in) : next_bit(m, in, 0);
  if (first == SIZE_MAX) return 0;
  if (!m->block) {
    /* No barriers: everything on one side of the extreme start. */
    size_t lo = back ? 0 : first, hi = back ? first : m->n;
    for (size_t w = lo >> 6; w <= hi >> 6; w++) {
      uint64_t v = ~(uint64_t)0;
      if (w == lo >> 6) v &= ~(uint64_t)0 << (lo & 63);
      if (w == hi >> 6 && (hi & 63) != 63)
        v &= ((uint64_t)1 << ((hi & 63) + 1)) - 1;
      out[w] = v;
    }
    return charge(m, m->words);
  }
  bool on = false;
  if (!back) {
    for (size_t i = first; i <= m->n; i++) {
      on |= has(in, i);
      if (on) add(out, i);
      if (i < m->n && blocked(m, i)) on = false;
    }
  } else {
    for (size_t i = first + 1; i-- > 0;) {
      on |= has(in, i);
      if (on) add(out, i);
      if (i > 0 && blocked(m, i - 1)) on = false;
    }
  }
  return charge(m, m->n + 1);
}

static int run_char(matcher *m, const pat_node *e, bool back,
                    const uint64_t *in, uint64_t *out) {
  set_clear(m, out);
  size_t k = 0;
  for (size_t i = next_bit(m, in, 0); i != SIZE_MAX;
       i = next_bit(m, in, i + 1)) {
    k++;
    if (back) {
      if (i > 0 && node_matches(m, e, i - 1)) add(out, i - 1);
    } else if (i < m->n && node_matches(m, e, i)) {
      add(out, i + 1);
    }
  }
  return charge(m, k + m->words);
}

static int run_node(matcher *m, const pat_node *e, bool back,
                    const uint64_t *in, uint64_t *out, int depth) {
  switch (e->kind) {
  case N_STAR: return run_star(m, back, in, out);
  case N_GROUP: break;
  default: return run_char(m, e, back, in, out);
  }
  int rc;
  switch (e->op) {
  case '@': return run_alts(m, e, back, in, out, depth);
  case '?':
    rc = run_alts(m, e, back, in, out, depth);
    for (size_t w = 0; !rc && w < m->words; w++) out[w] |= in[w];
    return rc;
  case '*': return closure(m, e, back, in, out, depth);
  case '+': {
    size_t top = m->top;
    uint64_t *once = set_push(m);
    if (!once) return VSH_ENOMEM;
    rc = run_alts(m, e, back, in, once, depth);
    if (!rc) rc = closure(m, e, back, once, out, depth);
    m->top = top;
    return rc;
  }
  default: return negate(m, e, back, in, out, depth);
  }
}

static int run_seq(matcher *m, uint32_t seq, bool back, const uint64_t *in,
                   uint64_t *out, int depth) {
  if (depth > SH_PAT_MAX_DEPTH) return VSH_EINVAL;
  const pat_seq *s = &m->prog->seqs[seq];
  size_t top = m->top;
  uint64_t *cur = set_push(m), *nxt = set_push(m);
  if (!cur || !nxt) return VSH_ENOMEM;
  memcpy(cur, in, m->words * sizeof *cur);
  int rc = 0;
  for (uint32_t id = back ? s->tail : s->head; id != NIL;) {
    const pat_node *e = &m->prog->nodes[id];
    rc = run_node(m, e, back, cur, nxt, depth);
    if (rc) break;
    uint64_t *t = cur;
    cur = nxt;
    nxt = t;
    if (set_empty(m, cur)) break;
    id = back ? e->prev : e->next;
  }
  memcpy(out, cur, m->words * sizeof *out);
  m->top = top;
  return rc;
}

/* Small subjects run on the stack; larger ones get one heap block. */
#define STACK_WORDS 512

typedef struct match_run {
  matcher m;
  uint64_t stack[STACK_WORDS];
  void *heap;
  size_t heap_size;
  uint64_t *a, *b; /* two result sets for the caller */
  sh_pattern_budget local;
} match_run;

static int run_begin(match_run *r, const sh_pattern *p, const char *s, size_t n,
                     sh_pattern_budget *b) {
  matcher *m = &r->m;
  memset(m, 0, sizeof *m);
  r->heap = NULL;
  if (!b) {
    r->local = (sh_pattern_budget){SH_PAT_DEFAULT_STEPS, NULL, NULL};
    b = &r->local;
  }
  m->p = p;
  m->b = b;
  m->bytewise = p->invalid || !vsh__utf8_valid(s, n);
  m->prog = m->bytewise ? &p->bytes : &p->mb;
  size_t chars = m->bytewise ? n : vsh__utf8_count(s, n);
  m->n = chars;
  m->words = (chars + 1 + 63) / 64;
  /* + 1: sh_pattern_scan keeps the set of match starts below the runs */
  m->cap = 6 * ((size_t)m->prog->depth + 2) + 5;
  bool need_block = p->flags & (SH_PAT_PATHNAME | SH_PAT_PERIOD);
  size_t sets = m->cap + 2 + (need_block ? 1 : 0), bytes, w, kb;
  if (!vsh__mul_size(sets, m->words, &w) || !vsh__mul_size(w, 8, &bytes) ||
      !vsh__mul_size(chars, sizeof(uint32_t), &kb) ||
      !vsh__add_size(bytes, kb, &bytes))
    return VSH_ENOMEM;
  int rc = charge(m, chars + 1);
  if (rc) return rc;
  uint64_t *mem = r->stack;
  if (bytes > sizeof r->stack) {
    mem = vsh__malloc(p->al, bytes);
    if (!mem) return VSH_ENOMEM;
    r->heap = mem;
    r->heap_size = bytes;
  }
  m->pool = mem;
  r->a = mem + m->cap * m->words;
  r->b = r->a + m->words;
  uint64_t *block = r->b + m->words;
  uint32_t *key = (uint32_t *)(block + (need_block ? m->words : 0));
  if (need_block) memset(block, 0, m->words * 8);
  bool slash = p->flags & SH_PAT_PATHNAME, period = p->flags & SH_PAT_PERIOD;
  for (size_t i = 0, off = 0; i < chars; i++) {
    size_t l;
    uint32_t c = decode_key(s + off, n - off, &l, m->bytewise);
    off += l;
    key[i] = c;
    if (need_block &&
        ((slash && c == '/') ||
         (period && c == '.' && (i == 0 || (slash && key[i - 1] == '/')))))
      add(block, i);
  }
  m->key = key;
  m->block = need_block ? block : NULL;
  return 0;
}

static void run_end(match_run *r) {
  if (r->heap) vsh__free(r->m.p->al, r->heap, r->heap_size);
}

int sh_pattern_match(const sh_pattern *p, const char *s, size_t n,
                     sh_pattern_budget *b) {
  if (!p->magic && !(p->flags & SH_PAT_NOCASE))
    return n == p->lit_len && memcmp(s, p->lit, n) == 0;
  match_run r;
  int rc = run_begin(&r, p, s, n, b);
  if (rc == 0) {
    set_clear(&r.m, r.a);
    add(r.a, 0);
    rc = run_seq(&r.m, r.m.prog->root, false, r.a, r.b, 0);
    if (rc == 0) rc = has(r.b, r.m.n);
  }
  run_end(&r);
  return rc;
}

/* Byte offset of character index i. */
static size_t byte_at(const char *s, size_t n, size_t i, bool bytewise) {
  if (bytewise) return i;
  size_t off = 0;
  while (i-- > 0) {
    size_t l;
    decode_key(s + off, n - off, &l, false);
    off += l;
  }
  return off;
}

/* A pattern without magic and without case folding is its literal: it
 * is matched with memcmp/memmem, in time linear in the subject.  (Bytes
 * equal means characters equal: both sides are the same encoding.) */
static bool plain_literal(const sh_pattern *p) {
  return !p->magic && !(p->flags & SH_PAT_NOCASE);
}

static int literal_find(const sh_pattern *p, const char *s, size_t n, int mode,
                        size_t from, size_t *st) {
  size_t k = p->lit_len;
  if (k > n - from) return 0;
  switch (mode) {
  case SH_PAT_PREFIX_SHORT:
  case SH_PAT_PREFIX_LONG:
    if (memcmp(s + from, p->lit, k)) return 0;
    *st = from;
    return 1;
  case SH_PAT_SUFFIX_SHORT:
  case SH_PAT_SUFFIX_LONG:
    if (memcmp(s + n - k, p->lit, k)) return 0;
    *st = n - k;
    return 1;
  default: {
    if (k == 0) {
      *st = from;
      return 1;
    }
    /* a valid literal never starts with a continuation byte, so a hit is
     * on a character boundary; an invalid one is matched bytewise */
    const char *h = memmem(s + from, n - from, p->lit, k);
    if (!h) return 0;
    *st = (size_t)(h - s);
    return 1;
  }
  }
}

/* The number of characters every match of the program has, or SIZE_MAX
 * when it varies (a '*' or a group). */
static size_t fixed_length(const pat_prog *g) {
  size_t k = 0;
  for (uint32_t i = g->seqs[g->root].head; i != NIL; i = g->nodes[i].next) {
    uint8_t kind = g->nodes[i].kind;
    if (kind != N_CHAR && kind != N_ANY && kind != N_CLASS) return SIZE_MAX;
    k++;
  }
  return k;
}

int sh_pattern_scan(const sh_pattern *p, const char *s, size_t n, bool all,
                    int (*fn)(void *ud, size_t start, size_t len), void *ud,
                    sh_pattern_budget *b) {
  if (plain_literal(p)) {
    size_t pos = 0, st;
    int rc = 0;
    while (pos <= n && literal_find(p, s, n, SH_PAT_ANY, pos, &st) == 1) {
      if ((rc = fn(ud, st, p->lit_len)) < 0) return rc;
      if (p->lit_len == 0) { /* cannot happen: empty patterns never reach */
        pos = st + 1;
      } else {
        pos = st + p->lit_len;
      }
      if (!all || pos >= n) break;
    }
    return 0;
  }
  match_run r;
  int rc = run_begin(&r, p, s, n, b);
  if (rc) {
    run_end(&r);
    return rc;
  }
  matcher *m = &r.m;
  /* the starts of every match, once: a match of s[i..j) does not depend on
   * where the scan resumed (patterns here carry no anchors) */
  uint64_t *starts = set_push(m);
  if (!starts) {
    run_end(&r);
    return VSH_ENOMEM;
  }
  set_clear(m, r.a);
  for (size_t i = 0; i <= m->n; i++) add(r.a, i);
  rc = run_seq(m, m->prog->root, true, r.a, starts, 0);
  size_t fixed = fixed_length(m->prog);
  size_t ci = 0, cb = 0; /* a character index and its byte offset */
  size_t pos = 0, count = 0;
  while (!rc && pos <= m->n) {
    /* after a replacement, no empty match at the very end (bash) */
    if (pos == m->n && count) break;
    size_t from = next_bit(m, starts, pos);
    if (from > m->n) break;
    size_t to;
    if (fixed != SIZE_MAX) { /* every match has the same length */
      to = from + fixed;
      if ((rc = charge(m, fixed + 1))) break;
    } else {
      set_clear(m, r.a);
      add(r.a, from);
      if ((rc = run_seq(m, m->prog->root, false, r.a, r.b, 0))) break;
      to = last_bit(m, r.b);
    }
    while (ci < from) {
      size_t l;
      decode_key(s + cb, n - cb, &l, m->bytewise);
      cb += l;
      ci++;
    }
    size_t bs = cb;
    while (ci < to) {
      size_t l;
      decode_key(s + cb, n - cb, &l, m->bytewise);
      cb += l;
      ci++;
    }
    if ((rc = fn(ud, bs, cb - bs)) < 0) break;
    rc = 0;
    count++;
    pos = to > from ? to : from + 1;
    if (!all || (to > from && to >= m->n)) break;
  }
  run_end(&r);
  return rc;
}

int sh_pattern_find(const sh_pattern *p, const char *s, size_t n, int mode,
                    size_t *match_start, size_t *match_len,
                    sh_pattern_budget *b) {
  *match_start = *match_len = 0;
  if (mode < SH_PAT_PREFIX_SHORT || mode > SH_PAT_ANY) return VSH_EINVAL;
  if (plain_literal(p)) {
    size_t st;
    int hit = literal_find(p, s, n, mode, 0, &st);
    if (hit == 1) {
      *match_start = st;
      *match_len = p->lit_len;
    }
    return hit;
  }
  match_run r;
  int rc = run_begin(&r, p, s, n, b);
  if (rc) {
    run_end(&r);
    return rc;
  }
  matcher *m = &r.m;
  size_t from = 0, to = SIZE_MAX;
  set_clear(m, r.a);
  if (mode == SH_PAT_PREFIX_SHORT || mode == SH_PAT_PREFIX_LONG) {
    add(r.a, 0);
    rc = run_seq(m, m->prog->root, false, r.a, r.b, 0);
    if (rc == 0 && !set_empty(m, r.b))
      to = mode == SH_PAT_PREFIX_SHORT ? next_bit(m, r.b, 0) : last_bit(m, r.b);
  } else if (mode == SH_PAT_SUFFIX_SHORT || mode == SH_PAT_SUFFIX_LONG) {
    add(r.a, m->n);
    rc = run_seq(m, m->prog->root, true, r.a, r.b, 0);
    if (rc == 0 && !set_empty(m, r.b)) {
      from =
          mode == SH_PAT_SUFFIX_SHORT ? last_bit(m, r.b) : next_bit(m, r.b, 0);
      to = m->n;
    }
  } else {
    /* Starts of any match: run backwards from every end; then the
     * longest match from the leftmost start. */
    for (size_t i = 0; i <= m->n; i++) add(r.a, i);
    rc = run_seq(m, m->prog->root, true, r.a, r.b, 0);
    if (rc == 0 && !set_empty(m, r.b)) {
      from = next_bit(m, r.b, 0);
      set_clear(m, r.a);
      add(r.a, from);
      rc = run_seq(m, m->prog->root, false, r.a, r.b, 0);
      if (rc == 0) to = last_bit(m, r.b);
    }
  }
  bool bytewise = m->bytewise;
  run_end(&r);
  if (rc || to == SIZE_MAX) return rc;
  size_t bs = byte_at(s, n, from, bytewise);
  *match_start = bs;
  *match_len = byte_at(s + bs, n - bs, to - from, bytewise);
  return 1;
}
