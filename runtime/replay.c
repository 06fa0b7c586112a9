/* replay.c -- cosmo's native replay runtime.
 *
 * Linked into a program under test so that it runs natively on the inputs of
 * one test vector. The inputs come from the file named by COSMO_REPLAY_FILE
 * (docs/output-format.md): one line per input, `<source> <size> <hex>`, in the
 * order the program asked for them. `nondet` lines feed __VERIFIER_nondet_*
 * and klee_range, `symbolic` lines feed klee_make_symbolic / cosmo_symbolic.
 *
 * Errors the runtime detects itself (failed cosmo_assert / klee_assert, a
 * call to reach_error) are printed to stderr as
 *     COSMO-REPLAY-ERROR <kind> <file>:<line>
 * followed by _exit(77). The line is the caller's, found by symbolizing the
 * return address, so build the program with `-g -no-pie`. Calls to a
 * reach_error() that the program defines itself are seen through
 * `-finstrument-functions` (build the program with it, and this file without).
 *
 * Programs with ACSL annotations run natively from their instrumented text
 * (frontend/AcslInstrument.h, built for a native run): the __cosmo_acsl_*
 * functions at the end of this file check their clauses at run time and
 * report a violation as COSMO-REPLAY-ERROR <clause kind> <file>:<line>.
 *
 * Only libc (and AddressSanitizer's interface, when built with it, for
 * ACSL's \valid); no LLVM dependency.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#define NO_INSTRUMENT __attribute__((no_instrument_function))
/* SV-COMP programs sometimes define these themselves (assume_abort_if_not
 * especially); theirs then win over ours. */
#define SVCOMP_API __attribute__((weak, no_instrument_function))

enum { REPLAY_ERROR_EXIT_CODE = 77, REPLAY_SETUP_EXIT_CODE = 2 };

/* ------------------------------------------------------------------------ */
/* Diagnostics                                                              */
/* ------------------------------------------------------------------------ */

NO_INSTRUMENT static void replay_warning(const char *format, ...) {
  va_list args;
  va_start(args, format);
  fputs("cosmo-replay: warning: ", stderr);
  vfprintf(stderr, format, args);
  fputc('\n', stderr);
  va_end(args);
}

NO_INSTRUMENT __attribute__((noreturn)) static void
replay_fatal(const char *format, ...) {
  va_list args;
  va_start(args, format);
  fputs("cosmo-replay: error: ", stderr);
  vfprintf(stderr, format, args);
  fputc('\n', stderr);
  va_end(args);
  _exit(REPLAY_SETUP_EXIT_CODE);
}

/* ------------------------------------------------------------------------ */
/* The replay file                                                          */
/* ------------------------------------------------------------------------ */

enum input_source { SOURCE_NONDET, SOURCE_SYMBOLIC, SOURCE_ACSL, SOURCE_COUNT };

static const char *const source_names[SOURCE_COUNT] = {"nondet", "symbolic",
                                                       "acsl"};

struct recorded_input {
  size_t size;
  unsigned char *bytes;
};

/* One queue per source, consumed front to back. */
struct input_queue {
  struct recorded_input *items;
  size_t count;
  size_t capacity;
  size_t next;
};

static struct input_queue input_queues[SOURCE_COUNT];
static int replay_file_loaded;

NO_INSTRUMENT static int hex_digit_value(int c) {
  if (c >= '0' && c <= '9')
    return c - '0';
  if (c >= 'a' && c <= 'f')
    return c - 'a' + 10;
  if (c >= 'A' && c <= 'F')
    return c - 'A' + 10;
  return -1;
}

NO_INSTRUMENT static void queue_push(struct input_queue *queue,
                                     struct recorded_input input) {
  if (queue->count == queue->capacity) {
    size_t capacity = queue->capacity ? 2 * queue->capacity : 16;
    struct recorded_input *items =
        realloc(queue->items, capacity * sizeof *items);
    if (!items)
      replay_fatal("out of memory reading the replay file");
    queue->items = items;
    queue->capacity = capacity;
  }
  queue->items[queue->count++] = input;
}

/* Parses `<source> <size> <hex>`; lines of other sources (argument,
 * input-memory) are skipped: the native program has no use for them. */
