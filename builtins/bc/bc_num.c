/* bc_num.c: arbitrary precision decimals for bc.  A number is a magnitude
 * in base 10^9 limbs (little-endian) and a decimal scale.  Every result
 * is the exact value truncated (never rounded) to the scale GNU bc gives
 * it; raise and sqrt repeat GNU's own steps so their digits agree.
 * Limb memory is accounted in the env and capped, and every loop that
 * grows with the operands counts its work and checks cancellation. */
#include "builtins/bc/bc_int.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#define BASE 1000000000u
#define LIMB_DIGITS 9
#define KARATSUBA_MIN 48

static const uint32_t p10[10] = {
    1, 10, 100, 1000, 10000, 100000, 1000000, 10000000, 100000000, 1000000000};

/* ---- memory and work ------------------------------------------------ */

static bool tick(bcn_env *e, uint64_t units) {
  e->work += units;
  if (e->work < (1u << 18)) return !e->cancelled;
  e->work = 0;
  if (!e->cancelled && bi_cancelled(e->b)) e->cancelled = true;
  return !e->cancelled;
}

void bcn_init(bcn *x) { memset(x, 0, sizeof *x); }

void bcn_free(bcn_env *e, bcn *x) {
  if (x->d) {
    e->bytes -= (uint64_t)x->cap * sizeof(uint32_t);
    free(x->d);
  }
  bcn_init(x);
}

static uint64_t max_limbs(const bcn_env *e) {
  return 2 * (e->max_digits / LIMB_DIGITS) + 8;
}

/* Room for at least `limbs` limbs; contents kept. */
static int grow(bcn_env *e, bcn *x, uint64_t limbs) {
  if (limbs <= x->cap) return 0;
  if (limbs > max_limbs(e)) return BCN_ENOMEM;
  uint64_t ncap = x->cap * 2 > limbs ? x->cap * 2 : limbs;
  if (ncap > max_limbs(e)) ncap = limbs;
  if (ncap < 4) ncap = 4;
  uint64_t add = (ncap - x->cap) * sizeof(uint32_t);
  uint32_t *d = e->bytes + add > e->max_bytes
                    ? NULL
                    : realloc(x->d, ncap * sizeof(uint32_t));
  if (!d) {
    e->out_of_memory = true;
    return BCN_ENOMEM;
  }
  e->bytes += add;
  x->d = d;
  x->cap = (uint32_t)ncap;
  return 0;
}

static void trim(bcn *x) {
  while (x->n && !x->d[x->n - 1]) x->n--;
}

static void swap_into(bcn_env *e, bcn *r, bcn *t) {
  bcn_free(e, r);
  *r = *t;
  bcn_init(t);
}

int bcn_copy(bcn_env *e, bcn *dst, const bcn *src) {
  if (dst == src) return 0;
  int rc = grow(e, dst, src->n);
  if (rc) return rc;
  if (src->n) memcpy(dst->d, src->d, src->n * sizeof(uint32_t));
  dst->n = src->n;
  dst->scale = src->scale;
  dst->neg = src->neg;
  return 0;
}

int bcn_set_long(bcn_env *e, bcn *x, long v) {
  unsigned long m = v < 0 ? 0ul - (unsigned long)v : (unsigned long)v;
  int rc = grow(e, x, 3);
  if (rc) return rc;
  x->n = 0;
  while (m) {
    x->d[x->n++] = (uint32_t)(m % BASE);
    m /= BASE;
  }
  x->scale = 0;
  x->neg = v < 0;
  return 0;
}

/* ---- digits --------------------------------------------------------- */

static int limb_digits(uint32_t v) {
  int n = 1;
  while (n < 10 && v >= p10[n]) n++;
  return n;
}

/* Decimal digits of the magnitude (0 for zero). */
static uint64_t ndig(const bcn *x) {
  if (!x->n) return 0;
  return (uint64_t)(x->n - 1) * LIMB_DIGITS +
         (uint64_t)limb_digits(x->d[x->n - 1]);
}

bool bcn_is_zero(const bcn *x) { return x->n == 0; }

uint64_t bcn_int_digits(const bcn *x) {
  uint64_t d = ndig(x);
  return d > (uint64_t)x->scale ? d - (uint64_t)x->scale : 1;
}

long bcn_length(const bcn *x) {
  uint64_t d = ndig(x);
  /* GNU: a number below 1 counts its scale only ("0" is one digit) */
  if (d <= (uint64_t)x->scale) return x->scale ? x->scale : 1;
  return (long)d;
}

/* The decimal digit of |x| at 10^p. */
static int digit_at(const bcn *x, int64_t p) {
  int64_t i = p + x->scale;
  if (i < 0) return 0;
  uint64_t limb = (uint64_t)i / LIMB_DIGITS;
  if (limb >= x->n) return 0;
  return (int)(x->d[limb] / p10[(uint64_t)i % LIMB_DIGITS] % 10);
}

long bcn_to_long(const bcn *x) {
  uint64_t id = ndig(x) > (uint64_t)x->scale ? ndig(x) - (uint64_t)x->scale : 0;
  if (id > 19) return 0;
  unsigned long long v = 0;
  for (int64_t p = (int64_t)id - 1; p >= 0; p--) {
    v = v * 10 + (unsigned)digit_at(x, p);
    if (v > (unsigned long long)LONG_MAX) return 0;
  }
  return x->neg ? -(long)v : (long)v;
}

static int mag_cmp_raw(const uint32_t *a, uint32_t an, const uint32_t *b,
                       uint32_t bn) {
  if (an != bn) return an > bn ? 1 : -1;
  for (uint32_t i = an; i-- > 0;)
    if (a[i] != b[i]) return a[i] > b[i] ? 1 : -1;
  return 0;
}

