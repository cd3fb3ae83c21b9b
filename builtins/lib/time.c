/* time.c: dates and zones for the commands.  Calendar arithmetic is done
 * here rather than with gmtime/localtime so that no libc time-zone state
 * (a process global read from the host's TZ) is touched: the zone is the
 * command's exported $TZ, over core/tz.c. */
#include "builtins/lib/time.h"

#include "builtins/builtins.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

const char *const bi_months[12] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                   "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
const char *const bi_days[7] = {"Sun", "Mon", "Tue", "Wed",
                                "Thu", "Fri", "Sat"};

void bi_zone_init(bi_ctx *b, bool utc, bi_zone *z) {
  vsh__zone_parse(z, utc ? NULL : bi_getenv(b, "TZ"));
}

long bi_tz_offset_at(bi_ctx *b, int64_t t) {
  bi_zone z;
  bi_zone_init(b, false, &z);
  return vsh__zone_offset(&z, t, NULL);
}

bool bi_tz_local(bi_ctx *b, int64_t local, int64_t *out) {
  bi_zone z;
  bi_zone_init(b, false, &z);
  return vsh__zone_local(&z, local, out);
}

struct timespec bi_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_REALTIME, &ts);
  return ts;
}

void bi_time_at(int64_t t, long off, bi_tm *o) {
  t += off;
  int64_t days = vsh__floordiv(t, 86400), rem = t - days * 86400;
  o->hour = (int)(rem / 3600);
  o->min = (int)(rem % 3600 / 60);
  o->sec = (int)(rem % 60);
  o->wday = (int)(((days % 7) + 11) % 7); /* 1970-01-01 was a Thursday */
  int m, d;
  vsh__civil_from_days(days, &o->year, &m, &d);
  o->mon = m - 1;
  o->mday = d;
  o->yday = (int)(days - vsh__days_from_civil(o->year, 1, 1));
  o->off = off;
}

void bi_fmt_full(bi_ctx *b, struct timespec ts, char *out, size_t n) {
  long off = bi_tz_offset_at(b, (int64_t)ts.tv_sec);
  bi_tm tm;
  bi_time_at((int64_t)ts.tv_sec, off, &tm);
  long ao = off < 0 ? -off : off;
  snprintf(out, n, "%04lld-%02d-%02d %02d:%02d:%02d.%09ld %c%02ld%02ld",
           (long long)tm.year, tm.mon + 1, tm.mday, tm.hour, tm.min, tm.sec,
           (long)ts.tv_nsec, off < 0 ? '-' : '+', ao / 3600, ao % 3600 / 60);
}

static bool digits(const char **p, int n, long *out) {
  long v = 0;
  for (int i = 0; i < n; i++) {
    char c = (*p)[i];
    if (c < '0' || c > '9') return false;
    v = v * 10 + (c - '0');
  }
  *p += n;
  *out = v;
  return true;
}

static void skip_sp(const char **p) {
  while (**p == ' ' || **p == '\t') (*p)++;
}

static bool word_is(const char **p, const char *w) {
  size_t n = strlen(w);
  if (strncasecmp(*p, w, n)) return false;
  char c = (*p)[n];
  if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')) return false;
  *p += n;
  return true;
}

