/* A sample dmlconf plug-in: SPLIT and JOIN only, in plain C99. It validates every descriptor
 * itself (the validator trusts nothing) and says "unsupported" for the other operators. */
#include <stdio.h>
#include <string.h>

#include "dmlconf/dmlconf_backend.h"

static const size_t kElementSize[] = {8, 4, 2, 8, 4, 2, 1, 8, 4, 2, 1};

static uint64_t sat_add(uint64_t a, uint64_t b) { return a > UINT64_MAX - b ? UINT64_MAX : a + b; }
static uint64_t sat_mul(uint64_t a, uint64_t b) {
  return b && a > UINT64_MAX / b ? UINT64_MAX : a * b;
}
static uint32_t stride(const dmlconf_tensor_desc* t, uint32_t d) { /* packed when absent */
  uint32_t s = 1;
  if (t->strides) return t->strides[d];
  for (uint32_t i = d + 1; i < t->dimension_count; ++i) s *= t->sizes[i];
  return s;
}

/* Writes "CODE: what" and returns DMLCONF_REJECTED, so each rule below is one line. */
static int refuse(char* out, size_t cap, const char* code, const char* what, uint32_t i) {
  snprintf(out, cap, "%s: tensor %u %s", code, i, what);
  return DMLCONF_REJECTED;
}

/* The DML_BUFFER_TENSOR_DESC rules for one tensor, in the order dmlconf lists them. */
static int check_tensor(const dmlconf_tensor_desc* t, int is_output, uint32_t i, char* r,
                        size_t n) {
  uint64_t count = 1, last = 0, extent = 1;
  uint32_t d, j, m = 0, order[8], a = t->guaranteed_base_offset_alignment;
  if (t->dimension_count < 1 || t->dimension_count > 8)
    return refuse(r, n, "TENSOR_RANK_INVALID", "rank", i);
  for (d = 0; d < t->dimension_count; ++d) {
    if (t->sizes[d] == 0) return refuse(r, n, "TENSOR_SIZE_ZERO", "has a zero size", i);
    count = sat_mul(count, t->sizes[d]);
  }
  if (t->strides && t->stride_count != t->dimension_count)
    return refuse(r, n, "TENSOR_STRIDES_RANK_MISMATCH", "strides", i);
  if (count > 0xFFFFFFFFu) return refuse(r, n, "TENSOR_TOO_MANY_ELEMENTS", "is too large", i);
  for (d = 0; d < t->dimension_count; ++d)
    last = sat_add(last, sat_mul(t->sizes[d] - 1, stride(t, d)));
  last = sat_mul(sat_add(last, 1), kElementSize[t->data_type]);
  if (last > UINT64_MAX - 3 || t->total_tensor_size_in_bytes < ((last + 3) & ~(uint64_t)3))
    return refuse(r, n, "TENSOR_TOTAL_SIZE_TOO_SMALL", "total size", i);
  /* At least the minimum is the only size rule: the minimum + 2 is legal. */
  /* Contract point T1: 0, or a power of two no smaller than the element size. */
  if (a != 0 && ((a & (a - 1)) || a < kElementSize[t->data_type]))
    return refuse(r, n, "TENSOR_ALIGNMENT_INVALID", "alignment", i);
  /* No aliasing: taking the dimensions of size > 1 by increasing stride, each stride must
   * reach past everything the smaller ones span. */
  for (d = 0, m = 0; is_output && d < t->dimension_count; ++d) { /* stable insertion sort */
    if (t->sizes[d] == 1) continue;
    for (j = m++; j > 0 && stride(t, order[j - 1]) > stride(t, d); --j) order[j] = order[j - 1];
    order[j] = d;
  }
  for (j = 0; j < m; ++j) {
    if (stride(t, order[j]) < extent)
      return refuse(r, n, "TENSOR_OUTPUT_ALIASED", "aliases itself", i);
    extent = sat_add(extent, sat_mul(t->sizes[order[j]] - 1, stride(t, order[j])));
  }
  return DMLCONF_ACCEPTED;
}

static const dmlconf_tensor_desc* tensor(const dmlconf_operator_desc* desc, uint32_t i) {
  return i < desc->input_count ? &desc->inputs[i] : &desc->outputs[i - desc->input_count];
}