NO_INSTRUMENT static void parse_replay_line(char *line, size_t line_number,
                                            const char *path) {
  char *cursor = line;
  while (*cursor == ' ' || *cursor == '\t')
    ++cursor;
  if (*cursor == '\0' || *cursor == '\n' || *cursor == '#')
    return;

  char *source = cursor;
  while (*cursor && *cursor != ' ' && *cursor != '\t' && *cursor != '\n')
    ++cursor;
  if (*cursor)
    *cursor++ = '\0';

  int source_index = -1;
  for (int i = 0; i < SOURCE_COUNT; ++i)
    if (strcmp(source, source_names[i]) == 0)
      source_index = i;
  if (source_index < 0)
    return;

  errno = 0;
  char *size_end = NULL;
  unsigned long long size = strtoull(cursor, &size_end, 10);
  if (size_end == cursor || errno != 0)
    replay_fatal("%s:%zu: expected `<source> <size> <hex>`", path,
                 line_number);
  cursor = size_end;
  while (*cursor == ' ' || *cursor == '\t')
    ++cursor;

  struct recorded_input input = {(size_t)size, NULL};
  input.bytes = malloc(input.size ? input.size : 1);
  if (!input.bytes)
    replay_fatal("out of memory reading the replay file");
  for (size_t i = 0; i < input.size; ++i) {
    int high = hex_digit_value((unsigned char)cursor[2 * i]);
    int low = high < 0 ? -1 : hex_digit_value((unsigned char)cursor[2 * i + 1]);
    if (high < 0 || low < 0)
      replay_fatal("%s:%zu: expected %llu bytes of hex", path, line_number,
                   size);
    input.bytes[i] = (unsigned char)(high * 16 + low);
  }
  queue_push(&input_queues[source_index], input);
}

NO_INSTRUMENT static void load_replay_file(void) {
  if (replay_file_loaded)
    return;
  replay_file_loaded = 1;

  const char *path = getenv("COSMO_REPLAY_FILE");
  if (!path || !*path) {
    replay_warning("COSMO_REPLAY_FILE is not set; every input is 0");
    return;
  }
  FILE *file = fopen(path, "r");
  if (!file)
    replay_fatal("cannot open COSMO_REPLAY_FILE '%s': %s", path,
                 strerror(errno));

  char *line = NULL;
  size_t line_capacity = 0;
  size_t line_number = 0;
  while (getline(&line, &line_capacity, file) != -1)
    parse_replay_line(line, ++line_number, path);
  free(line);
  fclose(file);
}

/* Copies the next recorded input of `source` into `dest` (`size` bytes).
 * A shorter or missing input is padded with zeros, with a warning. */
NO_INSTRUMENT static void take_input(enum input_source source, void *dest,
                                     size_t size, const char *requester) {
  load_replay_file();
  struct input_queue *queue = &input_queues[source];
  memset(dest, 0, size);
  if (queue->next == queue->count) {
    replay_warning("%s: no %s input left in the replay file; using 0",
                   requester, source_names[source]);
    return;
  }
  struct recorded_input *input = &queue->items[queue->next++];
  if (input->size != size)
    replay_warning("%s: recorded %s input %zu has %zu bytes, %zu requested",
                   requester, source_names[source], queue->next,
                   input->size, size);
  memcpy(dest, input->bytes, input->size < size ? input->size : size);
}

/* Reads the next nondet input as a little-endian integer of `width` bytes. */
NO_INSTRUMENT static uint64_t take_nondet(size_t width,
                                          const char *requester) {
  unsigned char bytes[sizeof(uint64_t)];
  take_input(SOURCE_NONDET, bytes, width, requester);
  uint64_t value = 0;
  for (size_t i = width; i-- > 0;)
    value = (value << 8) | bytes[i];
  return value;
}

/* Whether the next nondet input exists; klee_range needs to know. */
NO_INSTRUMENT static int nondet_input_left(void) {
  load_replay_file();
  return input_queues[SOURCE_NONDET].next < input_queues[SOURCE_NONDET].count;
}

/* ------------------------------------------------------------------------ */
/* Source locations of return addresses                                     */
/* ------------------------------------------------------------------------ */

