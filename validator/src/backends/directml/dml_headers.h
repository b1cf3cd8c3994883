// DirectML.h as mingw-w64 can compile it. DirectML.h is written for MSVC: it uses two
// SAL annotations mingw's sal.h lacks, and its interfaces carry their IIDs only as
// __declspec(uuid), which GCC ignores, so __uuidof needs __CRT_UUID_DECL for each.
#pragma once

#include <d3d12.h>
#include <dxgi1_4.h>
#include <windows.h>

#ifndef _Maybenull_
#define _Maybenull_
#endif
#ifndef _Inexpressible_
#define _Inexpressible_(expr)
#endif

#include <DirectML.h>

__CRT_UUID_DECL(IDMLObject, 0xc8263aac, 0x9e0c, 0x4a2d, 0x9b, 0x8e, 0x00, 0x75, 0x21, 0xa3, 0x31,
                0x7c)
__CRT_UUID_DECL(IDMLDevice, 0x6dbd6437, 0x96fd, 0x423f, 0xa9, 0x8c, 0xae, 0x5e, 0x7c, 0x2a, 0x57,
                0x3f)
__CRT_UUID_DECL(IDMLDeviceChild, 0x27e83142, 0x8165, 0x49e3, 0x97, 0x4e, 0x2f, 0xd6, 0x6e, 0x4c,
                0xb6, 0x9d)
__CRT_UUID_DECL(IDMLPageable, 0xb1ab0825, 0x4542, 0x4a4b, 0x86, 0x17, 0x6d, 0xde, 0x6e, 0x8f, 0x62,
                0x01)
__CRT_UUID_DECL(IDMLOperator, 0x26caae7a, 0x3081, 0x4633, 0x95, 0x81, 0x22, 0x6f, 0xbe, 0x57, 0x69,
                0x5d)
__CRT_UUID_DECL(IDMLDispatchable, 0xdcb821a8, 0x1039, 0x441e, 0x9f, 0x1c, 0xb1, 0x75, 0x9c, 0x2f,
                0x3c, 0xec)
__CRT_UUID_DECL(IDMLCompiledOperator, 0x6b15e56a, 0xbf5c, 0x4902, 0x92, 0xd8, 0xda, 0x3a, 0x65,
                0x0a, 0xfe, 0xa4)
__CRT_UUID_DECL(IDMLOperatorInitializer, 0x427c1113, 0x435c, 0x469c, 0x86, 0x76, 0x4d, 0x5d, 0xd0,
                0x72, 0xf8, 0x13)
__CRT_UUID_DECL(IDMLBindingTable, 0x29c687dc, 0xde74, 0x4e3b, 0xab, 0x00, 0x11, 0x68, 0xf2, 0xfc,
                0x3c, 0xfc)
__CRT_UUID_DECL(IDMLCommandRecorder, 0xe6857a76, 0x2e3e, 0x4fdd, 0xbf, 0xf4, 0x5d, 0x2b, 0xa1, 0x0f,
                0xb4, 0x53)

// IDMLDispatchable::GetBindingProperties returns a struct. MSVC's COM ABI passes
// (this, hidden return pointer); GCC's C++ ABI passes them the other way round, so a
// plain call returns garbage and crashes later. Call the vtable slot with MSVC's order.
inline DML_BINDING_PROPERTIES BindingPropertiesOf(IDMLDispatchable* dispatchable) {
  using Slot =
      DML_BINDING_PROPERTIES*(STDMETHODCALLTYPE*)(IDMLDispatchable*, DML_BINDING_PROPERTIES*);
  // IUnknown 3 + IDMLObject 4 + IDMLDeviceChild 1 + IDMLPageable 0: slot 8.
  constexpr int kGetBindingPropertiesSlot = 8;
  Slot slot = (*reinterpret_cast<Slot**>(dispatchable))[kGetBindingPropertiesSlot];
  DML_BINDING_PROPERTIES properties{};
  slot(dispatchable, &properties);
  return properties;
}
