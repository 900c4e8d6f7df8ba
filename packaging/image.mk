# packaging/image.mk — the OCI image (issue 35, item 5). Included by the top Makefile.
#   make image           build/e2b-mcp-static in an image FROM scratch (packaging/Containerfile)
#                        with Debian's buildah: IMAGE (default localhost/e2b-mcp:<version>),
#                        IMAGE_STORAGE (buildah's storage driver, default vfs: works anywhere)
#   make test-ops-image  the image's filesystem exported (podman create + export) and its
#                        entrypoint run in a chroot as its config says (podman run is refused
#                        in sandboxes like this one): /healthz, /readyz, a tools/call (simulator)
IMAGE         ?= localhost/e2b-mcp:$(E2B_MCP_VER)
IMAGE_STORAGE ?= vfs
IMAGE_CA      ?= /etc/ssl/certs/ca-certificates.crt

TEST_SUITES += ops-image
.PHONY: image test-ops-image

image: $(BUILD)/e2b-mcp-static packaging/Containerfile | $(DEPS_FIRST)
	+@scripts/install-deps.sh ops
	@rm -rf $(BUILD)/image && mkdir -p $(BUILD)/image
	@cp $(BUILD)/e2b-mcp-static $(BUILD)/image/e2b-mcp
	@cp $(IMAGE_CA) $(BUILD)/image/ca-certificates.crt
	@printf 'root:x:0:0:root:/:/sbin/nologin\nnonroot:x:65532:65532:nonroot:/:/sbin/nologin\n' > $(BUILD)/image/passwd
	@printf 'root:x:0:\nnonroot:x:65532:\n' > $(BUILD)/image/group
	buildah --storage-driver $(IMAGE_STORAGE) bud --quiet --isolation chroot --build-arg VERSION=$(E2B_MCP_VER) \
	  -f packaging/Containerfile -t $(IMAGE) $(BUILD)/image
	@echo "image: $(IMAGE)"

test-ops-image:
	+@scripts/install-deps.sh ops static >/dev/null || { echo "FAIL scripts/install-deps.sh ops static"; echo "0 passed, 1 failed"; exit 1; }
	@$(MAKE) -s image IMAGE=localhost/e2b-mcp:test >/dev/null || { echo "FAIL make image"; echo "0 passed, 1 failed"; exit 1; }
	@IMAGE=localhost/e2b-mcp:test IMAGE_STORAGE=$(IMAGE_STORAGE) timeout 300 python3 tests/ops/test_image.py
