/* dmlconf_backend.h: the whole contract of a dmlconf backend plug-in (C99).
 * A plug-in is a shared library exporting dmlconf_backend_entry(). dmlconf
 * validates nothing for it: create() must refuse invalid descriptors itself.
 * Field names follow DirectML (DML_BUFFER_TENSOR_DESC, DML_*_OPERATOR_DESC). */
#ifndef DMLCONF_BACKEND_H_
#define DMLCONF_BACKEND_H_

#include <stddef.h>
#include <stdint.h>

/* The ABI's version, major.minor. A table's abi_version holds DMLCONF_BACKEND_ABI_VERSION as
 * its plug-in was compiled: 1 (version 1.0, which dmlconf still loads), else
 * major * 0x10000 + minor. A minor version only adds answers an older plug-in never gives:
 * 1.1 lets execute() answer DMLCONF_UNSUPPORTED. dmlconf loads any minor of its major. */
#define DMLCONF_BACKEND_ABI_MAJOR 1
#define DMLCONF_BACKEND_ABI_MINOR 1
#define DMLCONF_BACKEND_ABI_VERSION ((DMLCONF_BACKEND_ABI_MAJOR << 16) | DMLCONF_BACKEND_ABI_MINOR)

/* DML_TENSOR_DATA_TYPE_* without the prefix; little-endian, element sizes 8 4 2 8 4 2 1 8 4 2 1. */
enum dmlconf_data_type {
  DMLCONF_FLOAT64,
  DMLCONF_FLOAT32,
  DMLCONF_FLOAT16,
  DMLCONF_INT64,
  DMLCONF_INT32,
  DMLCONF_INT16,
  DMLCONF_INT8,
  DMLCONF_UINT64,
  DMLCONF_UINT32,
  DMLCONF_UINT16,
  DMLCONF_UINT8
};

/* DMLCONF_<NAME> for every operator of dmlconf/ops.inc, in its order: DMLCONF_SPLIT (0),
 * DMLCONF_JOIN, DMLCONF_GATHER, DMLCONF_DEPTH_TO_SPACE1, DMLCONF_SPACE_TO_DEPTH1,
 * DMLCONF_REVERSE_SUBSEQUENCES (5), and any added since. An operator a plug-in does not
 * know is DMLCONF_UNSUPPORTED. */
enum dmlconf_operator {
#define DMLCONF_OPERATOR(Type, NAME, Desc) DMLCONF_##NAME,
#include "dmlconf/ops.inc"
#undef DMLCONF_OPERATOR
  DMLCONF_OPERATOR_COUNT
};

/* Feature levels are DirectML's DML_FEATURE_LEVEL values: 0x1000 (1_0), 0x2100 (2_1) ... 0x6400
 * (6_4). */

/* DML_BUFFER_TENSOR_DESC. Must-reject cases may break any rule (rank 9, a zero size, ...). */
typedef struct dmlconf_tensor_desc {
  uint32_t data_type;                        /* enum dmlconf_data_type */
  uint32_t flags;                            /* DML_TENSOR_FLAGS; 0 */
  uint32_t dimension_count;                  /* number of entries in sizes (valid: 1..8) */
  const uint32_t* sizes;                     /* outermost first */
  uint32_t stride_count;                     /* entries in strides (valid: dimension_count) */
  const uint32_t* strides;                   /* in elements; NULL = packed row-major */
  uint64_t total_tensor_size_in_bytes;       /* the buffer's byte size (given, or the minimum) */
  uint32_t guaranteed_base_offset_alignment; /* 0 = no guarantee; else a power of two >= the element
                                                size */
} dmlconf_tensor_desc;

/* One operator: the union of the DML_*_OPERATOR_DESC, field by field as dmlconf/op_schema.inc
 * lists them. Tensors are in binding order: the input fields in the schema's order (a list
 * field's tensors in list order), then the output fields likewise. So
 * SPLIT in: InputTensor; out: OutputTensors[]    JOIN in: InputTensors[]; out: OutputTensor
 * GATHER in: InputTensor, IndicesTensor          REVERSE_SUBSEQUENCES in: InputTensor,
 * DEPTH_TO_SPACE1, SPACE_TO_DEPTH1 in: InputTensor   SequenceLengthsTensor
 * GATHER_ELEMENTS in: InputTensor, IndicesTensor  SCATTER_ELEMENTS in: InputTensor,
 *                                                   IndicesTensor, UpdatesTensor
 * GATHER_ND, GATHER_ND1 in: InputTensor, IndicesTensor
 * SCATTER_ND in: InputTensor, IndicesTensor, UpdatesTensor
 * All but SPLIT have one output, OutputTensor. Each other field kind has its member below. */