struct source_location {
  char file[256];
  unsigned line;
};

/* Parses `.../file.c:LINE[:COL][ (discriminator N)]`; returns 0 otherwise. */
NO_INSTRUMENT static int parse_location_line(char *text,
                                             struct source_location *loc) {
  text[strcspn(text, "\r\n")] = '\0';
  char *discriminator = strstr(text, " (discriminator");
  if (discriminator)
    *discriminator = '\0';

  unsigned numbers[2];
  int found = 0;
  char *end = text + strlen(text);
  while (found < 2) {
    char *colon = end;
    while (colon > text && colon[-1] >= '0' && colon[-1] <= '9')
      --colon;
    if (colon == end || colon == text || colon[-1] != ':')
      break;
    numbers[found++] = (unsigned)strtoul(colon, NULL, 10);
    end = colon - 1;
    *end = '\0';
  }
  if (found == 0 || end == text || strcmp(text, "??") == 0)
    return 0;

  const char *slash = strrchr(text, '/');
  snprintf(loc->file, sizeof loc->file, "%s", slash ? slash + 1 : text);
  loc->line = numbers[found - 1]; /* file:LINE:COL or file:LINE */
  return loc->line != 0;
}

/* Runs `symbolizer` on `address` of `executable`; 1 on success. */
NO_INSTRUMENT static int run_symbolizer(const char *symbolizer,
                                        const char *executable,
                                        uintptr_t address,
                                        struct source_location *loc) {
  char address_text[32];
  snprintf(address_text, sizeof address_text, "0x%lx",
           (unsigned long)address);
  char object_option[4200];
  const char *argv[6];
  if (strstr(symbolizer, "addr2line")) {
    argv[0] = symbolizer;
    argv[1] = "-e";
    argv[2] = executable;
    argv[3] = address_text;
    argv[4] = NULL;
  } else {
    snprintf(object_option, sizeof object_option, "--obj=%s", executable);
    argv[0] = symbolizer;
    argv[1] = "--no-inlines";
    argv[2] = object_option;
    argv[3] = address_text;
    argv[4] = NULL;
  }

  int pipe_fds[2];
  if (pipe(pipe_fds) != 0)
    return 0;
  pid_t child = fork();
  if (child < 0) {
    close(pipe_fds[0]);
    close(pipe_fds[1]);
    return 0;
  }
  if (child == 0) {
    dup2(pipe_fds[1], STDOUT_FILENO);
    close(pipe_fds[0]);
    close(pipe_fds[1]);
    execvp(symbolizer, (char *const *)argv);
    _exit(127);
  }
  close(pipe_fds[1]);
  FILE *output = fdopen(pipe_fds[0], "r");
  int found = 0;
  if (output) {
    char text[4096];
    while (!found && fgets(text, sizeof text, output))
      found = parse_location_line(text, loc);
    while (fgets(text, sizeof text, output)) {
    }
    fclose(output);
  } else {
    close(pipe_fds[0]);
  }
  int status;
  while (waitpid(child, &status, 0) < 0 && errno == EINTR) {
  }
  return found;
}

/* The file and line of the call instruction that returns to `return_address`. */
NO_INSTRUMENT static struct source_location
locate_call_site(void *return_address) {
  struct source_location loc = {"??", 0};
  char executable[4096];
  ssize_t length = readlink("/proc/self/exe", executable, sizeof executable - 1);
  if (length <= 0)
    return loc;
  executable[length] = '\0';

  /* One byte back lands inside the call instruction itself. */
  uintptr_t call_address = (uintptr_t)return_address - 1;
  const char *candidates[] = {getenv("COSMO_REPLAY_SYMBOLIZER"),
                              getenv("ASAN_SYMBOLIZER_PATH"),
                              "llvm-symbolizer-14", "llvm-symbolizer",
                              "llvm-addr2line-14", "addr2line"};
  for (size_t i = 0; i < sizeof candidates / sizeof candidates[0]; ++i)
    if (candidates[i] && *candidates[i] &&
        run_symbolizer(candidates[i], executable, call_address, &loc))
      return loc;
  replay_warning("cannot symbolize address 0x%lx of %s",
                 (unsigned long)call_address, executable);
  return loc;
}

