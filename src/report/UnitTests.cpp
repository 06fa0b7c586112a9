//===- UnitTests.cpp - unit tests from --entry runs -----------------------===//

#include "cosmo/report/UnitTests.h"

#include "Bytes.h"

#include <llvm/Support/MemoryBuffer.h>

#include <fmt/format.h>

#include <filesystem>
#include <set>
#include <sstream>

namespace cosmo::report {

namespace fs = std::filesystem;

namespace {

llvm::Error bad(const std::string &what) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), "%s",
                                 what.c_str());
}

/// A C string literal holding exactly `bytes`.
std::string cBytes(const std::vector<uint8_t> &bytes) {
  std::string out = "\"";
  for (uint8_t b : bytes)
    out += fmt::format("\\x{:02x}", b);
  return out + "\"";
}

/// The C literal of an integer return value, for types whose name says its
/// signedness; none for others (typedefs, structs).
std::optional<std::string> integerLiteral(const std::string &type,
                                          const std::vector<uint8_t> &bytes) {
  static const std::set<std::string> signedTypes = {
      "char",      "signed char", "short",     "short int", "int",
      "long",      "long int",    "long long", "long long int"};
  static const std::set<std::string> unsignedTypes = {
      "unsigned char",      "unsigned short",     "unsigned short int",
      "unsigned int",       "unsigned",           "unsigned long",
      "unsigned long int",  "unsigned long long", "unsigned long long int",
      "_Bool"};
  bool isSigned = signedTypes.count(type) != 0;
  if ((!isSigned && !unsignedTypes.count(type)) || bytes.empty() ||
      bytes.size() > 8)
    return std::nullopt;
  if (!isSigned)
    return fmt::format("{}ULL", unsignedValue(bytes));
  int64_t sv = signedValue(bytes);
  if (sv == INT64_MIN)
    return std::string("(-9223372036854775807LL - 1)");
  return fmt::format("{}LL", sv);
}

std::string testName(const std::string &file) {
  std::string stem = std::filesystem::path(file).stem().string();
  for (char &c : stem)
    if (!isalnum(static_cast<unsigned char>(c)))
      c = '_';
  return stem;
}

