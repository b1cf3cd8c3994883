/* A backend project's plug-in, written from dmlconf_backend.h alone: JOIN, of any data
 * type, rank and strides. tests/consumer/CMakeLists.txt builds it twice: as written, and
 * with JOIN_MISTAKE, which joins the inputs in reverse order. */
#include <stdio.h>
#include <string.h>

#include "dmlconf/dmlconf_backend.h"

static const size_t kElementSize[] = {8, 4, 2, 8, 4, 2, 1, 8, 4, 2, 1};

/* A tensor's strides in elements: its own, else packed row-major. */
static void strides_of(const dmlconf_tensor_desc* t, uint64_t* out) {
  uint64_t packed = 1;
  for (uint32_t d = t->dimension_count; d-- > 0;) {
    out[d] = t->strides ? t->strides[d] : packed;
    packed *= t->sizes[d];
  }
}

/* Steps coordinates like an odometer; 0 once every element has been visited. */
static int next(uint64_t* coord, const uint32_t* sizes, uint32_t rank) {
  for (uint32_t d = rank; d-- > 0;) {
    if (++coord[d] < sizes[d]) return 1;
    coord[d] = 0;
  }
  return 0;
}

/* Copies one input into the output, `offset` elements along the axis. */
static void copy_part(const dmlconf_tensor_desc* in, const unsigned char* src,
                      const dmlconf_tensor_desc* out, unsigned char* dst, uint32_t axis,
                      uint64_t offset) {
  uint64_t in_strides[8], out_strides[8], coord[8] = {0};
  const size_t size = kElementSize[in->data_type];
  const uint32_t rank = in->dimension_count;
  for (uint32_t d = 0; d < rank; ++d)
    if (in->sizes[d] == 0) return;
  strides_of(in, in_strides);
  strides_of(out, out_strides);
  do {
    uint64_t from = 0, to = offset * out_strides[axis];
    for (uint32_t d = 0; d < rank; ++d) {
      from += coord[d] * in_strides[d];
      to += coord[d] * out_strides[d];
    }
    memcpy(dst + to * size, src + from * size, size);
  } while (next(coord, in->sizes, rank));
}

static int create(const dmlconf_operator_desc* desc, uint32_t level, char* reason, size_t cap) {
  const dmlconf_tensor_desc* out = desc->outputs;
  (void)level;
  if (desc->op != DMLCONF_JOIN) {
    snprintf(reason, cap, "this plug-in implements JOIN only");
    return DMLCONF_UNSUPPORTED;
  }
  if (desc->output_count != 1 || out->dimension_count > 8 || desc->axis >= out->dimension_count ||
      out->data_type > DMLCONF_UINT8) {
    snprintf(reason, cap, "not a JOIN: one output of rank 1-8 and an axis inside it");
    return DMLCONF_REJECTED;
  }
  for (uint32_t i = 0; i < desc->input_count; ++i)
    if (desc->inputs[i].dimension_count != out->dimension_count ||
        desc->inputs[i].data_type != out->data_type) {
      snprintf(reason, cap, "input %u differs from the output in rank or data type", i);
      return DMLCONF_REJECTED;
    }
  return DMLCONF_ACCEPTED;
}

static int execute(const dmlconf_operator_desc* desc, uint32_t level, const void* const* inputs,
                   void* const* outputs, char* error, size_t cap) {
  uint64_t offset = 0;
  (void)level, (void)error, (void)cap;
  for (uint32_t k = 0; k < desc->input_count; ++k) {
#ifdef JOIN_MISTAKE
    const uint32_t i = desc->input_count - 1 - k;
#else
    const uint32_t i = k;
#endif
    copy_part(&desc->inputs[i], inputs[i], desc->outputs, outputs[0], desc->axis, offset);
    offset += desc->inputs[i].sizes[desc->axis];
  }
  return 0;
}

const dmlconf_backend_v1* dmlconf_backend_entry(void) {
  static const dmlconf_backend_v1 table = {
      DMLCONF_BACKEND_ABI_VERSION, "consumer-join", 0x6400, 0, create, execute};
  return &table;
}
