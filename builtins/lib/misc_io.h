/* misc_io.h: the old name of the command library's input helpers, now
 * lib/io.h (scripts/rename-lib.sh drops it). */
#include "builtins/builtins.h"
