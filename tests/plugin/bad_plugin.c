/* Plug-ins that break the contract, one per DMLCONF_BAD_* macro, for the adapter's tests.
 * Each accepts every JOIN; nothing else is implemented. The lies that must be caught only
 * while the rest is right (padding, one byte past the end, alignment) sit on a correct
 * JOIN, so the one broken promise is the only thing that can fail them. */
#include <stdint.h>
#include <string.h>

#include "dmlconf/dmlconf_backend.h"

static const size_t kElementSize[] = {8, 4, 2, 8, 4, 2, 1, 8, 4, 2, 1};

static int create(const dmlconf_operator_desc* desc, uint32_t level, char* reason, size_t cap) {
  (void)level;
  if (desc->op == DMLCONF_JOIN) return DMLCONF_ACCEPTED;
  strncpy(reason, "JOIN only", cap - 1);
  return DMLCONF_UNSUPPORTED;
}

static uint64_t stride(const dmlconf_tensor_desc* t, uint32_t d) { /* packed when absent */
  uint64_t s = 1;
  uint32_t i;
  if (t->strides) return t->strides[d];
  for (i = d + 1; i < t->dimension_count; ++i) s *= t->sizes[i];
  return s;
}

/* Every element of each input to its slab of the output along Axis; any rank 1-8, any
 * element size, strided or packed. Writes output elements and nothing else. */
/* Unused by the lies that never run it (they write wrongly or die instead). */
__attribute__((unused)) static void join(const dmlconf_operator_desc* desc,
                                         const unsigned char* const* inputs, unsigned char* out) {
  const dmlconf_tensor_desc* big = &desc->outputs[0];
  const size_t size = kElementSize[big->data_type];
  const uint32_t rank = big->dimension_count, axis = desc->axis;
  uint64_t offset = 0;
  uint32_t i, d;
  for (i = 0; i < desc->input_count; offset += desc->inputs[i++].sizes[axis]) {
    const dmlconf_tensor_desc* piece = &desc->inputs[i];
    uint32_t c[8] = {0};
    for (;;) {
      uint64_t at = offset * stride(big, axis), from = 0;
      for (d = 0; d < rank; ++d) {
        at += (uint64_t)c[d] * stride(big, d);
        from += (uint64_t)c[d] * stride(piece, d);
      }
      memcpy(out + at * size, inputs[i] + from * size, size);
      for (d = rank; d > 0; --d) { /* next coordinate, last dimension fastest */
        if (++c[d - 1] < piece->sizes[d - 1]) break;
        c[d - 1] = 0;
      }
      if (d == 0) break;
    }
  }
}

#if defined(DMLCONF_BAD_ASSUMES_64_ALIGNMENT)
/* What code that derives aligned vector addresses from a pointer's low bits computes when
 * the pointer is not as aligned as it assumes: the address rounded down. DirectML promises
 * 16 bytes (or GuaranteedBaseOffsetAlignment), never 64 unless it says so. */
static unsigned char* assume_64(const void* p) {
  return (unsigned char*)((uintptr_t)p & ~(uintptr_t)63);
}
#endif

static int execute(const dmlconf_operator_desc* desc, uint32_t level, const void* const* inputs,
                   void* const* outputs, char* error, size_t cap) {
  unsigned char* out = (unsigned char*)outputs[0];
  const uint64_t total = desc->outputs[0].total_tensor_size_in_bytes;
  (void)level, (void)inputs, (void)error, (void)cap, (void)out, (void)total;
#if defined(DMLCONF_BAD_WRITES_PAST_END)
  memset(out, 0, (size_t)total + 1);
#elif defined(DMLCONF_BAD_WRITES_BEFORE_START)
  out[-1] = 0;
#elif defined(DMLCONF_BAD_WRITES_NOTHING)
  /* returns success untouched */
#elif defined(DMLCONF_BAD_CLOBBERS_PADDING)
  /* Every byte inside TotalTensorSizeInBytes, padding included (allowed by P1), then the
   * right values over it. */
  memset(out, 0x5A, (size_t)total);
  join(desc, (const unsigned char* const*)inputs, out);
#elif defined(DMLCONF_BAD_WRITES_ONE_PAST_END)
  join(desc, (const unsigned char* const*)inputs, out);
  out[total] = 0x5A;
#elif defined(DMLCONF_BAD_ASSUMES_64_ALIGNMENT)
  {
    const unsigned char* rounded[64];
    uint32_t i;
    if (desc->input_count > 64) {
      strncpy(error, "at most 64 inputs", cap - 1);
      return 1;
    }
    for (i = 0; i < desc->input_count; ++i) rounded[i] = assume_64(inputs[i]);
    join(desc, rounded, assume_64(out));
  }
#elif defined(DMLCONF_BAD_UNSUPPORTED_AT_EXECUTE) || defined(DMLCONF_BAD_OLD_ABI_RETURNS_2)
  /* Support that depends on the data: ABI 1.1 may say so; to a 1.0 plug-in 2 is an error. */
  strncpy(error, "inputs past 2^20 elements are not implemented", cap - 1);
  return DMLCONF_UNSUPPORTED;
#else
  join(desc, (const unsigned char* const*)inputs, out); /* ABI_VERSION, NO_ENTRY, CORRECT */
#endif
  return 0;
}

