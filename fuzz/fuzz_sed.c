/* fuzz_sed.c: a sed run through fuzz_tool.h; the first byte's low bits
 * pick -n -E -z -s. */
#include "fuzz_tool.h"

static void make_cmd(char *cmd, size_t cap, unsigned pick) {
  snprintf(cmd, cap, "sed %s%s%s%s-f /tmp/s.sed /tmp/in /tmp/in",
           pick & 1 ? "-n " : "", pick & 2 ? "-E " : "", pick & 4 ? "-z " : "",
           pick & 8 ? "-s " : "");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  return fuzz_tool_run(data, size, "/tmp/s.sed", 100, make_cmd);
}
