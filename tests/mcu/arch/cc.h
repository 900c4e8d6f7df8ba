/* tests/mcu/arch/cc.h - lwIP's compiler and platform hooks for the board (newlib, GCC). */
#ifndef MCU_ARCH_CC_H
#define MCU_ARCH_CC_H
#include <stdint.h>

void board_fail(const char *why);
void board_log(const char *text);

/* lwIP's diagnostics go to the semihosting log; a failed assertion ends the run. */
#define LWIP_PLATFORM_DIAG(x) do { (void)0; } while (0)
#define LWIP_PLATFORM_ASSERT(x) board_fail(x)
/* newlib provides errno values; lwIP does not need its own. */
#define LWIP_ERRNO_STDINCLUDE 1
#endif
