/* time.h: dates and zones for the commands: broken-down time at a fixed
 * offset, the zone of the command's exported $TZ (over core/tz.h, never
 * libc's TZ state), GNU's date parsing for touch -d / date -d, and
 * date +FORMAT.  Part of the command library (lib.h). */
#ifndef VSH_BUILTINS_LIB_TIME_H
#define VSH_BUILTINS_LIB_TIME_H

#include "core/tz.h"
#include "shell/command.h"

#include <time.h>

/* Broken-down time at a fixed offset (see bi_zone for $TZ). */
typedef struct bi_tm {
  int64_t year;
  int mon, mday, hour, min, sec, wday, yday; /* mon 0-11, wday 0=Sun */
  long off;                                  /* seconds east of UTC */
} bi_tm;

/* The zone of $TZ (core/tz.h's rules). */
typedef vsh__zone bi_zone;
/* The zone of the command's exported $TZ; utc: ignore $TZ (date -u). */
void bi_zone_init(bi_ctx *b, bool utc, bi_zone *out);
/* Seconds east of UTC of a zone at a time. */
#define bi_zone_offset vsh__zone_offset
/* A zone's local time back to UTC seconds. */
#define bi_zone_local vsh__zone_local
/* $TZ's offset at time t (a one-off bi_zone_offset). */
long bi_tz_offset_at(bi_ctx *b, int64_t t);
/* $TZ's local time back to UTC seconds (a one-off bi_zone_local). */
bool bi_tz_local(bi_ctx *b, int64_t local, int64_t *out);
/* t at offset off, broken down. */
void bi_time_at(int64_t t, long off, bi_tm *out);
/* Days since 1970-01-01 of a proleptic Gregorian date. */
#define bi_days_from_civil vsh__days_from_civil
/* "Jan".."Dec" and "Sun".."Sat". */
extern const char *const bi_months[12];
extern const char *const bi_days[7];
/* The wall clock. */
struct timespec bi_now(void);
/* "2024-01-02 03:04:05.000000000 +0000" in $TZ. */
void bi_fmt_full(bi_ctx *b, struct timespec ts, char *out, size_t n);
/* Parses a date as date -d does: @EPOCH, ISO dates and times with a
 * zone, "Jan 5 2020", relative items ("+1 day", "3 weeks ago", "next
 * friday"), a leading TZ="Zone"; local time is $TZ's (sys/date.c).
 * false if it is not one. */
bool bi_parse_date(bi_ctx *b, const char *s, struct timespec *out);

/* Appends ts formatted as date +FORMAT does, in $TZ (sys/date.c). */
void bi_format_time(bi_ctx *b, vsh_buf *o, const char *fmt, struct timespec ts);
/* Appends ts as "%Y-%m-%d %H:%M:%S.%N %z" (sys/date.c). */
void bi_format_mtime(bi_ctx *b, vsh_buf *o, struct timespec ts);

#endif /* VSH_BUILTINS_LIB_TIME_H */
