//===- Bytes.cpp - the bytes of test inputs, as text and numbers ----------===//

#include "Bytes.h"

#include <cassert>

namespace cosmo::report {

namespace {

int hexDigit(char c) {
  if (c >= '0' && c <= '9')
    return c - '0';
  if (c >= 'a' && c <= 'f')
    return c - 'a' + 10;
  if (c >= 'A' && c <= 'F')
    return c - 'A' + 10;
  return -1;
}

} // namespace

std::string hexOf(std::span<const uint8_t> bytes) {
  static constexpr char digits[] = "0123456789abcdef";
  std::string out;
  out.reserve(2 * bytes.size());
  for (uint8_t b : bytes) {
    out += digits[b >> 4];
    out += digits[b & 15];
  }
  return out;
}

std::optional<std::vector<uint8_t>> bytesOfHex(std::string_view hex) {
  if (hex.size() % 2)
    return std::nullopt;
  std::vector<uint8_t> out;
  out.reserve(hex.size() / 2);
  for (size_t i = 0; i < hex.size(); i += 2) {
    int hi = hexDigit(hex[i]), lo = hexDigit(hex[i + 1]);
    if (hi < 0 || lo < 0)
      return std::nullopt;
    out.push_back(static_cast<uint8_t>(hi * 16 + lo));
  }
  return out;
}

uint64_t unsignedValue(std::span<const uint8_t> bytes) {
  assert(bytes.size() <= 8 && "at most 64 bits");
  uint64_t v = 0;
  for (size_t i = bytes.size(); i-- > 0;)
    v = (v << 8) | bytes[i];
  return v;
}

int64_t signedValue(std::span<const uint8_t> bytes) {
  uint64_t v = unsignedValue(bytes);
  unsigned bits = static_cast<unsigned>(bytes.size() * 8);
  if (bits > 0 && bits < 64 && (v >> (bits - 1)) & 1)
    v |= ~uint64_t(0) << bits;
  return static_cast<int64_t>(v);
}

} // namespace cosmo::report