typedef struct dmlconf_operator_desc {
  uint32_t op;                        /* enum dmlconf_operator */
  uint32_t input_count;               /* entries in inputs (JOIN's InputCount) */
  const dmlconf_tensor_desc* inputs;  /* input tensors, binding order */
  uint32_t output_count;              /* entries in outputs (SPLIT's OutputCount) */
  const dmlconf_tensor_desc* outputs; /* output tensors, binding order */
  uint32_t axis;                      /* an Axis field: every operator that has one */
  uint32_t index_dimensions;          /* an IndexDimensions field: GATHER */
  uint32_t block_size;                /* a BlockSize field: the depth/space operators */
  uint32_t order;                     /* an Order field: 0 DEPTH_COLUMN_ROW, 1 COLUMN_ROW_DEPTH */
  /* Appended after version 1's first members, so a plug-in built before them reads the rest
   * alike. */
  uint32_t input_dimension_count;   /* an InputDimensionCount field: the ND operators */
  uint32_t indices_dimension_count; /* an IndicesDimensionCount field: the ND operators */
  uint32_t batch_dimension_count;   /* a BatchDimensionCount field: GATHER_ND1 */
  /* Then the window family's
   * arrays (dmlconf/array_kinds.inc): each has array_count entries (DirectML's
   * DimensionCount, TILE's RepeatsCount; all the arrays of a descriptor share it), NULL
   * when the operator has no such field. SLICE: offsets, window_sizes (its Sizes),
   * strides; SLICE1: offsets, window_sizes, signed_strides (its InputWindow* arrays);
   * PADDING, PADDING1: start_padding, end_padding; TILE: repeats. */
  uint32_t array_count;
#define DMLCONF_ARRAY_KIND(Kind, c_member, Element, CountName) const Element* c_member;
#include "dmlconf/array_kinds.inc"
#undef DMLCONF_ARRAY_KIND
  uint32_t padding_mode;            /* PADDING(1): DML_PADDING_MODE, 0 CONSTANT ... 4 WRAP */
  float padding_value;              /* PADDING's FLOAT PaddingValue */
  uint32_t padding_value_data_type; /* PADDING1: enum dmlconf_data_type */
  uint64_t typed_padding_value;     /* PADDING1's DML_SCALAR_UNION PaddingValue: the element's
                                       bits, little-endian, in its low ElementSize bytes */
} dmlconf_operator_desc;

/* create() results. Any other non-zero value means DMLCONF_REJECTED. */
/* DMLCONF_ACCEPTED: valid, and the backend will execute it.
   DMLCONF_REJECTED: invalid; reason_out names the rule, "AXIS_OUT_OF_RANGE[: message]".
   DMLCONF_UNSUPPORTED: maybe valid, but not implemented here; the case is skipped and
   reason_out says why.
   execute() returns 0 (done), DMLCONF_UNSUPPORTED (ABI 1.1: this data cannot be run here,
   support that depends on the data, e.g. an index past what the backend implements; the case
   is skipped, error_out says why) or any other value (an error; error_out says what). */
#define DMLCONF_ACCEPTED 0
#define DMLCONF_REJECTED 1
#define DMLCONF_UNSUPPORTED 2

typedef struct dmlconf_backend_v1 {
  uint32_t abi_version;       /* DMLCONF_BACKEND_ABI_VERSION, as compiled into the plug-in */
  const char* name;           /* the backend's name in every report, unless --backend NAME=SPEC */
  uint32_t max_feature_level; /* highest level claimed; cases above it are skipped */
  int reports_reason_codes;   /* non-zero: a rejection's reason code is compared with the case's */
  /* May the descriptor run at feature_level? Writes a NUL-terminated reason when refusing. */
  int (*create)(const dmlconf_operator_desc* desc, uint32_t feature_level, char* reason_out,
                size_t reason_cap);
  /* Runs an accepted descriptor. inputs[i] / outputs[i] hold total_tensor_size_in_bytes bytes,
   * in binding order. Never write an input, nor past an output's total_tensor_size_in_bytes;
   * inside it any byte may be written, padding between or after the elements included, as
   * DirectML may (contract point P1 of reference/OPERATORS.md). 0 = done; DMLCONF_UNSUPPORTED
   * (ABI 1.1) = skipped, error_out says why; else error_out says what went wrong. */
  int (*execute)(const dmlconf_operator_desc* desc, uint32_t feature_level,
                 const void* const* inputs, void* const* outputs, char* error_out,
                 size_t error_cap);
} dmlconf_backend_v1;

#ifdef __cplusplus
extern "C" {
#endif
/* The one exported symbol. The table must stay valid until the library is unloaded. */
const dmlconf_backend_v1* dmlconf_backend_entry(void);
#ifdef __cplusplus
}
#endif

#endif /* DMLCONF_BACKEND_H_ */
