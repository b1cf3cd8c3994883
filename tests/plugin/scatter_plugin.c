/* SCATTER_ELEMENTS and SCATTER_ND plug-ins for the one_of judge (contract point W1), one
 * per DMLCONF_SCATTER_* macro. Each runs any SCATTER_ELEMENTS or SCATTER_ND of FLOAT32 data
 * with UINT32 or INT32 indices, any rank and strides, and differs only at an element
 * several updates name: FIRST lets the first update (in row-major order) land there, LAST
 * the last, MEAN writes the mean of the updates that land there (a blend, none of them),
 * INPUT keeps the input's value. Everything else is refused as unsupported. */
#include <stdint.h>
#include <string.h>

#include "dmlconf/dmlconf_backend.h"

static int create(const dmlconf_operator_desc* desc, uint32_t level, char* reason, size_t cap) {
  (void)level;
  if ((desc->op == DMLCONF_SCATTER_ELEMENTS || desc->op == DMLCONF_SCATTER_ND) &&
      desc->inputs[0].data_type == DMLCONF_FLOAT32 &&
      (desc->inputs[1].data_type == DMLCONF_UINT32 || desc->inputs[1].data_type == DMLCONF_INT32))
    return DMLCONF_ACCEPTED;
  strncpy(reason, "SCATTER_ELEMENTS and SCATTER_ND of FLOAT32 with 32-bit indices only", cap - 1);
  return DMLCONF_UNSUPPORTED;
}

static uint64_t stride(const dmlconf_tensor_desc* t, uint32_t d) { /* packed when absent */
  uint64_t s = 1;
  uint32_t i;
  if (t->strides) return t->strides[d];
  for (i = d + 1; i < t->dimension_count; ++i) s *= t->sizes[i];
  return s;
}

/* Calls visit(coordinates) for every coordinate of `t`, last dimension fastest. */
typedef void (*visit_fn)(const uint32_t* c, void* context);
static void for_each(const dmlconf_tensor_desc* t, visit_fn visit, void* context) {
  uint32_t c[8] = {0}, d;
  for (;;) {
    visit(c, context);
    for (d = t->dimension_count; d > 0; --d) {
      if (++c[d - 1] < t->sizes[d - 1]) break;
      c[d - 1] = 0;
    }
    if (d == 0) return;
  }
}

static uint64_t offset(const dmlconf_tensor_desc* t, const uint32_t* c) {
  uint64_t at = 0;
  uint32_t d;
  for (d = 0; d < t->dimension_count; ++d) at += (uint64_t)c[d] * stride(t, d);
  return at;
}

struct call {
  const dmlconf_operator_desc* desc;
  const float* input;
  const int32_t* indices;
  const float* updates;
  float* output;
  unsigned pass; /* 0: copy the input; 1: count and sum the updates; 2: write */
  float sum[4096];
  unsigned count[4096];
  unsigned char landed[4096];
};

/* The position an index element names along a dimension of `size`, or -1 out of range. */
static int64_t position(const struct call* k, const uint32_t* at, uint32_t size) {
  const dmlconf_tensor_desc* idx = &k->desc->inputs[1];
  int64_t index = k->indices[offset(idx, at)];
  if (idx->data_type == DMLCONF_UINT32) index = (int64_t)(uint32_t)index;
  if (index < 0) index += size;
  return index < 0 || index >= (int64_t)size ? -1 : index;
}

/* The output coordinates update `c` lands on; 0 when an index is out of range. SCATTER_ND:
 * the updates' coordinate is (j, r), right-aligned; tuple j names the output's
 * coordinates after its padding, r the block's. */
static int target_of(const struct call* k, const uint32_t* c, uint32_t* target) {
  const dmlconf_tensor_desc *idx = &k->desc->inputs[1], *out = &k->desc->outputs[0];
  const uint32_t rank = out->dimension_count;
  uint32_t n_in, n_idx, tuple, block, j_first, i, at[8] = {0};
  int64_t p;
  if (k->desc->op == DMLCONF_SCATTER_ELEMENTS) {
    memcpy(target, c, 8 * sizeof *target);
    p = position(k, c, out->sizes[k->desc->axis]);
    target[k->desc->axis] = (uint32_t)p;
    return p >= 0;
  }
  n_in = k->desc->input_dimension_count;
  n_idx = k->desc->indices_dimension_count;
  tuple = idx->sizes[rank - 1];
  block = n_in - tuple;
  j_first = rank - block - (n_idx - 1);
  for (i = 0; i + 1 < n_idx; ++i) at[rank - n_idx + i] = c[j_first + i];
  memset(target, 0, 8 * sizeof *target);
  for (i = 0; i < tuple; ++i) {
    at[rank - 1] = i;
    p = position(k, at, out->sizes[rank - n_in + i]);
    if (p < 0) return 0;
    target[rank - n_in + i] = (uint32_t)p;
  }
  for (i = rank - block; i < rank; ++i) target[i] = c[i];
  return 1;
}

static void step(const uint32_t* c, void* context) {
  struct call* k = (struct call*)context;
  const dmlconf_tensor_desc *in = &k->desc->inputs[0], *upd = &k->desc->inputs[2],
                            *out = &k->desc->outputs[0];
  uint32_t target[8];
  uint64_t at, flat = 0;
  uint32_t d;
  float value;
  if (k->pass == 0) {
    k->output[offset(out, c)] = k->input[offset(in, c)];
    return;
  }
  if (!target_of(k, c, target)) return;
  for (d = 0; d < out->dimension_count; ++d) flat = flat * out->sizes[d] + target[d];
  at = offset(out, target);
  value = k->updates[offset(upd, c)];
  if (flat >= 4096) return;
  if (k->pass == 1) {
    k->sum[flat] += value;
    ++k->count[flat];
    return;
  }
#if defined(DMLCONF_SCATTER_FIRST)
  if (!k->landed[flat]) k->output[at] = value; /* a later one: the first stays */
  k->landed[flat] = 1;
#elif defined(DMLCONF_SCATTER_LAST)
  k->output[at] = value;
#elif defined(DMLCONF_SCATTER_MEAN)
  k->output[at] = k->count[flat] > 1 ? k->sum[flat] / (float)k->count[flat] : value;
#elif defined(DMLCONF_SCATTER_INPUT)
  if (k->count[flat] == 1) k->output[at] = value; /* a contested element keeps the input */
#endif
}

static int execute(const dmlconf_operator_desc* desc, uint32_t level, const void* const* inputs,
                   void* const* outputs, char* error, size_t cap) {
  static struct call k;
  (void)level;
  if (desc->outputs[0].dimension_count > 8) {
    strncpy(error, "rank above 8", cap - 1);
    return 1;
  }
  memset(&k, 0, sizeof k);
  k.desc = desc;
  k.input = (const float*)inputs[0];
  k.indices = (const int32_t*)inputs[1];
  k.updates = (const float*)inputs[2];
  k.output = (float*)outputs[0];
  for (k.pass = 0; k.pass < 3; ++k.pass)
    for_each(k.pass == 0 ? &desc->outputs[0] : &desc->inputs[2], step, &k);
  return 0;
}

const dmlconf_backend_v1* dmlconf_backend_entry(void);
const dmlconf_backend_v1* dmlconf_backend_entry(void) {
  static const dmlconf_backend_v1 table = {
      DMLCONF_BACKEND_ABI_VERSION, "scatter", 0x6400, 0, create, execute};
  return &table;
}
