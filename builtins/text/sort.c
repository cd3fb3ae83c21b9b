/* sort.c: sort lines of text files, GNU-compatible in the C locale (byte
 * order).  Flags -b -d -f -g -h -i -M -n -R -r -V, -k KEYDEF (POSIX field
 * and character positions with per-key options), -t -s -u -c -C -m -o -z,
 * --random-source.  Input is read whole (sorting needs it), then sorted
 * with a stable merge sort.  -R hashes keys with a seed taken from the
 * shell's $RANDOM state (or the --random-source file), so a seeded shell
 * sorts the same way every time.  -S, -T, --parallel are accepted. */
#include "builtins/builtins.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

typedef struct sort_key {
  size_t sword, schar, eword, echar; /* eword SIZE_MAX: end of line */
  bool skipsblanks, skipeblanks;
  bool numeric, general, human, month, version, random;
  bool fold, dict, nonprint, reverse;
} sort_key;

typedef struct sort_line {
  const char *p;
  size_t n;
  uint64_t pre; /* the first 8 bytes, big-endian, zero-padded */
} sort_line;

typedef struct sort_cfg {
  sort_key *keys;
  size_t nkeys;
  int tab; /* -1: blank-separated fields */
  bool stable, unique, reverse;
  bool plain;  /* one whole-line key without options: bytes decide */
  bool numpre; /* -n on the whole line, every value an int64: pre holds it */
  uint64_t seed;
} sort_cfg;

static bool is_blank(unsigned char c) { return c == ' ' || c == '\t'; }

/* ---- keys ---------------------------------------------------------------- */

static const char *begfield(const sort_cfg *c, const sort_key *k,
                            const char *ptr, const char *lim) {
  size_t sword = k->sword;
  if (c->tab >= 0) {
    while (ptr < lim && sword--) {
      while (ptr < lim && *ptr != (char)c->tab) ptr++;
      if (ptr < lim) ptr++;
    }
  } else {
    while (ptr < lim && sword--) {
      while (ptr < lim && is_blank((unsigned char)*ptr)) ptr++;
      while (ptr < lim && !is_blank((unsigned char)*ptr)) ptr++;
    }
  }
  if (k->skipsblanks)
    while (ptr < lim && is_blank((unsigned char)*ptr)) ptr++;
  return (size_t)(lim - ptr) < k->schar ? lim : ptr + k->schar;
}

static const char *limfield(const sort_cfg *c, const sort_key *k,
                            const char *ptr, const char *lim) {
  if (k->eword == SIZE_MAX) return lim;
  size_t eword = k->eword, echar = k->echar;
  if (c->tab >= 0) {
    while (ptr < lim && eword--) {
      while (ptr < lim && *ptr != (char)c->tab) ptr++;
      if (ptr < lim && (eword || echar)) ptr++;
    }
  } else {
    while (ptr < lim && eword--) {
      while (ptr < lim && is_blank((unsigned char)*ptr)) ptr++;
      while (ptr < lim && !is_blank((unsigned char)*ptr)) ptr++;
    }
  }
  if (echar) {
    if (k->skipeblanks)
      while (ptr < lim && is_blank((unsigned char)*ptr)) ptr++;
    ptr = (size_t)(lim - ptr) < echar ? lim : ptr + echar;
  }
  return ptr;
}

/* ---- comparisons of one key ----------------------------------------------- */

/* Decimal strings compared by value: [blanks][-]digits[.digits]. */
static int numcmp(const char *a, const char *ae, const char *b,
                  const char *be) {
  const char *p[2] = {a, b}, *e[2] = {ae, be};
  const char *ip[2], *fp[2];
  size_t il[2], fl[2];
  bool neg[2];
  for (int s = 0; s < 2; s++) {
    const char *q = p[s];
    while (q < e[s] && is_blank((unsigned char)*q)) q++;
    neg[s] = q < e[s] && *q == '-';
    if (neg[s]) q++;
    while (q < e[s] && *q == '0') q++;
    ip[s] = q;
    while (q < e[s] && isdigit((unsigned char)*q)) q++;
    il[s] = (size_t)(q - ip[s]);
    fp[s] = q;
    fl[s] = 0;
    if (q < e[s] && *q == '.') {
      fp[s] = ++q;
      while (q < e[s] && isdigit((unsigned char)*q)) q++;
      fl[s] = (size_t)(q - fp[s]);
      while (fl[s] && fp[s][fl[s] - 1] == '0') fl[s]--;
    }
    if (!il[s] && !fl[s]) neg[s] = false; /* -0 is 0 */
  }
  if (neg[0] != neg[1]) return neg[0] ? -1 : 1;
  int sign = neg[0] ? -1 : 1;
  if (il[0] != il[1]) return il[0] < il[1] ? -sign : sign;
  int d = memcmp(ip[0], ip[1], il[0]);
  if (d) return d < 0 ? -sign : sign;
  size_t m = fl[0] < fl[1] ? fl[0] : fl[1];
  d = memcmp(fp[0], fp[1], m);
  if (d) return d < 0 ? -sign : sign;
  if (fl[0] != fl[1]) return fl[0] < fl[1] ? -sign : sign;
  return 0;
}

static int human_rank(const char *a, const char *ae) {
  static const char units[] = "KMGTPEZYRQ";
  const char *q = a;
  while (q < ae && is_blank((unsigned char)*q)) q++;
  if (q < ae && *q == '-') q++;
  while (q < ae && (isdigit((unsigned char)*q) || *q == '.')) q++;
  if (q >= ae) return 0;
  if (*q == 'k') return 1;
  const char *u = *q ? strchr(units, *q) : NULL;
  return u ? (int)(u - units) + 1 : 0;
}

static bool human_neg(const char *a, const char *ae) {
  while (a < ae && is_blank((unsigned char)*a)) a++;
  if (a >= ae || *a != '-') return false;
  for (a++; a < ae && (isdigit((unsigned char)*a) || *a == '.'); a++)
    if (*a != '0' && *a != '.') return true;
  return false;
}

static int humancmp(const char *a, const char *ae, const char *b,
                    const char *be) {
  bool na = human_neg(a, ae), nb = human_neg(b, be);
  if (na != nb) return na ? -1 : 1;
  int ra = human_rank(a, ae), rb = human_rank(b, be);
  if (ra != rb) return (ra < rb) == !na ? -1 : 1;
  return numcmp(a, ae, b, be);
}