/* Compares |a| and |b| as decimal values, whatever their scales. */
static int mag_cmp(const bcn *a, const bcn *b) {
  if (a->scale == b->scale) return mag_cmp_raw(a->d, a->n, b->d, b->n);
  if (!a->n || !b->n) return a->n ? 1 : b->n ? -1 : 0;
  int64_t ta = (int64_t)ndig(a) - 1 - a->scale;
  int64_t tb = (int64_t)ndig(b) - 1 - b->scale;
  if (ta != tb) return ta > tb ? 1 : -1;
  int64_t low = -(int64_t)(a->scale > b->scale ? a->scale : b->scale);
  for (int64_t p = ta; p >= low; p--) {
    int da = digit_at(a, p), db = digit_at(b, p);
    if (da != db) return da > db ? 1 : -1;
  }
  return 0;
}

int bcn_cmp(const bcn *a, const bcn *b) {
  if (a->neg != b->neg) return a->neg ? -1 : 1;
  int c = mag_cmp(a, b);
  return a->neg ? -c : c;
}

/* ---- limb arithmetic ------------------------------------------------ */

/* x *= 10^k (magnitude). */
static int mul_pow10(bcn_env *e, bcn *x, uint64_t k) {
  if (!x->n || !k) return 0;
  if (ndig(x) + k > 2 * e->max_digits) return BCN_ENOMEM;
  uint64_t q = k / LIMB_DIGITS;
  uint32_t r = (uint32_t)(k % LIMB_DIGITS);
  int rc = grow(e, x, x->n + q + 1);
  if (rc) return rc;
  if (r) {
    uint64_t carry = 0;
    for (uint32_t i = 0; i < x->n; i++) {
      uint64_t t = (uint64_t)x->d[i] * p10[r] + carry;
      x->d[i] = (uint32_t)(t % BASE);
      carry = t / BASE;
    }
    if (carry) x->d[x->n++] = (uint32_t)carry;
  }
  if (q) {
    memmove(x->d + q, x->d, x->n * sizeof(uint32_t));
    memset(x->d, 0, q * sizeof(uint32_t));
    x->n += (uint32_t)q;
  }
  return tick(e, x->n) ? 0 : BCN_ECANCEL;
}

/* x = trunc(x / 10^k) (magnitude). */
static void div_pow10(bcn *x, uint64_t k) {
  if (!x->n || !k) return;
  uint64_t q = k / LIMB_DIGITS;
  uint32_t r = (uint32_t)(k % LIMB_DIGITS);
  if (q >= x->n) {
    x->n = 0;
    return;
  }
  if (q) {
    memmove(x->d, x->d + q, (x->n - q) * sizeof(uint32_t));
    x->n -= (uint32_t)q;
  }
  if (r) {
    uint64_t rem = 0;
    for (uint32_t i = x->n; i-- > 0;) {
      uint64_t cur = rem * BASE + x->d[i];
      x->d[i] = (uint32_t)(cur / p10[r]);
      rem = cur % p10[r];
    }
  }
  trim(x);
}

/* t = |x| rescaled to `scale` digits (multiplied or truncated). */
static int rescaled(bcn_env *e, bcn *t, const bcn *x, int64_t scale) {
  int rc = bcn_copy(e, t, x);
  if (rc) return rc;
  if (scale > x->scale) rc = mul_pow10(e, t, (uint64_t)(scale - x->scale));
  else div_pow10(t, (uint64_t)(x->scale - scale));
  t->scale = (int32_t)scale;
  t->neg = false;
  return rc;
}

/* r = a + b (r has room for max+1 limbs; r may alias a). */
static uint32_t raw_add(uint32_t *r, const uint32_t *a, uint32_t an,
                        const uint32_t *b, uint32_t bn) {
  if (an < bn) {
    const uint32_t *t = a;
    a = b;
    b = t;
    uint32_t tn = an;
    an = bn;
    bn = tn;
  }
  uint32_t carry = 0;
  for (uint32_t i = 0; i < an; i++) {
    uint32_t s = a[i] + (i < bn ? b[i] : 0) + carry;
    carry = s >= BASE;
    r[i] = carry ? s - BASE : s;
  }
  r[an] = carry;
  return an + carry;
}

/* r = a - b with a >= b (r may alias a). */
static uint32_t raw_sub(uint32_t *r, const uint32_t *a, uint32_t an,
                        const uint32_t *b, uint32_t bn) {
  int64_t borrow = 0;
  for (uint32_t i = 0; i < an; i++) {
    int64_t s = (int64_t)a[i] - (i < bn ? b[i] : 0) - borrow;
    borrow = s < 0;
    r[i] = (uint32_t)(s < 0 ? s + BASE : s);
  }
  while (an && !r[an - 1]) an--;
  return an;
}

/* r[0..an+bn) = a * b, schoolbook; r must not alias.  False when
 * cancelled. */
static bool mul_school(bcn_env *e, uint32_t *r, const uint32_t *a, uint32_t an,
                       const uint32_t *b, uint32_t bn) {
  memset(r, 0, ((size_t)an + bn) * sizeof(uint32_t));
  for (uint32_t i = 0; i < an; i++) {
    uint64_t ai = a[i], carry = 0;
    if (!tick(e, bn)) return false;
    if (!ai) continue;
    for (uint32_t j = 0; j < bn; j++) {
      uint64_t t = r[i + j] + ai * b[j] + carry;
      r[i + j] = (uint32_t)(t % BASE);
      carry = t / BASE;
    }
    r[i + bn] = (uint32_t)carry;
  }
  return true;
}

/* Adds a[0..an) into r at offset 0 (r long enough), propagating carry. */
static void acc_add(uint32_t *r, size_t rn, const uint32_t *a, size_t an) {
  uint32_t carry = 0;
  size_t i = 0;
  for (; i < an; i++) {
    uint32_t s = r[i] + a[i] + carry;
    carry = s >= BASE;
    r[i] = carry ? s - BASE : s;
  }
  for (; carry && i < rn; i++) {
    uint32_t s = r[i] + carry;
    carry = s >= BASE;
    r[i] = carry ? s - BASE : s;
  }
}