/// One test function's body.
std::string testBody(const EntryCall &call, const ObservedTest &t) {
  std::string out;
  HarnessInputs harness = harnessInputs(t.test);
  const std::vector<const engine::TestInput *> &inputs = harness.list;
  const std::map<std::string, size_t> &index = harness.index;
  for (size_t i = 0; i < inputs.size(); ++i)
    out += fmt::format("  unsigned char *in{} = cosmo_input({}, {}); /* {} */\n",
                       i, inputs[i]->bytes.size(), cBytes(inputs[i]->bytes),
                       inputs[i]->name);
  for (const engine::InputPointer &p : t.test.pointers) {
    auto h = index.find(p.holder);
    auto to = p.target.empty() ? index.end() : index.find(p.target);
    if (h == index.end() || (!p.target.empty() && to == index.end()))
      continue;
    out += fmt::format("  cosmo_point(in{}, {}, {});\n", h->second, p.offset,
                       p.target.empty() ? "NULL"
                                        : fmt::format("in{}", to->second));
  }
  std::string args;
  for (size_t k = 0; k < call.signature.params.size(); ++k) {
    const auto &[name, type] = call.signature.params[k];
    out += fmt::format("  {} a{};\n", assignableType(type), k);
    auto it = index.find(name);
    if (it == index.end())
      out += fmt::format("  memset(&a{}, 0, sizeof a{});\n", k, k);
    else
      out += fmt::format("  memcpy(&a{}, in{}, sizeof a{});\n", k, it->second,
                         k);
    args += (k ? ", " : "") + fmt::format("a{}", k);
  }
  const std::string &retType = call.signature.returnType;
  const Observation &a = t.first, &b = t.second;
  if (retType == "void") {
    out += fmt::format("  {}({});\n", call.entry, args);
  } else {
    out += fmt::format("  {} ret = {}({});\n", assignableType(retType),
                       call.entry, args);
    bool pointer = retType.find('*') != std::string::npos;
    if (pointer && a.retNull && b.retNull)
      out += "  COSMO_EXPECT(ret == NULL);\n";
    else if (pointer && a.retPointer && a.retPointer == b.retPointer)
      out += fmt::format("  COSMO_EXPECT((void *)ret == (void *)(in{} + {}));\n",
                         a.retPointer->first, a.retPointer->second);
    else if (pointer || a.ret != b.ret)
      out += "  (void)ret; /* an address outside the inputs: not checked */\n";
    else if (auto lit = integerLiteral(retType, a.ret))
      out += fmt::format("  COSMO_EXPECT(ret == {});\n", *lit);
    else
      out += fmt::format("  (void)ret; /* a {}: not checked */\n", retType);
  }
  for (const auto &[i, bytes] : a.memory) {
    auto other = b.memory.find(i);
    if (other == b.memory.end() || other->second.size() != bytes.size())
      continue;
    std::string mask(bytes.size(), 'x');
    for (size_t k = 0; k < bytes.size(); ++k)
      if (bytes[k] != other->second[k])
        mask[k] = '.';
    std::string pointerChecks;
    for (const auto &[at, to] : a.pointers) {
      if (at.first != i)
        continue;
      for (size_t k = at.second; k < at.second + 8 && k < mask.size(); ++k)
        mask[k] = '.';
      auto same = b.pointers.find(at);
      if (same != b.pointers.end() && same->second == to)
        pointerChecks += fmt::format(
            "  COSMO_EXPECT(cosmo_pointer_at(in{}, {}) == (void *)(in{} + {}));\n",
            i, at.second, to.first, to.second);
    }
    if (mask.find('x') != std::string::npos)
      out += fmt::format("  COSMO_EXPECT(cosmo_same(in{}, {}, \"{}\", {}));\n", i,
                         cBytes(bytes), mask, bytes.size());
    out += pointerChecks;
  }
  return out;
}

} // namespace

llvm::Expected<Observation> parseObservation(const std::string &text) {
  Observation o;
  std::istringstream in(text);
  std::string kind;
  while (in >> kind) {
    if (kind == "ret") {
      std::string hex;
      in >> hex;
      auto bytes = bytesOfHex(hex);
      if (!bytes)
        return bad("bad ret line in the observation");
      o.ret = *bytes;
    } else if (kind == "retptr") {
      std::string what;
      in >> what;
      if (what == "null") {
        o.retNull = true;
      } else {
        uint64_t off = 0;
        in >> off;
        o.retPointer = {std::stol(what), off};
      }
    } else if (kind == "mem") {
      long i = 0;
      std::string hex;
      in >> i;
      // An empty object has no hex on its line.
      std::getline(in, hex);
      hex.erase(0, hex.find_first_not_of(' '));
      auto bytes = bytesOfHex(hex);
      if (!bytes)
        return bad("bad mem line in the observation");
      o.memory[i] = *bytes;
    } else if (kind == "memptr") {
      long i = 0, j = 0;
      uint64_t off = 0, to = 0;
      if (!(in >> i >> off >> j >> to))
        return bad("bad memptr line in the observation");
      o.pointers[{i, off}] = {j, to};
    } else {
      return bad("unknown line '" + kind + "' in the observation");
    }
  }
  return o;
}

