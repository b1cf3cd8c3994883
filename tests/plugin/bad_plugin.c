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

/* Plug-ins that die instead of answering (issue 12 item 1), on the correct JOIN: run out of
 * process, each costs an `error` verdict for the case it dies in, never the run's closing
 * line, reports or exit code. Each says where it dies on stderr, for the verdict to quote. */
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

const dmlconf_backend_v1* ENTRY(void);
const dmlconf_backend_v1* ENTRY(void) {
  static const dmlconf_backend_v1 table = {VERSION, "bad", 0x6400, 0, create, execute};
  return &table;
}
