/**
 * `numpy.argsort(values)` with its default `kind='quicksort'`, reproduced step by step: NumPy's
 * introsort (median-of-three quicksort, insertion sort below 16 elements, heapsort when the
 * recursion gets too deep). It is not stable, and which of several equal values comes first is
 * whatever this exact algorithm does — scikit-learn's `max_features` keeps the first `limit`
 * indices of `(-tfs).argsort()`, so ties at the cut are decided here. (NumPy 1.24; newer releases
 * dispatch to SIMD sorts on some CPUs and may break ties differently.)
 *
 * @example
 * ```ts
 * [...numpyArgsort([3, 1, 2])]; // [1, 2, 0]
 * ```
 */
export function numpyArgsort(values: ArrayLike<number>): Int32Array {
  const count = values.length;
  const order = new Int32Array(count);
  for (let i = 0; i < count; i++) order[i] = i;
  if (count < 2) return order;
  const v = values;
  const swap = (a: number, b: number) => {
    const t = order[a]!;
    order[a] = order[b]!;
    order[b] = t;
  };
  const stack: number[] = [];
  const depths: number[] = [];
  let left = 0;
  let right = count - 1;
  let depth = 2 * Math.floor(Math.log2(count));
  for (;;) {
    if (depth < 0) {
      heapsortRange(v, order, left, right - left + 1);
    } else {
      while (right - left > 15) {
        const middle = left + ((right - left) >> 1);
        if (v[order[middle]!]! < v[order[left]!]!) swap(middle, left);
        if (v[order[right]!]! < v[order[middle]!]!) swap(right, middle);
        if (v[order[middle]!]! < v[order[left]!]!) swap(middle, left);
        const pivot = v[order[middle]!]!;
        let i = left;
        let j = right - 1;
        swap(middle, j);
        for (;;) {
          do i++;
          while (v[order[i]!]! < pivot);
          do j--;
          while (pivot < v[order[j]!]!);
          if (i >= j) break;
          swap(i, j);
        }
        swap(i, right - 1);
        // Push the larger partition, continue with the smaller one.
        if (i - left < right - i) {
          stack.push(i + 1, right);
          right = i - 1;
        } else {
          stack.push(left, i - 1);
          left = i + 1;
        }
        depths.push(--depth);
      }
      for (let i = left + 1; i <= right; i++) {
        const index = order[i]!;
        const value = v[index]!;
        let j = i;
        while (j > left && value < v[order[j - 1]!]!) {
          order[j] = order[j - 1]!;
          j--;
        }
        order[j] = index;
      }
    }
    if (stack.length === 0) break;
    right = stack.pop()!;
    left = stack.pop()!;
    depth = depths.pop()!;
  }
  return order;
}

/** NumPy's `aheapsort` on `order[start .. start + n)`, with its 1-based heap indexing. */
function heapsortRange(v: ArrayLike<number>, order: Int32Array, start: number, n: number): void {
  const a = (k: number) => order[start + k - 1]!;
  const set = (k: number, value: number) => {
    order[start + k - 1] = value;
  };
  // Move `tmp` down from 1-based position `i` of a heap of `size`, larger children first.
  const siftDown = (tmp: number, i: number, size: number) => {
    let j = i << 1;
    while (j <= size) {
      if (j < size && v[a(j)]! < v[a(j + 1)]!) j++;
      if (v[tmp]! < v[a(j)]!) {
        set(i, a(j));
        i = j;
        j += j;
      } else break;
    }
    set(i, tmp);
  };
  for (let l = n >> 1; l > 0; --l) siftDown(a(l), l, n);
  for (; n > 1; ) {
    const tmp = a(n);
    set(n, a(1));
    n -= 1;
    siftDown(tmp, 1, n);
  }
}
