/** A min-heap of (priority, node) pairs in parallel arrays: the open list of the cheapest-path search. */
export class BinaryHeap {
  #prio: number[] = [];
  #node: number[] = [];

  get size(): number {
    return this.#node.length;
  }

  push(priority: number, node: number): void {
    const p = this.#prio;
    const n = this.#node;
    let i = n.length;
    p.push(priority);
    n.push(node);
    while (i > 0) {
      const up = (i - 1) >> 1;
      const pu = p[up] as number;
      if (pu <= priority) break;
      p[i] = pu;
      n[i] = n[up] as number;
      i = up;
    }
    p[i] = priority;
    n[i] = node;
  }

  /** The node with the lowest priority, or -1 when empty. */
  pop(): number {
    const p = this.#prio;
    const n = this.#node;
    if (n.length === 0) return -1;
    const top = n[0] as number;
    const lastP = p.pop() as number;
    const lastN = n.pop() as number;
    const len = n.length;
    if (len > 0) {
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        if (l >= len) break;
        const r = l + 1;
        const c = r < len && (p[r] as number) < (p[l] as number) ? r : l;
        if ((p[c] as number) >= lastP) break;
        p[i] = p[c] as number;
        n[i] = n[c] as number;
        i = c;
      }
      p[i] = lastP;
      n[i] = lastN;
    }
    return top;
  }
}
