//===- Primitives.cpp - the engine primitives the native libc calls -------===//
//
// In cosmo, malloc and free are the engine's; natively, the prefixed libc's
// references to them (cosmo_libc_malloc, cosmo_libc_free) are glibc's, so
// tests free with free(). The environment primitives serve the files of
// NativeEnvironment.h, fixed for the whole test process.
//
//===----------------------------------------------------------------------===//

#include "NativeEnvironment.h"

#include <cstdlib>
#include <string>

namespace {
std::string unknownReason;
} // namespace

const std::string &nativeStandardInput() {
  static const std::string bytes = "first line\nsecond\n\nlast, no newline";
  return bytes;
}

const std::vector<std::string> &nativeFiles() {
  static const char binary[] = "nul\0in\xff\x80 the\nmiddle";
  static const std::vector<std::string> files = {
      "hello\nworld\n",                                     // A
      "",                                                   // B
      std::string(binary, sizeof binary - 1),               // C
      std::string(300, 'x') + "\n" + std::string(10, 'y'), // D
      "a\n\n\nb\n",                                         // E
  };
  return files;
}

const std::string &nativeUnknownReason() { return unknownReason; }

extern "C" {
void *cosmo_libc_malloc(size_t n) { return std::malloc(n); }
void cosmo_libc_free(void *p) { std::free(p); }

void *cosmo_libc___cosmo_env_file(int index, long *size) {
  const std::string *bytes = nullptr;
  if (index == -2) {
    *size = static_cast<long>(nativeFiles().size());
    return nullptr;
  }
  if (index == -1)
    bytes = &nativeStandardInput();
  else if (static_cast<size_t>(index) < nativeFiles().size())
    bytes = &nativeFiles()[index];
  *size = bytes ? static_cast<long>(bytes->size()) : 0;
  // A non-null pointer even for an empty file, as the engine gives.
  return bytes ? const_cast<char *>(bytes->data()) : nullptr;
}

char *cosmo_libc___cosmo_env_var(const char *) { return nullptr; }

void cosmo_libc___cosmo_env_unknown(const char *why) { unknownReason = why; }
}