static int gencmp(const char *a, const char *ae, const char *b,
                  const char *be) {
  char ta[128], tb[128];
  size_t la = (size_t)(ae - a), lb = (size_t)(be - b);
  if (la >= sizeof(ta)) la = sizeof(ta) - 1;
  if (lb >= sizeof(tb)) lb = sizeof(tb) - 1;
  memcpy(ta, a, la);
  ta[la] = 0;
  memcpy(tb, b, lb);
  tb[lb] = 0;
  char *ea, *eb;
  long double x = strtold(ta, &ea), y = strtold(tb, &eb);
  bool oka = ea != ta, okb = eb != tb;
  /* conversion failures first, then NaNs, then numbers */
  if (!oka || !okb) return oka - okb;
  bool nx = isnan(x), ny = isnan(y);
  if (nx || ny) return nx && ny ? 0 : nx ? -1 : 1;
  return x < y ? -1 : x > y;
}

static int month_of(const char *a, const char *ae) {
  static const char *const m[] = {"JAN", "FEB", "MAR", "APR", "MAY", "JUN",
                                  "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"};
  while (a < ae && is_blank((unsigned char)*a)) a++;
  if (ae - a < 3) return 0;
  for (int i = 0; i < 12; i++)
    if (toupper((unsigned char)a[0]) == m[i][0] &&
        toupper((unsigned char)a[1]) == m[i][1] &&
        toupper((unsigned char)a[2]) == m[i][2])
      return i + 1;
  return 0;
}

/* Debian version ordering: '~' before everything, letters before other
 * characters, digit runs by value. */
static int ver_order(unsigned char c) {
  if (isdigit(c)) return 0;
  if (isalpha(c)) return c;
  if (c == '~') return -1;
  return c ? c + 256 : 0;
}

static int verrevcmp(const char *a, size_t al, const char *b, size_t bl) {
  size_t i = 0, j = 0;
  while (i < al || j < bl) {
    int first_diff = 0;
    while ((i < al && !isdigit((unsigned char)a[i])) ||
           (j < bl && !isdigit((unsigned char)b[j]))) {
      int ac = i < al ? ver_order((unsigned char)a[i]) : 0;
      int bc = j < bl ? ver_order((unsigned char)b[j]) : 0;
      if (ac != bc) return ac - bc;
      i++;
      j++;
    }
    while (i < al && a[i] == '0') i++;
    while (j < bl && b[j] == '0') j++;
    while (i < al && j < bl && isdigit((unsigned char)a[i]) &&
           isdigit((unsigned char)b[j])) {
      if (!first_diff) first_diff = a[i] - b[j];
      i++;
      j++;
    }
    if (i < al && isdigit((unsigned char)a[i])) return 1;
    if (j < bl && isdigit((unsigned char)b[j])) return -1;
    if (first_diff) return first_diff;
  }
  return 0;
}

/* Does s[0..n) match (\.[A-Za-z~][A-Za-z0-9~]*)* entirely? */
static bool is_suffix(const char *s, size_t n) {
  size_t i = 0;
  while (i < n) {
    if (s[i] != '.' || i + 1 >= n ||
        !(isalpha((unsigned char)s[i + 1]) || s[i + 1] == '~'))
      return false;
    i += 2;
    while (i < n && (isalnum((unsigned char)s[i]) || s[i] == '~')) i++;
  }
  return true;
}

/* Length of a name without its file suffix (version sort ignores it
 * unless the rest is equal). */
static size_t ver_prefix(const char *s, size_t n) {
  for (size_t i = 0; i < n; i++)
    if (s[i] == '.' && is_suffix(s + i, n - i)) return i;
  return n;
}

static int vercmp(const char *a, size_t al, const char *b, size_t bl) {
  if (al == bl && !memcmp(a, b, al)) return 0;
  if (!al) return -1;
  if (!bl) return 1;
  /* "." then ".." then other hidden names, then the rest */
  bool adot = al == 1 && a[0] == '.', bdot = bl == 1 && b[0] == '.';
  if (adot || bdot) return adot ? -1 : 1;
  bool add = al == 2 && !memcmp(a, "..", 2),
       bdd = bl == 2 && !memcmp(b, "..", 2);
  if (add || bdd) return add ? -1 : 1;
  bool ah = a[0] == '.', bh = b[0] == '.';
  if (ah != bh) return ah ? -1 : 1;
  if (ah) {
    a++, al--;
    b++, bl--;
  }
  size_t ap = ver_prefix(a, al), bp = ver_prefix(b, bl);
  int r = verrevcmp(a, ap, b, bp);
  return r ? r : verrevcmp(a, al, b, bl);
}

static uint64_t key_hash(uint64_t seed, const char *p, size_t n) {
  uint64_t h = 1469598103934665603ull ^ seed;
  for (size_t i = 0; i < n; i++) {
    h ^= (unsigned char)p[i];
    h *= 1099511628211ull;
  }
  h ^= h >> 33;
  h *= 0xff51afd7ed558ccdull;
  h ^= h >> 33;
  return h;
}

static bool ignored(const sort_key *k, unsigned char c) {
  if (k->dict && !(isalnum(c) || is_blank(c))) return true;
  if (k->nonprint && !isprint(c)) return true;
  return false;
}

static int textcmp(const sort_key *k, const char *a, const char *ae,
                   const char *b, const char *be) {
  if (!k->dict && !k->nonprint && !k->fold) {
    size_t la = (size_t)(ae - a), lb = (size_t)(be - b);
    int d = memcmp(a, b, la < lb ? la : lb);
    if (d) return d;
    return la < lb ? -1 : la > lb;
  }
  for (;;) {
    while (a < ae && ignored(k, (unsigned char)*a)) a++;
    while (b < be && ignored(k, (unsigned char)*b)) b++;
    if (a >= ae || b >= be) return (a < ae) - (b < be);
    unsigned char x = (unsigned char)*a++, y = (unsigned char)*b++;
    if (k->fold) {
      x = (unsigned char)toupper(x);
      y = (unsigned char)toupper(y);
    }
    if (x != y) return x < y ? -1 : 1;
  }
}

/* The key as -d, -i and -f leave it, for the orderings that read the
 * text as a whole (-V, -R): into buf when it fits, else malloc'd in *heap. */
