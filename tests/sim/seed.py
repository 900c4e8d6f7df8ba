"""The simulator's default key and the IDs of its seeded sandboxes (tests/sim/README.md),
for every suite that talks to it, so the seed has one description in code."""
KEY = "e2b_deadbeefdeadbeefdeadbeefdeadbeefdeadbeef"
KEY2 = "e2b_c0ffeec0ffeec0ffeec0ffeec0ffeec0ffeec0ff"   # the second team (empty, 1 h plan)
ALICE_PROD = "ialiceprod00000000001"
BOB_STG1 = "ibobstaging0000000001"
BOB_STG2 = "ibobstaging0000000002"
ALICE_STG = "ialicestaging00000001"
NOMETA = "inometa00000000000001"
ALICE_PAUSED = "ialicepaused000000001"
BOB_PAUSED = "ibobpaused00000000001"
RUNNING = {ALICE_PROD, BOB_STG1, BOB_STG2, ALICE_STG, NOMETA}
PAUSED = {ALICE_PAUSED, BOB_PAUSED}