bool bi_parse_date(bi_ctx *b, const char *s, struct timespec *out) {
  const char *p = s;
  struct timespec now = bi_now();
  skip_sp(&p);
  if (*p == '@') {
    p++;
    int sign = 1;
    if (*p == '-') {
      sign = -1;
      p++;
    }
    if (*p < '0' || *p > '9') return false;
    int64_t v = 0;
    while (*p >= '0' && *p <= '9') v = v * 10 + (*p++ - '0');
    long ns = 0;
    if (*p == '.') {
      p++;
      long scale = 100000000;
      while (*p >= '0' && *p <= '9') {
        ns += (*p++ - '0') * scale;
        scale /= 10;
      }
    }
    skip_sp(&p);
    if (*p) return false;
    out->tv_sec = sign * v;
    out->tv_nsec = ns;
    return true;
  }
  int64_t t = now.tv_sec;
  long nsec = 0;
  bool have_date = false;
  long y, mo, d, hh = 0, mm = 0, ss = 0;
  const char *q = p;
  if (digits(&q, 4, &y) && *q == '-') {
    q++;
    if (!digits(&q, 2, &mo) && !digits(&q, 1, &mo)) return false;
    if (*q++ != '-') return false;
    if (!digits(&q, 2, &d) && !digits(&q, 1, &d)) return false;
    p = q;
    have_date = true;
    if (*p == 'T' || *p == ' ') {
      const char *r = p + 1;
      skip_sp(&r);
      long th, tm;
      if ((digits(&r, 2, &th) || digits(&r, 1, &th)) && *r == ':' &&
          (r++, digits(&r, 2, &tm))) {
        hh = th;
        mm = tm;
        if (*r == ':') {
          r++;
          if (!digits(&r, 2, &ss)) return false;
          if (*r == '.' || *r == ',') {
            r++;
            long scale = 100000000;
            while (*r >= '0' && *r <= '9') {
              nsec += (*r++ - '0') * scale;
              scale /= 10;
            }
          }
        }
        p = r;
      }
    }
    skip_sp(&p);
    long zoff = 0;
    bool zoned = true; /* else $TZ's rule decides */
    if (*p == 'Z' || *p == 'z') {
      zoff = 0;
      p++;
    } else if (word_is(&p, "UTC") || word_is(&p, "GMT")) {
      zoff = 0;
    } else if (*p == '+' || *p == '-') {
      int sg = *p == '-' ? -1 : 1;
      p++;
      long zh, zm = 0;
      if (!digits(&p, 2, &zh)) return false;
      if (*p == ':') p++;
      digits(&p, 2, &zm);
      zoff = sg * (zh * 3600 + zm * 60);
    } else {
      zoned = false;
    }
    if (mo < 1 || mo > 12 || d < 1 || d > 31 || hh > 24 || mm > 59 || ss > 60)
      return false;
    int64_t local = vsh__days_from_civil(y, (int)mo, (int)d) * 86400 +
                    hh * 3600 + mm * 60 + ss;
    if (zoned) t = local - zoff;
    else if (!bi_tz_local(b, local, &t)) return false;
    skip_sp(&p);
    if (!*p) {
      out->tv_sec = t;
      out->tv_nsec = nsec;
      return true;
    }
  }
  /* relative words */
  if (!have_date) nsec = now.tv_nsec;
  while (*p) {
    skip_sp(&p);
    if (!*p) break;
    if (word_is(&p, "now")) continue;
    if (word_is(&p, "today")) continue;
    if (word_is(&p, "yesterday")) {
      t -= 86400;
      continue;
    }
    if (word_is(&p, "tomorrow")) {
      t += 86400;
      continue;
    }
    long n = 1;
    int sign = 1;
    if (*p == '-' || *p == '+') {
      sign = *p == '-' ? -1 : 1;
      p++;
      skip_sp(&p);
    }
    if (*p >= '0' && *p <= '9') {
      n = 0;
      while (*p >= '0' && *p <= '9') n = n * 10 + (*p++ - '0');
      skip_sp(&p);
    }
    static const struct {
      const char *w;
      long secs;
    } units[] = {
        {"seconds", 1},      {"second", 1},      {"secs", 1},
        {"sec", 1},          {"minutes", 60},    {"minute", 60},
        {"mins", 60},        {"min", 60},        {"hours", 3600},
        {"hour", 3600},      {"days", 86400},    {"day", 86400},
        {"weeks", 604800},   {"week", 604800},   {"fortnight", 1209600},
        {"months", 2592000}, {"month", 2592000}, {"years", 31536000},
        {"year", 31536000}};
    long secs = 0;
    for (size_t i = 0; i < sizeof(units) / sizeof(units[0]); i++)
      if (word_is(&p, units[i].w)) {
        secs = units[i].secs;
        break;
      }
    if (!secs) return false;
    skip_sp(&p);
    if (word_is(&p, "ago")) sign = -sign;
    t += sign * n * secs;
  }
  out->tv_sec = t;
  out->tv_nsec = nsec;
  return true;
}