static const char *filtered(const sort_key *k, const char *a, const char *ae,
                            char *buf, size_t cap, char **heap, size_t *len) {
  size_t n = (size_t)(ae - a);
  char *o = buf;
  if (n > cap) {
    o = *heap = malloc(n);
    if (!o) { /* no memory: compare the key as it is */
      *len = n;
      return a;
    }
  }
  size_t m = 0;
  for (; a < ae; a++) {
    unsigned char ch = (unsigned char)*a;
    if (ignored(k, ch)) continue;
    o[m++] = (char)(k->fold ? toupper(ch) : ch);
  }
  *len = m;
  return o;
}

static int keycmp(const sort_cfg *c, const sort_key *k, const char *a,
                  const char *ae, const char *b, const char *be) {
  int d;
  if ((k->version || k->random) && (k->dict || k->nonprint || k->fold)) {
    char ba[256], bb[256], *ha = NULL, *hb = NULL;
    size_t la, lb;
    const char *fa = filtered(k, a, ae, ba, sizeof ba, &ha, &la);
    const char *fb = filtered(k, b, be, bb, sizeof bb, &hb, &lb);
    sort_key plain = *k;
    plain.dict = plain.nonprint = plain.fold = false;
    d = keycmp(c, &plain, fa, fa + la, fb, fb + lb);
    free(ha);
    free(hb);
    return d;
  }
  if (k->random) {
    /* hash the key as the other options would see it */
    uint64_t ha = key_hash(c->seed, a, (size_t)(ae - a));
    uint64_t hb = key_hash(c->seed, b, (size_t)(be - b));
    d = ha < hb ? -1 : ha > hb;
    if (!d) d = textcmp(k, a, ae, b, be);
  } else if (k->numeric) {
    d = numcmp(a, ae, b, be);
  } else if (k->human) {
    d = humancmp(a, ae, b, be);
  } else if (k->general) {
    d = gencmp(a, ae, b, be);
  } else if (k->month) {
    d = month_of(a, ae) - month_of(b, be);
  } else if (k->version) {
    d = vercmp(a, (size_t)(ae - a), b, (size_t)(be - b));
  } else {
    d = textcmp(k, a, ae, b, be);
  }
  if (d) d = d < 0 ? -1 : 1;
  return k->reverse ? -d : d;
}

/* Keys only (what -u calls equal). */
static int compare_keys(const sort_cfg *c, const sort_line *x,
                        const sort_line *y) {
  for (size_t i = 0; i < c->nkeys; i++) {
    const sort_key *k = &c->keys[i];
    const char *xl = x->p + x->n, *yl = y->p + y->n;
    const char *xb = begfield(c, k, x->p, xl), *yb = begfield(c, k, y->p, yl);
    const char *xe = limfield(c, k, x->p, xl), *ye = limfield(c, k, y->p, yl);
    if (xe < xb) xe = xb;
    if (ye < yb) ye = yb;
    int d = keycmp(c, k, xb, xe, yb, ye);
    if (d) return d;
  }
  return 0;
}

static int compare(const sort_cfg *c, const sort_line *x, const sort_line *y) {
  int d;
  if (c->plain) { /* most pairs differ in their first 8 bytes */
    if (x->pre != y->pre) d = x->pre < y->pre ? -1 : 1;
    else {
      size_t m = x->n < y->n ? x->n : y->n;
      d = memcmp(x->p, y->p, m);
      if (!d) d = x->n < y->n ? -1 : x->n > y->n;
    }
    if (d) d = d < 0 ? -1 : 1;
    return c->reverse ? -d : d;
  }
  d = compare_keys(c, x, y);
  if (d || c->stable || c->unique) return d;
  size_t m = x->n < y->n ? x->n : y->n;
  d = memcmp(x->p, y->p, m);
  if (!d) d = x->n < y->n ? -1 : x->n > y->n;
  else d = d < 0 ? -1 : 1;
  return c->reverse ? -d : d;
}

/* Stable merge sort of v[0..n) using tmp as scratch; checks cancellation
 * once per merge pass. */
static bool merge_sort(bi_ctx *b, const sort_cfg *c, sort_line *v,
                       sort_line *tmp, size_t n) {
  for (size_t i = 0; i + 1 < n; i += 2) /* runs of 2 by insertion */
    if (compare(c, &v[i], &v[i + 1]) > 0) {
      sort_line t = v[i];
      v[i] = v[i + 1];
      v[i + 1] = t;
    }
  sort_line *src = v, *dst = tmp;
  for (size_t w = 2; w < n; w *= 2) {
    if (bi_cancelled(b)) return false;
    for (size_t lo = 0; lo < n; lo += 2 * w) {
      size_t mid = lo + w < n ? lo + w : n;
      size_t hi = lo + 2 * w < n ? lo + 2 * w : n;
      size_t i = lo, j = mid, k = lo;
      if (mid < hi && compare(c, &src[mid - 1], &src[mid]) <= 0) {
        memcpy(dst + lo, src + lo, (hi - lo) * sizeof(*src));
        continue;
      }
      while (i < mid && j < hi)
        dst[k++] = compare(c, &src[j], &src[i]) < 0 ? src[j++] : src[i++];
      while (i < mid) dst[k++] = src[i++];
      while (j < hi) dst[k++] = src[j++];
    }
    sort_line *t = src;
    src = dst;
    dst = t;
  }
  if (src != v) memcpy(v, src, n * sizeof(*v));
  return true;
}

static void reverse_lines(sort_line *v, size_t n) {
  for (size_t i = 0, j = n ? n - 1 : 0; i < j; i++, j--) {
    sort_line t = v[i];
    v[i] = v[j];
    v[j] = t;
  }
}

/* The first 8 bytes of a line, big-endian and zero-padded; avail is how
 * many bytes the buffer holds from p (lines end with a delimiter, so a
 * whole word can often be loaded and masked). */
static uint64_t prefix_of(const char *p, size_t len, size_t avail) {
  uint64_t v = 0;
  if (avail >= 8) {
    memcpy(&v, p, 8);
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    v = __builtin_bswap64(v);
#endif
    return len >= 8 ? v : v & ~(UINT64_MAX >> (8 * len));
  }
  for (size_t i = 0; i < 8; i++)
    v = v << 8 | (i < len ? (unsigned char)p[i] : 0u);
  return v;
}

/* Already in order (a stable sort would change nothing): a pipeline
 * often sorts what is sorted.  One pass of comparisons, usually of the
 * prefixes alone. */
