/* A plug-in that changes dmlconf's working directory (to $DMLCONF_CHDIR_TO) in create()
 * and implements nothing: in dmlconf's own process (plugin-in-process:), a relative
 * --report-dir must still mean the folder it named when the run started. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "dmlconf/dmlconf_backend.h"

static int Create(const dmlconf_operator_desc* desc, uint32_t feature_level, char* reason_out,
                  size_t reason_cap) {
  const char* to = getenv("DMLCONF_CHDIR_TO");
  (void)desc;
  (void)feature_level;
  if (to != NULL && chdir(to) != 0) to = NULL;
  strncpy(reason_out, to != NULL ? "moved the working directory" : "could not move", reason_cap - 1);
  return DMLCONF_UNSUPPORTED;
}

static int Execute(const dmlconf_operator_desc* desc, uint32_t feature_level,
                   const void* const* inputs, void* const* outputs, char* error_out,
                   size_t error_cap) {
  (void)desc;
  (void)feature_level;
  (void)inputs;
  (void)outputs;
  strncpy(error_out, "never accepted", error_cap - 1);
  return 1;
}

static const dmlconf_backend_v1 kTable = {DMLCONF_BACKEND_ABI_VERSION, "chdir", 0x6400, 0, Create,
                                          Execute};

const dmlconf_backend_v1* dmlconf_backend_entry(void) { return &kTable; }
