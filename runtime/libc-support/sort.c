/* qsort and bsearch: library functions that call back into the program, so they are written
 * in C and interpreted with it (each comparison is the program's own code, with its visible
 * operations). No system headers: the same source compiles for both data models. */
typedef __SIZE_TYPE__ size_t;
typedef int (*Compare)(const void *, const void *);
typedef int (*CompareWith)(const void *, const void *, void *);

static void swapBytes(char *a, char *b, size_t size) {
  for (size_t i = 0; i < size; ++i) {
    char t = a[i];
    a[i] = b[i];
    b[i] = t;
  }
}

/* Insertion sort below a few elements, else median-of-three quicksort on the smaller side
 * first (recursion depth stays logarithmic). Not stable, as qsort need not be. */
static void sortRange(char *base, size_t count, size_t size, CompareWith compare, void *arg) {
  while (count > 6) {
    char *first = base, *middle = base + (count / 2) * size, *last = base + (count - 1) * size;
    if (compare(middle, first, arg) < 0)
      swapBytes(middle, first, size);
    if (compare(last, middle, arg) < 0) {
      swapBytes(last, middle, size);
      if (compare(middle, first, arg) < 0)
        swapBytes(middle, first, size);
    }
    swapBytes(middle, last - size, size); /* the pivot waits next to the end */
    char *pivot = last - size;
    size_t store = 1;
    for (size_t i = 1; i < count - 2; ++i)
      if (compare(base + i * size, pivot, arg) < 0) {
        swapBytes(base + i * size, base + store * size, size);
        ++store;
      }
    swapBytes(base + store * size, pivot, size);
    size_t left = store, right = count - store - 1;
    if (left < right) {
      sortRange(base, left, size, compare, arg);
      base += (store + 1) * size;
      count = right;
    } else {
      sortRange(base + (store + 1) * size, right, size, compare, arg);
      count = left;
    }
  }
  for (size_t i = 1; i < count; ++i)
    for (size_t j = i; j > 0 && compare(base + j * size, base + (j - 1) * size, arg) < 0; --j)
      swapBytes(base + j * size, base + (j - 1) * size, size);
}

static int callCompare(const void *a, const void *b, void *compare) {
  return ((Compare)compare)(a, b);
}

void qsort(void *base, size_t count, size_t size, Compare compare) {
  sortRange((char *)base, count, size, callCompare, (void *)compare);
}

void qsort_r(void *base, size_t count, size_t size, CompareWith compare, void *arg) {
  sortRange((char *)base, count, size, compare, arg);
}

void *bsearch(const void *key, const void *base, size_t count, size_t size, Compare compare) {
  size_t low = 0, high = count;
  while (low < high) {
    size_t middle = low + (high - low) / 2;
    const char *element = (const char *)base + middle * size;
    int order = compare(key, element);
    if (order == 0)
      return (void *)element;
    if (order < 0)
      high = middle;
    else
      low = middle + 1;
  }
  return 0;
}