static bool in_order(const sort_cfg *c, const sort_line *v, size_t n) {
  for (size_t i = 1; i < n; i++) {
    if (v[i - 1].pre != v[i].pre) {
      if ((v[i - 1].pre > v[i].pre) != c->reverse) return false;
    } else if (compare(c, &v[i - 1], &v[i]) > 0) {
      return false;
    }
  }
  return true;
}

/* Plain whole-line order: an LSD radix sort on the 8-byte prefixes
 * (stable, no comparisons to mispredict), then the merge sort inside
 * each run of equal prefixes, where the bytes after the eighth decide.
 * Byte positions where every prefix agrees cost no pass. */
static bool radix_sort(bi_ctx *b, const sort_cfg *c, sort_line *v,
                       sort_line *tmp, size_t n) {
  size_t(*cnt)[256] = calloc(8, sizeof(*cnt));
  if (!cnt) return merge_sort(b, c, v, tmp, n);
  uint64_t differ = 0; /* the bits where some prefix differs from the first */
  for (size_t i = 1; i < n; i++) differ |= v[i].pre ^ v[0].pre;
  int pass[8], npass = 0;
  for (int k = 0; k < 8; k++)
    if ((differ >> (8 * k)) & 0xff) pass[npass++] = k;
  for (size_t i = 0; i < n; i++)
    for (int j = 0; j < npass; j++)
      cnt[pass[j]][(v[i].pre >> (8 * pass[j])) & 0xff]++;
  sort_line *src = v, *dst = tmp;
  for (int j = 0; j < npass; j++) {
    int k = pass[j];
    size_t *ck = cnt[k];
    if (bi_cancelled(b)) {
      free(cnt);
      return false;
    }
    size_t sum = 0;
    for (int d = 0; d < 256; d++) {
      size_t t = ck[d];
      ck[d] = sum;
      sum += t;
    }
    for (size_t i = 0; i < n; i++)
      dst[ck[(src[i].pre >> (8 * k)) & 0xff]++] = src[i];
    sort_line *t = src;
    src = dst;
    dst = t;
  }
  free(cnt);
  if (src != v) memcpy(v, src, n * sizeof(*v));
  if (c->reverse) reverse_lines(v, n);
  for (size_t i = 0; i < n;) {
    size_t j = i + 1;
    while (j < n && v[j].pre == v[i].pre) j++;
    if (j - i > 1) {
      if (c->reverse) reverse_lines(v + i, j - i); /* input order again */
      if (!merge_sort(b, c, v + i, tmp, j - i)) return false;
    }
    i = j;
  }
  return true;
}

/* -n keys as int64 in pre (biased so unsigned order is numeric order),
 * when every line's number is an integer of at most 18 digits (a zero
 * fraction allowed), as numcmp reads it; false otherwise. */
static bool numeric_prefixes(sort_line *v, size_t n) {
  for (size_t i = 0; i < n; i++) {
    const char *q = v[i].p, *e = v[i].p + v[i].n;
    while (q < e && is_blank((unsigned char)*q)) q++;
    bool neg = q < e && *q == '-';
    if (neg) q++;
    while (q < e && *q == '0') q++;
    int64_t val = 0;
    int digits = 0;
    for (; q < e && isdigit((unsigned char)*q); q++, digits++) {
      if (digits == 18) return false;
      val = val * 10 + (*q - '0');
    }
    if (q < e && *q == '.')
      for (q++; q < e && isdigit((unsigned char)*q); q++)
        if (*q != '0') return false;
    v[i].pre = (uint64_t)(neg ? -val : val) ^ (1ull << 63);
  }
  return true;
}

/* -m: merges the already sorted runs v[bounds[i]..bounds[i+1]) pairwise
 * (earlier files win ties), without sorting inside a run. */
static bool merge_runs(bi_ctx *b, const sort_cfg *c, sort_line *v,
                       sort_line *tmp, size_t *bounds, size_t nb) {
  while (nb > 2) {
    if (bi_cancelled(b)) return false;
    size_t k = 0;
    for (size_t i = 0; i + 1 < nb; i += 2) {
      size_t lo = bounds[i], mid = bounds[i + 1];
      size_t hi = i + 2 < nb ? bounds[i + 2] : mid;
      size_t x = lo, y = mid, o = lo;
      while (x < mid && y < hi)
        tmp[o++] = compare(c, &v[y], &v[x]) < 0 ? v[y++] : v[x++];
      while (x < mid) tmp[o++] = v[x++];
      while (y < hi) tmp[o++] = v[y++];
      memcpy(v + lo, tmp + lo, (hi - lo) * sizeof(*v));
      bounds[k++] = lo;
    }
    bounds[k++] = bounds[nb - 1];
    nb = k;
  }
  return true;
}

/* ---- options -------------------------------------------------------------- */

/* Applies ordering letters; returns the first unknown one or 0. */
static char key_letters(sort_key *k, const char *s, bool start,
                        const char **end) {
  for (; *s && *s != ','; s++) {
    switch (*s) {
    case 'b':
      if (start) k->skipsblanks = true;
      else k->skipeblanks = true;
      break;
    case 'd': k->dict = true; break;
    case 'f': k->fold = true; break;
    case 'g': k->general = true; break;
    case 'h': k->human = true; break;
    case 'i': k->nonprint = true; break;
    case 'M': k->month = true; break;
    case 'n': k->numeric = true; break;
    case 'R': k->random = true; break;
    case 'r': k->reverse = true; break;
    case 'V': k->version = true; break;
    default: *end = s; return *s;
    }
  }
  *end = s;
  return 0;
}

static bool has_ordering(const sort_key *k) {
  return k->skipsblanks || k->skipeblanks || k->dict || k->fold || k->general ||
         k->human || k->nonprint || k->month || k->numeric || k->random ||
         k->reverse || k->version;
}

static bool parse_count(const char **s, size_t *out) {
  const char *p = *s;
  if (!isdigit((unsigned char)*p)) return false;
  size_t v = 0;
  while (isdigit((unsigned char)*p)) {
    size_t d = (size_t)(*p++ - '0');
    v = v > (SIZE_MAX - d) / 10 ? SIZE_MAX - 1 : v * 10 + d;
  }
  *s = p;
  *out = v;
  return true;
}

static bool keydef_error(bi_ctx *b, const char *what, const char *spec) {
  bi_err(b, "%s: invalid field specification " BI_LQ "%s" BI_RQ, what, spec);
  return false;
}

