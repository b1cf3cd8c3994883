// DirectML reproducer: SCATTER_ND accepts an UpdatesTensor whose DimensionCount is not the
// other tensors', when its sizes differ from theirs only by leading 1s.
//
// DML_SCATTER_ND_OPERATOR_DESC structure (directml.h), UpdatesTensor: "DimensionCount
// must match InputTensor.DimensionCount". (Erratum N4 of reference/OPERATORS.md leaves the
// IndicesTensor's rank open, since the page's own example breaks that rule; nothing
// excuses the updates'.)
//
// InputTensor {1} FLOAT32, IndicesTensor {1} UINT32, UpdatesTensor {1,1} FLOAT32,
// OutputTensor {1} FLOAT32, InputDimensionCount 1, IndicesDimensionCount 1.
// Expected: IDMLDevice::CreateOperator refuses it (E_INVALIDARG), as it refuses updates
// {2,1,4} beside an input {3,4} and indices {2,1}; DirectML 1.13.1 to 1.15.4 accept it
// (S_OK), and updates {1,1,4} or {4} beside an input {1,8} with indices {4,1} alike.
//
// Standalone: DirectML.h and Direct3D 12 only. Usage: THIS.exe [PATH\DirectML.dll]
// Exit 0: correct; 1: the bug is there; 2: could not run (the reason on stderr).
// Building it: README.md beside this file.

// ---- DirectML and Direct3D 12 plumbing, the same in every reproducer ------------------

#define DML_TARGET_VERSION_USE_LATEST    // DirectML.h's newest declarations (redist)
#define WIDL_EXPLICIT_AGGREGATE_RETURNS  // mingw: struct-returning D3D12 methods, MSVC's ABI
#include <windows.h>                     // first: the Direct3D headers build on it

#include <d3d12.h>
#include <dxgi1_4.h>
#include <wrl/client.h>
#ifdef __MINGW32__  // DirectML.h is written for MSVC's SAL and __declspec(uuid)
#define _Maybenull_
#define _Inexpressible_(expr)
#endif
#include <DirectML.h>
#ifdef __MINGW32__
__CRT_UUID_DECL(IDMLDevice, 0x6dbd6437, 0x96fd, 0x423f, 0xa9, 0x8c, 0xae, 0x5e, 0x7c, 0x2a, 0x57,
                0x3f)
__CRT_UUID_DECL(IDMLOperator, 0x26caae7a, 0x3081, 0x4633, 0x95, 0x81, 0x22, 0x6f, 0xbe, 0x57, 0x69,
                0x5d)
__CRT_UUID_DECL(IDMLCompiledOperator, 0x6b15e56a, 0xbf5c, 0x4902, 0x92, 0xd8, 0xda, 0x3a, 0x65,
                0x0a, 0xfe, 0xa4)
__CRT_UUID_DECL(IDMLOperatorInitializer, 0x427c1113, 0x435c, 0x469c, 0x86, 0x76, 0x4d, 0x5d, 0xd0,
                0x72, 0xf8, 0x13)
__CRT_UUID_DECL(IDMLBindingTable, 0x29c687dc, 0xde74, 0x4e3b, 0xab, 0x00, 0x11, 0x68, 0xf2, 0xfc,
                0x3c, 0xfc)
__CRT_UUID_DECL(IDMLCommandRecorder, 0xe6857a76, 0x2e3e, 0x4fdd, 0xbf, 0xf4, 0x5d, 0x2b, 0xa1, 0x0f,
                0xb4, 0x53)
#endif

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

using Microsoft::WRL::ComPtr;