llvm::Expected<Observation> observeCall(const NativeReplayer &harness,
                                        const engine::TestVector &test,
                                        const std::string &name,
                                        unsigned spacer) {
  std::filesystem::path file = std::filesystem::absolute(
      harness.executable().parent_path() /
      fmt::format("{}.observed-{}", name, spacer));
  std::filesystem::remove(file);
  auto run = harness.run(test, name,
                         {{"COSMO_HARNESS_OBSERVE", file.string()},
                          {"COSMO_HARNESS_SPACER", std::to_string(spacer)}});
  if (!run)
    return run.takeError();
  if (run->ending != ProcessResult::Ending::Exited || run->exitCode != 0)
    return bad("the native call did not complete (" + describeEnding(*run) +
               ")");
  auto text = llvm::MemoryBuffer::getFile(file.string());
  if (!text)
    return bad("the harness wrote no observation");
  return parseObservation((*text)->getBuffer().str());
}

llvm::Expected<ObservedTest> observeTest(const NativeReplayer &harness,
                                         const std::string &file,
                                         const engine::TestVector &test) {
  std::string name = fs::path(file).stem().string();
  auto first = observeCall(harness, test, name, 0);
  if (!first)
    return first.takeError();
  auto second = observeCall(harness, test, name, 3);
  if (!second)
    return second.takeError();
  return ObservedTest{file, test, std::move(*first), std::move(*second)};
}

