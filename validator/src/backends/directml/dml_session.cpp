#include "dml_session.h"

#include <algorithm>
#include <cstdio>
#include <cstring>

namespace {

// Past this a dispatch counts as hung: the device is rebuilt. dmlconf's own per-request
// timeout is 60 s, so the host answers first.
constexpr DWORD kFenceTimeoutMs = 45000;
// Enough for every operator the suite has seen; grown (doubled) when a case needs more.
constexpr UINT kInitialDescriptors = 256;
// Staging buffers larger than this are dropped after the case that needed them.
constexpr uint64_t kKeptStagingBytes = 64ull << 20;

using CreateDevice1Fn = HRESULT(WINAPI*)(ID3D12Device*, DML_CREATE_DEVICE_FLAGS, DML_FEATURE_LEVEL,
                                         REFIID, void**);

bool IsDeviceLoss(HRESULT hr) {
  return hr == DXGI_ERROR_DEVICE_REMOVED || hr == DXGI_ERROR_DEVICE_RESET ||
         hr == DXGI_ERROR_DEVICE_HUNG;
}

uint64_t RoundUp(uint64_t value, uint64_t step) { return (value + step - 1) / step * step; }

D3D12_RESOURCE_BARRIER Transition(ID3D12Resource* resource, D3D12_RESOURCE_STATES before,
                                  D3D12_RESOURCE_STATES after) {
  D3D12_RESOURCE_BARRIER barrier{};
  barrier.Type = D3D12_RESOURCE_BARRIER_TYPE_TRANSITION;
  barrier.Transition.pResource = resource;
  barrier.Transition.Subresource = D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES;
  barrier.Transition.StateBefore = before;
  barrier.Transition.StateAfter = after;
  return barrier;
}

D3D12_RESOURCE_BARRIER AllUavWrites() {
  D3D12_RESOURCE_BARRIER barrier{};
  barrier.Type = D3D12_RESOURCE_BARRIER_TYPE_UAV;
  return barrier;
}

DML_BINDING_DESC Bind(const DML_BUFFER_BINDING* binding) {
  return binding ? DML_BINDING_DESC{DML_BINDING_TYPE_BUFFER, binding}
                 : DML_BINDING_DESC{DML_BINDING_TYPE_NONE, nullptr};
}

// The tensor buffers of one execute: one GPU buffer per file, placed in the shared
// upload/readback staging buffers at `staging_offset`.
struct GpuBuffer {
  BoundBuffer* file;
  ComPtr<ID3D12Resource> resource;
  uint64_t width;
  uint64_t staging_offset;
  DML_BUFFER_BINDING binding;
};

}  // namespace

Outcome DmlSession::Failure(const char* call, HRESULT hr, std::string* error) {
  *error = std::string(call) + " failed with HRESULT " + HresultText(hr);
  if (IsDeviceLoss(hr)) return Outcome::kDeviceLost;
  if (d3d12_ && FAILED(d3d12_->GetDeviceRemovedReason())) {
    *error += " (device removed: " + HresultText(d3d12_->GetDeviceRemovedReason()) + ")";
    return Outcome::kDeviceLost;
  }
  return Outcome::kFailed;
}

Outcome DmlSession::Start(const std::wstring& dll_path, const AdapterChoice& adapter,
                          std::string* error) {
  // Loaded by hand: mingw has no import library for DirectML, and the file is chosen at
  // run time (one per DirectML version).
  directml_ = LoadLibraryW(dll_path.c_str());
  if (!directml_) {
    *error = "cannot load the DirectML DLL " + Utf8(dll_path) + " (error " +
             std::to_string(GetLastError()) + ")";
    return Outcome::kFailed;
  }
  if (!OpenAdapter(adapter, &adapter_, &adapter_description_, error)) return Outcome::kFailed;
  fence_event_ = CreateEventW(nullptr, FALSE, FALSE, nullptr);
  return CreateDevices(error);
}