/* Subtracts a from r (r >= a). */
static void acc_sub(uint32_t *r, size_t rn, const uint32_t *a, size_t an) {
  int64_t borrow = 0;
  size_t i = 0;
  for (; i < an; i++) {
    int64_t s = (int64_t)r[i] - a[i] - borrow;
    borrow = s < 0;
    r[i] = (uint32_t)(s < 0 ? s + BASE : s);
  }
  for (; borrow && i < rn; i++) {
    int64_t s = (int64_t)r[i] - borrow;
    borrow = s < 0;
    r[i] = (uint32_t)(s < 0 ? s + BASE : s);
  }
}

/* r[0..2n) = a * b for n-limb operands (zero-padded); tmp has room for
 * 8n limbs.  Karatsuba above KARATSUBA_MIN limbs. */
static bool mul_kara(bcn_env *e, uint32_t *r, const uint32_t *a,
                     const uint32_t *b, size_t n, uint32_t *tmp) {
  if (n < KARATSUBA_MIN)
    return mul_school(e, r, a, (uint32_t)n, b, (uint32_t)n);
  size_t h = n / 2, hi = n - h; /* low halves h limbs, high halves hi */
  /* sa = a0 + a1, sb = b0 + b1 (hi + 1 limbs each) */
  uint32_t *sa = tmp, *sb = tmp + hi + 1, *m = tmp + 2 * (hi + 1);
  uint32_t *next = m + 2 * (hi + 1);
  memset(sa, 0, (hi + 1) * sizeof(uint32_t));
  memset(sb, 0, (hi + 1) * sizeof(uint32_t));
  memcpy(sa, a + h, hi * sizeof(uint32_t));
  memcpy(sb, b + h, hi * sizeof(uint32_t));
  acc_add(sa, hi + 1, a, h);
  acc_add(sb, hi + 1, b, h);
  /* z0 = a0 b0 -> r[0..2h), z2 = a1 b1 -> r[2h..2n) */
  uint32_t *a0 = (uint32_t *)next, *b0 = a0 + hi;
  next = b0 + hi;
  memset(a0, 0, 2 * hi * sizeof(uint32_t));
  memcpy(a0, a, h * sizeof(uint32_t));
  memcpy(b0, b, h * sizeof(uint32_t));
  uint32_t *z0 = next;
  next = z0 + 2 * hi;
  if (!mul_kara(e, z0, a0, b0, hi, next)) return false;
  memcpy(r, z0, 2 * h * sizeof(uint32_t));
  if (!mul_kara(e, r + 2 * h, a + h, b + h, hi, next)) return false;
  if (!mul_kara(e, m, sa, sb, hi + 1, next)) return false;
  /* m -= z0 + z2; r += m << h */
  acc_sub(m, 2 * (hi + 1), z0, 2 * h);
  acc_sub(m, 2 * (hi + 1), r + 2 * h, 2 * hi);
  size_t mn = 2 * (hi + 1);
  while (mn && !m[mn - 1]) mn--;
  acc_add(r + h, 2 * n - h, m, mn);
  return true;
}

/* t = a * b (magnitudes). */
static int mag_mul(bcn_env *e, bcn *t, const bcn *a, const bcn *b) {
  t->n = 0;
  if (!a->n || !b->n) return 0;
  uint64_t rn = (uint64_t)a->n + b->n;
  int rc = grow(e, t, rn);
  if (rc) return rc;
  uint32_t small = a->n < b->n ? a->n : b->n;
  if (small < KARATSUBA_MIN) {
    /* the shorter operand outside: every row is long */
    const bcn *x = a->n <= b->n ? a : b, *y = a->n <= b->n ? b : a;
    if (!mul_school(e, t->d, x->d, x->n, y->d, y->n)) return BCN_ECANCEL;
  } else {
    /* pad both to the longer length; split the longer one into chunks of
     * the shorter length when they are unbalanced */
    const bcn *lo = a->n < b->n ? a : b, *hi = a->n < b->n ? b : a;
    size_t n = lo->n;
    uint64_t tmpn = 16 * (uint64_t)n + 64;
    bcn tmp, prod, chunk;
    bcn_init(&tmp);
    bcn_init(&prod);
    bcn_init(&chunk);
    if ((rc = grow(e, &tmp, tmpn)) || (rc = grow(e, &prod, 2 * n)) ||
        (rc = grow(e, &chunk, n))) {
      bcn_free(e, &tmp);
      bcn_free(e, &prod);
      bcn_free(e, &chunk);
      return rc;
    }
    memset(t->d, 0, rn * sizeof(uint32_t));
    for (size_t off = 0; off < hi->n && !rc; off += n) {
      size_t cn = hi->n - off < n ? hi->n - off : n;
      memset(chunk.d, 0, n * sizeof(uint32_t));
      memcpy(chunk.d, hi->d + off, cn * sizeof(uint32_t));
      if (!mul_kara(e, prod.d, lo->d, chunk.d, n, tmp.d)) rc = BCN_ECANCEL;
      else {
        size_t pn = 2 * n;
        while (pn && !prod.d[pn - 1]) pn--;
        acc_add(t->d + off, rn - off, prod.d, pn);
      }
    }
    bcn_free(e, &tmp);
    bcn_free(e, &prod);
    bcn_free(e, &chunk);
    if (rc) return rc;
  }
  t->n = (uint32_t)rn;
  trim(t);
  return 0;
}

/* q = u / d for a one-limb d; returns the remainder.  q may alias u. */
static uint32_t divsmall(uint32_t *q, const uint32_t *u, uint32_t n,
                         uint32_t d) {
  uint64_t rem = 0;
  for (uint32_t i = n; i-- > 0;) {
    uint64_t cur = rem * BASE + u[i];
    q[i] = (uint32_t)(cur / d);
    rem = cur % d;
  }
  return (uint32_t)rem;
}