/* ------------------------------------------------------------------------ */
/* Error reporting                                                          */
/* ------------------------------------------------------------------------ */

NO_INSTRUMENT __attribute__((noreturn)) static void
report_error_at(const char *kind, const char *file, unsigned line) {
  fflush(stdout);
  fprintf(stderr, "COSMO-REPLAY-ERROR %s %s:%u\n", kind, file, line);
  fflush(stderr);
  _exit(REPLAY_ERROR_EXIT_CODE);
}

NO_INSTRUMENT __attribute__((noreturn)) static void
report_error_at_call(const char *kind, void *return_address) {
  struct source_location loc = locate_call_site(return_address);
  report_error_at(kind, loc.file, loc.line);
}

/* An assumption that does not hold: the path is infeasible, end it quietly. */
NO_INSTRUMENT static void end_path_unless(int condition) {
  if (!condition) {
    fflush(stdout);
    _exit(0);
  }
}

/* ------------------------------------------------------------------------ */
/* SV-COMP                                                                  */
/* ------------------------------------------------------------------------ */

#define DEFINE_NONDET(suffix, type)                                            \
  SVCOMP_API type __VERIFIER_nondet_##suffix(void) {                        \
    type value;                                                                \
    uint64_t bits = take_nondet(sizeof(type), "__VERIFIER_nondet_" #suffix);   \
    memcpy(&value, &bits, sizeof value); /* little-endian host */              \
    return value;                                                              \
  }

DEFINE_NONDET(int, int)
DEFINE_NONDET(uint, unsigned int)
DEFINE_NONDET(unsigned, unsigned int)
DEFINE_NONDET(char, char)
DEFINE_NONDET(uchar, unsigned char)
DEFINE_NONDET(short, short)
DEFINE_NONDET(ushort, unsigned short)
DEFINE_NONDET(long, long)
DEFINE_NONDET(ulong, unsigned long)
DEFINE_NONDET(longlong, long long)
DEFINE_NONDET(ulonglong, unsigned long long)
DEFINE_NONDET(pointer, void *)
DEFINE_NONDET(size_t, size_t)
DEFINE_NONDET(float, float)
DEFINE_NONDET(double, double)

SVCOMP_API _Bool __VERIFIER_nondet_bool(void) {
  return take_nondet(1, "__VERIFIER_nondet_bool") != 0;
}

SVCOMP_API void __VERIFIER_assume(int condition) {
  end_path_unless(condition);
}

SVCOMP_API void assume_abort_if_not(int condition) {
  end_path_unless(condition);
}

/* The program usually defines reach_error() itself; this weak definition
 * serves programs that only declare it. Either way `reach_error` names the
 * function that __cyg_profile_func_enter watches for. */
SVCOMP_API void reach_error(void) {
  report_error_at_call("assert", __builtin_return_address(0));
}

SVCOMP_API void __VERIFIER_error(void) {
  report_error_at_call("assert", __builtin_return_address(0));
}

/* Called on entry to every function of a program built with
 * -finstrument-functions; `call_site` is the return address in the caller. */
NO_INSTRUMENT void __cyg_profile_func_enter(void *function, void *call_site) {
  if (function == (void *)&reach_error)
    report_error_at_call("assert", call_site);
}

NO_INSTRUMENT static void end_loop_frames(void *own);

NO_INSTRUMENT void __cyg_profile_func_exit(void *function, void *call_site) {
  (void)function;
  (void)call_site;
  end_loop_frames(__builtin_frame_address(1));
}

/* ------------------------------------------------------------------------ */
/* cosmo.h                                                                  */
/* ------------------------------------------------------------------------ */

NO_INSTRUMENT void cosmo_symbolic(void *ptr, size_t size, const char *name) {
  take_input(SOURCE_SYMBOLIC, ptr, size, name ? name : "cosmo_symbolic");
}

NO_INSTRUMENT void cosmo_assume(int condition) { end_path_unless(condition); }

NO_INSTRUMENT void cosmo_assert(int condition) {
  if (!condition)
    report_error_at_call("assert", __builtin_return_address(0));
}