std::string DmlSession::directml_version() const {
  wchar_t path[MAX_PATH];
  if (!directml_ || !GetModuleFileNameW(directml_, path, MAX_PATH)) return "";
  DWORD ignored = 0;
  DWORD size = GetFileVersionInfoSizeW(path, &ignored);
  std::string version_info(size, '\0');
  VS_FIXEDFILEINFO* info = nullptr;
  UINT info_size = 0;
  if (!size || !GetFileVersionInfoW(path, 0, size, version_info.data()) ||
      !VerQueryValueW(version_info.data(), L"\\", reinterpret_cast<void**>(&info), &info_size)) {
    return "";
  }
  // The fourth part only when it says something, as tools/directml/dll_version.py does.
  std::string version = std::to_string(HIWORD(info->dwFileVersionMS)) + "." +
                        std::to_string(LOWORD(info->dwFileVersionMS)) + "." +
                        std::to_string(HIWORD(info->dwFileVersionLS));
  if (LOWORD(info->dwFileVersionLS)) version += "." + std::to_string(LOWORD(info->dwFileVersionLS));
  return version;
}

Outcome DmlSession::Rebuild(std::string* error) {
  upload_.Reset();
  readback_.Reset();
  staging_capacity_ = 0;
  heap_.Reset();
  heap_capacity_ = 0;
  recorder_.Reset();
  list_.Reset();
  allocator_.Reset();
  fence_.Reset();
  queue_.Reset();
  dml_.Reset();
  d3d12_.Reset();
  return CreateDevices(error);
}

Outcome DmlSession::CreateDevices(std::string* error) {
  HRESULT hr = D3D12CreateDevice(adapter_.Get(), D3D_FEATURE_LEVEL_11_0, IID_PPV_ARGS(&d3d12_));
  if (FAILED(hr)) return Failure("D3D12CreateDevice (is an X display reachable?)", hr, error);
  D3D12_COMMAND_QUEUE_DESC queue_desc{};
  queue_desc.Type = D3D12_COMMAND_LIST_TYPE_DIRECT;
  if (FAILED(hr = d3d12_->CreateCommandQueue(&queue_desc, IID_PPV_ARGS(&queue_))))
    return Failure("CreateCommandQueue", hr, error);
  if (FAILED(hr = d3d12_->CreateCommandAllocator(D3D12_COMMAND_LIST_TYPE_DIRECT,
                                                 IID_PPV_ARGS(&allocator_))))
    return Failure("CreateCommandAllocator", hr, error);
  if (FAILED(hr = d3d12_->CreateCommandList(0, D3D12_COMMAND_LIST_TYPE_DIRECT, allocator_.Get(),
                                            nullptr, IID_PPV_ARGS(&list_))))
    return Failure("CreateCommandList", hr, error);
  list_->Close();
  if (FAILED(hr = d3d12_->CreateFence(0, D3D12_FENCE_FLAG_NONE, IID_PPV_ARGS(&fence_))))
    return Failure("CreateFence", hr, error);
  fence_value_ = 0;

  auto create = reinterpret_cast<CreateDevice1Fn>(
      reinterpret_cast<void*>(GetProcAddress(directml_, "DMLCreateDevice1")));
  if (!create) {
    *error = "DirectML.dll exports no DMLCreateDevice1";
    return Outcome::kFailed;
  }
  if (FAILED(hr = create(d3d12_.Get(), DML_CREATE_DEVICE_FLAG_NONE, DML_FEATURE_LEVEL_1_0,
                         IID_PPV_ARGS(&dml_))))
    return Failure("DMLCreateDevice1", hr, error);
  if (FAILED(hr = dml_->CreateCommandRecorder(IID_PPV_ARGS(&recorder_))))
    return Failure("IDMLDevice::CreateCommandRecorder", hr, error);

  static const DML_FEATURE_LEVEL kLevels[] = {
      DML_FEATURE_LEVEL_1_0, DML_FEATURE_LEVEL_2_0, DML_FEATURE_LEVEL_2_1, DML_FEATURE_LEVEL_3_0,
      DML_FEATURE_LEVEL_3_1, DML_FEATURE_LEVEL_4_0, DML_FEATURE_LEVEL_4_1, DML_FEATURE_LEVEL_5_0,
      DML_FEATURE_LEVEL_5_1, DML_FEATURE_LEVEL_5_2, DML_FEATURE_LEVEL_6_0, DML_FEATURE_LEVEL_6_1,
      DML_FEATURE_LEVEL_6_2, DML_FEATURE_LEVEL_6_3, DML_FEATURE_LEVEL_6_4};
  DML_FEATURE_QUERY_FEATURE_LEVELS query{static_cast<UINT>(std::size(kLevels)), kLevels};
  DML_FEATURE_DATA_FEATURE_LEVELS levels{};
  if (FAILED(hr = dml_->CheckFeatureSupport(DML_FEATURE_FEATURE_LEVELS, sizeof query, &query,
                                            sizeof levels, &levels)))
    return Failure("IDMLDevice::CheckFeatureSupport(DML_FEATURE_FEATURE_LEVELS)", hr, error);
  max_feature_level_ = levels.MaxSupportedFeatureLevel;

  descriptor_increment_ =
      d3d12_->GetDescriptorHandleIncrementSize(D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV);
  if (FAILED(hr = EnsureDescriptorHeap(kInitialDescriptors)))
    return Failure("CreateDescriptorHeap", hr, error);
  return Outcome::kOk;
}

