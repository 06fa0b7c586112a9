//===- cosmo/engine/Results.h - what exploration produces -------*- C++ -*-===//
//
// Plain data handed from the engine to the report layer: errors with their
// location, call stack and test vector, completed paths with theirs, the
// reasons paths were cut, and statistics. The engine reports each as it is
// found through RunListener, so a run cut short still hands over everything.
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_ENGINE_RESULTS_H
#define COSMO_ENGINE_RESULTS_H

#include "cosmo/solver/PipelineOptions.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cosmo::engine {

// X-macro: id, name in reports, message.
#define COSMO_ERROR_KINDS(X)                                                   \
  X(Assert, "assert", "assertion failure")                                     \
  X(DivByZero, "div-by-zero", "division by zero")                              \
  X(NullDeref, "null-deref", "null pointer dereference")                       \
  X(OutOfBounds, "out-of-bounds", "out-of-bounds memory access")               \
  X(UseAfterFree, "use-after-free", "use of freed memory")                     \
  X(DoubleFree, "double-free", "double free")                                  \
  X(InvalidFree, "invalid-free", "free of memory not allocated by malloc")     \
  X(Overflow, "overflow", "signed integer overflow")                           \
  X(Shift, "shift", "shift amount out of range")                               \
  X(FloatCast, "float-cast",                                                   \
    "floating-point value out of the range of its integer conversion")        \
  X(Precondition, "precondition", "precondition violated")                     \
  X(Postcondition, "postcondition", "postcondition violated")                  \
  X(InvariantEstablished, "invariant-established",                             \
    "loop invariant not established")                                          \
  X(InvariantPreserved, "invariant-preserved", "loop invariant not preserved") \
  X(Assigns, "assigns", "write outside a function's assigns clause")         \
  X(Leak, "memory-leak", "allocated memory no longer pointed to")            \
  X(Cleanup, "memcleanup", "allocated memory not freed at exit")

enum class ErrorKind {
#define X(id, name, msg) id,
  COSMO_ERROR_KINDS(X)
#undef X
};
const char *errorKindName(ErrorKind k);
/// The kind named `name` in reports, if any.
std::optional<ErrorKind> errorKindNamed(std::string_view name);

/// The C data model of the analysed module, from its pointer width:
/// LP64 (64-bit long and pointers) or ILP32 (32-bit int, long and
/// pointers, as `clang -m32` compiles for i386).
enum class DataModel { LP64, ILP32 };
/// "LP64", "ILP32" (report.json, test vectors, SV-COMP witnesses).
const char *dataModelName(DataModel model);
std::optional<DataModel> dataModelNamed(std::string_view name);

struct SourceLocation {
  std::string file; // as recorded in debug info (may be empty)
  unsigned line = 0;
  std::string function;
  unsigned column = 0; // 0: unknown
};

/// A function the program calls that has no definition (nor a model, a stub
/// or a meaning to the engine).
struct ExternalFunction {
  std::string name;
  SourceLocation firstCall; // one of the program's calls to it
};

/// One symbolic input with its value on a path.
/// How an input's bytes read in C, from the nondet function's name or the
/// debug information of the variable or parameter.
struct InputType {
  enum class Kind {
    Unknown,       // bytes (scalars of at most 8 bytes: signed decimal)
    Signed,        // a signed integer type
    Unsigned,      // an unsigned integer type
    Bool,          // _Bool
    Char,          // char, signed char, unsigned char
    Pointer,       // any pointer
    Float,         // float or double (by its size)
    Text,          // an array of char: a string literal
    SignedArray,   // an array of a signed integer type
    UnsignedArray, // an array of an unsigned integer type
    Struct,        // a struct: its fields
  };
  Kind kind = Kind::Unknown;
  std::string name;          // as C names it: "long long", "size_t", "char[8]"
  unsigned elementBytes = 0; // arrays: the size of an element
  bool signedChar = true;    // Char, Text: char is signed (x86)
  std::vector<struct InputField> fields; // Struct: its members, in order
};

/// A member of a struct input: where its bytes are and how they read.
struct InputField {
  std::string name;
  uint64_t offset = 0, size = 0; // bytes
  InputType type;
};

/// "signed", "unsigned", "bool", "char", "unsigned-char", "pointer",
/// "float", "text", "signed-array", "unsigned-array", "struct" (test
/// vectors' "type_kind");
/// empty for Unknown.
std::string inputKindName(const InputType &type);
/// `type` with the kind `name` names; false if it names none.
bool setInputKind(InputType &type, std::string_view name);

struct TestInput {
  std::string name;
  std::string source;   // nondet | symbolic | argument | input-memory | global
  std::string function; // the call that created it, if any
  std::vector<uint8_t> bytes; // little-endian
  SourceLocation location = {}; // of that call in the program, if any
  InputType type = {};
};

