// The DXGI adapters Direct3D 12 can run on, and the one `--adapter INDEX|warp` names.
// Index 0 is what D3D12CreateDevice picks for a null adapter ("the first adapter
// enumerated by IDXGIFactory1::EnumAdapters"), so no --adapter means adapter 0.
#pragma once

#include <string>
#include <vector>

#include <wrl/client.h>

#include "dml_headers.h"

struct AdapterChoice {
  bool warp = false;  // the software adapter, IDXGIFactory4::EnumWarpAdapter
  UINT index = 0;     // else IDXGIFactory1::EnumAdapters1(index)
  std::string Text() const { return warp ? "warp" : std::to_string(index); }
};

// "INDEX" (decimal) or "warp"; otherwise false with *error saying so.
bool ParseAdapterChoice(const std::string& text, AdapterChoice* choice, std::string* error);

// The chosen adapter and its description (DXGI_ADAPTER_DESC1::Description). When it
// does not exist, *error names the adapters that do.
bool OpenAdapter(const AdapterChoice& choice, Microsoft::WRL::ComPtr<IDXGIAdapter1>* adapter,
                 std::string* description, std::string* error);

// One line per adapter, "0: NAME (vendor 0x10de, device 0x06c0, 1024 MiB dedicated)",
// then "warp: NAME ..." when the factory has a WARP adapter.
bool ListAdapters(std::vector<std::string>* lines, std::string* error);