HRESULT DmlSession::EnsureDescriptorHeap(UINT descriptors) {
  if (heap_ && descriptors <= heap_capacity_) return S_OK;
  UINT capacity = std::max({descriptors, kInitialDescriptors, heap_capacity_ * 2});
  D3D12_DESCRIPTOR_HEAP_DESC desc{};
  desc.Type = D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV;
  desc.NumDescriptors = capacity;
  desc.Flags = D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE;
  heap_.Reset();
  HRESULT hr = d3d12_->CreateDescriptorHeap(&desc, IID_PPV_ARGS(&heap_));
  heap_capacity_ = SUCCEEDED(hr) ? capacity : 0;
  return hr;
}

HRESULT DmlSession::CreateBuffer(uint64_t bytes, D3D12_HEAP_TYPE heap, D3D12_RESOURCE_STATES state,
                                 ComPtr<ID3D12Resource>* out) {
  D3D12_HEAP_PROPERTIES properties{};
  properties.Type = heap;
  D3D12_RESOURCE_DESC desc{};
  desc.Dimension = D3D12_RESOURCE_DIMENSION_BUFFER;
  desc.Width = bytes;
  desc.Height = 1;
  desc.DepthOrArraySize = 1;
  desc.MipLevels = 1;
  desc.SampleDesc.Count = 1;
  desc.Layout = D3D12_TEXTURE_LAYOUT_ROW_MAJOR;
  desc.Flags = heap == D3D12_HEAP_TYPE_DEFAULT ? D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS
                                               : D3D12_RESOURCE_FLAG_NONE;
  return d3d12_->CreateCommittedResource(&properties, D3D12_HEAP_FLAG_NONE, &desc, state, nullptr,
                                         IID_PPV_ARGS(out->ReleaseAndGetAddressOf()));
}

// One upload and one readback buffer for the run, grown when a case needs more.
HRESULT DmlSession::EnsureStaging(uint64_t bytes) {
  if (bytes <= staging_capacity_) return S_OK;
  uint64_t capacity = std::max<uint64_t>(bytes, staging_capacity_ * 2);
  staging_capacity_ = 0;
  HRESULT hr =
      CreateBuffer(capacity, D3D12_HEAP_TYPE_UPLOAD, D3D12_RESOURCE_STATE_GENERIC_READ, &upload_);
  if (SUCCEEDED(hr))
    hr = CreateBuffer(capacity, D3D12_HEAP_TYPE_READBACK, D3D12_RESOURCE_STATE_COPY_DEST,
                      &readback_);
  if (SUCCEEDED(hr)) staging_capacity_ = capacity;
  return hr;
}

Outcome DmlSession::Compile(const DML_OPERATOR_DESC& desc, ComPtr<IDMLCompiledOperator>* compiled,
                            std::string* error) {
  ComPtr<IDMLOperator> op;
  HRESULT hr = dml_->CreateOperator(&desc, IID_PPV_ARGS(&op));
  if (FAILED(hr)) return Failure("IDMLDevice::CreateOperator", hr, error);
  hr = dml_->CompileOperator(op.Get(), DML_EXECUTION_FLAG_NONE,
                             IID_PPV_ARGS(compiled->ReleaseAndGetAddressOf()));
  if (FAILED(hr)) return Failure("IDMLDevice::CompileOperator", hr, error);
  return Outcome::kOk;
}

