#ifndef SHELF_H
#define SHELF_H
#include <stddef.h>

#define IVEC_CAPACITY 8
struct ivec {
  int items[IVEC_CAPACITY];
  int count;
};
void ivec_init(struct ivec *v);
int ivec_push(struct ivec *v, int x);
int ivec_pop(struct ivec *v);
int ivec_top(const struct ivec *v);
int ivec_sum(const struct ivec *v);
int ivec_average_of_first(int n);

int parse_uint(const char *s, unsigned *out);
int count_char(const char *s, char c);
int first_word_length(const char *s);
size_t copy_string(char *dst, const char *src, size_t cap);

int ratio_percent(int part, int whole);
int clamp(int x, int lo, int hi);
unsigned abs_diff(int a, int b);
int sum_array(const int *a, int n);
int max_array(const int *a, int n);

struct node {
  int value;
  struct node *next;
};
int list_length(const struct node *n);
int list_second(const struct node *n);
int list_pair_sum(int a);
#endif
