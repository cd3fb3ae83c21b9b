/* factor.c: print the prime factors of integers (GNU factor).  Numbers up
 * to 2^128-1: trial division by small primes, then Miller-Rabin (bases
 * that are exact for 64 bits; 24 prime bases above, a probable-prime
 * test as GNU's) and Pollard's rho (Brent), in 64-bit arithmetic once a
 * cofactor fits.  Deviation: GNU factors any size with GMP; numbers past
 * 128 bits are "too large" here, and a 128-bit number whose two
 * smallest prime factors both exceed ~2^40 takes long (the deadline and
 * the work budget stop it). */
#include "builtins/builtins.h"

#include <stdio.h>
#include <string.h>

static const bi_cmd factor_cmd = {
    .name = "factor",
    .usage = "Usage: factor [NUMBER]...\n"
             "  or:  factor OPTION\n",
    .about = "Print the prime factors of each specified integer NUMBER.  If "
             "none\nare specified on the command line, read them from "
             "standard input.\n\n"
             "      --help        display this help and exit\n"
             "      --version     output version information and exit\n",
};

__extension__ typedef unsigned __int128 u128;

static uint64_t mulmod(uint64_t a, uint64_t b, uint64_t m) {
  return (uint64_t)((u128)a * b % m);
}

static uint64_t powmod(uint64_t a, uint64_t e, uint64_t m) {
  uint64_t r = 1;
  a %= m;
  while (e) {
    if (e & 1) r = mulmod(r, a, m);
    a = mulmod(a, a, m);
    e >>= 1;
  }
  return r;
}

/* Deterministic for n < 2^64 with the first 12 primes as bases. */
static bool is_prime(uint64_t n) {
  static const uint64_t bases[] = {2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37};
  if (n < 2) return false;
  for (size_t i = 0; i < 12; i++) {
    if (n == bases[i]) return true;
    if (n % bases[i] == 0) return false;
  }
  uint64_t d = n - 1;
  int s = 0;
  while (!(d & 1)) {
    d >>= 1;
    s++;
  }
  for (size_t i = 0; i < 12; i++) {
    uint64_t x = powmod(bases[i], d, n);
    if (x == 1 || x == n - 1) continue;
    bool comp = true;
    for (int r = 1; r < s && comp; r++) {
      x = mulmod(x, x, n);
      if (x == n - 1) comp = false;
    }
    if (comp) return false;
  }
  return true;
}

static uint64_t gcd(uint64_t a, uint64_t b) {
  while (b) {
    uint64_t t = a % b;
    a = b;
    b = t;
  }
  return a;
}

/* A non-trivial factor of the odd composite n (Brent's variant). */
static uint64_t rho(bi_ctx *b, uint64_t n) {
  for (uint64_t c = 1;; c++) {
    uint64_t y = 2, x = 2, q = 1, g = 1, ys = 2;
    uint64_t r = 1, m = 128;
    do {
      x = y;
      for (uint64_t i = 0; i < r; i++) y = (mulmod(y, y, n) + c) % n;
      uint64_t k = 0;
      do {
        if (bi_cancelled(b)) return 0;
        ys = y;
        for (uint64_t i = 0; i < m && i < r - k; i++) {
          y = (mulmod(y, y, n) + c) % n;
          q = mulmod(q, x > y ? x - y : y - x, n);
        }
        g = gcd(q, n);
        k += m;
      } while (k < r && g == 1);
      r *= 2;
    } while (g == 1);
    if (g == n) {
      do {
        ys = (mulmod(ys, ys, n) + c) % n;
        g = gcd(x > ys ? x - ys : ys - x, n);
      } while (g == 1);
    }
    if (g != n) return g;
  }
}

typedef struct factors {
  u128 p[128];
  int n;
} factors;