static bool parse_keydef(bi_ctx *b, const char *spec, sort_key *k) {
  memset(k, 0, sizeof(*k));
  const char *s = spec;
  size_t f;
  if (!parse_count(&s, &f)) {
    bi_err(b,
           "invalid number at field start: invalid count at start of " BI_LQ
           "%s" BI_RQ,
           s);
    return false;
  }
  if (f == 0) return keydef_error(b, "field number is zero", spec);
  k->sword = f - 1;
  if (*s == '.') {
    s++;
    size_t ch;
    if (!parse_count(&s, &ch)) {
      bi_err(b,
             "invalid number after '.': invalid count at start of " BI_LQ
             "%s" BI_RQ,
             s);
      return false;
    }
    if (ch == 0) return keydef_error(b, "character offset is zero", spec);
    k->schar = ch - 1;
  }
  const char *end;
  if (key_letters(k, s, true, &end)) {
    bi_err(b,
           "stray character in field spec: invalid field specification " BI_LQ
           "%s" BI_RQ,
           spec);
    return false;
  }
  s = end;
  k->eword = SIZE_MAX;
  if (*s == ',') {
    s++;
    if (!parse_count(&s, &f)) {
      bi_err(b,
             "invalid number after ',': invalid count at start of " BI_LQ
             "%s" BI_RQ,
             s);
      return false;
    }
    if (f == 0) return keydef_error(b, "field number is zero", spec);
    k->eword = f;
    if (*s == '.') {
      s++;
      size_t ch;
      if (!parse_count(&s, &ch)) {
        bi_err(b,
               "invalid number after '.': invalid count at start of " BI_LQ
               "%s" BI_RQ,
               s);
        return false;
      }
      k->echar = ch;
      if (ch) k->eword = f - 1;
    }
    if (key_letters(k, s, false, &end)) {
      bi_err(b,
             "stray character in field spec: invalid field "
             "specification " BI_LQ "%s" BI_RQ,
             spec);
      return false;
    }
  }
  return true;
}

/* ---- input and output ------------------------------------------------------ */

static int slurp(bi_ctx *b, const char *name, vsh_buf *all, char delim) {
  sh_stream *in;
  int rc = bi_open_input(b, name, &in);
  if (rc) return rc;
  size_t start = all->len;
  for (;;) {
    if (bi_cancelled(b)) {
      rc = VSH_EABORTED;
      break;
    }
    if (vsh__buf_reserve(all, 65536)) {
      rc = VSH_ENOMEM;
      break;
    }
    int64_t r = bi_read(b, in, all->data + all->len, 65536);
    if (r <= 0) {
      rc = (int)r;
      break;
    }
    all->len += (size_t)r;
  }
  sh_stream_unref(in);
  if (!rc && all->len > start && all->data[all->len - 1] != delim)
    rc = vsh__buf_putc(all, delim);
  return rc;
}

enum {
  OPT_SORT = BI_OPT_FIRST,
  OPT_RANDOM_SOURCE,
  OPT_PARALLEL,
  OPT_FILES0_FROM
};

static const bi_option sort_longopts[] = {
    {"ignore-leading-blanks", BI_ARG_NONE, 'b', NULL},
    {"dictionary-order", BI_ARG_NONE, 'd', NULL},
    {"ignore-case", BI_ARG_NONE, 'f', NULL},
    {"general-numeric-sort", BI_ARG_NONE, 'g', NULL},
    {"human-numeric-sort", BI_ARG_NONE, 'h', NULL},
    {"ignore-nonprinting", BI_ARG_NONE, 'i', NULL},
    {"month-sort", BI_ARG_NONE, 'M', NULL},
    {"numeric-sort", BI_ARG_NONE, 'n', NULL},
    {"random-sort", BI_ARG_NONE, 'R', NULL},
    {"reverse", BI_ARG_NONE, 'r', NULL},
    {"version-sort", BI_ARG_NONE, 'V', NULL},
    {"sort", BI_ARG_REQUIRED, OPT_SORT, NULL},
    {"key", BI_ARG_REQUIRED, 'k', NULL},
    {"field-separator", BI_ARG_REQUIRED, 't', NULL},
    {"stable", BI_ARG_NONE, 's', NULL},
    {"unique", BI_ARG_NONE, 'u', NULL},
    {"check", BI_ARG_OPTIONAL, 'c', NULL},
    {"merge", BI_ARG_NONE, 'm', NULL},
    {"output", BI_ARG_REQUIRED, 'o', NULL},
    {"zero-terminated", BI_ARG_NONE, 'z', NULL},
    {"random-source", BI_ARG_REQUIRED, OPT_RANDOM_SOURCE, NULL},
    {"buffer-size", BI_ARG_REQUIRED, 'S', NULL},
    {"temporary-directory", BI_ARG_REQUIRED, 'T', NULL},
    {"parallel", BI_ARG_REQUIRED, OPT_PARALLEL, NULL},
    {"batch-size", BI_ARG_REQUIRED, OPT_PARALLEL, NULL},
    {"compress-program", BI_ARG_REQUIRED, OPT_PARALLEL, NULL},
    {"files0-from", BI_ARG_REQUIRED, OPT_FILES0_FROM, NULL},
    {0}};

static const bi_cmd sort_cmd = {
    .name = "sort",
    .usage = "Usage: sort [OPTION]... [FILE]...\n",
    .about =
        "Write sorted concatenation of all FILE(s) to standard output.\n"
        "\n"
        "With no FILE, or when FILE is -, read standard input.\n"
        "\n"
        "Ordering options:\n"
        "\n"
        "  -b, --ignore-leading-blanks  ignore leading blanks\n"
        "  -d, --dictionary-order      consider only blanks and "
        "alphanumeric characters\n"
        "  -f, --ignore-case           fold lower case to upper case "
        "characters\n"
        "  -g, --general-numeric-sort  compare according to general "
        "numerical value\n"
        "  -i, --ignore-nonprinting    consider only printable characters\n"
        "  -M, --month-sort            compare (unknown) < 'JAN' < ... < "
        "'DEC'\n"
        "  -h, --human-numeric-sort    compare human readable numbers "
        "(e.g., 2K 1G)\n"
        "  -n, --numeric-sort          compare according to string "
        "numerical value\n"
        "  -R, --random-sort           shuffle, but group identical keys\n"
        "      --random-source=FILE    get random bytes from FILE\n"
        "  -r, --reverse               reverse the result of comparisons\n"
        "  -V, --version-sort          natural sort of (version) numbers "
        "within text\n"
        "\n"
        "Other options:\n"
        "\n"
        "  -c, --check, --check=diagnose-first  check for sorted input; do "
        "not sort\n"
        "  -C, --check=quiet, --check=silent  like -c, but do not report "
        "first bad line\n"
        "  -k, --key=KEYDEF            sort via a key; KEYDEF gives "
        "location and type\n"
        "  -m, --merge                 merge already sorted files; do not "
        "sort\n"
        "  -o, --output=FILE           write result to FILE instead of "
        "standard output\n"
        "  -s, --stable                stabilize sort by disabling "
        "last-resort comparison\n"
        "  -t, --field-separator=SEP   use SEP instead of non-blank to "
        "blank transition\n"
        "  -u, --unique                with -c, check for strict ordering;\n"
        "                                without -c, output only the first "
        "of an equal run\n"
        "  -z, --zero-terminated       line delimiter is NUL, not newline\n"
        "      --help        display this help and exit\n"
        "      --version     output version information and exit\n",
    .shortopts = "bdfghiMnRrVk:t:sucCmo:zS:T:",
    .longopts = sort_longopts,
    .bad_status = 2,
};