/// A pointer in the inputs of an --entry run that the path resolved by
/// lazy initialisation (seed 002 section IV.C): the pointer stored at
/// `offset` of `holder` (an input object's name, or a pointer argument's
/// name with offset 0) points to the start of input object `target`, or is
/// null when `target` is empty.
struct InputPointer {
  std::string holder;
  uint64_t offset = 0;
  std::string target;
};

/// The C prototype of the entry function, from its debug information: what
/// a native harness needs to call it.
struct EntrySignature {
  std::string returnType; // "void", "int", "struct node *", ...
  std::vector<std::pair<std::string, std::string>> params; // (name, type)
  /// Globals the run takes as inputs (EngineOptions::globalsAsInputs) that
  /// a harness can name: `internal` ones (static) only in their own unit,
  /// the others by their symbol.
  struct Global {
    std::string name;
    bool internal = false;
  };
  std::vector<Global> globals;
};

struct TestVector {
  std::string outcome; // completed | error
  std::optional<ErrorKind> errorKind;
  SourceLocation errorLocation;
  /// The calls that led to the error, innermost first (ErrorReport::stack
  /// without its first entry): native replay matches a stack that lost the
  /// error's own frame against them.
  std::vector<SourceLocation> errorCallers;
  std::vector<TestInput> inputs;
  std::vector<InputPointer> pointers; // --entry runs
};

struct ErrorReport {
  ErrorKind kind;
  SourceLocation location;
  std::string message;
  std::vector<SourceLocation> stack; // innermost first
  TestVector test;
  /// Seconds from the start of the exploration to this error.
  double seconds = 0;
  /// --inputs=shaped: why the error needs something only a caller of the
  /// entry decides (a null pointer in a struct, a field's value, an object
  /// smaller than its accesses), and that condition over the inputs; empty
  /// for a manifest error, which valid inputs reach.
  std::string latent;
  std::string latentCondition;
  /// The path's condition reads memory never written (an uninitialised
  /// local or heap block, an undefined value): cosmo takes it as any
  /// value, a native run as what the stack or heap holds, so a native run
  /// of the test may take another path.
  bool readsUninitialised = false;
};

/// Lines of one source file that hold code, and those a path executed.
struct FileCoverage {
  std::string file; // as recorded in debug info
  std::vector<unsigned> lines, covered; // sorted
};

/// Where a running exploration stands (RunListener::onProgress).
struct Progress {
  uint64_t pathsDone = 0; // completed, errored or cut
  uint64_t errors = 0;
  uint64_t statesPending = 0;
  uint64_t blocksCovered = 0, blocksTotal = 0;
  uint64_t solverQueries = 0;
  double elapsedSeconds = 0;
  double timeLimitSeconds = 0; // 0: none
};

enum class Verdict { True, False, Unknown };
const char *verdictName(Verdict v);

struct RunStats {
  uint64_t instructions = 0;
  uint64_t pathsCompleted = 0;
  uint64_t pathsErrored = 0;
  uint64_t pathsCut = 0; // ended by a limit, an unsupported construct or
                         // a solver unknown
  /// Of the completed paths, those ended where no assertion could fail any
  /// more (EngineOptions::endPathsPastAssertions).
  uint64_t pathsPastAssertions = 0;
  /// Completed paths given a test (--tests), and the policy's name.
  uint64_t completedTests = 0;
  std::string testPolicy = "all";
  uint64_t statesForked = 0;
  /// States that joined another at a merge point (--merge), in the
  /// program's run and in the isolated runs of formula summaries.
  std::string solverOptions; // the pipeline's layers, as --solver-opts
  solver::PipelineStats solver;
  double wallSeconds = 0;
  uint64_t peakMemoryKB = 0;
  /// The most states alive at once, and states dropped at the memory
  /// limit.
  uint64_t peakStates = 0;
  uint64_t statesDropped = 0;
  uint64_t basicBlocksTotal = 0;
  uint64_t basicBlocksCovered = 0;
};

struct RunSummary {
  Verdict verdict = Verdict::Unknown;
  std::string reason;
  std::vector<ErrorReport> errors;
  /// Distinct reasons some path was cut (each once).
  std::vector<std::string> unknownReasons;
  RunStats stats;
  /// Per source file of the program (not cosmo's models), by file name.
  std::vector<FileCoverage> coverage;
  /// Functions the program calls without a definition, by name.
  std::vector<ExternalFunction> externals;
};

/// Receives results as they are found.
class RunListener {
public:
  virtual ~RunListener();
  virtual void onError(const ErrorReport &error) = 0;
  virtual void onCompletedPath(const TestVector &test) = 0;
  /// Called about four times a second while the exploration runs.
  virtual void onProgress(const Progress &) {}
};

} // namespace cosmo::engine

#endif // COSMO_ENGINE_RESULTS_H
