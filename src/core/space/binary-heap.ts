/**
 * A binary min-heap of (priority, value) pairs in parallel number arrays: the open list of the cheapest-path searches.
 * pop() hands back the value alone and keeps its priority in `poppedPriority`, so a pop allocates nothing.
 */
export class BinaryHeap {
  #prio: number[] = [];
  #value: number[] = [];
  #popped = Number.NaN;

  get size(): number {
    return this.#value.length;
  }

  /** The priority of the value the last pop() returned (NaN before any pop, or after a pop on an empty heap). */
  get poppedPriority(): number {
    return this.#popped;
  }

  push(priority: number, value: number): void {
    const p = this.#prio;
    const v = this.#value;
    let i = v.length;
    p.push(priority);
    v.push(value);
    while (i > 0) {
      const up = (i - 1) >> 1;
      const pu = p[up] as number;
      if (pu <= priority) break;
      p[i] = pu;
      v[i] = v[up] as number;
      i = up;
    }
    p[i] = priority;
    v[i] = value;
  }

  /** The value with the lowest priority, or -1 when empty. */
  pop(): number {
    const p = this.#prio;
    const v = this.#value;
    if (v.length === 0) {
      this.#popped = Number.NaN;
      return -1;
    }
    const top = v[0] as number;
    this.#popped = p[0] as number;
    const lastP = p.pop() as number;
    const lastV = v.pop() as number;
    const len = v.length;
    if (len > 0) {
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        if (l >= len) break;
        const r = l + 1;
        const c = r < len && (p[r] as number) < (p[l] as number) ? r : l;
        if ((p[c] as number) >= lastP) break;
        p[i] = p[c] as number;
        v[i] = v[c] as number;
        i = c;
      }
      p[i] = lastP;
      v[i] = lastV;
    }
    return top;
  }
}
