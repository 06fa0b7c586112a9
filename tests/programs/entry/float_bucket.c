// RUN: --entry=bucket
// VERDICT: false
// ERROR: out-of-bounds 11
// A float parameter scaled into a table index: 1.0 and above (and values
// at or below -0.1) index outside it.
int counts[10];

int bucket(float v) {
  if (v != v) // NaN
    return -1;
  return ++counts[(int)(v * 10.0f)];                 // BUG: out-of-bounds
}
