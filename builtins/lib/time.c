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