/* ------------------------------------------------------------------------ */
/* klee/klee.h                                                              */
/* ------------------------------------------------------------------------ */

NO_INSTRUMENT void klee_make_symbolic(void *addr, size_t nbytes,
                                      const char *name) {
  take_input(SOURCE_SYMBOLIC, addr, nbytes, name ? name : "klee_make_symbolic");
}

NO_INSTRUMENT void klee_assume(uintptr_t condition) {
  end_path_unless(condition != 0);
}

/* A value in [begin, end). Without a recorded input, `begin`. */
NO_INSTRUMENT int klee_range(int begin, int end, const char *name) {
  if (!nondet_input_left()) {
    replay_warning("klee_range(%s): no nondet input left; using %d",
                   name ? name : "", begin);
    return begin;
  }
  int value = (int)(uint32_t)take_nondet(sizeof(int), "klee_range");
  if (value < begin || value >= end)
    replay_warning("klee_range(%s): recorded %d is outside [%d, %d)",
                   name ? name : "", value, begin, end);
  return value;
}

NO_INSTRUMENT void klee_assert(int condition) {
  if (!condition)
    report_error_at_call("assert", __builtin_return_address(0));
}

NO_INSTRUMENT void klee_silent_exit(int status) {
  fflush(stdout);
  _exit(status);
}

NO_INSTRUMENT void klee_report_error(const char *file, int line,
                                     const char *message, const char *suffix) {
  const char *slash = file ? strrchr(file, '/') : NULL;
  fprintf(stderr, "cosmo-replay: klee_report_error: %s (%s)\n",
          message ? message : "", suffix ? suffix : "");
  report_error_at("assert", slash ? slash + 1 : (file ? file : "??"),
                  line > 0 ? (unsigned)line : 0);
}

/* ------------------------------------------------------------------------ */
/* ACSL annotations (frontend/AcslInstrument.h)                             */
/* ------------------------------------------------------------------------ */

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#include <sanitizer/asan_interface.h>
#define COSMO_HAVE_ASAN 1
#endif
#endif

/* The error kinds of frontend::acsl::CheckKind, as report.json names them. */
NO_INSTRUMENT static const char *acsl_kind_name(int kind) {
  static const char *const names[] = {"precondition", "postcondition",
                                      "invariant-established",
                                      "invariant-preserved", "assert"};
  return kind >= 0 && kind < 5 ? names[kind] : "assert";
}

NO_INSTRUMENT static void acsl_violated(int kind, const char *clause,
                                        const char *file, unsigned line) {
  const char *bar = strchr(clause, '|');
  fprintf(stderr, "cosmo-replay: %s does not hold\n", bar ? bar + 1 : clause);
  report_error_at(acsl_kind_name(kind), file, line);
}

/* A clause of a contract, a loop invariant or an assertion: reported at
 * the clause's line in the caller's file. */
NO_INSTRUMENT void __cosmo_acsl_check(int ok, int kind, int line,
                                      const char *clause) {
  if (ok)
    return;
  struct source_location loc = locate_call_site(__builtin_return_address(0));
  acsl_violated(kind, clause, loc.file, (unsigned)line);
}

/* A precondition: reported at the call of the function (`call_site`, the
 * return address into the caller). */
NO_INSTRUMENT void __cosmo_acsl_check_call(int ok, int kind, int line,
                                           const char *clause,
                                           void *call_site) {
  (void)line;
  if (ok)
    return;
  struct source_location loc = locate_call_site(call_site);
  acsl_violated(kind, clause, loc.file, loc.line);
}

/* A requires clause the inputs break: the vector does not fit the
 * program; the run ends there. */
NO_INSTRUMENT void __cosmo_acsl_assume(int ok) {
  if (ok)
    return;
  replay_warning("an ACSL assumption (requires) does not hold on these "
                 "inputs");
  fflush(stdout);
  _exit(0);
}

/* A checked quantifier's variable: the value the analysed path chose.
 * Where the path did not check the clause (a callee it used through its
 * contract runs natively), any value will do: 0, with one warning. */
