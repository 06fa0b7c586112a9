//===- NativeEnvironment.h - the files the native libc reads ----*- C++ -*-===//
//
// What the environment primitives (Primitives.cpp) give the natively built
// libc: its standard input and the files A, B, ... (index 0, 1, ...). The
// same bytes are written to real files for glibc to read.
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_UNITTESTS_LIBC_NATIVEENVIRONMENT_H
#define COSMO_UNITTESTS_LIBC_NATIVEENVIRONMENT_H

#include <string>
#include <vector>

const std::string &nativeStandardInput();
const std::vector<std::string> &nativeFiles();
/// The reason of the last __cosmo_env_unknown call ("" if none).
const std::string &nativeUnknownReason();

#endif
