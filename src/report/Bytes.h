//===- Bytes.h - the bytes of test inputs, as text and numbers --*- C++ -*-===//
//
// Test vectors hold each input's bytes little-endian, as two hex digits per
// byte (docs/output-format.md); reports show scalar inputs as numbers.
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_REPORT_BYTES_H
#define COSMO_REPORT_BYTES_H

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace cosmo::report {

/// Two lowercase hex digits per byte.
std::string hexOf(std::span<const uint8_t> bytes);
/// The bytes `hex` spells (two digits each, either case), or none.
std::optional<std::vector<uint8_t>> bytesOfHex(std::string_view hex);
/// The value of little-endian `bytes` (at most 8 of them), unsigned and as
/// a two's complement number of that width.
uint64_t unsignedValue(std::span<const uint8_t> bytes);
int64_t signedValue(std::span<const uint8_t> bytes);

} // namespace cosmo::report

#endif // COSMO_REPORT_BYTES_H