NO_INSTRUMENT long long __cosmo_acsl_any(void) {
  static int warned;
  long long value = 0;
  struct input_queue *queue = &input_queues[SOURCE_ACSL];
  load_replay_file();
  if (queue->next == queue->count) {
    if (!warned++)
      replay_warning("ACSL quantifiers checked where the analysis did not "
                     "check them take the value 0");
    return 0;
  }
  take_input(SOURCE_ACSL, &value, sizeof value, "an ACSL quantifier");
  return value;
}

NO_INSTRUMENT long long __cosmo_acsl_fresh(void) { return 0; }

NO_INSTRUMENT void __cosmo_acsl_unknown(const char *why) {
  replay_warning("the run reached what cosmo does not check natively: %s",
                 why);
  fflush(stdout);
  _exit(0);
}

NO_INSTRUMENT void __cosmo_acsl_weakened(const char *why) { (void)why; }

/* \valid(p + (lo .. hi)): natively, no byte of the range is poisoned by
 * AddressSanitizer (objects are surrounded by poisoned red zones). An
 * assumed one holds: the inputs were built to satisfy it. */
NO_INSTRUMENT int __cosmo_acsl_valid(const void *p, long lo, long hi,
                                     unsigned long elem, int assumed) {
  if (assumed || lo > hi)
    return 1;
  if (!p)
    return 0;
  const char *start = (const char *)p + lo * (long)elem;
  size_t size = (size_t)(hi - lo + 1) * elem;
#ifdef COSMO_HAVE_ASAN
  return __asan_region_is_poisoned((void *)start, size) == NULL;
#else
  (void)start;
  (void)size;
  return 1;
#endif
}

/* \old(a[k]) under a quantifier: a copy of the object p points into, made
 * now. Natively the object is the run of bytes around p that
 * AddressSanitizer leaves unpoisoned (its red zones surround every
 * object); without it, p itself (the property then reads the memory as it
 * is at the end). */
NO_INSTRUMENT void *__cosmo_acsl_snapshot(const void *p) {
#ifdef COSMO_HAVE_ASAN
  if (!p || __asan_address_is_poisoned(p))
    return (void *)p;
  const char *begin = (const char *)p, *end = (const char *)p;
  while (!__asan_address_is_poisoned(begin - 1))
    --begin;
  while (!__asan_address_is_poisoned(end))
    ++end;
  char *copy = malloc((size_t)(end - begin));
  if (!copy)
    return (void *)p;
  for (const char *q = begin; q < end; ++q)
    copy[q - begin] = *q;
  return copy + ((const char *)p - begin);
#else
  return (void *)p;
#endif
}

/* What only an abstract run does (havoc, frames): nothing natively. */
NO_INSTRUMENT int __cosmo_acsl_abstract(void) { return 0; }
NO_INSTRUMENT void __cosmo_acsl_havoc(const void *p, long lo, long hi,
                                      unsigned long elem) {
  (void)p, (void)lo, (void)hi, (void)elem;
}
NO_INSTRUMENT void __cosmo_acsl_loop_havoc(int id, int memory) {
  (void)id, (void)memory;
}
NO_INSTRUMENT long long __cosmo_acsl_bound_begin(void) { return 0; }
NO_INSTRUMENT int __cosmo_acsl_bound_end(int holds, int count) {
  (void)holds, (void)count;
  return 1;
}
NO_INSTRUMENT void __cosmo_acsl_guard(int unknown) { (void)unknown; }

/* Whether the loop head is reached from outside the loop: every
 * loop_back(id, 1) is followed at once by the same loop's loop_first (the
 * instrumentation puts them at the end of an iteration and the start of
 * the head), so one flag serves every loop, recursion included. */
static int acsl_arrived_by_back_edge;

NO_INSTRUMENT int __cosmo_acsl_loop_first(int id) {
  (void)id;
  int first = !acsl_arrived_by_back_edge;
  acsl_arrived_by_back_edge = 0;
  return first;
}

NO_INSTRUMENT int __cosmo_acsl_loop_back(int id, int taken) {
  (void)id;
  if (taken)
    acsl_arrived_by_back_edge = 1;
  return taken;
}