static int flush(bi_ctx *b, vsh_buf *o, vfs_file *fh, sh_stream *dst) {
  int rc;
  if (fh) {
    int64_t w = vfs_file_write(fh, o->data, o->len);
    rc = w < 0 ? (int)w : 0;
  } else if (dst) {
    rc = bi_write_to(b, dst, o->data, o->len);
  } else {
    rc = bi_write(b, o->data, o->len);
  }
  o->len = 0;
  return rc;
}

static int write_out(bi_ctx *b, const char *outfile, sort_line *v, size_t n,
                     const sort_cfg *c, char delim) {
  vsh_buf o = {0};
  vfs_file *fh = NULL;
  sh_stream *dst = NULL;
  int rc = 0;
  if (outfile && strcmp(outfile, "-")) {
    const char *p = bi_path(b, outfile);
    rc = p ? vfs_open(b->fs, p, VFS_O_WRITE | VFS_O_CREAT | VFS_O_TRUNC,
                      bi_create_mode(b, 0666), &fh)
           : bi_path_error(outfile);
    if (rc) {
      bi_err(b, "open failed: %s: %s", outfile, vsh_strerror(rc));
      return 2;
    }
    int fd = vfs_file_devfd(fh);
    if (fd >= 0) {
      vfs_file_close(fh);
      fh = NULL;
      dst = bi_fd(b, fd);
    }
  }
  for (size_t i = 0; i < n && !rc; i++) {
    if (c->unique && i > 0 && compare_keys(c, &v[i - 1], &v[i]) == 0) continue;
    if (vsh__buf_reserve(&o, v[i].n + 1)) {
      rc = VSH_ENOMEM;
      break;
    }
    memcpy(o.data + o.len, v[i].p, v[i].n);
    o.len += v[i].n;
    o.data[o.len++] = delim;
    if (o.len >= 65536 || i + 1 == n) {
      rc = flush(b, &o, fh, dst);
      if (!rc && bi_cancelled(b)) rc = VSH_EABORTED;
    }
  }
  if (!rc && o.len) rc = flush(b, &o, fh, dst);
  if (fh) vfs_file_close(fh);
  vsh_buf_dispose(&o);
  if (rc == VSH_EPIPE) return 141;
  if (rc == VSH_EABORTED) return 2;
  if (rc) {
    bi_err(b, "write failed: %s: %s", outfile ? outfile : "standard output",
           vsh_strerror(rc));
    return 2;
  }
  return 0;
}

typedef struct sort_opts {
  sort_key global; /* the ordering options given outside -k */
  sort_key *keys;
  size_t nkeys;
  int check; /* 1 diagnose, 2 quiet */
  bool merge;
  char delim;
  const char *outfile, *random_source, *files0;
} sort_opts;

/* The option loop: -1 to go on, else the exit status (o->keys is the
 * caller's to free either way). */
static int sort_options(bi_ctx *b, bi_opts *g, sort_opts *o, sort_cfg *c) {
  int ch;
  while ((ch = bi_opt(b, g, &sort_cmd)) != -1) {
    const char *dummy;
    switch (ch) {
    case 'b':
    case 'd':
    case 'f':
    case 'g':
    case 'h':
    case 'i':
    case 'M':
    case 'n':
    case 'R':
    case 'r':
    case 'V': {
      char l[2] = {(char)ch, 0};
      key_letters(&o->global, l, true, &dummy);
      if (ch == 'b') o->global.skipeblanks = true;
      break;
    }
    case OPT_SORT: {
      static const char *const names[] = {"general-numeric", "human-numeric",
                                          "month",           "numeric",
                                          "random",          "version"};
      static const char letters[] = "ghMnRV";
      int hit = -1;
      for (int i = 0; i < 6; i++)
        if (!strcmp(g->arg, names[i])) hit = i;
      if (hit < 0) {
        bi_err(b,
               "invalid argument " BI_LQ "%s" BI_RQ " for " BI_LQ
               "--sort" BI_RQ,
               g->arg);
        return bi_usage_error(b, &sort_cmd, NULL);
      }
      char l[2] = {letters[hit], 0};
      key_letters(&o->global, l, true, &dummy);
      break;
    }
    case 'k': {
      sort_key *nk = realloc(o->keys, (o->nkeys + 1) * sizeof(*o->keys));
      if (!nk) return 2;
      o->keys = nk;
      if (!parse_keydef(b, g->arg, &o->keys[o->nkeys])) { return 2; }
      o->nkeys++;
      break;
    }
    case 't':
      if (!g->arg[0]) {
        bi_err(b, "empty tab");
        return 2;
      }
      if (g->arg[1] && strcmp(g->arg, "\\0")) {
        bi_err(b, "multi-character tab %s", bi_cquote(b, g->arg));
        return 2;
      }
      {
        int t = g->arg[1] ? 0 : (unsigned char)g->arg[0];
        if (c->tab >= 0 && c->tab != t) {
          bi_err(b, "incompatible tabs");
          return 2;
        }
        c->tab = t;
      }
      break;
    case 's': c->stable = true; break;
    case 'u': c->unique = true; break;
    case 'c':
      o->check = 1;
      if (g->arg && (!strcmp(g->arg, "quiet") || !strcmp(g->arg, "silent")))
        o->check = 2;
      else if (g->arg && strcmp(g->arg, "diagnose-first")) {
        bi_err(b,
               "invalid argument " BI_LQ "%s" BI_RQ " for " BI_LQ
               "--check" BI_RQ,
               g->arg);
        return bi_usage_error(b, &sort_cmd, NULL);
      }
      break;
    case 'C': o->check = 2; break;
    case 'm': o->merge = true; break;
    case 'o': o->outfile = g->arg; break;
    case 'z': o->delim = 0; break;
    case 'S': { /* no effect here, but checked as GNU checks it */
      size_t n = strspn(g->arg, "0123456789");
      const char *sfx = g->arg + n;
      if (!n ||
          (*sfx && (strlen(sfx) > 1 || !strchr("%bkKmMgGtTpPeE", *sfx)))) {
        bi_err(b, "%s -S argument '%s'", n ? "invalid suffix in" : "invalid",
               g->arg);
        return 2;
      }
      break;
    }
    case 'T':
    case OPT_PARALLEL: break;
    case OPT_RANDOM_SOURCE: o->random_source = g->arg; break;
    case OPT_FILES0_FROM: o->files0 = g->arg; break;
    default: return g->status;
    }
  }
  return -1;
}

