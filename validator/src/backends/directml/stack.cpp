#include "stack.h"

#define VK_NO_PROTOTYPES
#include <vulkan/vulkan.h>

#include <vector>

namespace {

std::string YesNo(BOOL value) { return value ? "yes" : "no"; }

template <typename T>
bool Query(ID3D12Device* device, D3D12_FEATURE feature, T* data) {
  return SUCCEEDED(device->CheckFeatureSupport(feature, data, sizeof *data));
}

// The highest shader model the device takes: asked from the newest DirectML knows of
// (6_7) down, since a runtime refuses a value newer than it knows.
std::string HighestShaderModel(ID3D12Device* device) {
  for (int model : {0x67, 0x66, 0x65, 0x64, 0x63, 0x62, 0x61, 0x60, 0x51}) {
    D3D12_FEATURE_DATA_SHADER_MODEL data{static_cast<D3D_SHADER_MODEL>(model)};
    if (Query(device, D3D12_FEATURE_SHADER_MODEL, &data)) {
      const int got = data.HighestShaderModel;
      return std::to_string(got >> 4) + "_" + std::to_string(got & 0xF);
    }
  }
  return "not answered";
}

std::string VersionText(uint32_t version) {
  return std::to_string(VK_API_VERSION_MAJOR(version)) + "." +
         std::to_string(VK_API_VERSION_MINOR(version)) + "." +
         std::to_string(VK_API_VERSION_PATCH(version));
}

// One physical device as VulkanDevice says it.
std::string DeviceText(const VkPhysicalDeviceProperties2& properties,
                       const VkPhysicalDeviceDriverProperties& driver) {
  return std::string("Vulkan: ") + properties.properties.deviceName + ", driver " +
         driver.driverName + " (" + driver.driverInfo + "), driver version " +
         VersionText(properties.properties.driverVersion) + ", API " +
         VersionText(properties.properties.apiVersion);
}

}  // namespace

std::string D3D12Capabilities(ID3D12Device* device) {
  std::string text = "D3D12: shader model " + HighestShaderModel(device);
  D3D12_FEATURE_DATA_D3D12_OPTIONS1 options1{};
  if (Query(device, D3D12_FEATURE_D3D12_OPTIONS1, &options1)) {
    text += ", Int64ShaderOps " + YesNo(options1.Int64ShaderOps) + ", WaveOps " +
            YesNo(options1.WaveOps) + " (lanes " + std::to_string(options1.WaveLaneCountMin) + "-" +
            std::to_string(options1.WaveLaneCountMax) + ")";
  } else {
    text += ", Int64ShaderOps and WaveOps not answered";
  }
  D3D12_FEATURE_DATA_D3D12_OPTIONS4 options4{};
  text += ", Native16BitShaderOps " + (Query(device, D3D12_FEATURE_D3D12_OPTIONS4, &options4)
                                           ? YesNo(options4.Native16BitShaderOpsSupported)
                                           : std::string("not answered"));
  D3D12_FEATURE_DATA_D3D12_OPTIONS options{};
  text += ", resource binding tier " +
          (Query(device, D3D12_FEATURE_D3D12_OPTIONS, &options)
               ? std::to_string(static_cast<int>(options.ResourceBindingTier))
               : std::string("not answered"));
  D3D12_FEATURE_DATA_ARCHITECTURE architecture{};
  text += ", UMA " + (Query(device, D3D12_FEATURE_ARCHITECTURE, &architecture)
                          ? YesNo(architecture.UMA) + " (cache-coherent " +
                                YesNo(architecture.CacheCoherentUMA) + ")"
                          : std::string("not answered"));
  return text;
}

std::string TranslationLayer() {
  using WineVersionFn = const char*(CDECL*)();
  auto wine = reinterpret_cast<WineVersionFn>(
      reinterpret_cast<void*>(GetProcAddress(GetModuleHandleW(L"ntdll.dll"), "wine_get_version")));
  if (!wine) return "";
  std::string text = std::string("Wine ") + wine();
  using Vkd3dVersionFn = const char*(CDECL*)(unsigned int*, unsigned int*);
  HMODULE wined3d = GetModuleHandleW(L"wined3d.dll");
  auto vkd3d = wined3d ? reinterpret_cast<Vkd3dVersionFn>(reinterpret_cast<void*>(
                             GetProcAddress(wined3d, "vkd3d_shader_get_version")))
                       : nullptr;
  text += vkd3d ? std::string(", ") + vkd3d(nullptr, nullptr)
                : std::string(", vkd3d version not found (no vkd3d_shader_get_version)");
  return text;
}

std::string VulkanDevice(const std::string& adapter_description) {
  HMODULE loader = LoadLibraryW(L"vulkan-1.dll");
  if (!loader) return "";
  auto get = reinterpret_cast<PFN_vkGetInstanceProcAddr>(
      reinterpret_cast<void*>(GetProcAddress(loader, "vkGetInstanceProcAddr")));
  auto create =
      get ? reinterpret_cast<PFN_vkCreateInstance>(get(nullptr, "vkCreateInstance")) : nullptr;
  VkApplicationInfo application{};
  application.sType = VK_STRUCTURE_TYPE_APPLICATION_INFO;
  application.apiVersion = VK_API_VERSION_1_2;  // VkPhysicalDeviceDriverProperties is core
  VkInstanceCreateInfo info{};
  info.sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO;
  info.pApplicationInfo = &application;
  VkInstance instance = VK_NULL_HANDLE;
  if (!create || create(&info, nullptr, &instance) != VK_SUCCESS) {
    return "Vulkan: no instance could be created";
  }
  auto enumerate =
      reinterpret_cast<PFN_vkEnumeratePhysicalDevices>(get(instance, "vkEnumeratePhysicalDevices"));
  auto properties_of = reinterpret_cast<PFN_vkGetPhysicalDeviceProperties2>(
      get(instance, "vkGetPhysicalDeviceProperties2"));
  auto destroy = reinterpret_cast<PFN_vkDestroyInstance>(get(instance, "vkDestroyInstance"));
  uint32_t count = 0;
  enumerate(instance, &count, nullptr);
  std::vector<VkPhysicalDevice> devices(count);
  enumerate(instance, &count, devices.data());
  std::string first, named;
  for (VkPhysicalDevice device : devices) {
    VkPhysicalDeviceDriverProperties driver{};
    driver.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DRIVER_PROPERTIES;
    VkPhysicalDeviceProperties2 properties{};
    properties.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2;
    properties.pNext = &driver;
    properties_of(device, &properties);
    const std::string text = DeviceText(properties, driver);
    if (first.empty()) first = text;
    if (named.empty() && adapter_description == properties.properties.deviceName) named = text;
  }
  destroy(instance, nullptr);
  if (!named.empty()) return named;
  if (first.empty()) return "Vulkan: no physical device";
  return first + " (the first of " + std::to_string(count) + "; none is named as the adapter)";
}