namespace {

constexpr int kCorrect = 0, kBugPresent = 1, kCouldNotRun = 2;

int CouldNotRun(const char* what, HRESULT hr) {
  std::fprintf(stderr, "could not run: %s failed with HRESULT 0x%08lX\n", what,
               static_cast<unsigned long>(hr));
  return kCouldNotRun;
}

// GetBindingProperties returns a struct: MSVC's COM ABI passes (this, hidden return
// pointer), GCC's C++ ABI the other way round, so mingw calls the vtable slot itself.
DML_BINDING_PROPERTIES BindingProperties(IDMLDispatchable* dispatchable) {
#ifdef __MINGW32__
  using Slot =
      DML_BINDING_PROPERTIES*(STDMETHODCALLTYPE*)(IDMLDispatchable*, DML_BINDING_PROPERTIES*);
  DML_BINDING_PROPERTIES properties{};
  (*reinterpret_cast<Slot**>(dispatchable))[8](dispatchable,
                                               &properties);  // IUnknown 3 + IDMLObject 4 + 1
  return properties;
#else
  return dispatchable->GetBindingProperties();
#endif
}

struct Dml {
  ComPtr<ID3D12Device> d3d12;
  ComPtr<IDMLDevice> device;
  ComPtr<ID3D12CommandQueue> queue;
  ComPtr<ID3D12CommandAllocator> allocator;
  ComPtr<ID3D12GraphicsCommandList> list;
};

// "1.15.4" from the DLL's version resource.
std::string FileVersion(HMODULE module) {
  wchar_t path[MAX_PATH];
  DWORD ignored = 0, size = GetModuleFileNameW(module, path, MAX_PATH)
                                ? GetFileVersionInfoSizeW(path, &ignored)
                                : 0;
  std::vector<char> data(size);
  VS_FIXEDFILEINFO* info = nullptr;
  UINT length = 0;
  if (!size || !GetFileVersionInfoW(path, 0, size, data.data()) ||
      !VerQueryValueW(data.data(), L"\\", reinterpret_cast<void**>(&info), &length))
    return "(no version resource)";
  return std::to_string(HIWORD(info->dwFileVersionMS)) + "." +
         std::to_string(LOWORD(info->dwFileVersionMS)) + "." +
         std::to_string(HIWORD(info->dwFileVersionLS));
}

// What ran beneath DirectML, printed before the verdict so a report names it: the adapter
// (0, which D3D12CreateDevice takes for none), Wine's and vkd3d's versions under Wine,
// what CheckFeatureSupport tells DirectML (it picks its shaders by it) and DirectML's
// feature level. dmlconf's host names the same in `describe` (stack.cpp), and the
// Vulkan driver, which only a Vulkan query can name.
void PrintStack(ID3D12Device* d3d12, IDMLDevice* dml) {
  ComPtr<IDXGIFactory1> factory;
  ComPtr<IDXGIAdapter1> adapter;
  DXGI_ADAPTER_DESC1 desc{};
  char name[256] = "?";
  if (SUCCEEDED(CreateDXGIFactory1(IID_PPV_ARGS(&factory))) &&
      SUCCEEDED(factory->EnumAdapters1(0, &adapter)) && SUCCEEDED(adapter->GetDesc1(&desc)))
    WideCharToMultiByte(CP_UTF8, 0, desc.Description, -1, name, sizeof name, nullptr, nullptr);
  std::printf("Adapter: %s\n", name);
  using VersionFn = const char*(CDECL*)();
  using Vkd3dFn = const char*(CDECL*)(unsigned int*, unsigned int*);
  auto wine = reinterpret_cast<VersionFn>(
      reinterpret_cast<void*>(GetProcAddress(GetModuleHandleW(L"ntdll.dll"), "wine_get_version")));
  HMODULE wined3d = GetModuleHandleW(L"wined3d.dll");
  auto vkd3d = wined3d ? reinterpret_cast<Vkd3dFn>(reinterpret_cast<void*>(
                             GetProcAddress(wined3d, "vkd3d_shader_get_version")))
                       : nullptr;
  if (wine) std::printf("Wine %s, %s\n", wine(), vkd3d ? vkd3d(nullptr, nullptr) : "vkd3d ?");
  D3D12_FEATURE_DATA_SHADER_MODEL model{};  // the newest first: a runtime refuses newer ones
  for (int m : {0x67, 0x66, 0x65, 0x64, 0x63, 0x62, 0x61, 0x60, 0x51, 0}) {
    model.HighestShaderModel = static_cast<D3D_SHADER_MODEL>(m);
    if (!m ||
        SUCCEEDED(d3d12->CheckFeatureSupport(D3D12_FEATURE_SHADER_MODEL, &model, sizeof model)))
      break;
  }
  D3D12_FEATURE_DATA_D3D12_OPTIONS options{};
  D3D12_FEATURE_DATA_D3D12_OPTIONS1 options1{};
  D3D12_FEATURE_DATA_D3D12_OPTIONS4 options4{};
  D3D12_FEATURE_DATA_ARCHITECTURE architecture{};
  d3d12->CheckFeatureSupport(D3D12_FEATURE_D3D12_OPTIONS, &options, sizeof options);
  d3d12->CheckFeatureSupport(D3D12_FEATURE_D3D12_OPTIONS1, &options1, sizeof options1);
  d3d12->CheckFeatureSupport(D3D12_FEATURE_D3D12_OPTIONS4, &options4, sizeof options4);
  d3d12->CheckFeatureSupport(D3D12_FEATURE_ARCHITECTURE, &architecture, sizeof architecture);
  const auto yes = [](BOOL b) { return b ? "yes" : "no"; };
  std::printf(
      "D3D12: shader model %d_%d, Int64ShaderOps %s, WaveOps %s (lanes %u-%u), "
      "Native16BitShaderOps %s, resource binding tier %d, UMA %s\n",
      model.HighestShaderModel >> 4, model.HighestShaderModel & 0xF, yes(options1.Int64ShaderOps),
      yes(options1.WaveOps), options1.WaveLaneCountMin, options1.WaveLaneCountMax,
      yes(options4.Native16BitShaderOpsSupported), static_cast<int>(options.ResourceBindingTier),
      yes(architecture.UMA));
  static const DML_FEATURE_LEVEL kLevels[] = {
      DML_FEATURE_LEVEL_1_0, DML_FEATURE_LEVEL_2_0, DML_FEATURE_LEVEL_2_1, DML_FEATURE_LEVEL_3_0,
      DML_FEATURE_LEVEL_3_1, DML_FEATURE_LEVEL_4_0, DML_FEATURE_LEVEL_4_1, DML_FEATURE_LEVEL_5_0,
      DML_FEATURE_LEVEL_5_1, DML_FEATURE_LEVEL_5_2, DML_FEATURE_LEVEL_6_0, DML_FEATURE_LEVEL_6_1,
      DML_FEATURE_LEVEL_6_2, DML_FEATURE_LEVEL_6_3, DML_FEATURE_LEVEL_6_4};
  DML_FEATURE_QUERY_FEATURE_LEVELS query{static_cast<UINT>(sizeof kLevels / sizeof kLevels[0]),
                                         kLevels};
  DML_FEATURE_DATA_FEATURE_LEVELS levels{};
  if (SUCCEEDED(dml->CheckFeatureSupport(DML_FEATURE_FEATURE_LEVELS, sizeof query, &query,
                                         sizeof levels, &levels)))
    std::printf("DirectML feature level %d_%d\n", levels.MaxSupportedFeatureLevel >> 12,
                (levels.MaxSupportedFeatureLevel >> 8) & 0xF);
}

// D3D12 on the default adapter and DirectML from `dll`; kCorrect when both are there.
int Open(const char* dll, Dml* d) {
  HMODULE module = LoadLibraryA(dll);
  if (!module) {
    std::fprintf(stderr, "could not run: cannot load %s (error %lu)\n", dll, GetLastError());
    return kCouldNotRun;
  }
  auto create = reinterpret_cast<decltype(&DMLCreateDevice1)>(
      reinterpret_cast<void*>(GetProcAddress(module, "DMLCreateDevice1")));
  if (!create) return CouldNotRun("GetProcAddress(DMLCreateDevice1)", E_NOINTERFACE);
  std::printf("DirectML %s (%s)\n", FileVersion(module).c_str(), dll);
  HRESULT hr = D3D12CreateDevice(nullptr, D3D_FEATURE_LEVEL_11_0, IID_PPV_ARGS(&d->d3d12));
  if (FAILED(hr)) return CouldNotRun("D3D12CreateDevice", hr);
  if (FAILED(hr = create(d->d3d12.Get(), DML_CREATE_DEVICE_FLAG_NONE, DML_FEATURE_LEVEL_1_0,
                         IID_PPV_ARGS(&d->device))))
    return CouldNotRun("DMLCreateDevice1", hr);
  PrintStack(d->d3d12.Get(), d->device.Get());
  D3D12_COMMAND_QUEUE_DESC queue{};
  queue.Type = D3D12_COMMAND_LIST_TYPE_DIRECT;
  if (FAILED(hr = d->d3d12->CreateCommandQueue(&queue, IID_PPV_ARGS(&d->queue))))
    return CouldNotRun("CreateCommandQueue", hr);
  if (FAILED(hr = d->d3d12->CreateCommandAllocator(queue.Type, IID_PPV_ARGS(&d->allocator))))
    return CouldNotRun("CreateCommandAllocator", hr);
  if (FAILED(hr = d->d3d12->CreateCommandList(0, queue.Type, d->allocator.Get(), nullptr,
                                              IID_PPV_ARGS(&d->list))))
    return CouldNotRun("CreateCommandList", hr);
  return kCorrect;
}

HRESULT Buffer(ID3D12Device* device, D3D12_HEAP_TYPE heap, UINT64 bytes,
               D3D12_RESOURCE_STATES state, ComPtr<ID3D12Resource>* out) {
  D3D12_HEAP_PROPERTIES properties{};
  properties.Type = heap;
  D3D12_RESOURCE_DESC desc{};
  desc.Dimension = D3D12_RESOURCE_DIMENSION_BUFFER;
  desc.Width = bytes < 4 ? 4 : (bytes + 3) / 4 * 4;
  desc.Height = desc.DepthOrArraySize = desc.MipLevels = desc.SampleDesc.Count = 1;
  desc.Layout = D3D12_TEXTURE_LAYOUT_ROW_MAJOR;
  if (heap == D3D12_HEAP_TYPE_DEFAULT) desc.Flags = D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS;
  return device->CreateCommittedResource(&properties, D3D12_HEAP_FLAG_NONE, &desc, state, nullptr,
                                         IID_PPV_ARGS(out->GetAddressOf()));
}

D3D12_RESOURCE_BARRIER Transition(ID3D12Resource* resource, D3D12_RESOURCE_STATES before,
                                  D3D12_RESOURCE_STATES after) {
  D3D12_RESOURCE_BARRIER b{};
  b.Type = D3D12_RESOURCE_BARRIER_TYPE_TRANSITION;
  b.Transition.pResource = resource;
  b.Transition.Subresource = D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES;
  b.Transition.StateBefore = before;
  b.Transition.StateAfter = after;
  return b;
}

HRESULT Compile(Dml& d, const DML_OPERATOR_DESC& desc, ComPtr<IDMLCompiledOperator>* compiled) {
  ComPtr<IDMLOperator> op;
  HRESULT hr = d.device->CreateOperator(&desc, IID_PPV_ARGS(&op));
  if (SUCCEEDED(hr))
    hr = d.device->CompileOperator(op.Get(), DML_EXECUTION_FLAG_NONE,
                                   IID_PPV_ARGS(compiled->GetAddressOf()));
  return hr;
}

// Initializes and dispatches `op` once, every tensor in a buffer of its own bound whole;
// `tensors` holds the inputs' bytes then the outputs' (their sizes), outputs read back.
int Run(Dml& d, IDMLCompiledOperator* op, size_t input_count,
        std::vector<std::vector<uint8_t>>* tensors) {
  HRESULT hr;
  ComPtr<IDMLOperatorInitializer> init;
  IDMLCompiledOperator* ops[] = {op};
  if (FAILED(hr = d.device->CreateOperatorInitializer(1, ops, IID_PPV_ARGS(&init))))
    return CouldNotRun("CreateOperatorInitializer", hr);
  const DML_BINDING_PROPERTIES ip = BindingProperties(init.Get()), ep = BindingProperties(op);
  UINT64 temporary_bytes = ip.TemporaryResourceSize > ep.TemporaryResourceSize
                               ? ip.TemporaryResourceSize
                               : ep.TemporaryResourceSize;
  ComPtr<ID3D12Resource> temporary, persistent;
  if (temporary_bytes && FAILED(hr = Buffer(d.d3d12.Get(), D3D12_HEAP_TYPE_DEFAULT, temporary_bytes,
                                            D3D12_RESOURCE_STATE_UNORDERED_ACCESS, &temporary)))
    return CouldNotRun("CreateCommittedResource (temporary)", hr);
  if (ep.PersistentResourceSize &&
      FAILED(hr = Buffer(d.d3d12.Get(), D3D12_HEAP_TYPE_DEFAULT, ep.PersistentResourceSize,
                         D3D12_RESOURCE_STATE_UNORDERED_ACCESS, &persistent)))
    return CouldNotRun("CreateCommittedResource (persistent)", hr);

  const size_t n = tensors->size();
  std::vector<ComPtr<ID3D12Resource>> gpu(n), upload(n), readback(n);
  std::vector<DML_BUFFER_BINDING> bindings(n);
  for (size_t i = 0; i < n; ++i) {
    const UINT64 bytes = (*tensors)[i].size();
    if (FAILED(hr = Buffer(d.d3d12.Get(), D3D12_HEAP_TYPE_DEFAULT, bytes,
                           D3D12_RESOURCE_STATE_COPY_DEST, &gpu[i])) ||
        FAILED(hr = Buffer(d.d3d12.Get(), D3D12_HEAP_TYPE_UPLOAD, bytes,
                           D3D12_RESOURCE_STATE_GENERIC_READ, &upload[i])) ||
        FAILED(hr = Buffer(d.d3d12.Get(), D3D12_HEAP_TYPE_READBACK, bytes,
                           D3D12_RESOURCE_STATE_COPY_DEST, &readback[i])))
      return CouldNotRun("CreateCommittedResource (tensor)", hr);
    void* mapped = nullptr;
    if (FAILED(hr = upload[i]->Map(0, nullptr, &mapped))) return CouldNotRun("Map (upload)", hr);
    std::memcpy(mapped, (*tensors)[i].data(), bytes);  // outputs start as their given bytes
    upload[i]->Unmap(0, nullptr);
    d.list->CopyBufferRegion(gpu[i].Get(), 0, upload[i].Get(), 0, gpu[i]->GetDesc().Width);
    D3D12_RESOURCE_BARRIER b = Transition(gpu[i].Get(), D3D12_RESOURCE_STATE_COPY_DEST,
                                          D3D12_RESOURCE_STATE_UNORDERED_ACCESS);
    d.list->ResourceBarrier(1, &b);
    bindings[i] = {gpu[i].Get(), 0, bytes};
  }

  // One heap: the initializer's descriptors, then the operator's.
  ComPtr<ID3D12DescriptorHeap> heap;
  D3D12_DESCRIPTOR_HEAP_DESC heap_desc{};
  heap_desc.Type = D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV;
  heap_desc.NumDescriptors = ip.RequiredDescriptorCount + ep.RequiredDescriptorCount + 1;
  heap_desc.Flags = D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE;
  if (FAILED(hr = d.d3d12->CreateDescriptorHeap(&heap_desc, IID_PPV_ARGS(&heap))))
    return CouldNotRun("CreateDescriptorHeap", hr);
  ID3D12DescriptorHeap* heaps[] = {heap.Get()};
  d.list->SetDescriptorHeaps(1, heaps);
  ComPtr<IDMLCommandRecorder> recorder;
  if (FAILED(hr = d.device->CreateCommandRecorder(IID_PPV_ARGS(&recorder))))
    return CouldNotRun("CreateCommandRecorder", hr);
  D3D12_RESOURCE_BARRIER uav{};
  uav.Type = D3D12_RESOURCE_BARRIER_TYPE_UAV;

  DML_BINDING_TABLE_DESC table_desc{init.Get(), heap->GetCPUDescriptorHandleForHeapStart(),
                                    heap->GetGPUDescriptorHandleForHeapStart(),
                                    ip.RequiredDescriptorCount};
  ComPtr<IDMLBindingTable> table;
  if (FAILED(hr = d.device->CreateBindingTable(&table_desc, IID_PPV_ARGS(&table))))
    return CouldNotRun("CreateBindingTable", hr);
  DML_BUFFER_BINDING temporary_binding{temporary.Get(), 0, temporary_bytes};
  DML_BUFFER_BINDING persistent_binding{persistent.Get(), 0, ep.PersistentResourceSize};
  DML_BINDING_DESC temporary_desc{DML_BINDING_TYPE_BUFFER, &temporary_binding};
  DML_BINDING_DESC persistent_desc{persistent ? DML_BINDING_TYPE_BUFFER : DML_BINDING_TYPE_NONE,
                                   persistent ? &persistent_binding : nullptr};
  if (ip.TemporaryResourceSize) table->BindTemporaryResource(&temporary_desc);
  table->BindOutputs(1, &persistent_desc);
  recorder->RecordDispatch(d.list.Get(), init.Get(), table.Get());
  d.list->ResourceBarrier(1, &uav);

  const UINT step =
      d.d3d12->GetDescriptorHandleIncrementSize(D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV);
  table_desc.Dispatchable = op;
  table_desc.CPUDescriptorHandle.ptr += SIZE_T(ip.RequiredDescriptorCount) * step;
  table_desc.GPUDescriptorHandle.ptr += UINT64(ip.RequiredDescriptorCount) * step;
  table_desc.SizeInDescriptors = ep.RequiredDescriptorCount;
  if (FAILED(hr = table->Reset(&table_desc))) return CouldNotRun("IDMLBindingTable::Reset", hr);
  std::vector<DML_BINDING_DESC> descs(n);
  for (size_t i = 0; i < n; ++i) descs[i] = {DML_BINDING_TYPE_BUFFER, &bindings[i]};
  table->BindInputs(static_cast<UINT>(input_count), descs.data());
  table->BindOutputs(static_cast<UINT>(n - input_count), descs.data() + input_count);
  if (ep.TemporaryResourceSize) table->BindTemporaryResource(&temporary_desc);
  if (persistent) table->BindPersistentResource(&persistent_desc);
  recorder->RecordDispatch(d.list.Get(), op, table.Get());
  d.list->ResourceBarrier(1, &uav);

  for (size_t i = input_count; i < n; ++i) {
    D3D12_RESOURCE_BARRIER b = Transition(gpu[i].Get(), D3D12_RESOURCE_STATE_UNORDERED_ACCESS,
                                          D3D12_RESOURCE_STATE_COPY_SOURCE);
    d.list->ResourceBarrier(1, &b);
    d.list->CopyBufferRegion(readback[i].Get(), 0, gpu[i].Get(), 0, gpu[i]->GetDesc().Width);
  }
  if (FAILED(hr = d.list->Close())) return CouldNotRun("ID3D12GraphicsCommandList::Close", hr);
  ID3D12CommandList* lists[] = {d.list.Get()};
  d.queue->ExecuteCommandLists(1, lists);
  ComPtr<ID3D12Fence> fence;
  if (FAILED(hr = d.d3d12->CreateFence(0, D3D12_FENCE_FLAG_NONE, IID_PPV_ARGS(&fence))))
    return CouldNotRun("CreateFence", hr);
  HANDLE done = CreateEventW(nullptr, FALSE, FALSE, nullptr);
  d.queue->Signal(fence.Get(), 1);
  fence->SetEventOnCompletion(1, done);
  if (WaitForSingleObject(done, 60000) != WAIT_OBJECT_0)
    return CouldNotRun("the dispatch (not done in 60 s)", E_FAIL);
  CloseHandle(done);
  if (FAILED(hr = d.d3d12->GetDeviceRemovedReason()))
    return CouldNotRun("the dispatch (device removed)", hr);
  for (size_t i = input_count; i < n; ++i) {
    void* mapped = nullptr;
    if (FAILED(hr = readback[i]->Map(0, nullptr, &mapped)))
      return CouldNotRun("Map (readback)", hr);
    std::memcpy((*tensors)[i].data(), mapped, (*tensors)[i].size());
    readback[i]->Unmap(0, nullptr);
  }
  return kCorrect;
}

// A packed buffer tensor; `sizes` must outlive it.
DML_BUFFER_TENSOR_DESC Packed(DML_TENSOR_DATA_TYPE type, const std::vector<UINT>& sizes,
                              UINT element_bytes) {
  UINT64 bytes = element_bytes;
  for (UINT s : sizes) bytes *= s;
  DML_BUFFER_TENSOR_DESC t{};
  t.DataType = type;
  t.DimensionCount = static_cast<UINT>(sizes.size());
  t.Sizes = sizes.data();
  t.TotalTensorSizeInBytes = (bytes + 3) / 4 * 4;
  return t;
}

template <typename T>
std::vector<uint8_t> Bytes(const std::vector<T>& values) {
  std::vector<uint8_t> out(values.size() * sizeof(T));
  std::memcpy(out.data(), values.data(), out.size());
  return out;
}

template <typename T>
std::vector<T> Values(const std::vector<uint8_t>& bytes) {
  std::vector<T> out(bytes.size() / sizeof(T));
  std::memcpy(out.data(), bytes.data(), out.size() * sizeof(T));
  return out;
}

void Print(const char* label, const std::vector<uint32_t>& values) {
  std::printf("%s [", label);
  for (size_t i = 0; i < values.size(); ++i) std::printf("%s0x%x", i ? ", " : "", values[i]);
  std::printf("]\n");
}

// Prints both and says which: exit code kCorrect or kBugPresent.
[[maybe_unused]] int Judge(const std::vector<uint32_t>& expected,
                           const std::vector<uint32_t>& actual) {
  Print("expected", expected);
  Print("actual  ", actual);
  if (actual == expected) {
    std::printf("correct: the bug is not there\n");
    return kCorrect;
  }
  std::printf("BUG PRESENT\n");
  return kBugPresent;
}

}  // namespace

