import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { BinaryHeap } from "../../../src/core/space/binary-heap.js";

describe("BinaryHeap, the open list of the cheapest-path searches", () => {
  it("pops its values in priority order, each with its own priority, ties in any order", () => {
    // Some pushes, each with a value of its own, and some pops, in any order (x + 0 turns -0 into 0, a tie toBe would
    // tell apart).
    const opArb = fc.oneof(
      fc.record({
        push: fc.oneof(
          fc.integer({ min: -5, max: 5 }),
          fc.double({ min: -1e6, max: 1e6, noNaN: true }).map((x) => x + 0),
        ),
      }),
      fc.constant({ push: undefined }),
    );
    fc.assert(
      fc.property(fc.array(opArb, { maxLength: 200 }), (ops) => {
        const heap = new BinaryHeap();
        const waiting = new Map<number, number>();
        let next = 0;
        for (const op of ops) {
          if (op.push !== undefined) {
            heap.push(op.push, next);
            waiting.set(next, op.push);
            next += 1;
          } else {
            const value = heap.pop();
            if (waiting.size === 0) {
              expect(value).toBe(-1);
              continue;
            }
            const lowest = Math.min(...waiting.values());
            expect(waiting.get(value)).toBe(lowest);
            expect(heap.poppedPriority).toBe(lowest);
            waiting.delete(value);
          }
          expect(heap.size).toBe(waiting.size);
        }
        // Emptying what is left comes out in non-decreasing priority.
        let last = Number.NEGATIVE_INFINITY;
        while (heap.size > 0) {
          const value = heap.pop();
          expect(heap.poppedPriority).toBe(waiting.get(value));
          expect(heap.poppedPriority).toBeGreaterThanOrEqual(last);
          last = heap.poppedPriority;
          waiting.delete(value);
        }
        expect(waiting.size).toBe(0);
      }),
      { numRuns: 200 },
    );
  });
});
