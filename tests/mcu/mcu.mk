# tests/mcu/mcu.mk - e2b_mcp.h on microcontroller boards in QEMU, included by the Makefile.
# One firmware program (tests/mcu/firmware.c, board_common.c) on two boards, each only its
# drivers and linker script:
#   Cortex-M4: QEMU mps2-an386 (tests/mcu/mps2-an386/: LAN9118), arm-none-eabi-gcc, newlib-nano
#   RISC-V:    QEMU virt, RV32IMAC (tests/mcu/riscv-virt/: virtio-net over MMIO),
#              riscv64-unknown-elf-gcc -march=rv32imac -mabi=ilp32 -msave-restore (prologues and
#              epilogues through libgcc's millicode: about 6% less text), picolibc
#   make mcu          build/mcu/firmware.elf and firmware-minimal.elf (Cortex-M4)
#   make mcu-riscv    build/mcu-rv32/firmware.elf and firmware-minimal.elf (RISC-V)
#   make test-mcu     the Cortex-M4 firmware under qemu-system-arm against the simulator and
#                     its TLS front: tests/mcu/test_mcu.py, a real MCP client on the UART
#   make test-mcu-riscv   the RISC-V firmware under qemu-system-riscv32, the lean run of the
#                     same suite (test_mcu.py --board rv32)
# Everything they need is installed by scripts/install-deps.sh mcu / riscv; lwIP and BearSSL
# come from Debian's source packages and are built once per board into build/.
MCU_CSTD   := $(CSTD) $(WARN) -Os -ffunction-sections -fdata-sections -g
MCU_HDRS   := tests/mcu/board.h tests/mcu/lwipopts.h tests/mcu/arch/cc.h e2b_mcp.h \
              ports/e2b_mcp_sock_lwip.h ports/e2b_mcp_tls_bearssl.h
.PHONY: mcu mcu-riscv test-mcu test-mcu-riscv deps-mcu deps-mcu-riscv
deps-mcu:
	+@scripts/install-deps.sh core sim mcu >/dev/null
deps-mcu-riscv:
	+@scripts/install-deps.sh core sim riscv >/dev/null

# The test CA of tests/sim/tls-proxy.sh, compiled in as PEM text (one per build, the same CA:
# tls-proxy.sh certs keeps an existing one).
MCU_TLSDIR := $(BUILD)/mcu/tls
$(BUILD)/mcu/ca_pem.h: tests/sim/tls-proxy.sh
	@mkdir -p $(@D) && tests/sim/tls-proxy.sh certs $(MCU_TLSDIR) >/dev/null
	@{ echo '/* generated from $(MCU_TLSDIR)/ca.pem by tests/mcu/mcu.mk */'; \
	   echo 'static const char mcu_ca_pem[] ='; sed 's/^/"/; s/$$/\\n"/' $(MCU_TLSDIR)/ca.pem; echo ';'; } > $@

# $(call MCU_BOARD,name,build dir,compiler,arch flags,board dir,linker script,BearSSL target,deps goal)
# defines the board's lwIP, firmware.elf (small profile, BearSSL, the test CA) and
# firmware-minimal.elf (-DMCU_MINIMAL: list, get, kill, no TLS, no HTTP server). The C
# library serves string functions only: no start files, no system calls (a call to one
# fails the link), and board_common.c's heap trap in place of malloc.
define MCU_BOARD
$(2)/lwip/liblwip.a: tests/mcu/lwipopts.h tests/mcu/arch/cc.h tests/mcu/build-lwip.sh | $(8)
	@tests/mcu/build-lwip.sh $(2)/lwip "$(3) $(4) -Os -ffunction-sections -fdata-sections" $(3:gcc=ar)
$(BUILD)/bearssl-$(7)/libbearssl.a: | $(8)
	@scripts/build-bearssl-mcu.sh $(7)
