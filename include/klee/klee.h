/* klee/klee.h -- the subset of KLEE's intrinsics that cosmo understands,
 * so that KLEE-style test programs compile unchanged. Written for cosmo. */
#ifndef COSMO_KLEE_COMPAT_H
#define COSMO_KLEE_COMPAT_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

void klee_make_symbolic(void *addr, size_t nbytes, const char *name);
void klee_assume(uintptr_t condition);
int klee_range(int begin, int end, const char *name);
void klee_assert(int condition);
void klee_silent_exit(int status);
void klee_report_error(const char *file, int line, const char *message,
                       const char *suffix);

#ifdef __cplusplus
}
#endif

#endif /* COSMO_KLEE_COMPAT_H */
