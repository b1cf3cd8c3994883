/* The cheapest possible protocol-2 backend (validator/BACKENDS.md): it answers
 * every request `ok` without opening a buffer file, so a benchmark of dmlconf's
 * serve: client through it measures dmlconf's own per-request cost (JSON, buffer
 * files, guard checks, pipes) and the two context switches, nothing else. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void) {
  char line[1 << 16];
  while (fgets(line, sizeof line, stdin)) {
    const char* id = strstr(line, "\"id\":");
    long long n = id ? atoll(id + 5) : 0;
    if (strstr(line, "\"describe\""))
      printf(
          "{\"id\":%lld,\"status\":\"ok\",\"name\":\"echo\",\"max_feature_level\":\"6_4\","
          "\"reports_reason_codes\":false}\n",
          n);
    else
      printf("{\"id\":%lld,\"status\":\"ok\"}\n", n);
    fflush(stdout);
  }
  return 0;
}