Outcome DmlSession::Submit(std::string* error) {
  HRESULT hr = list_->Close();
  if (FAILED(hr)) return Failure("ID3D12GraphicsCommandList::Close", hr, error);
  ID3D12CommandList* lists[] = {list_.Get()};
  queue_->ExecuteCommandLists(1, lists);
  if (FAILED(hr = queue_->Signal(fence_.Get(), ++fence_value_)))
    return Failure("ID3D12CommandQueue::Signal", hr, error);
  if (fence_->GetCompletedValue() < fence_value_) {
    if (FAILED(hr = fence_->SetEventOnCompletion(fence_value_, fence_event_)))
      return Failure("ID3D12Fence::SetEventOnCompletion", hr, error);
    if (WaitForSingleObject(fence_event_, kFenceTimeoutMs) != WAIT_OBJECT_0) {
      *error = "the dispatch did not finish within " + std::to_string(kFenceTimeoutMs / 1000) +
               " s (hung); the device is rebuilt";
      return Outcome::kDeviceLost;
    }
  }
  if (FAILED(hr = d3d12_->GetDeviceRemovedReason())) return Failure("the dispatch", hr, error);
  return Outcome::kOk;
}

// One Execute's state, step to step: the bindings' needs, the tensor buffers in the
// staging buffers, the operator's scratch resources and the one binding table.
struct DmlSession::Dispatch {
  IDMLCompiledOperator* op = nullptr;
  std::vector<BoundBuffer>* inputs = nullptr;
  ComPtr<IDMLOperatorInitializer> initializer;
  DML_BINDING_PROPERTIES init_props{}, exec_props{};
  std::vector<GpuBuffer> buffers;  // the inputs', then the outputs'
  uint64_t staging_bytes = 0;
  ComPtr<ID3D12Resource> temporary, persistent;
  DML_BUFFER_BINDING temporary_binding{}, persistent_binding{};
  DML_BINDING_DESC persistent_out{};
  ComPtr<IDMLBindingTable> table;
};

Outcome DmlSession::Execute(IDMLCompiledOperator* op, std::vector<BoundBuffer>* inputs,
                            std::vector<BoundBuffer>* outputs, std::string* error) {
  Dispatch d;
  d.op = op;
  d.inputs = inputs;
  Outcome step = PrepareBindings(&d, error);
  if (step == Outcome::kOk) step = Upload(&d, outputs, error);
  if (step == Outcome::kOk) step = CreateScratch(&d, error);
  if (step == Outcome::kOk) step = RecordInitialize(&d, error);
  if (step == Outcome::kOk) step = RecordExecute(&d, error);
  if (step == Outcome::kOk) step = Submit(error);
  if (step == Outcome::kOk) step = ReadBack(d, error);
  return step;
}

// The initializer, both binding tables' needs, and a descriptor heap for both.
Outcome DmlSession::PrepareBindings(Dispatch* d, std::string* error) {
  HRESULT hr;
  IDMLCompiledOperator* ops[] = {d->op};
  if (FAILED(hr = dml_->CreateOperatorInitializer(1, ops, IID_PPV_ARGS(&d->initializer))))
    return Failure("IDMLDevice::CreateOperatorInitializer", hr, error);
  d->init_props = BindingPropertiesOf(d->initializer.Get());
  d->exec_props = BindingPropertiesOf(d->op);
  // The initializer's descriptors first, the operator's after them: both tables live in
  // the one heap for the one command list.
  if (FAILED(hr = EnsureDescriptorHeap(d->init_props.RequiredDescriptorCount +
                                       d->exec_props.RequiredDescriptorCount)))
    return Failure("CreateDescriptorHeap", hr, error);
  return Outcome::kOk;
}

// Every file into the upload buffer and a GPU buffer of its own: D3D12 buffer sizes and
// copies in 4-byte units cover every file.
Outcome DmlSession::Upload(Dispatch* d, std::vector<BoundBuffer>* outputs, std::string* error) {
  HRESULT hr;
  for (auto* side : {d->inputs, outputs}) {
    for (BoundBuffer& file : *side) {
      uint64_t width = RoundUp(std::max<uint64_t>(file.contents.size(), 4), 4);
      d->buffers.push_back({&file, nullptr, width, d->staging_bytes, {}});
      d->staging_bytes += RoundUp(width, D3D12_TEXTURE_DATA_PLACEMENT_ALIGNMENT);
    }
  }
  if (FAILED(hr = EnsureStaging(d->staging_bytes)))
    return Failure("creating staging buffers", hr, error);
  uint8_t* upload = nullptr;
  D3D12_RANGE nothing_read{0, 0};
  if (FAILED(hr = upload_->Map(0, &nothing_read, reinterpret_cast<void**>(&upload))))
    return Failure("ID3D12Resource::Map (upload)", hr, error);
  for (GpuBuffer& b : d->buffers) {
    std::memset(upload + b.staging_offset, 0, b.width);
    std::memcpy(upload + b.staging_offset, b.file->contents.data(), b.file->contents.size());
    if (FAILED(hr = CreateBuffer(b.width, D3D12_HEAP_TYPE_DEFAULT, D3D12_RESOURCE_STATE_COPY_DEST,
                                 &b.resource))) {
      upload_->Unmap(0, nullptr);
      return Failure("CreateCommittedResource (tensor buffer)", hr, error);
    }
    b.binding = {b.resource.Get(), b.file->offset, b.file->bytes};
  }
  upload_->Unmap(0, nullptr);
  return Outcome::kOk;
}