/* Gives keys without ordering options the global ones (or makes the
 * whole-line key), then refuses clashing orderings: -1 or the status. */
static int finish_keys(bi_ctx *b, sort_opts *o) {
  /* Keys without ordering options take the global ones. */
  if (o->nkeys == 0) {
    o->keys = malloc(sizeof(*o->keys));
    if (!o->keys) return 2;
    o->keys[0] = o->global;
    o->keys[0].sword = o->keys[0].schar = o->keys[0].echar = 0;
    o->keys[0].eword = SIZE_MAX;
    o->nkeys = 1;
  } else {
    for (size_t i = 0; i < o->nkeys; i++)
      if (!has_ordering(&o->keys[i])) {
        sort_key k = o->keys[i];
        o->keys[i] = o->global;
        o->keys[i].sword = k.sword;
        o->keys[i].schar = k.schar;
        o->keys[i].eword = k.eword;
        o->keys[i].echar = k.echar;
      }
  }
  /* One ordering per key: GNU names the clashing letters (b and r left
   * out), before any input is read. */
  for (size_t i = 0; i < o->nkeys; i++) {
    const sort_key *k = &o->keys[i];
    if (k->numeric + k->general + k->human + k->month +
            (k->version || k->random || k->dict || k->nonprint) >
        1) {
      char letters[16], *q = letters;
      if (k->dict) *q++ = 'd';
      if (k->fold) *q++ = 'f';
      if (k->general) *q++ = 'g';
      if (k->human) *q++ = 'h';
      if (k->nonprint) *q++ = 'i';
      if (k->month) *q++ = 'M';
      if (k->numeric) *q++ = 'n';
      if (k->random) *q++ = 'R';
      if (k->version) *q++ = 'V';
      *q = 0;
      bi_err(b, "options '-%s' are incompatible", letters);
      return 2;
    }
  }
  return -1;
}

/* The lines of one run and what holds them. */
typedef struct sort_input {
  vsh_buf names0; /* --files0-from's names */
  char **names;
  vsh_buf all; /* every input, one after the other */
  sort_line *lines, *tmp;
  size_t n;
  size_t *bounds; /* -m: where each file's lines start */
  size_t nb;
} sort_input;

/* Which fast paths the keys allow. */
static void plan_compare(sort_cfg *c, const sort_opts *so) {
  const sort_key *k = &so->keys[0];
  bool rev = so->global.reverse;
  c->keys = so->keys;
  c->nkeys = so->nkeys;
  c->reverse = rev;
  c->plain = so->nkeys == 1 && !k->skipsblanks && !k->skipeblanks && !k->dict &&
             !k->fold && !k->general && !k->human && !k->nonprint &&
             !k->month && !k->numeric && !k->random && !k->version &&
             k->sword == 0 && k->schar == 0 && k->eword == SIZE_MAX &&
             k->reverse == rev;
  c->numpre = so->nkeys == 1 && k->numeric && !k->dict && !k->fold &&
              !k->nonprint && !k->random && k->sword == 0 && k->schar == 0 &&
              k->eword == SIZE_MAX && k->reverse == rev;
}

/* Reads up to max bytes of name into out (all of it when max is 0). */
static int read_head(bi_ctx *b, const char *name, vsh_buf *out, size_t max) {
  sh_stream *in = NULL;
  int rc = bi_open_input(b, name, &in);
  while (!rc && (!max || out->len < max)) {
    char buf[4096];
    int64_t r = bi_read(b, in, buf, max ? max - out->len : sizeof buf);
    if (r < 0) rc = (int)r;
    else if (r == 0) break;
    else if (vsh__buf_append(out, buf, (size_t)r)) rc = VSH_ENOMEM;
  }
  if (in) sh_stream_unref(in);
  return rc;
}

/* The seed of -R: the exec's, or --random-source's first 4 KiB (it may
 * be /dev/urandom).  -1, or 2 after an error. */
static int seed_random(bi_ctx *b, sort_cfg *c, const char *source) {
  c->seed = bi_seed(b) * 0x9e3779b97f4a7c15ull + 0x5851f42d4c957f2dull;
  if (!source) return -1;
  vsh_buf rs = {0};
  int rc = read_head(b, source, &rs, 4096);
  if (rc) {
    bi_err(b, "%s: %s", source, vsh_strerror(rc));
    vsh_buf_dispose(&rs);
    return 2;
  }
  c->seed = key_hash(0, rs.data ? rs.data : "", rs.len < 4096 ? rs.len : 4096);
  vsh_buf_dispose(&rs);
  return -1;
}

/* --files0-from=F: the NUL-separated names in F become the operands
 * (*files, *nfiles).  -1, else the exit status. */