int main(int argc, char** argv) {
  Dml d;
  if (int rc = Open(argc > 1 ? argv[1] : "DirectML.dll", &d)) return rc;
  const std::vector<UINT> input_sizes = {1}, index_sizes = {1}, update_sizes = {1, 1},
                          output_sizes = {1};
  DML_BUFFER_TENSOR_DESC input = Packed(DML_TENSOR_DATA_TYPE_FLOAT32, input_sizes, 4);
  DML_BUFFER_TENSOR_DESC indices = Packed(DML_TENSOR_DATA_TYPE_UINT32, index_sizes, 4);
  DML_BUFFER_TENSOR_DESC updates = Packed(DML_TENSOR_DATA_TYPE_FLOAT32, update_sizes, 4);
  DML_BUFFER_TENSOR_DESC output = Packed(DML_TENSOR_DATA_TYPE_FLOAT32, output_sizes, 4);
  DML_TENSOR_DESC in{DML_TENSOR_TYPE_BUFFER, &input}, idx{DML_TENSOR_TYPE_BUFFER, &indices},
      upd{DML_TENSOR_TYPE_BUFFER, &updates}, out{DML_TENSOR_TYPE_BUFFER, &output};
  DML_SCATTER_ND_OPERATOR_DESC scatter{&in, &idx, &upd, &out, 1, 1};
  ComPtr<IDMLCompiledOperator> op;
  const HRESULT hr = Compile(d, {DML_OPERATOR_SCATTER_ND, &scatter}, &op);
  std::printf(
      "SCATTER_ND, input {1}, indices {1}, updates {1,1}, output {1}, "
      "InputDimensionCount 1, IndicesDimensionCount 1\n");
  std::printf("expected CreateOperator: refused (0x80070057, E_INVALIDARG)\n");
  std::printf("actual   CreateOperator: %s (0x%08lX)\n", FAILED(hr) ? "refused" : "accepted",
              static_cast<unsigned long>(hr));
  if (FAILED(hr)) {
    std::printf("correct: the bug is not there\n");
    return kCorrect;
  }
  // What it computes, for the record: the one update written over the one element.
  std::vector<std::vector<uint8_t>> tensors = {Bytes<float>({5.0f}), Bytes<uint32_t>({0}),
                                               Bytes<float>({7.0f}), std::vector<uint8_t>(4, 0xCD)};
  if (Run(d, op.Get(), 3, &tensors) == kCorrect)
    Print("it ran, output (FLOAT32 bits)", Values<uint32_t>(tensors[3]));
  std::printf("BUG PRESENT\n");
  return kBugPresent;
}