static int create(const dmlconf_operator_desc* desc, uint32_t level, char* r, size_t n) {
  const int split = desc->op == DMLCONF_SPLIT, wide = level >= 0x4100 || (split && level >= 0x3000);
  const uint32_t count = desc->input_count + desc->output_count;
  const uint32_t types = level >= 0x4100 ? 0x7FF : level >= 0x2100 ? 0x776 : 0x336; /* bit = type */
  const dmlconf_tensor_desc* big = split ? desc->inputs : desc->outputs;
  const dmlconf_tensor_desc* pieces = split ? desc->outputs : desc->inputs;
  uint32_t i, d, rank, piece_count = split ? desc->output_count : desc->input_count;
  uint64_t axis_sum = 0;
  int rc;
  if (!split && desc->op != DMLCONF_JOIN) {
    snprintf(r, n, "the sample plug-in implements SPLIT and JOIN only");
    return DMLCONF_UNSUPPORTED;
  }
  if (piece_count == 0) return refuse(r, n, "TENSOR_COUNT_ZERO", "count", 0);
  for (i = 0; i < count; ++i)
    if ((rc = check_tensor(tensor(desc, i), i >= desc->input_count, i, r, n))) return rc;
  rank = big->dimension_count;
  for (i = 0; i < count; ++i)
    if (tensor(desc, i)->dimension_count != rank) return refuse(r, n, "RANK_MISMATCH", "rank", i);
  if (rank < (wide ? 1u : 4u) || rank > (wide ? 8u : level >= 0x3000 ? 5u : 4u))
    return refuse(r, n, "RANK_NOT_SUPPORTED", "rank at this feature level", 0);
  for (i = 0; i < count; ++i)
    if (tensor(desc, i)->data_type != big->data_type)
      return refuse(r, n, "DATA_TYPE_MISMATCH", "type", i);
  if (!(types >> big->data_type & 1)) return refuse(r, n, "DATA_TYPE_NOT_SUPPORTED", "type", 0);
  if (desc->axis >= rank) return refuse(r, n, "AXIS_OUT_OF_RANGE", "axis", 0);
  for (i = 0; i < piece_count; axis_sum += pieces[i++].sizes[desc->axis])
    for (d = 0; d < rank; ++d)
      if (d != desc->axis && pieces[i].sizes[d] != big->sizes[d])
        return refuse(r, n, split ? "SPLIT_SIZES_MISMATCH" : "JOIN_SIZES_MISMATCH", "sizes", i);
  if (axis_sum != big->sizes[desc->axis])
    return refuse(r, n, split ? "SPLIT_AXIS_SIZES_MISMATCH" : "JOIN_AXIS_SIZES_MISMATCH", "sizes",
                  0);
  return DMLCONF_ACCEPTED;
}

/* Copies every element of `piece` from or to its slab of `big`, which starts at `offset`
 * along `axis`. SPLIT reads big and writes the piece; JOIN the other way round. */
static void copy_piece(const dmlconf_tensor_desc* big, const dmlconf_tensor_desc* piece,
                       uint32_t axis, uint32_t offset, const unsigned char* src, unsigned char* dst,
                       int split) {
  const size_t size = kElementSize[piece->data_type];
  const uint32_t rank = piece->dimension_count;
  uint32_t c[8] = {0}, d;
  for (;;) {
    uint64_t big_at = (uint64_t)offset * stride(big, axis), piece_at = 0;
    for (d = 0; d < rank; ++d) {
      big_at += (uint64_t)c[d] * stride(big, d);
      piece_at += (uint64_t)c[d] * stride(piece, d);
    }
    memcpy(dst + (split ? piece_at : big_at) * size, src + (split ? big_at : piece_at) * size,
           size);
    for (d = rank; d > 0; --d) { /* next coordinate, last dimension fastest */
      if (++c[d - 1] < piece->sizes[d - 1]) break;
      c[d - 1] = 0;
    }
    if (d == 0) return;
  }
}

static int execute(const dmlconf_operator_desc* desc, uint32_t level, const void* const* inputs,
                   void* const* outputs, char* error_out, size_t error_cap) {
  const int split = desc->op == DMLCONF_SPLIT;
  const dmlconf_tensor_desc* pieces = split ? desc->outputs : desc->inputs;
  uint32_t i, offset = 0, piece_count = split ? desc->output_count : desc->input_count;
  (void)level, (void)error_out, (void)error_cap;
  for (i = 0; i < piece_count; offset += pieces[i++].sizes[desc->axis])
    copy_piece(split ? desc->inputs : desc->outputs, &pieces[i], desc->axis, offset,
               split ? inputs[0] : inputs[i], split ? outputs[i] : outputs[0], split);
  return 0;
}

const dmlconf_backend_v1* dmlconf_backend_entry(void) {
  static const dmlconf_backend_v1 table = {
      DMLCONF_BACKEND_ABI_VERSION, "sample-c", 0x6400, 1, create, execute};
  return &table;
}
