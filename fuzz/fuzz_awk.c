/* fuzz_awk.c: an awk run through fuzz_tool.h; the first byte's low bits
 * pick -F: , RS="" paragraph mode, -v x=1 and a second input file. */
#include "fuzz_tool.h"

static void make_cmd(char *cmd, size_t cap, unsigned pick) {
  snprintf(cmd, cap, "awk %s%s%s-f /tmp/p.awk /tmp/in%s",
           pick & 1 ? "-F: " : "", pick & 2 ? "-v RS= " : "",
           pick & 4 ? "-v x=1 " : "", pick & 8 ? " /tmp/in" : "");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  return fuzz_tool_run(data, size, "/tmp/p.awk", 100, make_cmd);
}