/* q = trunc(u / v), optionally rem = u mod v (magnitudes, v != 0).  Knuth
 * algorithm D in base 10^9. */
static int mag_divmod(bcn_env *e, bcn *q, bcn *rem, const bcn *u,
                      const bcn *v) {
  int rc;
  if (mag_cmp_raw(u->d, u->n, v->d, v->n) < 0) {
    if (rem && (rc = bcn_copy(e, rem, u))) return rc;
    q->n = 0;
    return 0;
  }
  uint32_t n = v->n, m = u->n - v->n;
  if ((rc = grow(e, q, (uint64_t)m + 1))) return rc;
  if (n == 1) {
    uint32_t r = divsmall(q->d, u->d, u->n, v->d[0]);
    q->n = u->n;
    trim(q);
    if (rem) {
      if ((rc = bcn_set_long(e, rem, (long)r))) return rc;
    }
    return tick(e, u->n) ? 0 : BCN_ECANCEL;
  }
  bcn un, vn;
  bcn_init(&un);
  bcn_init(&vn);
  if ((rc = grow(e, &un, (uint64_t)u->n + 1)) || (rc = grow(e, &vn, n))) {
    bcn_free(e, &un);
    bcn_free(e, &vn);
    return rc;
  }
  /* normalise: the divisor's top limb at least BASE/2 */
  uint32_t f = BASE / (v->d[n - 1] + 1);
  uint64_t carry = 0;
  for (uint32_t i = 0; i < u->n; i++) {
    uint64_t t = (uint64_t)u->d[i] * f + carry;
    un.d[i] = (uint32_t)(t % BASE);
    carry = t / BASE;
  }
  un.d[u->n] = (uint32_t)carry;
  carry = 0;
  for (uint32_t i = 0; i < n; i++) {
    uint64_t t = (uint64_t)v->d[i] * f + carry;
    vn.d[i] = (uint32_t)(t % BASE);
    carry = t / BASE;
  }
  uint32_t *U = un.d, *V = vn.d;
  uint64_t vtop = V[n - 1], vnext = V[n - 2];
  for (uint32_t j = m + 1; j-- > 0;) {
    uint64_t num = (uint64_t)U[j + n] * BASE + U[j + n - 1];
    uint64_t qhat = num / vtop, rhat = num % vtop;
    if (qhat >= BASE) {
      qhat = BASE - 1;
      rhat = num - qhat * vtop;
    }
    while (rhat < BASE && qhat * vnext > rhat * BASE + U[j + n - 2]) {
      qhat--;
      rhat += vtop;
    }
    /* U[j..j+n] -= qhat * V */
    int64_t borrow = 0;
    uint64_t mc = 0;
    for (uint32_t i = 0; i < n; i++) {
      uint64_t p = qhat * V[i] + mc;
      mc = p / BASE;
      int64_t s = (int64_t)U[i + j] - (int64_t)(p % BASE) - borrow;
      borrow = s < 0;
      U[i + j] = (uint32_t)(s < 0 ? s + BASE : s);
    }
    int64_t s = (int64_t)U[j + n] - (int64_t)mc - borrow;
    if (s < 0) {
      /* qhat was one too large: add V back */
      U[j + n] = (uint32_t)(s + BASE);
      qhat--;
      uint32_t c = 0;
      for (uint32_t i = 0; i < n; i++) {
        uint32_t t = U[i + j] + V[i] + c;
        c = t >= BASE;
        U[i + j] = c ? t - BASE : t;
      }
      U[j + n] = (U[j + n] + c) % BASE;
    } else {
      U[j + n] = (uint32_t)s;
    }
    q->d[j] = (uint32_t)qhat;
    if (!tick(e, n)) {
      rc = BCN_ECANCEL;
      break;
    }
  }
  if (!rc) {
    q->n = m + 1;
    trim(q);
    if (rem) {
      un.n = n;
      trim(&un);
      divsmall(un.d, un.d, un.n, f);
      trim(&un);
      rc = bcn_copy(e, rem, &un);
      rem->scale = 0;
      rem->neg = false;
    }
  }
  bcn_free(e, &un);
  bcn_free(e, &vn);
  return rc;
}

/* ---- bc operations -------------------------------------------------- */

static int64_t max64(int64_t a, int64_t b) { return a > b ? a : b; }
static int64_t min64(int64_t a, int64_t b) { return a < b ? a : b; }

static int addsub(bcn_env *e, bcn *r, const bcn *a, const bcn *b, bool sub,
                  int32_t smin) {
  bool bneg = b->neg != sub;
  int64_t rs = max64(max64(a->scale, b->scale), smin);
  bcn A, B, t;
  bcn_init(&A);
  bcn_init(&B);
  bcn_init(&t);
  int rc = rescaled(e, &A, a, rs);
  if (!rc) rc = rescaled(e, &B, b, rs);
  if (!rc && a->neg == bneg) {
    rc = grow(e, &t, (uint64_t)(A.n > B.n ? A.n : B.n) + 1);
    if (!rc) t.n = raw_add(t.d, A.d, A.n, B.d, B.n);
    t.neg = a->neg; /* GNU keeps the sign even of a zero sum */
  } else if (!rc) {
    int c = mag_cmp_raw(A.d, A.n, B.d, B.n);
    if (c > 0) {
      rc = grow(e, &t, A.n);
      if (!rc) t.n = raw_sub(t.d, A.d, A.n, B.d, B.n);
      t.neg = a->neg;
    } else if (c < 0) {
      rc = grow(e, &t, B.n);
      if (!rc) t.n = raw_sub(t.d, B.d, B.n, A.d, A.n);
      t.neg = bneg;
    }
  }
  t.scale = (int32_t)rs;
  if (!rc && ndig(&t) > e->max_digits) rc = BCN_ENOMEM;
  if (!rc) swap_into(e, r, &t);
  bcn_free(e, &A);
  bcn_free(e, &B);
  bcn_free(e, &t);
  return rc;
}