static int files0_names(bi_ctx *b, const char *files0, sort_input *si,
                        char ***files, int *nfiles) {
  if (*nfiles) {
    bi_err(b, "extra operand '%s'", (*files)[0]);
    bi_errline(b, "file operands cannot be combined with --files0-from");
    return bi_usage_error(b, &sort_cmd, NULL);
  }
  vsh_buf *n0 = &si->names0;
  int rc = read_head(b, files0, n0, 0);
  if (rc) {
    bi_err(b, "open failed: %s: %s", files0, vsh_strerror(rc));
    return 2;
  }
  size_t cnt = 0;
  for (size_t i = 0; i < n0->len; i++)
    if (!n0->data[i] || i + 1 == n0->len) cnt++;
  if (!cnt) {
    bi_err(b, "no input from '%s'", files0);
    return 2;
  }
  if (vsh__buf_putc(n0, 0) || !(si->names = calloc(cnt, sizeof(char *))))
    return 2;
  for (size_t i = 0, beg = 0; i < n0->len - 1; i++)
    if (!n0->data[i] || i + 2 == n0->len) {
      if (!n0->data[beg]) {
        bi_err(b, "%s:%d: invalid zero-length file name",
               strcmp(files0, "-") ? files0 : "-", *nfiles + 1);
        return 2;
      }
      si->names[(*nfiles)++] = n0->data + beg;
      beg = i + 1;
    }
  *files = si->names;
  return -1;
}

/* Splits si->all into lines; fstart[k] is where file k starts, so
 * bounds marks the first line of each file.  -1, or 2 without memory. */
static int split_lines(sort_input *si, const size_t *fstart, int nfiles,
                       char delim) {
  const vsh_buf *all = &si->all;
  size_t n = 0, cap = 0;
  int fk = 0;
  /* count first: one exact allocation instead of doubling copies */
  for (size_t pos = 0; pos < all->len; cap++) {
    const char *e = memchr(all->data + pos, delim, all->len - pos);
    pos = e ? (size_t)(e - all->data) + 1 : all->len;
  }
  si->lines = malloc((cap ? cap : 1) * sizeof(*si->lines));
  if (!si->lines) return 2;
  for (size_t pos = 0; pos < all->len;) {
    const char *e = memchr(all->data + pos, delim, all->len - pos);
    size_t len = (size_t)(e - (all->data + pos));
    while (fk <= nfiles && fstart[fk] <= pos) {
      if (!si->nb || si->bounds[si->nb - 1] != n) si->bounds[si->nb++] = n;
      fk++;
    }
    si->lines[n].p = all->data + pos;
    si->lines[n].n = len;
    si->lines[n].pre = prefix_of(all->data + pos, len, all->len - pos);
    n++;
    pos += len + 1;
  }
  if (!si->nb || si->bounds[si->nb - 1] != n) si->bounds[si->nb++] = n;
  si->n = n;
  return -1;
}

/* Reads every file into si->all and splits it into lines; -1, else the
 * exit status. */
static int read_inputs(bi_ctx *b, char **files, int nfiles, char delim,
                       sort_input *si) {
  size_t *fstart = calloc((size_t)nfiles + 1, sizeof(size_t));
  si->bounds = calloc((size_t)nfiles + 2, sizeof(size_t));
  if (!fstart || !si->bounds) {
    free(fstart);
    return 2;
  }
  for (int k = 0; k < nfiles; k++) {
    fstart[k] = si->all.len;
    int rc = slurp(b, files[k], &si->all, delim);
    /* GNU: an open that fails "cannot read", a read "read failed" (a
     * directory opens, then fails to read) */
    if (rc && rc != VSH_EABORTED)
      bi_err(b, "%s: %s: %s", rc == VSH_EISDIR ? "read failed" : "cannot read",
             bi_quotef(b, files[k]), vsh_strerror(rc));
    if (rc) {
      free(fstart);
      return 2;
    }
  }
  fstart[nfiles] = si->all.len;
  int st = split_lines(si, fstart, nfiles, delim);
  free(fstart);
  return st;
}

/* -c/-C: 1 at the first line out of order (-c names it), else 0. */
static int check_order(bi_ctx *b, sort_cfg *c, const sort_input *si, int check,
                       const char *file) {
  for (size_t i = 1; i < si->n; i++) {
    int d = compare(c, &si->lines[i - 1], &si->lines[i]);
    if (d > 0 || (c->unique && d == 0)) {
      if (check == 1) {
        const sort_line *l = &si->lines[i];
        char *t = vsh__arena_strndup(b->arena, l->p, l->n);
        bi_err(b, "%s:%zu: disorder: %s", file, i + 1, t ? t : "");
      }
      return 1;
    }
  }
  return 0;
}

/* Sorts (or with -m merges) the lines and writes them. */
static int sort_lines(bi_ctx *b, sort_cfg *c, const sort_opts *so,
                      sort_input *si) {
  if (c->unique) c->stable = true; /* the first of equal lines survives */
  size_t n = si->n;
  si->tmp = malloc((n ? n : 1) * sizeof(*si->tmp));
  if (!si->tmp) return 2;
  sort_line *lines = si->lines, *tmp = si->tmp;
  if (so->merge ? !merge_runs(b, c, lines, tmp, si->bounds, si->nb)
      : c->plain || (c->numpre && numeric_prefixes(lines, n))
          ? !in_order(c, lines, n) && !radix_sort(b, c, lines, tmp, n)
          : !merge_sort(b, c, lines, tmp, n))
    return 2;
  return write_out(b, so->outfile, lines, n, c, so->delim);
}

int bi_sort_main(bi_ctx *b) {
  sort_cfg c = {.tab = -1};
  sort_opts so = {.delim = '\n'};
  bi_opts g = {0};
  sort_input si = {0};
  int st = sort_options(b, &g, &so, &c);
  if (st < 0) st = finish_keys(b, &so);
  if (st >= 0) goto done;
  plan_compare(&c, &so);
  st = seed_random(b, &c, so.random_source);
  if (st >= 0) goto done;
  if (so.check && g.noperands > 1) {
    st = bi_usage_error(
        b, &sort_cmd, "extra operand " BI_LQ "%s" BI_RQ " not allowed with -%c",
        g.operands[1], so.check == 1 ? 'c' : 'C');
    goto done;
  }
  int nfiles = g.noperands;
  char *dash[] = {(char *)"-"};
  char **files = nfiles ? g.operands : dash;
  /* the operands are NUL-separated names in that file */
  if (so.files0 && (st = files0_names(b, so.files0, &si, &files, &nfiles)) >= 0)
    goto done;
  if (!nfiles) nfiles = 1;
  st = read_inputs(b, files, nfiles, so.delim, &si);
  if (st >= 0) goto done;
  if (so.check) st = check_order(b, &c, &si, so.check, files[0]);
  else st = sort_lines(b, &c, &so, &si);
done:
  free(si.names);
  vsh_buf_dispose(&si.names0);
  free(si.bounds);
  free(si.tmp);
  free(si.lines);
  free(so.keys);
  vsh_buf_dispose(&si.all);
  return st;
}