static bool factor_big(bi_ctx *b, uint64_t n, factors *f) {
  if (n <= 1) return true; /* 0 and 1 have no prime factors */
  if (is_prime(n)) {
    f->p[f->n++] = n;
    return true;
  }
  uint64_t d = rho(b, n);
  if (!d) return false;
  return factor_big(b, d, f) && factor_big(b, n / d, f);
}

/* ---- past 64 bits ---- */

/* (a + b) mod m and (a * b) mod m for a, b < m < 2^128, without a wider
 * type: doubling and adding, bit by bit. */
static u128 addmod128(u128 a, u128 b, u128 m) {
  return a >= m - b ? a - (m - b) : a + b;
}

static u128 mulmod128(u128 a, u128 b, u128 m) {
  if (m <= UINT64_MAX)
    return (u128)mulmod((uint64_t)a, (uint64_t)b, (uint64_t)m);
  u128 r = 0;
  for (int i = 127; i >= 0; i--) {
    r = addmod128(r, r, m);
    if ((b >> i) & 1) r = addmod128(r, a, m);
  }
  return r;
}

static u128 powmod128(u128 a, u128 e, u128 m) {
  u128 r = 1;
  a %= m;
  while (e) {
    if (e & 1) r = mulmod128(r, a, m);
    a = mulmod128(a, a, m);
    e >>= 1;
  }
  return r;
}

static bool is_prime128(u128 n) {
  if (n <= UINT64_MAX) return is_prime((uint64_t)n);
  static const unsigned bases[] = {2,  3,  5,  7,  11, 13, 17, 19,
                                   23, 29, 31, 37, 41, 43, 47, 53,
                                   59, 61, 67, 71, 73, 79, 83, 89};
  for (size_t i = 0; i < 24; i++)
    if (n % bases[i] == 0) return false;
  u128 d = n - 1;
  int s = 0;
  while (!(d & 1)) {
    d >>= 1;
    s++;
  }
  for (size_t i = 0; i < 24; i++) {
    u128 x = powmod128(bases[i], d, n);
    if (x == 1 || x == n - 1) continue;
    bool comp = true;
    for (int r = 1; r < s && comp; r++) {
      x = mulmod128(x, x, n);
      if (x == n - 1) comp = false;
    }
    if (comp) return false;
  }
  return true;
}

static u128 gcd128(u128 a, u128 b) {
  while (b) {
    u128 t = a % b;
    a = b;
    b = t;
  }
  return a;
}

/* A non-trivial factor of the odd composite n > 2^64 (Brent), 0 when
 * stopped (cancelled, or the work budget spent). */
static u128 rho128(bi_ctx *b, u128 n) {
  for (u128 c = 1;; c++) {
    u128 y = 2, x = 2, q = 1, g = 1, ys = 2;
    uint64_t r = 1, m = 128;
    do {
      x = y;
      for (uint64_t i = 0; i < r; i++) y = addmod128(mulmod128(y, y, n), c, n);
      uint64_t k = 0;
      do {
        if (bi_charge(b, m)) return 0;
        ys = y;
        for (uint64_t i = 0; i < m && i < r - k; i++) {
          y = addmod128(mulmod128(y, y, n), c, n);
          q = mulmod128(q, x > y ? x - y : y - x, n);
        }
        g = gcd128(q, n);
        k += m;
      } while (k < r && g == 1);
      r *= 2;
    } while (g == 1);
    if (g == n) {
      do {
        if (bi_charge(b, 1)) return 0;
        ys = addmod128(mulmod128(ys, ys, n), c, n);
        g = gcd128(x > ys ? x - ys : ys - x, n);
      } while (g == 1);
    }
    if (g != n) return g;
  }
}

static bool factor_big128(bi_ctx *b, u128 n, factors *f) {
  if (n <= UINT64_MAX) return factor_big(b, (uint64_t)n, f);
  if (f->n >= 128) return false;
  if (is_prime128(n)) {
    f->p[f->n++] = n;
    return true;
  }
  u128 d = rho128(b, n);
  if (!d) return false;
  return factor_big128(b, d, f) && factor_big128(b, n / d, f);
}