std::vector<UnitTestFile>
unitTestFiles(const EntryCall &call, const std::string &program,
              const std::vector<ObservedTest> &tests, UnitTestFormat format,
              const NativeToolchain &toolchain, engine::DataModel dataModel,
              const NativeSources &sources) {
  std::string target;
  for (const std::string &f : nativeDataModelFlags(dataModel))
    target += " " + f;
  // The program's flags (its unit's own, then the run's), for the file that
  // includes it; its other units are built beside it with theirs.
  auto shellWords = [](const std::vector<std::string> &words) {
    std::string line = commandLine(words), out;
    for (char c : line)
      out += c == '$' ? std::string("$$") : std::string(1, c);
    return out;
  };
  // Build files run elsewhere: paths in flags become absolute against the
  // directory the unit compiled in (CMake's own relative outputs rule out
  // clang's -working-directory).
  auto withDirectory = [](const std::string &dir,
                          const std::vector<std::string> &f) {
    return flagsWithAbsolutePaths(f, dir);
  };
  std::vector<std::string> programFlags =
      withDirectory(sources.mainDirectory, sources.mainFlags);
  programFlags.insert(programFlags.end(), sources.flags.begin(),
                      sources.flags.end());
  struct OtherUnit {
    std::string path, object;
    std::vector<std::string> flags;
  };
  std::vector<OtherUnit> others;
  for (size_t k = 0; k < sources.others.size(); ++k) {
    const NativeSources::Unit &u = sources.others[k];
    std::vector<std::string> f = withDirectory(u.directory, u.flags);
    f.insert(f.end(), sources.flags.begin(), sources.flags.end());
    others.push_back({fs::absolute(u.path).string(),
                      "unit-" + std::to_string(k) + ".o", f});
  }
  std::string include = fs::absolute(toolchain.includeDir).string();
  std::string runtime = fs::absolute(toolchain.replayRuntime).string();
  const std::string &entry = call.entry;
  bool gtest = format == UnitTestFormat::GTest;
  std::string cases = fmt::format(
      "/* Unit tests for {}() in {}, generated by cosmo from an --entry run:\n"
      "   one test per completed path, each calling {}() with the path's\n"
      "   inputs and checking what the call did natively when generated (its\n"
      "   return value and the final bytes of its input objects; pointers\n"
      "   among them as pointers; values that were addresses are not\n"
      "   checked). Build with {}. */\n"
      "#define main cosmo_program_main\n"
      "#if defined(__clang__)\n"
      "#pragma clang diagnostic push\n"
      "#pragma clang diagnostic ignored \"-Weverything\"\n"
      "#endif\n"
      "#include \"{}\"\n"
      "#if defined(__clang__)\n"
      "#pragma clang diagnostic pop\n"
      "#endif\n"
      "#undef main\n\n"
      "#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\n\n"
      "#define COSMO_EXPECT(cond)                                              \\\n"
      "  do {{                                                                  \\\n"
      "    if (!(cond)) {{                                                      \\\n"
      "      fprintf(stderr, \"%s:%d: expected %s\\n\", __FILE__, __LINE__, #cond); \\\n"
      "      ++failures;                                                       \\\n"
      "    }}                                                                   \\\n"
      "  }} while (0)\n\n"
      "__attribute__((unused)) static unsigned char *cosmo_input(size_t n,\n"
      "                                                        const char *bytes) {{\n"
      "  unsigned char *p = malloc(n ? n : 1);\n"
      "  memcpy(p, bytes, n);\n"
      "  return p;\n"
      "}}\n\n"
      "__attribute__((unused)) static void cosmo_point(unsigned char *holder,\n"
      "                                                size_t offset, void *target) {{\n"
      "  memcpy(holder + offset, &target, sizeof target);\n"
      "}}\n\n"
      "__attribute__((unused)) static void *cosmo_pointer_at(const unsigned char *p,\n"
      "                                                      size_t offset) {{\n"
      "  void *q;\n"
      "  memcpy(&q, p + offset, sizeof q);\n"
      "  return q;\n"
      "}}\n\n"
      "/* Bytes marked 'x' in `mask` equal `expected`'s. */\n"
      "__attribute__((unused)) static int cosmo_same(const unsigned char *p,\n"
      "                                              const char *expected,\n"
      "                                              const char *mask, size_t n) {{\n"
      "  for (size_t i = 0; i < n; ++i)\n"
      "    if (mask[i] == 'x' && p[i] != (unsigned char)expected[i])\n"
      "      return 0;\n"
      "  return 1;\n"
      "}}\n",
      entry, fs::path(program).filename().string(), entry,
      gtest ? "CMakeLists.txt" : "the Makefile", fs::absolute(program).string());
  std::vector<std::string> names;
  for (const ObservedTest &t : tests) {
    std::string name = testName(t.file);
    names.push_back(name);
    cases += fmt::format("\n/* {} */\n{}int cosmo_{}(void) {{\n"
                         "  int failures = 0;\n{}  return failures;\n}}\n",
                         t.file, gtest ? "" : "static ", name,
                         testBody(call, t));
  }
  std::vector<UnitTestFile> files;
  std::string base = "test_" + entry;
  if (!gtest) {
    cases += "\nint main(void) {\n  int failed = 0;\n";
    for (const std::string &n : names)
      cases += fmt::format("  failed += cosmo_{}() != 0;\n", n);
    cases += fmt::format("  printf(\"%d tests, %d failed\\n\", {}, failed);\n"
                         "  return failed != 0;\n}}\n",
                         names.size());
    files.push_back({base + ".c", cases});
    std::string objects, unitRules;
    for (const OtherUnit &u : others) {
      objects += " " + u.object;
      unitRules += fmt::format("{}: {}\n\t$(CC) -g -w {} -c -o $(CURDIR)/$@ {}\n\n",
                               u.object, u.path, shellWords(u.flags), u.path);
    }
    files.push_back(
        {"Makefile",
         fmt::format("# Builds and runs the unit tests cosmo generated for "
                     "{}(): make check\n"
                     "CC = clang-14{}\n"
                     "CFLAGS = -Wall -Werror -g\n"
                     "PROGRAM_FLAGS = {}\n"
                     "COSMO_INCLUDE = {}\n"
                     "COSMO_RUNTIME = {}\n\n"
                     "{}: {}.c cosmo-runtime.o{}\n"
                     "\t$(CC) $(CFLAGS) -I$(COSMO_INCLUDE) $(PROGRAM_FLAGS) "
                     "-o $(CURDIR)/$@ $(CURDIR)/{}.c $(CURDIR)/cosmo-runtime.o"
                     "{}\n\n"
                     "# cosmo's replay runtime: cosmo.h and SV-COMP's functions "
                     "natively.\n"
                     "cosmo-runtime.o: $(COSMO_RUNTIME)\n"
                     "\t$(CC) -g -w -c -o $@ $(COSMO_RUNTIME)\n\n"
                     "{}"
                     "check: {}\n\t./{}\n\n.PHONY: check\n",
                     entry, target, shellWords(programFlags), include, runtime,
                     base, base, objects, base,
                     [&] {
                       std::string o;
                       for (const OtherUnit &u : others)
                         o += " $(CURDIR)/" + u.object;
                       return o;
                     }(),
                     unitRules, base, base)});
    return files;
  }
  std::string wrapper = fmt::format(
      "// GoogleTest cases for {}(), generated by cosmo: each runs one test of\n"
      "// {}_cases.c (one completed path of the --entry run).\n"
      "#include <gtest/gtest.h>\n\n",
      entry, base);
  for (const std::string &n : names)
    wrapper += fmt::format("extern \"C\" int cosmo_{}(void);\n", n);
  for (size_t i = 0; i < names.size(); ++i)
    wrapper += fmt::format("\nTEST(Cosmo_{}, {}) {{\n  EXPECT_EQ(cosmo_{}(), 0) "
                           "<< \"path of {}\";\n}}\n",
                           entry, names[i], names[i], tests[i].file);
  files.push_back({base + "_cases.c", cases});
  files.push_back({base + ".cpp", wrapper});
  auto cmakeList = [](const std::vector<std::string> &words) {
    std::string out;
    for (const std::string &w : words) {
      out += ";";
      for (char c : w)
        out += c == '"' || c == '\\' ? std::string("\\") + c : std::string(1, c);
    }
    return out;
  };
  std::string unitLibraries, unitObjects;
  for (size_t k = 0; k < others.size(); ++k) {
    unitLibraries += fmt::format(
        "add_library(cosmo_unit_{0} OBJECT {1})\n"
        "target_compile_options(cosmo_unit_{0} PRIVATE \"-w{2}\")\n",
        k, others[k].path, cmakeList(others[k].flags));
    unitObjects += fmt::format(" $<TARGET_OBJECTS:cosmo_unit_{}>", k);
  }
  files.push_back(
      {"CMakeLists.txt",
       fmt::format(
           "# Builds the GoogleTest cases cosmo generated for {}():\n"
           "#   cmake -S . -B build && cmake --build build && ctest --test-dir build\n"
           "cmake_minimum_required(VERSION 3.16)\n"
           "if(NOT CMAKE_C_COMPILER)\n  set(CMAKE_C_COMPILER clang-14)\nendif()\n"
           "if(NOT CMAKE_CXX_COMPILER)\n  set(CMAKE_CXX_COMPILER clang++-14)\nendif()\n"
           "project(cosmo_{}_tests C CXX)\n"
           "{}"
           "find_package(GTest REQUIRED)\n"
           "# cosmo's replay runtime: cosmo.h and SV-COMP's functions natively.\n"
           "add_library(cosmo_runtime STATIC {})\n"
           "target_compile_options(cosmo_runtime PRIVATE -w)\n"
           "{}"
           "add_executable({} {}_cases.c {}.cpp{})\n"
           "target_include_directories({} PRIVATE {})\n"
           "set_source_files_properties({}_cases.c PROPERTIES COMPILE_OPTIONS "
           "\"-Wall;-Werror{}\")\n"
           "target_compile_options({} PRIVATE -Wall)\n"
           "target_link_libraries({} PRIVATE cosmo_runtime GTest::gtest_main)\n"
           "enable_testing()\n"
           "add_test(NAME {} COMMAND {})\n",
           entry, entry,
           target.empty()
               ? ""
               : fmt::format("add_compile_options({0})\nadd_link_options({0})\n",
                             target.substr(1)),
           runtime, unitLibraries, base, base, base, unitObjects, base,
           include, base, cmakeList(programFlags), base, base, base, base)});
  return files;
}

} // namespace cosmo::report
