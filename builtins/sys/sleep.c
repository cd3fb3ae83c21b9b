/* sleep.c: pause for the sum of the operands (seconds, with an optional
 * s/m/h/d suffix, fractions and "inf" allowed).  Waits in short slices so
 * the exec's deadline, abort and timeout stop it promptly. */
#include "builtins/builtins.h"

#include <string.h>
#include <time.h>

static const bi_cmd sleep_cmd = {
    .name = "sleep",
    .usage = "Usage: sleep NUMBER[SUFFIX]...\n  or:  sleep OPTION\n",
    .about = "Pause for NUMBER seconds.  SUFFIX may be 's' for seconds "
             "(the default),\n'm' for minutes, 'h' for hours or 'd' for "
             "days.  NUMBER need not be an\ninteger.  Given two or more "
             "arguments, pause for the amount of time\nspecified by the "
             "sum of their values.\n",
};

int bi_sleep_main(bi_ctx *b) {
  bi_opts g = {0};
  /* Negative numbers are operands GNU rejects as intervals, not options;
   * getopt sees them as options, which gives the same status. */
  if (bi_opt(b, &g, &sleep_cmd) != -1) return g.status;
  if (g.noperands == 0) return bi_usage_error(b, &sleep_cmd, "missing operand");
  double total = 0;
  bool bad = false;
  for (int i = 0; i < g.noperands; i++) {
    double v;
    if (!bi_parse_duration(g.operands[i], &v)) {
      bi_err(b, "invalid time interval " BI_LQ "%s" BI_RQ, g.operands[i]);
      bad = true;
      continue;
    }
    total += v;
  }
  if (bad) return bi_usage_error(b, &sleep_cmd, NULL);
  struct timespec t0;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  for (;;) {
    if (bi_cancelled(b)) return 1;
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    double done = (double)(now.tv_sec - t0.tv_sec) +
                  (double)(now.tv_nsec - t0.tv_nsec) / 1e9;
    double left = total - done;
    if (left <= 0) return 0;
    /* 10 ms slices: cancellation is noticed quickly, cost is negligible */
    double slice = left < 0.01 ? left : 0.01;
    struct timespec ts = {0, (long)(slice * 1e9)};
    nanosleep(&ts, NULL);
  }
}