/* ------------------------------------------------------------------------ */
/* ACSL assigns: the writes of a call checked against its clause            */
/* ------------------------------------------------------------------------ */
/* The annotated program is built with AddressSanitizer's checks as calls
 * (NativeBuild: -asan-memory-access-callback-prefix=__cosmo_asan_): each
 * store comes here first. While a contract's frame is open (its verify
 * companion calls the function), a store made inside the call to memory
 * the caller had (its stack, the program's globals, the harness's input
 * objects) outside every location the clause allows is an `assigns`
 * error at the store's line, as the engine reports it. */

struct assigns_range {
  uintptr_t begin, end;
};

struct assigns_frame {
  /* The frame of a runtime function the frame's owner calls (frame_begin):
   * the call's callbacks run below it (a loop's: also at it). */
  void *mark;
  int loop;
  void *own; /* the stack below is the call's (the loop's function's) own */
  struct assigns_range allowed[64];
  unsigned count;
  int overflowed; /* more ranges than kept: allow everything */
};

static struct assigns_frame assigns_frames[8];
static unsigned assigns_depth;

static struct assigns_range input_objects[4096];
static unsigned input_object_count;

extern void *__libc_stack_end;
extern char __data_start[] __attribute__((weak));
extern char _end[] __attribute__((weak));

/* harness.c: an input object of an --entry test (it existed before the
 * call). */
NO_INSTRUMENT void cosmo_replay_input_object(const void *p, size_t size) {
  if (input_object_count < sizeof input_objects / sizeof input_objects[0])
    input_objects[input_object_count++] =
        (struct assigns_range){(uintptr_t)p, (uintptr_t)p + size};
}

NO_INSTRUMENT void __cosmo_acsl_frame_begin(int line, const char *function) {
  (void)line, (void)function;
  if (assigns_depth == sizeof assigns_frames / sizeof assigns_frames[0])
    replay_fatal("ACSL assigns frames nested too deep");
  struct assigns_frame *f = &assigns_frames[assigns_depth++];
  f->mark = f->own = __builtin_frame_address(0);
  f->loop = 0;
  f->count = 0;
  f->overflowed = 0;
}

/* A loop's frame: from its first arrival to the end of the loop statement
 * (loop_end) or of its function (__cyg_profile_func_exit). */
NO_INSTRUMENT void __cosmo_acsl_loop_frame_begin(int line) {
  (void)line;
  if (assigns_depth == sizeof assigns_frames / sizeof assigns_frames[0])
    replay_fatal("ACSL assigns frames nested too deep");
  struct assigns_frame *f = &assigns_frames[assigns_depth++];
  f->mark = __builtin_frame_address(0);
  f->own = __builtin_frame_address(1);
  f->loop = 1;
  f->count = 0;
  f->overflowed = 0;
}

/* Ends the loop frames of the function whose frame is `own`. */
NO_INSTRUMENT static void end_loop_frames(void *own) {
  while (assigns_depth && assigns_frames[assigns_depth - 1].loop &&
         (uintptr_t)assigns_frames[assigns_depth - 1].own <= (uintptr_t)own)
    --assigns_depth;
}

NO_INSTRUMENT void __cosmo_acsl_loop_end(int id) {
  (void)id;
  if (assigns_depth && assigns_frames[assigns_depth - 1].loop &&
      assigns_frames[assigns_depth - 1].own == __builtin_frame_address(1))
    --assigns_depth;
}

NO_INSTRUMENT void __cosmo_acsl_assignable(const void *p, long lo, long hi,
                                           unsigned long elem) {
  if (!assigns_depth || lo > hi)
    return;
  struct assigns_frame *f = &assigns_frames[assigns_depth - 1];
  if (f->count == sizeof f->allowed / sizeof f->allowed[0]) {
    f->overflowed = 1;
    return;
  }
  uintptr_t base = (uintptr_t)p;
  f->allowed[f->count++] = (struct assigns_range){
      base + (uintptr_t)(lo * (long)elem), base + (uintptr_t)((hi + 1) * (long)elem)};
}

NO_INSTRUMENT void __cosmo_acsl_frame_end(void) {
  if (assigns_depth)
    --assigns_depth;
}

NO_INSTRUMENT static int within(uintptr_t a, uintptr_t begin, uintptr_t end) {
  return a >= begin && a < end;
}

