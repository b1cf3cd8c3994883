/* A JOIN plug-in that is right except for one byte it writes outside its output (issue 12
 * item 3): DMLCONF_WILD_AFTER=N writes the byte N bytes past the end of OutputTensor's
 * TotalTensorSizeInBytes (0: the first byte past it), DMLCONF_WILD_BEFORE=N the byte N
 * bytes before its start (1: the last byte before it). Near distances land in the guard
 * bytes and are seen by comparison; far ones in the inaccessible pages and fault. */
#include <stdint.h>
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
  /* volatile: the compiler may not drop or move a store it can prove out of bounds. */
  volatile unsigned char* out = (volatile unsigned char*)outputs[0];
  (void)level, (void)inputs, (void)error, (void)cap;
#if defined(DMLCONF_WILD_AFTER)
  out[desc->outputs[0].total_tensor_size_in_bytes + (uint64_t)(DMLCONF_WILD_AFTER)] = 0x5A;
#else
  (void)desc;
  *(out - (uint64_t)(DMLCONF_WILD_BEFORE)) = 0x5A;
#endif
  return 0;
}

const dmlconf_backend_v1* dmlconf_backend_entry(void);
const dmlconf_backend_v1* dmlconf_backend_entry(void) {
  static const dmlconf_backend_v1 table = {DMLCONF_BACKEND_ABI_VERSION, "wild", 0x6400, 0, create,
                                           execute};
  return &table;
}