int bcn_add(bcn_env *e, bcn *r, const bcn *a, const bcn *b, int32_t smin) {
  return addsub(e, r, a, b, false, smin);
}

int bcn_sub(bcn_env *e, bcn *r, const bcn *a, const bcn *b, int32_t smin) {
  return addsub(e, r, a, b, true, smin);
}

int bcn_mul(bcn_env *e, bcn *r, const bcn *a, const bcn *b, int32_t scale) {
  int64_t full = (int64_t)a->scale + b->scale;
  int64_t ps = min64(full, max64(scale, max64(a->scale, b->scale)));
  bcn t;
  bcn_init(&t);
  int rc = 0;
  if (ndig(a) + ndig(b) > 2 * e->max_digits) rc = BCN_ENOMEM;
  if (!rc) rc = mag_mul(e, &t, a, b);
  if (!rc) {
    div_pow10(&t, (uint64_t)(full - ps));
    t.scale = (int32_t)ps;
    t.neg = t.n && a->neg != b->neg;
    if (ndig(&t) > e->max_digits) rc = BCN_ENOMEM;
  }
  if (!rc) swap_into(e, r, &t);
  bcn_free(e, &t);
  return rc;
}

int bcn_div(bcn_env *e, bcn *r, const bcn *a, const bcn *b, int32_t scale) {
  if (!b->n) return BCN_EDIVZERO;
  int64_t shift = (int64_t)b->scale + scale - a->scale;
  if (shift > 0 && ndig(a) + (uint64_t)shift > e->max_digits + ndig(b))
    return BCN_ENOMEM;
  bcn A, B, q;
  bcn_init(&A);
  bcn_init(&B);
  bcn_init(&q);
  int rc = bcn_copy(e, &A, a);
  if (!rc) {
    if (shift > 0) rc = mul_pow10(e, &A, (uint64_t)shift);
    else div_pow10(&A, (uint64_t)-shift);
  }
  if (!rc) {
    B = *b; /* a view of the divisor's limbs */
    if (A.n) rc = mag_divmod(e, &q, NULL, &A, &B);
    bcn_init(&B);
  }
  if (!rc) {
    q.scale = scale;
    q.neg = q.n && a->neg != b->neg;
    if (ndig(&q) > e->max_digits) rc = BCN_ENOMEM;
  }
  if (!rc) swap_into(e, r, &q);
  bcn_free(e, &A);
  bcn_free(e, &q);
  return rc;
}

/* GNU's bc_divmod without the quotient: a - trunc(a/b)*b at the scale
 * max(a.scale, b.scale + scale). */
int bcn_mod(bcn_env *e, bcn *r, const bcn *a, const bcn *b, int32_t scale) {
  if (!b->n) return BCN_EDIVZERO;
  int64_t rscale = max64(a->scale, (int64_t)b->scale + scale);
  if (rscale > INT32_MAX) return BCN_ENOMEM;
  bcn t;
  bcn_init(&t);
  int rc = bcn_div(e, &t, a, b, scale);
  if (!rc) rc = bcn_mul(e, &t, &t, b, (int32_t)rscale);
  if (!rc) rc = bcn_sub(e, &t, a, &t, (int32_t)rscale);
  if (!rc) swap_into(e, r, &t);
  bcn_free(e, &t);
  return rc;
}

int bcn_pow(bcn_env *e, bcn *r, const bcn *a, const bcn *b, int32_t scale,
            bool *warn, bool *too_large) {
  *warn = b->scale != 0;
  *too_large = false;
  long ex = bcn_to_long(b);
  if (ex == 0 && ndig(b) > (uint64_t)b->scale) *too_large = true;
  if (ex == 0) {
    bcn_free(e, r);
    return bcn_set_long(e, r, 1);
  }
  bool neg = ex < 0;
  unsigned long ue = neg ? 0ul - (unsigned long)ex : (unsigned long)ex;
  int64_t rscale;
  if (neg) {
    rscale = scale;
  } else {
    uint64_t full;
    if (__builtin_mul_overflow((uint64_t)a->scale, (uint64_t)ue, &full))
      full = UINT64_MAX;
    rscale = (int64_t)(full < (uint64_t)max64(scale, a->scale)
                           ? full
                           : (uint64_t)max64(scale, a->scale));
  }
  /* the exact power has about ue * log10(magnitude) digits: refuse early */
  if (a->n) {
    double lg =
        (double)(a->n - 1) * LIMB_DIGITS + log10((double)a->d[a->n - 1]);
    if (a->n > 1)
      lg += log10(1.0 + (double)a->d[a->n - 2] / BASE / a->d[a->n - 1]);
    if (lg * (double)ue > (double)e->max_digits + 10) return BCN_ENOMEM;
  }
  if (!a->n) {
    if (neg) return BCN_EDIVZERO;
    /* GNU multiplies zeros (a positive zero) unless the power is 1 */
    bool zneg = ue == 1 && a->neg;
    bcn_free(e, r);
    bcn_init(r);
    r->scale = (int32_t)rscale;
    r->neg = zneg;
    return 0;
  }
  /* square-and-multiply as GNU: every product is exact */
  bcn power, temp;
  bcn_init(&power);
  bcn_init(&temp);
  int rc = bcn_copy(e, &power, a);
  int64_t pwrscale = a->scale, calcscale;
  while (!rc && (ue & 1) == 0) {
    pwrscale *= 2;
    if (pwrscale > INT32_MAX) rc = BCN_ENOMEM;
    else rc = bcn_mul(e, &power, &power, &power, (int32_t)pwrscale);
    ue >>= 1;
  }
  if (!rc) rc = bcn_copy(e, &temp, &power);
  calcscale = pwrscale;
  ue >>= 1;
  while (!rc && ue > 0) {
    pwrscale *= 2;
    if (pwrscale > INT32_MAX) {
      rc = BCN_ENOMEM;
      break;
    }
    rc = bcn_mul(e, &power, &power, &power, (int32_t)pwrscale);
    if (!rc && (ue & 1)) {
      calcscale += pwrscale;
      if (calcscale > INT32_MAX) rc = BCN_ENOMEM;
      else rc = bcn_mul(e, &temp, &temp, &power, (int32_t)calcscale);
    }
    ue >>= 1;
  }
  if (!rc) {
    if (neg) {
      bcn one;
      bcn_init(&one);
      rc = bcn_set_long(e, &one, 1);
      if (!rc) rc = bcn_div(e, r, &one, &temp, (int32_t)rscale);
      bcn_free(e, &one);
    } else {
      /* GNU shortens the scale in place: the sign of a zero stays */
      if (temp.scale > rscale) {
        div_pow10(&temp, (uint64_t)(temp.scale - rscale));
        temp.scale = (int32_t)rscale;
      }
      swap_into(e, r, &temp);
    }
  }
  bcn_free(e, &power);
  bcn_free(e, &temp);
  return rc;
}

