//===- FileTest.cpp - libc/stream.c and files.c against glibc -------------===//
//
// The natively built libc reads the files NativeEnvironment.h gives it
// (A, B, ...); glibc reads the same bytes from real files. The same
// sequence of calls must give the same results, byte for byte, with the
// same end-of-file and error indicators.
//
//===----------------------------------------------------------------------===//

#include "NativeEnvironment.h"
#include "Prefixed.h"

#include <gtest/gtest.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <string>
#include <unistd.h>
#include <vector>

namespace {

/// The effects of a script of calls on one stream: what it read and what
/// each call returned, as text.
using Script = std::string (*)(void *cosmo, FILE *glibc);

class Files : public ::testing::Test {
protected:
  static void SetUpTestSuite() {
    dir_ = new std::filesystem::path(std::filesystem::temp_directory_path() /
                                     ("cosmo-libc-files-" +
                                      std::to_string(getpid())));
    std::filesystem::create_directories(*dir_);
    for (size_t k = 0; k < nativeFiles().size(); ++k) {
      std::ofstream out(*dir_ / std::string(1, char('A' + k)),
                        std::ios::binary);
      out << nativeFiles()[k];
    }
  }
  static void TearDownTestSuite() {
    std::filesystem::remove_all(*dir_);
    delete dir_;
  }
  static std::string pathOf(const std::string &name) {
    return (*dir_ / name).string();
  }
  static std::filesystem::path *dir_;
};
std::filesystem::path *Files::dir_ = nullptr;

// Appends what glibc's and cosmo's streams do: the transcript of each.
struct Transcript {
  std::string cosmo, glibc;
  template <typename T> void add(const T &c, const T &g) {
    cosmo += std::to_string(c) + ";";
    glibc += std::to_string(g) + ";";
  }
  void addText(const std::string &c, const std::string &g) {
    cosmo += "[" + c + "]";
    glibc += "[" + g + "]";
  }
};

void flags(Transcript &t, void *c, FILE *g) {
  t.add(cosmo_libc_feof(c) != 0, feof(g) != 0);
  t.add(cosmo_libc_ferror(c) != 0, ferror(g) != 0);
}

// Runs `body` on file `name` opened by both with `mode`.
template <typename Body>
Transcript onBoth(const std::string &name, const std::string &path,
                  const char *mode, Body body) {
  Transcript t;
  void *c = cosmo_libc_fopen(name.c_str(), mode);
  FILE *g = fopen(path.c_str(), mode);
  EXPECT_NE(c, nullptr) << name;
  EXPECT_NE(g, nullptr) << path;
  if (!c || !g)
    return t;
  body(t, c, g);
  flags(t, c, g);
  t.add(cosmo_libc_fclose(c), fclose(g));
  return t;
}

TEST_F(Files, FgetcReadsEveryByteThenEndOfFile) {
  for (size_t k = 0; k < nativeFiles().size(); ++k) {
    std::string name(1, char('A' + k));
    Transcript t = onBoth(name, pathOf(name), "r", [](Transcript &t, void *c, FILE *g) {
      for (int i = 0; i < 400; ++i) {
        int a = cosmo_libc_fgetc(c), b = fgetc(g);
        t.add(a, b);
        if (a == EOF && b == EOF)
          break;
      }
      flags(t, c, g);
      t.add(cosmo_libc_fgetc(c), fgetc(g)); // again at the end
    });
    EXPECT_EQ(t.cosmo, t.glibc) << "file " << name;
  }
}

TEST_F(Files, FgetsSplitsLinesAsGlibcForEverySize) {
  for (int size : {1, 2, 3, 6, 64, 400}) {
    for (size_t k = 0; k < nativeFiles().size(); ++k) {
      std::string name(1, char('A' + k));
      Transcript t = onBoth(name, pathOf(name), "r", [&](Transcript &t, void *c, FILE *g) {
        for (int i = 0; i < 400; ++i) {
          std::vector<char> a(size + 1, '#'), b(size + 1, '#');
          char *ra = cosmo_libc_fgets(a.data(), size, c);
          char *rb = fgets(b.data(), size, g);
          t.add(ra != nullptr, rb != nullptr);
          if (ra && rb)
            t.addText(std::string(a.data(), size), std::string(b.data(), size));
          if (!ra && !rb)
            break;
        }
      });
      EXPECT_EQ(t.cosmo, t.glibc) << "file " << name << ", size " << size;
    }
  }
}

TEST_F(Files, FreadCountsItemsAndSetsEndOfFile) {
  for (auto [size, n] : std::vector<std::pair<size_t, size_t>>{
           {1, 1}, {1, 7}, {3, 2}, {5, 100}, {7, 1}}) {
    for (size_t k = 0; k < nativeFiles().size(); ++k) {
      std::string name(1, char('A' + k));
      Transcript t = onBoth(name, pathOf(name), "r", [&](Transcript &t, void *c, FILE *g) {
        for (int i = 0; i < 400; ++i) {
          std::string a(size * n, '#'), b(size * n, '#');
          size_t ra = cosmo_libc_fread(a.data(), size, n, c);
          size_t rb = fread(b.data(), size, n, g);
          t.add(ra, rb);
          // Only the whole items read are defined.
          t.addText(a.substr(0, ra * size), b.substr(0, rb * size));
          flags(t, c, g);
          if (ra == 0 && rb == 0)
            break;
        }
      });
      EXPECT_EQ(t.cosmo, t.glibc) << "file " << name << ", " << size << " x " << n;
    }
  }
}

TEST_F(Files, GetlineReturnsEachLineWithItsNewline) {
  for (size_t k = 0; k < nativeFiles().size(); ++k) {
    std::string name(1, char('A' + k));
    Transcript t = onBoth(name, pathOf(name), "r", [](Transcript &t, void *c, FILE *g) {
      char *la = nullptr, *lb = nullptr;
      size_t ca = 0, cb = 0;
      for (int i = 0; i < 400; ++i) {
        long ra = cosmo_libc_getline(&la, &ca, c);
        long rb = getline(&lb, &cb, g);
        t.add(ra, rb);
        if (ra > 0 && rb > 0)
          t.addText(std::string(la, ra), std::string(lb, rb));
        if (ra < 0 && rb < 0)
          break;
      }
      free(la);
      free(lb);
    });
    EXPECT_EQ(t.cosmo, t.glibc) << "file " << name;
  }
}

TEST_F(Files, SeekTellUngetAndRewindAgree) {
  for (size_t k = 0; k < nativeFiles().size(); ++k) {
    std::string name(1, char('A' + k));
    Transcript t = onBoth(name, pathOf(name), "r", [](Transcript &t, void *c, FILE *g) {
      t.add(cosmo_libc_fseek(c, 0, SEEK_END), fseek(g, 0, SEEK_END));
      t.add(cosmo_libc_ftell(c), ftell(g));
      t.add(cosmo_libc_fgetc(c), fgetc(g));
      flags(t, c, g);
      t.add(cosmo_libc_fseek(c, 3, SEEK_SET), fseek(g, 3, SEEK_SET));
      flags(t, c, g);
      t.add(cosmo_libc_fgetc(c), fgetc(g));
      t.add(cosmo_libc_ungetc('Z', c), ungetc('Z', g));
      t.add(cosmo_libc_ftell(c), ftell(g));
      t.add(cosmo_libc_fgetc(c), fgetc(g));
      t.add(cosmo_libc_fgetc(c), fgetc(g));
      t.add(cosmo_libc_fseek(c, -2, SEEK_CUR), fseek(g, -2, SEEK_CUR));
      t.add(cosmo_libc_ftell(c), ftell(g));
      t.add(cosmo_libc_fseek(c, -1, SEEK_SET), fseek(g, -1, SEEK_SET));
      t.add(cosmo_libc_ftell(c), ftell(g));
      t.add(cosmo_libc_ungetc(EOF, c), ungetc(EOF, g));
      cosmo_libc_rewind(c);
      rewind(g);
      t.add(cosmo_libc_ftell(c), ftell(g));
      t.add(cosmo_libc_fgetc(c), fgetc(g));
    });
    EXPECT_EQ(t.cosmo, t.glibc) << "file " << name;
  }
}

TEST_F(Files, AnAbsentFileIsNullWithEnoent) {
  errno = 0;
  *cosmo_libc___errno_location() = 0;
  EXPECT_EQ(cosmo_libc_fopen("Q", "r"), nullptr);
  EXPECT_EQ(fopen(pathOf("Q").c_str(), "r"), nullptr);
  EXPECT_EQ(*cosmo_libc___errno_location(), ENOENT);
  EXPECT_EQ(errno, ENOENT);
  EXPECT_EQ(cosmo_libc_open("Q", O_RDONLY), -1);
  EXPECT_EQ(cosmo_libc_fopen("A", "x"), nullptr); // a mode glibc rejects
  EXPECT_TRUE(nativeUnknownReason().empty());
}

TEST_F(Files, AWriteOnlyStreamCannotBeRead) {
  Transcript t = onBoth("out", pathOf("out"), "w", [](Transcript &t, void *c, FILE *g) {
    t.add(cosmo_libc_fputs("text", c) >= 0, fputs("text", g) >= 0);
    t.add(cosmo_libc_fgetc(c), fgetc(g));
    flags(t, c, g);
  });
  EXPECT_EQ(t.cosmo, t.glibc);
  // A read-only stream cannot be written.
  t = onBoth("A", pathOf("A"), "r", [](Transcript &t, void *c, FILE *g) {
    t.add(cosmo_libc_fputc('x', c), fputc('x', g));
    t.add(cosmo_libc_fwrite("ab", 1, 2, c), fwrite("ab", 1, 2, g));
  });
  EXPECT_EQ(t.cosmo, t.glibc);
}

TEST_F(Files, DescriptorsReadSeekAndClose) {
  for (size_t k = 0; k < nativeFiles().size(); ++k) {
    std::string name(1, char('A' + k));
    int c = cosmo_libc_open(name.c_str(), O_RDONLY);
    int g = open(pathOf(name).c_str(), O_RDONLY);
    ASSERT_GE(c, 3);
    ASSERT_GE(g, 0);
    Transcript t;
    for (int i = 0; i < 200; ++i) {
      char a[5] = {0}, b[5] = {0};
      long ra = cosmo_libc_read(c, a, 4), rb = read(g, b, 4);
      t.add(ra, rb);
      t.addText(std::string(a, 4), std::string(b, 4));
      if (ra <= 0 && rb <= 0)
        break;
    }
    t.add(cosmo_libc_lseek(c, 0, SEEK_END), lseek(g, 0, SEEK_END));
    t.add(cosmo_libc_lseek(c, 1, SEEK_SET), lseek(g, 1, SEEK_SET));
    t.add(cosmo_libc_lseek(c, -5, SEEK_CUR), lseek(g, -5, SEEK_CUR));
    t.add(cosmo_libc_write(c, "x", 1), write(g, "x", 1)); // read-only
    t.add(cosmo_libc_close(c), close(g));
    char byte;
    t.add(cosmo_libc_read(c, &byte, 1), read(g, &byte, 1)); // closed
    t.add(cosmo_libc_close(c), close(g));
    EXPECT_EQ(t.cosmo, t.glibc) << "file " << name;
  }
}

TEST(StandardInput, GetcharReadsTheEnvironmentsBytesThenEof) {
  std::string read;
  for (int c; (c = cosmo_libc_getchar()) != EOF;)
    read += static_cast<char>(c);
  EXPECT_EQ(read, nativeStandardInput());
  EXPECT_NE(cosmo_libc_feof(cosmo_libc_stdin), 0);
  EXPECT_EQ(cosmo_libc_getchar(), EOF);
}

TEST(Environment, StrerrorSaysWhatGlibcSays) {
  for (int e : {0, 1, 2, 9, 13, 22, 24, 34, 84, 200, -5})
    EXPECT_STREQ(cosmo_libc_strerror(e), strerror(e)) << e;
}

TEST(Environment, GetenvIsNullWithoutSymbolicVariables) {
  EXPECT_EQ(cosmo_libc_getenv("HOME"), nullptr);
}

} // namespace
