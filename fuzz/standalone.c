/* standalone.c: a replay driver for libFuzzer targets, so CI runs every
 * corpus input as an ordinary test without clang.  Each argument is a
 * directory (its regular files are replayed in name order) or a file. */
#include <dirent.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
/* Optional in a target: weak so targets without it still link. */
int LLVMFuzzerInitialize(int *argc, char ***argv) __attribute__((weak));

static int replay_file(const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f) {
    perror(path);
    return -1;
  }
  size_t cap = 4096, len = 0;
  uint8_t *data = malloc(cap);
  for (;;) {
    if (!data) {
      fclose(f);
      fprintf(stderr, "%s: out of memory\n", path);
      return -1;
    }
    len += fread(data + len, 1, cap - len, f);
    if (len < cap) break;
    cap *= 2;
    uint8_t *grown = realloc(data, cap);
    if (!grown) free(data);
    data = grown;
  }
  int bad = ferror(f);
  fclose(f);
  if (bad) {
    free(data);
    fprintf(stderr, "%s: read error\n", path);
    return -1;
  }
  /* An exact-size copy lets ASan catch reads past the input. */
  uint8_t *exact = malloc(len ? len : 1);
  if (exact && len) memcpy(exact, data, len);
  free(data);
  if (!exact) return -1;
  LLVMFuzzerTestOneInput(exact, len);
  free(exact);
  return 0;
}

static int only_regular(const struct dirent *e) { return e->d_name[0] != '.'; }

int main(int argc, char **argv) {
  if (LLVMFuzzerInitialize) LLVMFuzzerInitialize(&argc, &argv);
  long count = 0;
  int failed = 0;
  for (int i = 1; i < argc; i++) {
    struct stat st;
    if (stat(argv[i], &st) != 0) {
      perror(argv[i]);
      failed = 1;
      continue;
    }
    if (!S_ISDIR(st.st_mode)) {
      if (replay_file(argv[i]) == 0) count++;
      else failed = 1;
      continue;
    }
    struct dirent **names;
    int n = scandir(argv[i], &names, only_regular, alphasort);
    if (n < 0) {
      perror(argv[i]);
      failed = 1;
      continue;
    }
    for (int j = 0; j < n; j++) {
      size_t plen = strlen(argv[i]) + strlen(names[j]->d_name) + 2;
      char *path = malloc(plen);
      if (path) {
        snprintf(path, plen, "%s/%s", argv[i], names[j]->d_name);
        if (stat(path, &st) == 0 && S_ISREG(st.st_mode)) {
          if (replay_file(path) == 0) count++;
          else failed = 1;
        }
        free(path);
      } else {
        failed = 1;
      }
      free(names[j]);
    }
    free(names);
  }
  printf("fuzz replay: %ld inputs\n", count);
  return failed;
}