/* GNU's bc_is_near_zero: |x| truncated to `scale` digits is 0 or 1 ulp. */
static bool near_zero(bcn_env *e, const bcn *x, int64_t scale) {
  if (scale > x->scale) scale = x->scale;
  bcn t;
  bcn_init(&t);
  if (rescaled(e, &t, x, scale)) {
    bcn_free(e, &t);
    return false;
  }
  bool z = t.n == 0 || (t.n == 1 && t.d[0] == 1);
  bcn_free(e, &t);
  return z;
}

/* GNU's Newton iteration, step for step. */
int bcn_sqrt(bcn_env *e, bcn *r, const bcn *a, int32_t scale) {
  bcn zero, one;
  bcn_init(&zero);
  bcn_init(&one);
  int rc = bcn_set_long(e, &one, 1);
  if (rc) return rc;
  int c = bcn_cmp(a, &zero);
  if (c < 0) {
    bcn_free(e, &one);
    return BCN_ENEG;
  }
  if (c == 0 || bcn_cmp(a, &one) == 0) {
    bool is_one = c != 0;
    bcn_free(e, &one);
    bcn_free(e, r);
    return bcn_set_long(e, r, is_one);
  }
  int64_t rscale = max64(scale, a->scale);
  bcn guess, guess1, point5, diff, num;
  bcn_init(&guess);
  bcn_init(&guess1);
  bcn_init(&point5);
  bcn_init(&diff);
  bcn_init(&num);
  int64_t cscale;
  rc = bcn_copy(e, &num, a);
  if (!rc) rc = bcn_set_long(e, &point5, 5);
  point5.scale = 1;
  if (!rc && bcn_cmp(a, &one) < 0) {
    rc = bcn_set_long(e, &guess, 1);
    cscale = a->scale;
  } else if (!rc) {
    /* 10 ^ trunc(n_len * .5) */
    bcn ten, ex;
    bcn_init(&ten);
    bcn_init(&ex);
    bool w, big;
    rc = bcn_set_long(e, &ten, 10);
    if (!rc) rc = bcn_set_long(e, &ex, (long)(bcn_int_digits(a) / 2));
    if (!rc) rc = bcn_pow(e, &guess, &ten, &ex, 0, &w, &big);
    bcn_free(e, &ten);
    bcn_free(e, &ex);
    cscale = 3;
  } else {
    cscale = 0;
  }
  for (bool done = false; !rc && !done;) {
    rc = bcn_copy(e, &guess1, &guess);
    if (!rc) rc = bcn_div(e, &guess, &num, &guess, (int32_t)cscale);
    if (!rc) rc = bcn_add(e, &guess, &guess, &guess1, 0);
    if (!rc) rc = bcn_mul(e, &guess, &guess, &point5, (int32_t)cscale);
    if (!rc) rc = bcn_sub(e, &diff, &guess, &guess1, (int32_t)(cscale + 1));
    if (!rc && near_zero(e, &diff, cscale)) {
      if (cscale < rscale + 1) cscale = min64(cscale * 3, rscale + 1);
      else done = true;
    }
    if (!rc && !tick(e, guess.n + 1)) rc = BCN_ECANCEL;
  }
  if (!rc) rc = bcn_div(e, r, &guess, &one, (int32_t)rscale);
  bcn_free(e, &guess);
  bcn_free(e, &guess1);
  bcn_free(e, &point5);
  bcn_free(e, &diff);
  bcn_free(e, &num);
  bcn_free(e, &one);
  return rc;
}

/* ---- constants and read() ------------------------------------------- */

static int digit_val(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'A' && c <= 'Z') return c - 'A' + 10;
  return -1;
}

/* x = x * m + add (magnitude, small m). */
static int mul_small_add(bcn_env *e, bcn *x, uint32_t m, uint32_t add) {
  int rc = grow(e, x, x->n + 2);
  if (rc) return rc;
  uint64_t carry = add;
  for (uint32_t i = 0; i < x->n; i++) {
    uint64_t t = (uint64_t)x->d[i] * m + carry;
    x->d[i] = (uint32_t)(t % BASE);
    carry = t / BASE;
  }
  while (carry) {
    x->d[x->n++] = (uint32_t)(carry % BASE);
    carry /= BASE;
  }
  if (ndig(x) > e->max_digits) return BCN_ENOMEM;
  return tick(e, x->n) ? 0 : BCN_ECANCEL;
}

/* GNU's push_b10_const: digits above 9 count as 9, except a lone digit.
 * Linear: the digits go straight into limbs. */
