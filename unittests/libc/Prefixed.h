//===- Prefixed.h - cosmo's libc compiled natively, as cosmo_libc_* -------===//
//
// The functions of libc/ under their prefixed names (CMakeLists.txt), so the
// tests can call a model and glibc's function side by side. Streams are
// `void *`: the libc's FILE is its own type.
//
//===----------------------------------------------------------------------===//
#ifndef COSMO_UNITTESTS_LIBC_PREFIXED_H
#define COSMO_UNITTESTS_LIBC_PREFIXED_H

#include <cstdarg>
#include <cstddef>
#include <cstdint>

extern "C" {
// string.c
void *cosmo_libc_memcpy(void *, const void *, size_t);
void *cosmo_libc_memmove(void *, const void *, size_t);
void *cosmo_libc_memset(void *, int, size_t);
int cosmo_libc_memcmp(const void *, const void *, size_t);
void *cosmo_libc_memchr(const void *, int, size_t);
size_t cosmo_libc_strlen(const char *);
size_t cosmo_libc_strnlen(const char *, size_t);
int cosmo_libc_strcmp(const char *, const char *);
int cosmo_libc_strncmp(const char *, const char *, size_t);
int cosmo_libc_strcoll(const char *, const char *);
char *cosmo_libc_strcpy(char *, const char *);
char *cosmo_libc_strncpy(char *, const char *, size_t);
char *cosmo_libc_strcat(char *, const char *);
char *cosmo_libc_strncat(char *, const char *, size_t);
char *cosmo_libc_strchr(const char *, int);
char *cosmo_libc_strrchr(const char *, int);
size_t cosmo_libc_strspn(const char *, const char *);
size_t cosmo_libc_strcspn(const char *, const char *);
char *cosmo_libc_strpbrk(const char *, const char *);
char *cosmo_libc_strstr(const char *, const char *);
char *cosmo_libc_strtok(char *, const char *);
char *cosmo_libc_strtok_r(char *, const char *, char **);
char *cosmo_libc_strdup(const char *);
char *cosmo_libc_strndup(const char *, size_t);

// ctype.c, ctype_tables.c
int cosmo_libc_isalnum(int);
int cosmo_libc_isalpha(int);
int cosmo_libc_isblank(int);
int cosmo_libc_iscntrl(int);
int cosmo_libc_isdigit(int);
int cosmo_libc_isgraph(int);
int cosmo_libc_islower(int);
int cosmo_libc_isprint(int);
int cosmo_libc_ispunct(int);
int cosmo_libc_isspace(int);
int cosmo_libc_isupper(int);
int cosmo_libc_isxdigit(int);
int cosmo_libc_isascii(int);
int cosmo_libc_toascii(int);
int cosmo_libc_tolower(int);
int cosmo_libc_toupper(int);
const unsigned short **cosmo_libc___ctype_b_loc(void);
const int32_t **cosmo_libc___ctype_tolower_loc(void);
const int32_t **cosmo_libc___ctype_toupper_loc(void);

// errno.c, strtol.c, stdlib.c
int *cosmo_libc___errno_location(void);
long cosmo_libc_strtol(const char *, char **, int);
long long cosmo_libc_strtoll(const char *, char **, int);
unsigned long cosmo_libc_strtoul(const char *, char **, int);
unsigned long long cosmo_libc_strtoull(const char *, char **, int);
intmax_t cosmo_libc_strtoimax(const char *, char **, int);
uintmax_t cosmo_libc_strtoumax(const char *, char **, int);
int cosmo_libc_atoi(const char *);
long cosmo_libc_atol(const char *);
long long cosmo_libc_atoll(const char *);

// strtod.c
double cosmo_libc_strtod(const char *, char **);
float cosmo_libc_strtof(const char *, char **);
double cosmo_libc_atof(const char *);

// math.c
double cosmo_libc_frexp(double, int *);
float cosmo_libc_frexpf(float, int *);
double cosmo_libc_ldexp(double, int);
float cosmo_libc_ldexpf(float, int);
double cosmo_libc_scalbn(double, int);
float cosmo_libc_scalbnf(float, int);
double cosmo_libc_modf(double, double *);
float cosmo_libc_modff(float, float *);

int cosmo_libc_abs(int);
long cosmo_libc_labs(long);
long long cosmo_libc_llabs(long long);
void cosmo_libc_qsort(void *, size_t, size_t,
                      int (*)(const void *, const void *));
void *cosmo_libc_bsearch(const void *, const void *, size_t, size_t,
                         int (*)(const void *, const void *));

// stdio.c
extern void *cosmo_libc_stdin, *cosmo_libc_stdout, *cosmo_libc_stderr;
int cosmo_libc_printf(const char *, ...);
int cosmo_libc_fprintf(void *, const char *, ...);
int cosmo_libc_sprintf(char *, const char *, ...);
int cosmo_libc_snprintf(char *, size_t, const char *, ...);
int cosmo_libc_vprintf(const char *, va_list);
int cosmo_libc_vfprintf(void *, const char *, va_list);
int cosmo_libc_vsprintf(char *, const char *, va_list);
int cosmo_libc_vsnprintf(char *, size_t, const char *, va_list);
int cosmo_libc_puts(const char *);
int cosmo_libc_fputs(const char *, void *);
int cosmo_libc_putchar(int);
int cosmo_libc_fputc(int, void *);
int cosmo_libc_putc(int, void *);
size_t cosmo_libc_fwrite(const void *, size_t, size_t, void *);
int cosmo_libc_fflush(void *);
void cosmo_libc_perror(const char *);

// stream.c, files.c (streams as `void *`)
void *cosmo_libc_fopen(const char *, const char *);
int cosmo_libc_fclose(void *);
int cosmo_libc_fgetc(void *);
int cosmo_libc_getchar(void);
int cosmo_libc_ungetc(int, void *);
char *cosmo_libc_fgets(char *, int, void *);
size_t cosmo_libc_fread(void *, size_t, size_t, void *);
long cosmo_libc_getline(char **, size_t *, void *);
int cosmo_libc_feof(void *);
int cosmo_libc_ferror(void *);
int cosmo_libc_fseek(void *, long, int);
long cosmo_libc_ftell(void *);
void cosmo_libc_rewind(void *);
int cosmo_libc_open(const char *, int, ...);
long cosmo_libc_read(int, void *, size_t);
long cosmo_libc_write(int, const void *, size_t);
int cosmo_libc_close(int);
long cosmo_libc_lseek(int, long, int);
char *cosmo_libc_getenv(const char *);
char *cosmo_libc_strerror(int);

// getopt.c (struct option has glibc's layout)
extern char *cosmo_libc_optarg;
extern int cosmo_libc_optind, cosmo_libc_opterr, cosmo_libc_optopt;
int cosmo_libc_getopt(int, char *const[], const char *);
int cosmo_libc_getopt_long(int, char *const[], const char *, const void *,
                           int *);
int cosmo_libc_getopt_long_only(int, char *const[], const char *,
                                const void *, int *);
}

#endif // COSMO_UNITTESTS_LIBC_PREFIXED_H
