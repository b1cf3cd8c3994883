/* Plug-ins that break the contract, one per DMLCONF_BAD_* macro, for the adapter's tests.
 * Each accepts every JOIN and "executes" it wrongly; nothing else is implemented. */
#include <string.h>

#include "dmlconf/dmlconf_backend.h"

static int create(const dmlconf_operator_desc* desc, uint32_t level, char* reason, size_t cap) {
  (void)level;
  if (desc->op == DMLCONF_JOIN) return DMLCONF_ACCEPTED;
  strncpy(reason, "JOIN only", cap - 1);
  return DMLCONF_UNSUPPORTED;
}

static int execute(const dmlconf_operator_desc* desc, uint32_t level, const void* const* inputs,
                   void* const* outputs, char* error, size_t cap) {
  unsigned char* out = (unsigned char*)outputs[0];
  (void)level, (void)inputs, (void)error, (void)cap, (void)out;
#if defined(DMLCONF_BAD_WRITES_PAST_END)
  memset(out, 0, (size_t)desc->outputs[0].total_tensor_size_in_bytes + 1);
#elif defined(DMLCONF_BAD_WRITES_BEFORE_START)
  out[-1] = 0;
#endif
  (void)desc; /* DMLCONF_BAD_WRITES_NOTHING: returns success untouched */
  return 0;
}

#if defined(DMLCONF_BAD_NO_ENTRY)
#define ENTRY dmlconf_backend_entry_misspelt
#else
#define ENTRY dmlconf_backend_entry
#endif
#if defined(DMLCONF_BAD_ABI_VERSION)
#define VERSION (DMLCONF_BACKEND_ABI_VERSION + 1)
#else
#define VERSION DMLCONF_BACKEND_ABI_VERSION
#endif

const dmlconf_backend_v1* ENTRY(void);
const dmlconf_backend_v1* ENTRY(void) {
  static const dmlconf_backend_v1 table = {VERSION, "bad", 0x6400, 0, create, execute};
  return &table;
}
