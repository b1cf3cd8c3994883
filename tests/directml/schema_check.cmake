# The operator schema against DirectML's own structs (DirectML.h of directx-headers-dev):
# the schema as committed compiles, and the schema with one field left out does not,
# failing on the check's own message, not on anything else.
#   cmake -DCXX=... -DSOURCE_DIR=... -DDIRECTML_INCLUDE_DIR=... -P schema_check.cmake
set(flags -std=c++17 -fsyntax-only -DDML_TARGET_VERSION_USE_LATEST
          -I${DIRECTML_INCLUDE_DIR} -I${DIRECTML_INCLUDE_DIR}/../wsl/stubs
          -I${SOURCE_DIR}/reference/include -I${SOURCE_DIR}/validator/src
          ${SOURCE_DIR}/tests/directml/schema_check_main.cc)
execute_process(COMMAND ${CXX} ${flags} RESULT_VARIABLE rc ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "the committed schema does not compile against DirectML.h:\n${err}")
endif()
execute_process(COMMAND ${CXX} ${flags} -DDMLCONF_DROP_ORDER RESULT_VARIABLE rc ERROR_VARIABLE err)
if(rc EQUAL 0)
  message(FATAL_ERROR "a schema without DEPTH_TO_SPACE1's Order compiled: the check misses it")
endif()
if(NOT err MATCHES "leaves out a member of DirectML's DML_DEPTH_TO_SPACE1_OPERATOR_DESC")
  message(FATAL_ERROR "a schema without DEPTH_TO_SPACE1's Order failed, but not on the "
                      "schema check:\n${err}")
endif()
message(STATUS "the schema check holds: Order left out is refused")
