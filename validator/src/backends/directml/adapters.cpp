#include "adapters.h"

#include "win_text.h"

#include <cstdlib>

using Microsoft::WRL::ComPtr;

namespace {

std::string Summary(IDXGIAdapter1* adapter) {
  DXGI_ADAPTER_DESC1 desc{};
  if (FAILED(adapter->GetDesc1(&desc))) return "(no description)";
  char details[96];
  std::snprintf(details, sizeof details, " (vendor 0x%04x, device 0x%04x, %llu MiB dedicated%s)",
                desc.VendorId, desc.DeviceId,
                static_cast<unsigned long long>(desc.DedicatedVideoMemory >> 20),
                (desc.Flags & DXGI_ADAPTER_FLAG_SOFTWARE) ? ", software" : "");
  return Utf8(desc.Description) + details;
}

std::string Description(IDXGIAdapter1* adapter) {
  DXGI_ADAPTER_DESC1 desc{};
  return SUCCEEDED(adapter->GetDesc1(&desc)) ? Utf8(desc.Description) : "";
}

HRESULT Factory(ComPtr<IDXGIFactory1>* factory) {
  return CreateDXGIFactory1(IID_PPV_ARGS(factory->GetAddressOf()));
}

HRESULT WarpAdapter(IDXGIFactory1* factory, ComPtr<IDXGIAdapter1>* adapter) {
  ComPtr<IDXGIFactory4> factory4;
  HRESULT hr = factory->QueryInterface(IID_PPV_ARGS(&factory4));
  if (SUCCEEDED(hr))
    hr = factory4->EnumWarpAdapter(IID_PPV_ARGS(adapter->ReleaseAndGetAddressOf()));
  return hr;
}

}  // namespace

bool ParseAdapterChoice(const std::string& text, AdapterChoice* choice, std::string* error) {
  if (text == "warp") {
    *choice = {true, 0};
    return true;
  }
  char* end = nullptr;
  unsigned long index = text.empty() || text[0] == '-' ? 0 : std::strtoul(text.c_str(), &end, 10);
  if (text.empty() || text[0] == '-' || !end || *end != '\0' || index > 0xFFFF) {
    *error = "--adapter takes an adapter's index (0, 1, ...; see --list-adapters) or warp, not '" +
             text + "'";
    return false;
  }
  *choice = {false, static_cast<UINT>(index)};
  return true;
}

bool ListAdapters(std::vector<std::string>* lines, std::string* error) {
  ComPtr<IDXGIFactory1> factory;
  HRESULT hr = Factory(&factory);
  if (FAILED(hr)) {
    *error = "CreateDXGIFactory1 failed with HRESULT " + HresultText(hr) +
             " (is an X display reachable?)";
    return false;
  }
  ComPtr<IDXGIAdapter1> adapter;
  for (UINT i = 0;
       factory->EnumAdapters1(i, adapter.ReleaseAndGetAddressOf()) != DXGI_ERROR_NOT_FOUND; ++i)
    lines->push_back(std::to_string(i) + ": " + Summary(adapter.Get()));
  if (SUCCEEDED(WarpAdapter(factory.Get(), &adapter)))
    lines->push_back("warp: " + Summary(adapter.Get()));
  return true;
}

bool OpenAdapter(const AdapterChoice& choice, ComPtr<IDXGIAdapter1>* adapter,
                 std::string* description, std::string* error) {
  ComPtr<IDXGIFactory1> factory;
  HRESULT hr = Factory(&factory);
  if (FAILED(hr)) {
    *error = "CreateDXGIFactory1 failed with HRESULT " + HresultText(hr) +
             " (is an X display reachable?)";
    return false;
  }
  hr = choice.warp ? WarpAdapter(factory.Get(), adapter)
                   : factory->EnumAdapters1(choice.index, adapter->ReleaseAndGetAddressOf());
  if (SUCCEEDED(hr)) {
    *description = Description(adapter->Get());
    return true;
  }
  std::vector<std::string> lines;
  std::string known;
  ListAdapters(&lines, error);
  for (const std::string& line : lines) known += (known.empty() ? "" : "; ") + line;
  *error =
      (choice.warp ? "the WARP adapter is not available (IDXGIFactory4::EnumWarpAdapter failed "
                     "with HRESULT "
                   : "adapter " + choice.Text() +
                         " does not exist (IDXGIFactory1::EnumAdapters1 failed with HRESULT ") +
      HresultText(hr) + "); the adapters here: " + (known.empty() ? std::string("none") : known);
  return false;
}
