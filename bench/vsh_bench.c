/* vsh_bench.c: in-process timings of vsh for `make bench` (medians):
 * warm exec of `echo hi` on a live shell, the 10k-iteration loop, the
 * seq|sort|uniq|wc pipeline, and creating 1000 sandboxes (time, RSS).
 * `vsh_bench tools DATADIR RUNS` instead loads the toolbox workloads'
 * data that bench/run.sh generated on the host (big.txt, nums.txt,
 * tree/) into a fresh filesystem and times grep -c, sort and find.
 * Prints "key value unit" lines that bench/run.sh tabulates. */
#include <vsh.h>

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static double now_us(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec * 1e6 + (double)ts.tv_nsec / 1e3;
}

static int cmp_d(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

static double median(double *v, int n) {
  qsort(v, (size_t)n, sizeof(double), cmp_d);
  return v[n / 2];
}

static long rss_kb(void) {
  FILE *f = fopen("/proc/self/statm", "r");
  long pages = 0, resident = 0;
  if (f) {
    if (fscanf(f, "%ld %ld", &pages, &resident) != 2) resident = 0;
    fclose(f);
  }
  return resident * 4;
}

static double time_exec(vsh_shell *sh, const char *script, const char *expect,
                        int runs) {
  double *t = calloc((size_t)runs, sizeof(double));
  for (int i = 0; i < runs; i++) {
    vsh_result r;
    vsh_error err;
    double t0 = now_us();
    if (vsh_shell_exec(sh, script, strlen(script), NULL, &r, &err)) {
      fprintf(stderr, "exec failed: %s\n", err.message);
      exit(1);
    }
    t[i] = now_us() - t0;
    if (expect &&
        (r.out_len != strlen(expect) || memcmp(r.out, expect, r.out_len))) {
      fprintf(stderr, "unexpected output for %s: %.*s%.*s\n", script,
              (int)r.out_len, r.out, (int)r.err_len, r.err);
      exit(1);
    }
    vsh_result_dispose(&r);
  }
  double m = median(t, runs);
  free(t);
  return m;
}

/* Copies the host file or folder at host to vpath, recursively. */
static void load(vsh_fs *fs, const char *host, const char *vpath) {
  DIR *d = opendir(host);
  char hp[4096], vp[4096];
  vsh_error err;
  if (d) {
    struct dirent *e;
    if (vsh_fs_mkdir_p(fs, vpath, &err)) goto fail;
    while ((e = readdir(d))) {
      if (e->d_name[0] == '.') continue;
      snprintf(hp, sizeof hp, "%s/%s", host, e->d_name);
      snprintf(vp, sizeof vp, "%s/%s", vpath, e->d_name);
      load(fs, hp, vp);
    }
    closedir(d);
    return;
  }
  FILE *f = fopen(host, "rb");
  if (!f) {
    perror(host);
    exit(1);
  }
  fseek(f, 0, SEEK_END);
  long n = ftell(f);
  fseek(f, 0, SEEK_SET);
  char *b = malloc(n > 0 ? (size_t)n : 1);
  if (!b || fread(b, 1, (size_t)n, f) != (size_t)n) {
    perror(host);
    exit(1);
  }
  fclose(f);
  if (vsh_fs_write(fs, vpath, b, (size_t)n, 0644, &err)) goto fail;
  free(b);
  return;
fail:
  fprintf(stderr, "%s: %s\n", vpath, err.message);
  exit(1);
}

/* The toolbox workloads over the host-generated data in dir. */
static int tools(const char *dir, int runs) {
  vsh_error err;
  vsh_fs *fs;
  vsh_shell *sh;
  vsh_limits lim;
  char hp[4096];
  if (vsh_fs_new(&fs, NULL, &err)) return 1;
  snprintf(hp, sizeof hp, "%s/big.txt", dir);
  load(fs, hp, "/data/big.txt");
  snprintf(hp, sizeof hp, "%s/nums.txt", dir);
  load(fs, hp, "/data/nums.txt");
  snprintf(hp, sizeof hp, "%s/tree", dir);
  load(fs, hp, "/data/tree");
  vsh_limits_init(&lim, VSH_PROFILE_NORMAL);
  lim.deadline_ms = 600000;
  lim.max_output = (uint64_t)1 << 30;
  vsh_shell_opts o = {.fs = fs, .limits = &lim};
  if (vsh_shell_new(&sh, &o, &err)) return 1;
  /* the expected outputs are the GNU tools' answers, passed in by run.sh */
  const char *g = getenv("EXPECT_GREP"), *s = getenv("EXPECT_SORT"),
             *f = getenv("EXPECT_FIND");
  printf("grep100m %.2f ms\n",
         time_exec(sh, "grep -c 'fox 42 ' /data/big.txt", g, runs) / 1000);
  printf("sort1m %.2f ms\n",
         time_exec(sh, "sort /data/nums.txt | md5sum", s, runs) / 1000);
  printf(
      "find10k %.2f ms\n",
      time_exec(sh, "find /data/tree -type f -name '*.txt' | wc -l", f, runs) /
          1000);
  /* awk over 1,000,000 lines (run.sh passes mawk's answers) */
  snprintf(hp, sizeof hp, "%s/awk.txt", dir);
  if (!access(hp, R_OK)) {
    static const char *const awk_work[][2] = {
        {"awksum", "awk '{s+=$2} END{print s}' /data/awk.txt"},
        {"awkgroup", "awk '{c[$1]+=$3} END{for (k in c) n += c[k] * length(k);"
                     " print n}' /data/awk.txt"},
        {"awkfilter", "awk '/^k1[0-9] /' /data/awk.txt | wc -l"},
        {"awkfields", "awk '{$2=\"\"; print}' /data/awk.txt | wc -c"},
    };
    load(fs, hp, "/data/awk.txt");
    for (size_t i = 0; i < sizeof awk_work / sizeof *awk_work; i++) {
      char env[64];
      snprintf(env, sizeof env, "EXPECT_%s", awk_work[i][0]);
      printf("%s %.2f ms\n", awk_work[i][0],
             time_exec(sh, awk_work[i][1], getenv(env), runs) / 1000);
    }
  }
  vsh_shell_free(sh);
  vsh_fs_free(fs);
  return 0;
}

int main(int argc, char **argv) {
  if (argc > 3 && !strcmp(argv[1], "tools"))
    return tools(argv[2], atoi(argv[3]));
  int runs = argc > 1 ? atoi(argv[1]) : 9;
  vsh_error err;
  vsh_shell *sh;
  if (vsh_shell_new(&sh, NULL, &err)) return 1;
  time_exec(sh, "echo warm", "warm\n", 3);
  printf("warm_exec %.2f us\n", time_exec(sh, "echo hi", "hi\n", 2001));
  printf("loop10k %.2f ms\n",
         time_exec(sh, "for i in $(seq 1 10000); do x=$((x+i)); done; echo $x",
                   "50005000\n", runs) /
             1000);
  printf(
      "pipeline %.2f ms\n",
      time_exec(sh, "seq 1 100000 | sort -n | uniq | wc -l", "100000\n", runs) /
          1000);
  vsh_shell_free(sh);

  /* 1000 sandboxes, each with one seeded file, alive at once */
  enum { N = 1000 };
  vsh_sandbox **sb = calloc(N, sizeof(*sb));
  long before = rss_kb();
  double t0 = now_us();
  for (int i = 0; i < N; i++) {
    vsh_seed_file f = {.path = "hello.txt", .data = "hello\n", .len = 6};
    vsh_virtual_opts vo = {.files = &f, .n_files = 1};
    if (vsh_virtual_sandbox_new(&sb[i], &vo, &err)) return 1;
  }
  double t1 = now_us();
  long after = rss_kb();
  printf("sandbox_new %.2f us\n", (t1 - t0) / N);
  printf("sandbox_rss %.1f KB\n", (double)(after - before) / N);
  /* and one exec in each (a shell per sandbox is made lazily) */
  t0 = now_us();
  for (int i = 0; i < N; i++) {
    vsh_result r;
    if (vsh_sandbox_exec(sb[i], "cat hello.txt", NULL, &r, &err)) return 1;
    vsh_result_dispose(&r);
  }
  t1 = now_us();
  printf("sandbox_first_exec %.2f us\n", (t1 - t0) / N);
  printf("sandbox_rss_after_exec %.1f KB\n", (double)(rss_kb() - before) / N);
  for (int i = 0; i < N; i++) vsh_sandbox_release(sb[i]);
  free(sb);
  return 0;
}