/* Whether a store of [a, a + n) made by a frame at `here` breaks an open
 * assigns clause. */
NO_INSTRUMENT static int breaks_assigns(uintptr_t a, uintptr_t n, void *here) {
  for (unsigned d = assigns_depth; d-- > 0;) {
    struct assigns_frame *f = &assigns_frames[d];
    if ((uintptr_t)here > (uintptr_t)f->mark ||
        ((uintptr_t)here == (uintptr_t)f->mark && !f->loop) || f->overflowed)
      continue; /* the store is not inside this frame's call or loop */
    for (uintptr_t b = a; b < a + n; ++b) {
      int callers = within(b, (uintptr_t)f->own, (uintptr_t)__libc_stack_end) ||
                    (__data_start && _end &&
                     within(b, (uintptr_t)__data_start, (uintptr_t)_end));
      for (unsigned k = 0; !callers && k < input_object_count; ++k)
        callers = within(b, input_objects[k].begin, input_objects[k].end);
      if (!callers)
        continue;
      int allowed = 0;
      for (unsigned k = 0; !allowed && k < f->count; ++k)
        allowed = within(b, f->allowed[k].begin, f->allowed[k].end);
      if (!allowed)
        return 1;
    }
  }
  return 0;
}

/* `here`: the frame of the callback, one below the storing function's (as
 * frame_begin's is one below its caller's). */
NO_INSTRUMENT static void check_store(uintptr_t a, uintptr_t n, void *here,
                                      void *return_address) {
  if (assigns_depth && breaks_assigns(a, n, here)) {
    fprintf(stderr, "cosmo-replay: a write of %lu bytes at %#lx outside the "
                    "assigns clause\n",
            (unsigned long)n, (unsigned long)a);
    report_error_at_call("assigns", return_address);
  }
}

#ifdef COSMO_HAVE_ASAN
#define ASAN_CALLBACKS(size)                                                   \
  void __asan_load##size(uintptr_t);                                           \
  void __asan_store##size(uintptr_t);                                          \
  NO_INSTRUMENT void __cosmo_asan_load##size(uintptr_t a) {                    \
    __asan_load##size(a);                                                      \
  }                                                                            \
  NO_INSTRUMENT void __cosmo_asan_store##size(uintptr_t a) {                   \
    check_store(a, size, __builtin_frame_address(0),                          \
                __builtin_return_address(0));                         \
    __asan_store##size(a);                                                     \
  }
ASAN_CALLBACKS(1)
ASAN_CALLBACKS(2)
ASAN_CALLBACKS(4)
ASAN_CALLBACKS(8)
ASAN_CALLBACKS(16)

void __asan_loadN(uintptr_t, uintptr_t);
void __asan_storeN(uintptr_t, uintptr_t);
void *__asan_memset(void *, int, uintptr_t);
void *__asan_memcpy(void *, const void *, uintptr_t);
void *__asan_memmove(void *, const void *, uintptr_t);

NO_INSTRUMENT void __cosmo_asan_loadN(uintptr_t a, uintptr_t n) {
  __asan_loadN(a, n);
}
NO_INSTRUMENT void __cosmo_asan_storeN(uintptr_t a, uintptr_t n) {
  check_store(a, n, __builtin_frame_address(0), __builtin_return_address(0));
  __asan_storeN(a, n);
}
NO_INSTRUMENT void *__cosmo_asan_memset(void *d, int c, uintptr_t n) {
  check_store((uintptr_t)d, n, __builtin_frame_address(0),
              __builtin_return_address(0));
  return __asan_memset(d, c, n);
}
NO_INSTRUMENT void *__cosmo_asan_memcpy(void *d, const void *s, uintptr_t n) {
  check_store((uintptr_t)d, n, __builtin_frame_address(0),
              __builtin_return_address(0));
  return __asan_memcpy(d, s, n);
}
NO_INSTRUMENT void *__cosmo_asan_memmove(void *d, const void *s, uintptr_t n) {
  check_store((uintptr_t)d, n, __builtin_frame_address(0),
              __builtin_return_address(0));
  return __asan_memmove(d, s, n);
}
#endif
