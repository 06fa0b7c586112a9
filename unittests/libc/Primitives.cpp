//===- Primitives.cpp - the engine primitives the native libc calls -------===//
//
// In cosmo, malloc is the engine's; natively, the prefixed libc's reference
// to it (cosmo_libc_malloc) is glibc's malloc, so tests free with free().
//
//===----------------------------------------------------------------------===//

#include <cstdlib>

extern "C" void *cosmo_libc_malloc(size_t n) { return std::malloc(n); }