$(1)_SRCS := tests/mcu/firmware.c tests/mcu/board_common.c $(wildcard tests/mcu/$(5)/*.c)
$(1)_OBJS := $$(patsubst tests/mcu/%.c,$(2)/obj/%.o,$$($(1)_SRCS))
$(1)_INC  := -Itests/mcu -I$(2)/lwip/include -I$(BUILD)/bearssl-$(7)/inc -I$(BUILD)/mcu -I.
$(2)/obj/%.o: tests/mcu/%.c $(MCU_HDRS) $(2)/lwip/liblwip.a $(BUILD)/bearssl-$(7)/libbearssl.a $(BUILD)/mcu/ca_pem.h
	@mkdir -p $$(@D)
	$(3) $(4) $(MCU_CSTD) $$($(1)_INC) -c $$< -o $$@
$(2)/obj/firmware-minimal.o: tests/mcu/firmware.c $(MCU_HDRS) $(2)/lwip/liblwip.a $(BUILD)/mcu/ca_pem.h
	@mkdir -p $$(@D)
	$(3) $(4) $(MCU_CSTD) $$($(1)_INC) -DMCU_MINIMAL -c $$< -o $$@
$(2)/firmware.elf: $$($(1)_OBJS) tests/mcu/$(5)/$(6)
	$(3) $(4) -nostartfiles -Wl,--gc-sections -Wl,-Map=$(2)/firmware.map \
	  -T tests/mcu/$(5)/$(6) -o $$@ $$($(1)_OBJS) $(2)/lwip/liblwip.a $(BUILD)/bearssl-$(7)/libbearssl.a -lc -lgcc
	@$(3:gcc=size) $$@
$(2)/firmware-minimal.elf: $(2)/obj/firmware-minimal.o $$(filter-out %/firmware.o,$$($(1)_OBJS)) tests/mcu/$(5)/$(6)
	$(3) $(4) -nostartfiles -Wl,--gc-sections -Wl,-Map=$(2)/firmware-minimal.map \
	  -T tests/mcu/$(5)/$(6) -o $$@ $$(filter %.o,$$^) $(2)/lwip/liblwip.a -lc -lgcc
	@$(3:gcc=size) $$@
endef
$(eval $(call MCU_BOARD,MCU_M4,$(BUILD)/mcu,arm-none-eabi-gcc,-mcpu=cortex-m4 -mthumb -mfloat-abi=soft --specs=nano.specs,mps2-an386,mps2-an386.ld,m4,deps-mcu))
$(eval $(call MCU_BOARD,MCU_RV32,$(BUILD)/mcu-rv32,riscv64-unknown-elf-gcc,-march=rv32imac -mabi=ilp32 -msave-restore --specs=picolibc.specs,riscv-virt,virt.ld,rv32,deps-mcu-riscv))

mcu: $(BUILD)/mcu/firmware.elf $(BUILD)/mcu/firmware-minimal.elf
mcu-riscv: $(BUILD)/mcu-rv32/firmware.elf $(BUILD)/mcu-rv32/firmware-minimal.elf

test-mcu:
	@$(MAKE) -s deps-mcu || { echo "FAIL scripts/install-deps.sh mcu"; echo "0 passed, 1 failed"; exit 1; }
	@mkdir -p $(BUILD)/mcu && $(MAKE) -s mcu $(BUILD)/e2b-mcp $(BUILD)/e2b-mcp-small >$(BUILD)/mcu.build.log 2>&1 || { cat $(BUILD)/mcu.build.log; echo "FAIL firmware build"; echo "0 passed, 1 failed"; exit 1; }
	@timeout 300 python3 tests/mcu/test_mcu.py
test-mcu-riscv:
	@$(MAKE) -s deps-mcu-riscv || { echo "FAIL scripts/install-deps.sh riscv"; echo "0 passed, 1 failed"; exit 1; }
	@mkdir -p $(BUILD)/mcu-rv32 && $(MAKE) -s mcu-riscv $(BUILD)/e2b-mcp $(BUILD)/e2b-mcp-small >$(BUILD)/mcu-rv32.build.log 2>&1 || { cat $(BUILD)/mcu-rv32.build.log; echo "FAIL firmware build"; echo "0 passed, 1 failed"; exit 1; }
	@timeout 300 python3 tests/mcu/test_mcu.py --board rv32
TEST_SUITES += mcu mcu-riscv