#if defined(DMLCONF_BAD_NO_ENTRY)
#define ENTRY dmlconf_backend_entry_misspelt
#else
#define ENTRY dmlconf_backend_entry
#endif
#if defined(DMLCONF_BAD_ABI_VERSION)
#define VERSION ((DMLCONF_BACKEND_ABI_MAJOR + 1) << 16) /* a major version from the future */
#elif defined(DMLCONF_BAD_OLD_ABI_RETURNS_2)
#define VERSION 1 /* built against version 1.0, which spelt it 1 */
#else
#define VERSION DMLCONF_BACKEND_ABI_VERSION
#endif

/* Plug-ins that die instead of answering (issue 12 item 1): run out of process, each costs
 * an `error` verdict for the case it dies in, never the run's closing line, reports or exit
 * code. Each says where it dies on stderr, for the verdict to quote. */
#if defined(DMLCONF_BAD_EXIT_IN_CREATE) || defined(DMLCONF_BAD_EXIT_IN_EXECUTE) ||      \
    defined(DMLCONF_BAD_UNDERSCORE_EXIT_IN_EXECUTE) || defined(DMLCONF_BAD_ABORT_IN_EXECUTE) || \
    defined(DMLCONF_BAD_LOOPS_IN_EXECUTE) || defined(DMLCONF_BAD_EXIT_IN_ENTRY) ||         \
    defined(DMLCONF_BAD_EXIT_IN_CONSTRUCTOR)
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static void die(const char* where) {
  fprintf(stderr, "bad_plugin: dying in %s\n", where);
#if defined(DMLCONF_BAD_ABORT_IN_EXECUTE)
  abort();
#elif defined(DMLCONF_BAD_LOOPS_IN_EXECUTE)
  {
    volatile int spin = 1;
    while (spin) {
    }
  }
#elif defined(DMLCONF_BAD_UNDERSCORE_EXIT_IN_EXECUTE)
  _exit(0); /* no atexit handlers, no stdio flush */
#else
  exit(0);
#endif
}

#if defined(DMLCONF_BAD_EXIT_IN_CREATE)
static int dying_create(const dmlconf_operator_desc* desc, uint32_t level, char* reason,
                        size_t cap) {
  die("create");
  return create(desc, level, reason, cap);
}
#define create dying_create
#elif defined(DMLCONF_BAD_EXIT_IN_CONSTRUCTOR)
__attribute__((constructor)) static void dying_at_load(void) { die("its constructor"); }
#elif defined(DMLCONF_BAD_EXIT_IN_ENTRY)
#undef ENTRY
#define ENTRY table_of_a_plugin_that_exits
const dmlconf_backend_v1* ENTRY(void);
const dmlconf_backend_v1* dmlconf_backend_entry(void);
const dmlconf_backend_v1* dmlconf_backend_entry(void) {
  die("its entry point");
  return ENTRY();
}
#else
static int dying_execute(const dmlconf_operator_desc* desc, uint32_t level,
                         const void* const* inputs, void* const* outputs, char* error,
                         size_t cap) {
  die("execute");
  return execute(desc, level, inputs, outputs, error, cap);
}
#define execute dying_execute
#endif
#endif

/* A plug-in that forks a helper at its first create (issue 12 item 6): the helper holds the
 * host's pipes, and must neither turn honest answers into timeouts nor outlive the run. Its
 * pid goes to $DMLCONF_SERVE_STATE/children for the test to check. Every create answers
 * rejected, so the run needs no JOIN: each valid case fails, quickly. */
#if defined(DMLCONF_BAD_FORKS_HELPER)
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static int forking_create(const dmlconf_operator_desc* desc, uint32_t level, char* reason,
                          size_t cap) {
  static int forked = 0;
  (void)desc, (void)level, (void)create;
  if (!forked) {
    const char* state = getenv("DMLCONF_SERVE_STATE");
    const pid_t helper = fork();
    forked = 1;
    if (helper == 0) {
      for (;;) pause();
    }
    if (state) {
      char path[4096];
      FILE* f;
      snprintf(path, sizeof path, "%s/children", state);
      f = fopen(path, "a");
      if (f) {
        fprintf(f, "%ld\n", (long)helper);
        fclose(f);
      }
    }
  }
  strncpy(reason, "TENSOR_RANK_INVALID: this plug-in only forks a helper", cap - 1);
  return DMLCONF_REJECTED;
}
#define create forking_create
#endif

const dmlconf_backend_v1* ENTRY(void);
const dmlconf_backend_v1* ENTRY(void) {
  static const dmlconf_backend_v1 table = {VERSION, "bad", 0x6400, 0, create, execute};
  return &table;
}
