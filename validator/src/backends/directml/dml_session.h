// One D3D12 device and one DirectML device for the whole run, with the one command
// queue/allocator/list/fence and the one shader-visible descriptor heap every case
// reuses. Creating these costs about 2 s under Wine (the first descriptor heap alone
// 1.3 s); a case costs milliseconds.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <wrl/client.h>

#include "adapters.h"
#include "dml_headers.h"
#include "win_text.h"

using Microsoft::WRL::ComPtr;

// One tensor's file: guards, the tensor at `offset`, guards. `contents` is the whole
// file; Execute replaces it with what the GPU buffer holds afterwards.
struct BoundBuffer {
  uint64_t offset = 0;
  uint64_t bytes = 0;         // the tensor's TotalTensorSizeInBytes, bound at offset
  bool owned_by_dml = false;  // DML_TENSOR_FLAG_OWNED_BY_DML: bound at initialization
  std::vector<uint8_t> contents;
};

enum class Outcome { kOk, kFailed, kDeviceLost };

class DmlSession {
 public:
  // Loads the DirectML DLL at `dll_path` once (any file name: setup.sh names each by its
  // version); creates the devices on the chosen adapter. kDeviceLost never.
  Outcome Start(const std::wstring& dll_path, const AdapterChoice& adapter, std::string* error);
  // Drops everything and starts again: after a removed device or a hang.
  Outcome Rebuild(std::string* error);

  DML_FEATURE_LEVEL max_feature_level() const { return max_feature_level_; }
  // "1.15.4": the loaded DLL's file version, from its version resource; "" if it has none.
  std::string directml_version() const;
  // The adapter's DXGI description, e.g. "NVIDIA GeForce RTX 4090".
  const std::string& adapter_description() const { return adapter_description_; }
  // The Direct3D 12 device DirectML runs on, for its capabilities (stack.h).
  ID3D12Device* d3d12() const { return d3d12_.Get(); }

  // IDMLDevice::CreateOperator then CompileOperator. On failure *error quotes the call
  // and its HRESULT; kDeviceLost when the HRESULT says the device is gone.
  Outcome Compile(const DML_OPERATOR_DESC& desc, ComPtr<IDMLCompiledOperator>* compiled,
                  std::string* error);

  // Initializes and dispatches `op` with each buffer bound whole, then reads every
  // buffer (inputs too, to show any write to them) back into its contents.
  Outcome Execute(IDMLCompiledOperator* op, std::vector<BoundBuffer>* inputs,
                  std::vector<BoundBuffer>* outputs, std::string* error);

 private:
  Outcome CreateDevices(std::string* error);
  HRESULT EnsureDescriptorHeap(UINT descriptors);
  HRESULT EnsureStaging(uint64_t bytes);
  HRESULT CreateBuffer(uint64_t bytes, D3D12_HEAP_TYPE heap, D3D12_RESOURCE_STATES state,
                       ComPtr<ID3D12Resource>* out);
  // Execute's steps, in order, over one Execute's state (dml_session.cpp).
  struct Dispatch;
  Outcome PrepareBindings(Dispatch* d, std::string* error);
  Outcome Upload(Dispatch* d, std::vector<BoundBuffer>* outputs, std::string* error);
  Outcome CreateScratch(Dispatch* d, std::string* error);
  Outcome RecordInitialize(Dispatch* d, std::string* error);
  Outcome RecordExecute(Dispatch* d, std::string* error);
  Outcome Submit(std::string* error);
  Outcome ReadBack(const Dispatch& d, std::string* error);
  Outcome Failure(const char* call, HRESULT hr, std::string* error);

  HMODULE directml_ = nullptr;
  ComPtr<IDXGIAdapter1> adapter_;
  std::string adapter_description_;
  ComPtr<ID3D12Device> d3d12_;
  ComPtr<IDMLDevice> dml_;
  ComPtr<ID3D12CommandQueue> queue_;
  ComPtr<ID3D12CommandAllocator> allocator_;
  ComPtr<ID3D12GraphicsCommandList> list_;
  ComPtr<ID3D12Fence> fence_;
  uint64_t fence_value_ = 0;
  HANDLE fence_event_ = nullptr;
  ComPtr<IDMLCommandRecorder> recorder_;
  ComPtr<ID3D12DescriptorHeap> heap_;
  UINT heap_capacity_ = 0;
  UINT descriptor_increment_ = 0;
  ComPtr<ID3D12Resource> upload_, readback_;
  uint64_t staging_capacity_ = 0;
  DML_FEATURE_LEVEL max_feature_level_ = DML_FEATURE_LEVEL_1_0;
};
