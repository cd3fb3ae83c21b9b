/* files_int.h: the old name of the command library's file helpers, now
 * lib.h and its topic headers (scripts/rename-lib.sh drops it). */
#include "builtins/builtins.h"