static int const_b10(bcn_env *e, bcn *r, const char *s, size_t n) {
  bcn t;
  bcn_init(&t);
  int rc = 0;
  if (n == 1 && digit_val(s[0]) > 9) {
    rc = bcn_set_long(e, &t, digit_val(s[0]));
  } else {
    size_t dot = n, nd = 0;
    for (size_t i = 0; i < n; i++) {
      if (s[i] == '.') dot = i;
      else nd++;
    }
    if (nd > e->max_digits) rc = BCN_ENOMEM;
    if (!rc) rc = grow(e, &t, nd / LIMB_DIGITS + 1);
    if (!rc) {
      uint32_t limb = 0, mul = 1;
      t.n = 0;
      for (size_t i = n; i-- > 0;) {
        if (s[i] == '.') continue;
        int d = digit_val(s[i]);
        limb += (uint32_t)(d > 9 ? 9 : d) * mul;
        mul *= 10;
        if (mul == BASE) {
          t.d[t.n++] = limb;
          limb = 0;
          mul = 1;
        }
      }
      if (mul > 1) t.d[t.n++] = limb;
      trim(&t);
      t.scale = (int32_t)(dot < n ? n - dot - 1 : 0);
    }
  }
  if (!rc) swap_into(e, r, &t);
  bcn_free(e, &t);
  return rc;
}

/* GNU's push_constant over a digit source: next() gives 0-35 for digits,
 * '.', or anything else (>= 36) to end. */
typedef int (*digit_fn)(void *ud);

static int const_base(bcn_env *e, bcn *r, int base, digit_fn next, void *ud,
                      bool negative, int first) {
  bcn build, frac, divisor, tmp;
  bcn_init(&build);
  bcn_init(&frac);
  bcn_init(&divisor);
  bcn_init(&tmp);
  int rc = 0, ch = first;
  if (ch < 36) {
    int first_ch = ch;
    ch = next(ud);
    if (ch < 36 && first_ch >= base) first_ch = base - 1;
    rc = bcn_set_long(e, &build, first_ch);
  }
  while (!rc && ch < 36) {
    if (ch >= base) ch = base - 1;
    rc = mul_small_add(e, &build, (uint32_t)base, (uint32_t)ch);
    ch = next(ud);
  }
  if (!rc && ch == '.') {
    ch = next(ud);
    if (ch >= base) ch = base - 1; /* GNU clamps even a non-digit here */
    long digits = 0;
    rc = bcn_set_long(e, &divisor, 1);
    while (!rc && ch < 36) {
      rc = mul_small_add(e, &frac, (uint32_t)base, (uint32_t)ch);
      if (!rc) rc = mul_small_add(e, &divisor, (uint32_t)base, 0);
      digits++;
      ch = next(ud);
      if (ch < 36 && ch >= base) ch = base - 1;
    }
    if (!rc && digits > INT32_MAX) rc = BCN_ENOMEM;
    if (!rc) rc = bcn_div(e, &frac, &frac, &divisor, (int32_t)digits);
    if (!rc) rc = bcn_add(e, &build, &build, &frac, 0);
  }
  trim(&build);
  if (!rc && negative) { rc = bcn_sub(e, &build, &tmp, &build, 0); }
  if (!rc) swap_into(e, r, &build);
  bcn_free(e, &build);
  bcn_free(e, &frac);
  bcn_free(e, &divisor);
  bcn_free(e, &tmp);
  return rc;
}

typedef struct str_src {
  const char *s;
  size_t n, i;
} str_src;

static int str_next(void *ud) {
  str_src *s = ud;
  if (s->i >= s->n) return ':';
  char c = s->s[s->i++];
  if (c == '.') return '.';
  int d = digit_val(c);
  return d < 0 ? ':' : d;
}

int bcn_from_const(bcn_env *e, bcn *r, const char *s, size_t n, int base) {
  if (base == 10) return const_b10(e, r, s, n);
  str_src src = {s, n, 0};
  int first = str_next(&src);
  return const_base(e, r, base, str_next, &src, false, first);
}

typedef struct read_src {
  bcn_char_fn next;
  void *ud;
} read_src;

static int read_next(void *ud) {
  read_src *s = ud;
  int c = s->next(s->ud);
  return c < 0 ? ':' : c;
}

int bcn_read_number(bcn_env *e, bcn *r, int base, bcn_char_fn next, void *ud) {
  read_src src = {next, ud};
  int ch = next(ud);
  while (ch == '~') ch = next(ud);
  if (ch < 0) return BCN_EDIVZERO;
  bool negative = false;
  if (ch == '+') ch = next(ud);
  else if (ch == '-') {
    negative = true;
    ch = next(ud);
  }
  return const_base(e, r, base, read_next, &src, negative, ch < 0 ? ':' : ch);
}

/* ---- output --------------------------------------------------------- */

typedef struct outv {
  uint32_t *v;
  size_t n, cap;
} outv;

static int outv_push(bcn_env *e, outv *o, uint32_t d) {
  if (o->n == o->cap) {
    size_t nc = o->cap ? o->cap * 2 : 64;
    if ((uint64_t)nc * 4 > e->max_bytes / 4) return BCN_ENOMEM;
    uint32_t *v = realloc(o->v, nc * sizeof(uint32_t));
    if (!v) return BCN_ENOMEM;
    o->v = v;
    o->cap = nc;
  }
  o->v[o->n++] = d;
  return 0;
}

static void put_long(bcn_put_fn put, void *ud, unsigned long v, int width,
                     bool space) {
  char buf[24];
  int len = snprintf(buf, sizeof buf, "%lu", v);
  if (space) put(ud, ' ');
  for (int i = len; i < width; i++) put(ud, '0');
  for (int i = 0; i < len; i++) put(ud, buf[i]);
}

