# tests/mcu/mcu.mk - e2b_mcp.h on a Cortex-M4 board in QEMU (mps2-an386), included by the Makefile.
#   make mcu        build/mcu/firmware.elf: the MCP server firmware (lwIP, BearSSL, the test CA),
#                   and build/mcu/firmware-minimal.elf: the same in the minimal profile
#   make test-mcu   boots it under qemu-system-arm against the simulator and its TLS front:
#                   tests/mcu/test_mcu.py, a real MCP client on the board's UART
# Everything it needs is installed by scripts/install-deps.sh mcu; lwIP and BearSSL come from
# Debian's source packages and are built once into build/ (lwIP ~10 s, BearSSL ~20 s).
MCU_DIR    := $(BUILD)/mcu
MCU_LWIP   := $(MCU_DIR)/lwip
MCU_CC     := arm-none-eabi-gcc
MCU_ARCH   := -mcpu=cortex-m4 -mthumb -mfloat-abi=soft
MCU_OPT    := -Os -ffunction-sections -fdata-sections
MCU_INC    := -Itests/mcu -I$(MCU_LWIP)/include -I$(BUILD)/bearssl-m4/inc -I$(MCU_DIR) -I.
MCU_TLSDIR := $(MCU_DIR)/tls
MCU_SRCS   := tests/mcu/firmware.c tests/mcu/board.c tests/mcu/lan9118.c
MCU_HDRS   := tests/mcu/board.h tests/mcu/lan9118.h tests/mcu/lwipopts.h tests/mcu/arch/cc.h e2b_mcp.h \
              ports/e2b_mcp_sock_lwip.h ports/e2b_mcp_tls_bearssl.h

.PHONY: mcu test-mcu deps-mcu
deps-mcu:
	+@scripts/install-deps.sh core sim mcu >/dev/null

# lwIP 2.1 from Debian's source package: the core, IPv4 and Ethernet, built with the board's
# lwipopts.h (a change there rebuilds it).
$(MCU_LWIP)/liblwip.a: tests/mcu/lwipopts.h tests/mcu/arch/cc.h tests/mcu/build-lwip.sh | deps-mcu
	@tests/mcu/build-lwip.sh $(MCU_LWIP) "$(MCU_CC) $(MCU_ARCH) $(MCU_OPT)"

$(BUILD)/bearssl-m4/libbearssl.a: | deps-mcu
	@scripts/build-bearssl-m4.sh

# The test CA of tests/sim/tls-proxy.sh, compiled in as PEM text (generated once per build dir).
$(MCU_DIR)/ca_pem.h: tests/sim/tls-proxy.sh | deps-mcu
	@tests/sim/tls-proxy.sh certs $(MCU_TLSDIR) >/dev/null
	@{ echo '/* generated from $(MCU_TLSDIR)/ca.pem by tests/mcu/mcu.mk */'; \
	   echo 'static const char mcu_ca_pem[] ='; sed 's/^/"/; s/$$/\\n"/' $(MCU_TLSDIR)/ca.pem; echo ';'; } > $@

MCU_OBJS := $(patsubst tests/mcu/%.c,$(MCU_DIR)/obj/%.o,$(MCU_SRCS))
$(MCU_DIR)/obj/%.o: tests/mcu/%.c $(MCU_HDRS) $(MCU_LWIP)/liblwip.a $(BUILD)/bearssl-m4/libbearssl.a $(MCU_DIR)/ca_pem.h
	@mkdir -p $(@D)
	$(MCU_CC) $(MCU_ARCH) $(MCU_OPT) $(CSTD) $(WARN) $(MCU_INC) -g -c $< -o $@

# newlib-nano for the string functions only: no start files, no system calls (a call to one
# fails the link), and board.c's heap trap in place of malloc.
$(MCU_DIR)/firmware.elf: $(MCU_OBJS) tests/mcu/mps2-an386.ld
	$(MCU_CC) $(MCU_ARCH) -nostartfiles --specs=nano.specs -Wl,--gc-sections -Wl,-Map=$(MCU_DIR)/firmware.map \
	  -T tests/mcu/mps2-an386.ld -o $@ $(MCU_OBJS) $(MCU_LWIP)/liblwip.a $(BUILD)/bearssl-m4/libbearssl.a -lc -lgcc
	@arm-none-eabi-size $@

# The same firmware in the minimal profile (-DMCU_MINIMAL: list, get, kill, no TLS, no HTTP
# server), a second image that test-mcu boots too.
$(MCU_DIR)/obj/firmware-minimal.o: tests/mcu/firmware.c $(MCU_HDRS) $(MCU_LWIP)/liblwip.a $(MCU_DIR)/ca_pem.h
	@mkdir -p $(@D)
	$(MCU_CC) $(MCU_ARCH) $(MCU_OPT) $(CSTD) $(WARN) $(MCU_INC) -DMCU_MINIMAL -g -c $< -o $@
$(MCU_DIR)/firmware-minimal.elf: $(MCU_DIR)/obj/firmware-minimal.o $(MCU_DIR)/obj/board.o $(MCU_DIR)/obj/lan9118.o tests/mcu/mps2-an386.ld
	$(MCU_CC) $(MCU_ARCH) -nostartfiles --specs=nano.specs -Wl,--gc-sections -Wl,-Map=$(MCU_DIR)/firmware-minimal.map \
	  -T tests/mcu/mps2-an386.ld -o $@ $(filter %.o,$^) $(MCU_LWIP)/liblwip.a -lc -lgcc
	@arm-none-eabi-size $@

mcu: $(MCU_DIR)/firmware.elf $(MCU_DIR)/firmware-minimal.elf

test-mcu:
	@$(MAKE) -s deps-mcu || { echo "FAIL scripts/install-deps.sh mcu"; echo "0 passed, 1 failed"; exit 1; }
	@mkdir -p $(BUILD) && $(MAKE) -s mcu $(BUILD)/e2b-mcp >$(MCU_DIR).build.log 2>&1 || { cat $(MCU_DIR).build.log; echo "FAIL firmware build"; echo "0 passed, 1 failed"; exit 1; }
	@timeout 300 python3 tests/mcu/test_mcu.py
TEST_SUITES += mcu