// The temporary resource (the larger of the two calls' needs) and the persistent one.
Outcome DmlSession::CreateScratch(Dispatch* d, std::string* error) {
  HRESULT hr;
  const uint64_t temporary_bytes =
      std::max(d->init_props.TemporaryResourceSize, d->exec_props.TemporaryResourceSize);
  if (temporary_bytes &&
      FAILED(hr = CreateBuffer(temporary_bytes, D3D12_HEAP_TYPE_DEFAULT,
                               D3D12_RESOURCE_STATE_UNORDERED_ACCESS, &d->temporary)))
    return Failure("CreateCommittedResource (temporary)", hr, error);
  const uint64_t persistent_bytes = d->exec_props.PersistentResourceSize;
  if (persistent_bytes &&
      FAILED(hr = CreateBuffer(persistent_bytes, D3D12_HEAP_TYPE_DEFAULT,
                               D3D12_RESOURCE_STATE_UNORDERED_ACCESS, &d->persistent)))
    return Failure("CreateCommittedResource (persistent)", hr, error);
  d->temporary_binding = {d->temporary.Get(), 0, temporary_bytes};
  d->persistent_binding = {d->persistent.Get(), 0, persistent_bytes};
  d->persistent_out = Bind(d->persistent ? &d->persistent_binding : nullptr);
  return Outcome::kOk;
}

// The copies up, then the initializer's dispatch: inputs flagged OWNED_BY_DML are handed
// over here, the others not at all.
Outcome DmlSession::RecordInitialize(Dispatch* d, std::string* error) {
  HRESULT hr;
  if (FAILED(hr = allocator_->Reset())) return Failure("ID3D12CommandAllocator::Reset", hr, error);
  if (FAILED(hr = list_->Reset(allocator_.Get(), nullptr)))
    return Failure("ID3D12GraphicsCommandList::Reset", hr, error);
  std::vector<D3D12_RESOURCE_BARRIER> barriers;
  for (GpuBuffer& b : d->buffers) {
    list_->CopyBufferRegion(b.resource.Get(), 0, upload_.Get(), b.staging_offset, b.width);
    barriers.push_back(Transition(b.resource.Get(), D3D12_RESOURCE_STATE_COPY_DEST,
                                  D3D12_RESOURCE_STATE_UNORDERED_ACCESS));
  }
  list_->ResourceBarrier(static_cast<UINT>(barriers.size()), barriers.data());
  ID3D12DescriptorHeap* heaps[] = {heap_.Get()};
  list_->SetDescriptorHeaps(1, heaps);

  DML_BINDING_TABLE_DESC table_desc{
      d->initializer.Get(), heap_->GetCPUDescriptorHandleForHeapStart(),
      heap_->GetGPUDescriptorHandleForHeapStart(), d->init_props.RequiredDescriptorCount};
  if (FAILED(hr = dml_->CreateBindingTable(&table_desc, IID_PPV_ARGS(&d->table))))
    return Failure("IDMLDevice::CreateBindingTable (initializer)", hr, error);
  std::vector<DML_BUFFER_BINDING> owned(d->inputs->size());
  bool any_owned = false;
  for (size_t i = 0; i < d->inputs->size(); ++i) {
    if ((*d->inputs)[i].owned_by_dml) owned[i] = d->buffers[i].binding, any_owned = true;
  }
  DML_BUFFER_ARRAY_BINDING owned_array{static_cast<UINT>(owned.size()), owned.data()};
  DML_BINDING_DESC owned_desc{DML_BINDING_TYPE_BUFFER_ARRAY, &owned_array};
  if (any_owned) d->table->BindInputs(1, &owned_desc);
  if (d->init_props.TemporaryResourceSize) {
    DML_BINDING_DESC t = Bind(&d->temporary_binding);
    d->table->BindTemporaryResource(&t);
  }
  d->table->BindOutputs(1, &d->persistent_out);
  recorder_->RecordDispatch(list_.Get(), d->initializer.Get(), d->table.Get());
  D3D12_RESOURCE_BARRIER uav = AllUavWrites();
  list_->ResourceBarrier(1, &uav);
  return Outcome::kOk;
}

