/** A small binary min-heap of [priority, value] pairs for Dijkstra. */
export class MinHeap {
  #keys: number[] = [];
  #vals: number[] = [];
  get size(): number {
    return this.#keys.length;
  }
  push(key: number, val: number): void {
    const k = this.#keys;
    const v = this.#vals;
    let i = k.length;
    k.push(key);
    v.push(val);
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (k[p]! <= key) break;
      k[i] = k[p]!;
      v[i] = v[p]!;
      i = p;
    }
    k[i] = key;
    v[i] = val;
  }
  /** Removes the smallest; returns [key, value]. Call only when size > 0. */
  pop(): [number, number] {
    const k = this.#keys;
    const v = this.#vals;
    const topK = k[0]!;
    const topV = v[0]!;
    const lastK = k.pop()!;
    const lastV = v.pop()!;
    const n = k.length;
    if (n > 0) {
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        if (l >= n) break;
        const r = l + 1;
        const c = r < n && k[r]! < k[l]! ? r : l;
        if (k[c]! >= lastK) break;
        k[i] = k[c]!;
        v[i] = v[c]!;
        i = c;
      }
      k[i] = lastK;
      v[i] = lastV;
    }
    return [topK, topV];
  }
}
