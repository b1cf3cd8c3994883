// What ran beneath DirectML, named in `describe` so every report says it: the
// translation layer (Wine, the vkd3d inside it), the Vulkan device and driver it runs
// on, and the Direct3D 12 capabilities DirectML can query (it picks its shaders by
// them). On Windows only the capabilities are there to name.
#pragma once

#include <string>

#include "dml_headers.h"

// "D3D12: shader model 6_0, Int64ShaderOps yes, Native16BitShaderOps no, WaveOps yes
// (lanes 8-8), resource binding tier 3, UMA yes": what CheckFeatureSupport answers, or
// "not answered" for a query the device refuses.
std::string D3D12Capabilities(ID3D12Device* device);

// "Wine 8.0, vkd3d-shader 1.6": Wine's version (ntdll's wine_get_version) and that of the
// vkd3d Wine's d3d12 runs on (its wined3d.dll exports vkd3d_shader_get_version); "" on
// Windows.
std::string TranslationLayer();

// "Vulkan: llvmpipe (LLVM 15.0.6, 256 bits), driver llvmpipe (Mesa 25.0.7-2~bpo12+1 (LLVM
// 15.0.6)), driver version 25.0.7, API 1.4.305": the physical device named
// `adapter_description` (Wine's DXGI names its adapter after the Vulkan device vkd3d
// uses), else the first; "" where there is no Vulkan (Windows without vulkan-1.dll).
std::string VulkanDevice(const std::string& adapter_description);
