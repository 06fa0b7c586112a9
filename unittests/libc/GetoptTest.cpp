//===- GetoptTest.cpp - libc/getopt.c against glibc's getopt --------------===//
//
// Every command line of a set of words up to a length is parsed by both
// with the same option strings and long options; the sequences of results
// (the option, optarg, optind, optopt) and the permuted argv must agree.
//
//===----------------------------------------------------------------------===//

#include "Prefixed.h"

#include <gtest/gtest.h>

#include <getopt.h>
#include <string>
#include <unistd.h>
#include <vector>

namespace {

const struct option longs[] = {{"verbose", no_argument, nullptr, 'v'},
                               {"output", required_argument, nullptr, 'o'},
                               {"color", optional_argument, nullptr, 'c'},
                               {"colour", optional_argument, nullptr, 'c'},
                               {"count", required_argument, nullptr, 'n'},
                               {nullptr, 0, nullptr, 0}};

enum class Kind { Short, Long, LongOnly };

// The transcript of parsing `words` (argv[1]...) to the end.
std::string parse(const std::vector<std::string> &words, const char *shorts,
                  Kind kind, bool cosmo) {
  std::vector<std::string> storage{"prog"};
  storage.insert(storage.end(), words.begin(), words.end());
  std::vector<char *> argv;
  for (std::string &w : storage)
    argv.push_back(w.data());
  argv.push_back(nullptr);
  int argc = static_cast<int>(storage.size());
  std::string out;
  if (cosmo) {
    cosmo_libc_optind = 0;
    cosmo_libc_opterr = 0;
  } else {
    optind = 0;
    opterr = 0;
  }
  for (int step = 0; step < 20; ++step) {
    int index = -1, c;
    if (cosmo)
      c = kind == Kind::Short ? cosmo_libc_getopt(argc, argv.data(), shorts)
          : kind == Kind::Long
              ? cosmo_libc_getopt_long(argc, argv.data(), shorts, longs, &index)
              : cosmo_libc_getopt_long_only(argc, argv.data(), shorts, longs,
                                            &index);
    else
      c = kind == Kind::Short ? getopt(argc, argv.data(), shorts)
          : kind == Kind::Long
              ? getopt_long(argc, argv.data(), shorts, longs, &index)
              : getopt_long_only(argc, argv.data(), shorts, longs, &index);
    const char *arg = cosmo ? cosmo_libc_optarg : optarg;
    int ind = cosmo ? cosmo_libc_optind : optind;
    int opt = cosmo ? cosmo_libc_optopt : optopt;
    out += std::to_string(c) + "/" + (arg ? arg : "(null)") + "/" +
           std::to_string(ind) + "/" + std::to_string(c == '?' || c == ':' ? opt : 0) +
           "/" + std::to_string(index) + " ";
    if (c == -1)
      break;
  }
  out += "| argv:";
  for (int k = 0; k < argc; ++k)
    out += std::string(" ") + argv[k];
  return out;
}

// Every sequence of up to `n` words of `vocabulary`.
std::vector<std::vector<std::string>> lines(const std::vector<std::string> &vocabulary,
                                            unsigned n) {
  std::vector<std::vector<std::string>> out{{}};
  for (size_t begin = 0, len = 0; len < n; ++len) {
    size_t end = out.size();
    for (size_t k = begin; k < end; ++k)
      for (const std::string &w : vocabulary) {
        std::vector<std::string> line = out[k];
        line.push_back(w);
        out.push_back(line);
      }
    begin = end;
  }
  return out;
}

void compareAll(const std::vector<std::string> &vocabulary, unsigned n,
                const char *shorts, Kind kind) {
  int failures = 0;
  for (const std::vector<std::string> &words : lines(vocabulary, n)) {
    std::string mine = parse(words, shorts, kind, true);
    std::string theirs = parse(words, shorts, kind, false);
    if (mine != theirs && ++failures <= 5) {
      std::string line;
      for (const std::string &w : words)
        line += " " + w;
      ADD_FAILURE() << "optstring \"" << shorts << "\", line:" << line
                    << "\n  cosmo: " << mine << "\n  glibc: " << theirs;
    }
  }
  EXPECT_EQ(failures, 0);
}

TEST(Getopt, ShortOptionsClustersArgumentsAndPermutation) {
  std::vector<std::string> vocabulary = {"-a", "-b", "-ab", "-bx", "-o", "file",
                                         "-",  "--", "-z",  "-c",  "-cv"};
  for (const char *shorts : {"ab:c::", ":ab:c::", "+ab:c::", "-ab:c::", "abo:"})
    compareAll(vocabulary, 3, shorts, Kind::Short);
}

TEST(Getopt, LongOptionsExactAbbreviatedAmbiguousAndWithArguments) {
  std::vector<std::string> vocabulary = {
      "--verbose", "--verb", "--output=x", "--output", "--col", "--color=red",
      "--co",      "--c",    "--nope",     "-v",       "f",     "--count", "--verbose=1"};
  for (const char *shorts : {"vo:n:", ":vo:c::n:"})
    compareAll(vocabulary, 3, shorts, Kind::Long);
}

TEST(Getopt, LongOnlyTakesOneDashLongOptions) {
  std::vector<std::string> vocabulary = {"-verbose", "-v", "-o", "x", "-out=y",
                                         "-col", "--count", "-vo"};
  compareAll(vocabulary, 3, "vo:", Kind::LongOnly);
}

} // namespace
