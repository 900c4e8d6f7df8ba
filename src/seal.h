/* >>sealed state: what the server keeps of the tokens it sealed -------------
   A requestState token is good once: the nonce of each one that came back is
   kept, with the token's expiry, until then (E2B_MCP_STATE_SPENT of them). */
typedef struct e2b_mcp__spent {
  unsigned char nonce[8];
  unsigned long long exp_s;   /* 0: a free entry */
} e2b_mcp__spent;