static int print_b10(bcn_env *e, const bcn *x, bcn_put_fn put, void *ud) {
  uint64_t nd = ndig(x);
  uint64_t id = nd > (uint64_t)x->scale ? nd - (uint64_t)x->scale : 0;
  for (int64_t p = (int64_t)id - 1; p >= 0; p--) {
    put(ud, (char)('0' + digit_at(x, p)));
    if ((p & 1023) == 0 && !tick(e, 1024)) return BCN_ECANCEL;
  }
  if (x->scale > 0) {
    put(ud, '.');
    for (int64_t p = -1; p >= -(int64_t)x->scale; p--) {
      put(ud, (char)('0' + digit_at(x, p)));
      if ((p & 1023) == 0 && !tick(e, 1024)) return BCN_ECANCEL;
    }
  }
  return 0;
}

int bcn_print(bcn_env *e, const bcn *x, long obase, bcn_put_fn put, void *ud) {
  static const char ref[] = "0123456789ABCDEF";
  if (x->neg) put(ud, '-');
  if (!x->n) {
    put(ud, '0');
    return 0;
  }
  if (obase == 10) return print_b10(e, x, put, ud);
  int width = 0;
  for (unsigned long m = (unsigned long)obase - 1; m; m /= 10) width++;
  if (!width) width = 1;
  bcn ip, fp, q, rem, bb;
  bcn_init(&ip);
  bcn_init(&fp);
  bcn_init(&q);
  bcn_init(&rem);
  bcn_init(&bb);
  outv digs = {0};
  /* integer part: digits by repeated division, least significant first */
  int rc = rescaled(e, &ip, x, 0);
  if (!rc) rc = rescaled(e, &fp, x, x->scale);
  if (!rc) {
    bcn ipx;
    bcn_init(&ipx);
    rc = rescaled(e, &ipx, &ip, x->scale);
    if (!rc) { fp.n = raw_sub(fp.d, fp.d, fp.n, ipx.d, ipx.n); }
    bcn_free(e, &ipx);
  }
  if (!rc && (unsigned long)obase < BASE) {
    /* k digits per division by obase^k */
    uint32_t pk = (uint32_t)obase;
    int k = 1;
    while ((uint64_t)pk * (uint64_t)obase < BASE) {
      pk *= (uint32_t)obase;
      k++;
    }
    while (!rc && ip.n) {
      uint32_t r = divsmall(ip.d, ip.d, ip.n, pk);
      trim(&ip);
      for (int i = 0; i < k && !rc; i++) {
        if (!ip.n && !r) break;
        rc = outv_push(e, &digs, r % (uint32_t)obase);
        r /= (uint32_t)obase;
      }
      if (!rc && !tick(e, ip.n + 1)) rc = BCN_ECANCEL;
    }
  } else if (!rc) {
    rc = bcn_set_long(e, &bb, obase);
    while (!rc && ip.n) {
      rc = mag_divmod(e, &q, &rem, &ip, &bb);
      if (!rc) rc = outv_push(e, &digs, (uint32_t)bcn_to_long(&rem));
      if (!rc) {
        bcn t = ip;
        ip = q;
        q = t;
      }
      if (!rc && !tick(e, ip.n + 1)) rc = BCN_ECANCEL;
    }
  }
  for (size_t i = digs.n; !rc && i-- > 0;) {
    if (obase <= 16) put(ud, ref[digs.v[i]]);
    else put_long(put, ud, digs.v[i], width, true);
  }
  /* fraction: exact digits while obase^k has at most scale digits */
  if (!rc && x->scale > 0) {
    put(ud, '.');
    bool space = false;
    bcn t;
    bcn_init(&t);
    rc = bcn_set_long(e, &t, 1);
    uint64_t s = (uint64_t)x->scale, q9 = s / LIMB_DIGITS;
    uint32_t r9 = (uint32_t)(s % LIMB_DIGITS);
    while (!rc && ndig(&t) <= s) {
      /* fp *= obase; digit = fp / 10^s; fp %= 10^s */
      uint64_t carry = 0;
      rc = grow(e, &fp, fp.n + 3);
      for (uint32_t i = 0; !rc && i < fp.n; i++) {
        uint64_t v = (uint64_t)fp.d[i] * (uint64_t)obase + carry;
        fp.d[i] = (uint32_t)(v % BASE);
        carry = v / BASE;
      }
      while (!rc && carry) {
        fp.d[fp.n++] = (uint32_t)(carry % BASE);
        carry /= BASE;
      }
      if (rc) break;
      uint64_t hi = 0;
      for (uint64_t i = fp.n; i-- > q9;) hi = hi * BASE + fp.d[i];
      unsigned long digit = (unsigned long)(hi / p10[r9]);
      if (q9 < fp.n) {
        fp.d[q9] %= p10[r9];
        fp.n = (uint32_t)q9 + 1;
      }
      trim(&fp);
      if (obase <= 16) put(ud, ref[digit]);
      else {
        put_long(put, ud, digit, width, space);
        space = true;
      }
      /* t *= obase, counting digits only */
      if (!rc) {
        uint64_t c2 = 0;
        rc = grow(e, &t, t.n + 3);
        for (uint32_t i = 0; !rc && i < t.n; i++) {
          uint64_t v = (uint64_t)t.d[i] * (uint64_t)obase + c2;
          t.d[i] = (uint32_t)(v % BASE);
          c2 = v / BASE;
        }
        while (!rc && c2) {
          t.d[t.n++] = (uint32_t)(c2 % BASE);
          c2 /= BASE;
        }
      }
      if (!rc && !tick(e, fp.n + t.n)) rc = BCN_ECANCEL;
    }
    bcn_free(e, &t);
  }
  free(digs.v);
  bcn_free(e, &ip);
  bcn_free(e, &fp);
  bcn_free(e, &q);
  bcn_free(e, &rem);
  bcn_free(e, &bb);
  return rc;
}
