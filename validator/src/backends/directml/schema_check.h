// The schema (reference/include/dmlconf/op_schema.inc) against DirectML.h: every
// field names a member of DML_<NAME>_OPERATOR_DESC (descriptor.cpp assigns each by
// name), and the struct has no member the schema leaves out (checked here: its
// member count is the fields' count, a list field standing for its count and its
// array). C++17, for the mingw-built host; tests/directml compiles it on Linux too.
#pragma once

#include <cstddef>
#include <type_traits>
#include <utility>

#include "dmlconf/op_schema.inc"

namespace dmlconf_schema_check {

// Converts to any member type, so that T{Any, Any, ...} tells how many members T has.
struct Any {
  template <class U>
  constexpr operator U() const noexcept {
    return U{};
  }
};

template <class T, class Indices, class = void>
struct BraceInitializable : std::false_type {};
template <class T, std::size_t... I>
struct BraceInitializable<T, std::index_sequence<I...>,
                          std::void_t<decltype(T{(void(I), Any{})...})>> : std::true_type {};

// The number of members of the aggregate T (a DML desc: pointers, UINTs, enums).
template <class T, std::size_t N = 0>
constexpr std::size_t MemberCount() {
  if constexpr (BraceInitializable<T, std::make_index_sequence<N + 1>>::value)
    return MemberCount<T, N + 1>();
  else
    return N;
}

// Members of a DML desc per schema field: a list is its count and its array.
#define DMLCONF_DML_MEMBERS_Input 1
#define DMLCONF_DML_MEMBERS_Indices 1
#define DMLCONF_DML_MEMBERS_Lengths 1
#define DMLCONF_DML_MEMBERS_Updates 1
#define DMLCONF_DML_MEMBERS_Output 1
#define DMLCONF_DML_MEMBERS_InputList 2
#define DMLCONF_DML_MEMBERS_OutputList 2
#define DMLCONF_DML_MEMBERS_Axis 1
#define DMLCONF_DML_MEMBERS_IndexDimensions 1
#define DMLCONF_DML_MEMBERS_InputDimensionCount 1
#define DMLCONF_DML_MEMBERS_IndicesDimensionCount 1
#define DMLCONF_DML_MEMBERS_BatchDimensionCount 1
#define DMLCONF_DML_MEMBERS_BlockSize 1
#define DMLCONF_DML_MEMBERS_Order 1
// An array (dmlconf/array_kinds.inc) is its pointer; the count its arrays share is one
// member more for a desc that has any (DMLCONF_DML_COUNT).
#define DMLCONF_DML_MEMBERS_Offsets 1
#define DMLCONF_DML_MEMBERS_WindowSizes 1
#define DMLCONF_DML_MEMBERS_Strides 1
#define DMLCONF_DML_MEMBERS_SignedStrides 1
#define DMLCONF_DML_MEMBERS_StartPadding 1
#define DMLCONF_DML_MEMBERS_EndPadding 1
#define DMLCONF_DML_MEMBERS_Repeats 1
#define DMLCONF_DML_MEMBERS_PaddingMode 1
#define DMLCONF_DML_MEMBERS_PaddingValue 1
#define DMLCONF_DML_MEMBERS_PaddingValueDataType 1
#define DMLCONF_DML_MEMBERS_TypedPaddingValue 1
#define DMLCONF_DML_MEMBERS(Kind, member, DmlName) +DMLCONF_DML_MEMBERS_##Kind
#define DMLCONF_DML_IS_ARRAY(Kind, member, DmlName) +IsArrayKind(#Kind)

constexpr bool StringEqual(const char* a, const char* b) {
  while (*a != '\0' && *a == *b) ++a, ++b;
  return *a == *b;
}
// Whether op_schema.inc's Kind is one of array_kinds.inc's.
constexpr bool IsArrayKind(const char* kind) {
#define DMLCONF_ARRAY_KIND(Kind, c_member, Element, CountName) \
  if (StringEqual(kind, #Kind)) return true;
#include "dmlconf/array_kinds.inc"
#undef DMLCONF_ARRAY_KIND
  return false;
}
#define DMLCONF_DML_COUNT(Type) ((0 DMLCONF_FIELDS_##Type(DMLCONF_DML_IS_ARRAY)) > 0 ? 1 : 0)

#define DMLCONF_OPERATOR(Type, NAME, Desc)                                              \
  static_assert(MemberCount<DML_##NAME##_OPERATOR_DESC>() ==                            \
                    DMLCONF_DML_COUNT(Type) DMLCONF_FIELDS_##Type(DMLCONF_DML_MEMBERS), \
                "op_schema.inc leaves out a member of DirectML's DML_" #NAME            \
                "_OPERATOR_DESC "                                                       \
                "(or lists one it does not have)");
#include "dmlconf/ops.inc"
#undef DMLCONF_OPERATOR

}  // namespace dmlconf_schema_check