// The operator's dispatch, its table after the initializer's in the heap, then the
// copies of every buffer into the readback buffer.
Outcome DmlSession::RecordExecute(Dispatch* d, std::string* error) {
  HRESULT hr;
  const UINT skipped = d->init_props.RequiredDescriptorCount;
  DML_BINDING_TABLE_DESC table_desc{d->op, heap_->GetCPUDescriptorHandleForHeapStart(),
                                    heap_->GetGPUDescriptorHandleForHeapStart(),
                                    d->exec_props.RequiredDescriptorCount};
  table_desc.CPUDescriptorHandle.ptr += SIZE_T(skipped) * descriptor_increment_;
  table_desc.GPUDescriptorHandle.ptr += UINT64(skipped) * descriptor_increment_;
  if (FAILED(hr = d->table->Reset(&table_desc)))
    return Failure("IDMLBindingTable::Reset", hr, error);
  std::vector<DML_BINDING_DESC> input_bindings, output_bindings;
  for (size_t i = 0; i < d->inputs->size(); ++i)
    input_bindings.push_back(Bind((*d->inputs)[i].owned_by_dml ? nullptr : &d->buffers[i].binding));
  for (size_t i = d->inputs->size(); i < d->buffers.size(); ++i)
    output_bindings.push_back(Bind(&d->buffers[i].binding));
  d->table->BindInputs(static_cast<UINT>(input_bindings.size()), input_bindings.data());
  d->table->BindOutputs(static_cast<UINT>(output_bindings.size()), output_bindings.data());
  if (d->exec_props.TemporaryResourceSize) {
    DML_BINDING_DESC t = Bind(&d->temporary_binding);
    d->table->BindTemporaryResource(&t);
  }
  if (d->persistent) d->table->BindPersistentResource(&d->persistent_out);
  recorder_->RecordDispatch(list_.Get(), d->op, d->table.Get());
  D3D12_RESOURCE_BARRIER uav = AllUavWrites();
  list_->ResourceBarrier(1, &uav);

  std::vector<D3D12_RESOURCE_BARRIER> barriers;
  for (GpuBuffer& b : d->buffers)
    barriers.push_back(Transition(b.resource.Get(), D3D12_RESOURCE_STATE_UNORDERED_ACCESS,
                                  D3D12_RESOURCE_STATE_COPY_SOURCE));
  list_->ResourceBarrier(static_cast<UINT>(barriers.size()), barriers.data());
  for (GpuBuffer& b : d->buffers)
    list_->CopyBufferRegion(readback_.Get(), b.staging_offset, b.resource.Get(), 0, b.width);
  return Outcome::kOk;
}

// Every file's contents from the readback buffer, inputs too (a write to one shows).
Outcome DmlSession::ReadBack(const Dispatch& d, std::string* error) {
  uint8_t* readback = nullptr;
  D3D12_RANGE all_read{0, static_cast<SIZE_T>(d.staging_bytes)};
  if (HRESULT hr = readback_->Map(0, &all_read, reinterpret_cast<void**>(&readback)); FAILED(hr))
    return Failure("ID3D12Resource::Map (readback)", hr, error);
  for (const GpuBuffer& b : d.buffers)
    std::memcpy(b.file->contents.data(), readback + b.staging_offset, b.file->contents.size());
  D3D12_RANGE nothing_written{0, 0};
  readback_->Unmap(0, &nothing_written);
  // A 1 GiB case would otherwise pin 2 GiB of staging for the rest of the run.
  if (staging_capacity_ > kKeptStagingBytes) {
    upload_.Reset();
    readback_.Reset();
    staging_capacity_ = 0;
  }
  return Outcome::kOk;
}