static int cmp_u128(const void *a, const void *b) {
  u128 x = *(const u128 *)a, y = *(const u128 *)b;
  return x < y ? -1 : x > y;
}

static bool factorize(bi_ctx *b, u128 n, factors *f) {
  f->n = 0;
  while (n > 1 && !(n & 1)) {
    f->p[f->n++] = 2;
    n >>= 1;
  }
  for (unsigned d = 3; d < 1000 && (u128)d * d <= n; d += 2) {
    while (n % d == 0) {
      f->p[f->n++] = d;
      n /= d;
    }
  }
  int start = f->n;
  if (!factor_big128(b, n, f)) return false;
  qsort(f->p + start, (size_t)(f->n - start), sizeof(u128), cmp_u128);
  return true;
}

static int put_u128(char *out, size_t cap, u128 v) {
  char tmp[48];
  int k = 0;
  do {
    tmp[k++] = (char)('0' + (int)(v % 10));
    v /= 10;
  } while (v);
  int n = 0;
  while (k && (size_t)n + 1 < cap) out[n++] = tmp[--k];
  out[n] = 0;
  return n;
}

/* 0 ok, 1 bad input (reported), 141/VSH errors as negative */
static int do_number(bi_ctx *b, const char *tok) {
  const char *s = tok;
  while (*s == ' ') s++; /* GNU: leading spaces, then one '+' */
  if (*s == '+') s++;
  size_t nd = strspn(s, "0123456789");
  if (!nd || s[nd]) {
    bi_err(b, "%s is not a valid positive integer", bi_cquote(b, tok));
    return 1;
  }
  u128 v = 0, max = ~(u128)0;
  for (size_t i = 0; i < nd; i++) {
    if (v > (max - (u128)(s[i] - '0')) / 10) {
      bi_err(b, BI_LQ "%s" BI_RQ " is too large", tok);
      return 1;
    }
    v = v * 10 + (u128)(s[i] - '0');
  }
  factors f;
  if (!factorize(b, v, &f)) return VSH_EABORTED;
  char line[128 * 42 + 64];
  int len = put_u128(line, sizeof line, v);
  line[len++] = ':';
  for (int i = 0; i < f.n; i++) {
    line[len++] = ' ';
    len += put_u128(line + len, sizeof line - (size_t)len, f.p[i]);
  }
  line[len++] = '\n';
  return bi_write(b, line, (size_t)len);
}

int bi_factor_main(bi_ctx *b) {
  bi_opts g = {0};
  if (bi_opt(b, &g, &factor_cmd) != -1) return g.status;
  int st = 0, rc = 0;
  if (g.noperands) {
    for (int i = 0; i < g.noperands && rc >= 0; i++) {
      if (bi_cancelled(b)) return 1;
      rc = do_number(b, g.operands[i]);
      if (rc == 1) st = 1;
    }
  } else {
    /* whitespace-separated tokens from stdin, streamed */
    char buf[16384];
    vsh_buf tok = {0};
    for (;;) {
      if (bi_cancelled(b)) {
        rc = VSH_EABORTED;
        break;
      }
      int64_t r = bi_read(b, b->in, buf, sizeof buf);
      if (r < 0) {
        rc = (int)r;
        break;
      }
      for (int64_t i = 0; i <= r && rc >= 0; i++) {
        bool sp = i == r ? r == 0 : strchr(" \t\n\v\f\r", buf[i]) != NULL;
        if (i < r && !sp) {
          vsh__buf_putc(&tok, buf[i]);
          continue;
        }
        if (sp && tok.len) {
          rc = do_number(b, tok.data);
          if (rc == 1) st = 1;
          tok.len = 0;
        }
      }
      if (r == 0 || rc < 0) break;
    }
    vsh_buf_dispose(&tok);
  }
  if (rc == VSH_EPIPE) return 141;
  if (rc < 0) return 1;
  return st;
}
