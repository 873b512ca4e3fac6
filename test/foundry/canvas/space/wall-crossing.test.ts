import { describe, expect, it } from "vitest";
import { segmentsMeet, stopsMovement, WallIndex } from "../../../../src/foundry/canvas/space/wall-crossing.js";
import { fakeWall } from "../../../fakes/foundry-scene.js";

describe("walls between cells", () => {
  it("a path meets a wall it crosses or touches, not one beside it or parallel to it", () => {
    expect(segmentsMeet({ x: 50, y: 50 }, { x: 150, y: 50 }, [100, 0, 100, 100])).toBe(true);
    // A diagonal squeezing through the corner where two walls meet is stopped.
    expect(segmentsMeet({ x: 50, y: 50 }, { x: 150, y: 150 }, [100, 0, 100, 100])).toBe(true);
    expect(segmentsMeet({ x: 50, y: 50 }, { x: 150, y: 50 }, [100, 60, 100, 100])).toBe(false);
    expect(segmentsMeet({ x: 50, y: 50 }, { x: 150, y: 50 }, [0, 60, 200, 60])).toBe(false);
    expect(segmentsMeet({ x: 50, y: 50 }, { x: 150, y: 50 }, [120, 50, 200, 50])).toBe(true);
  });

  it("only walls that restrict movement stop it; an open door does not, a closed or locked one does", () => {
    expect(stopsMovement(fakeWall([0, 0, 1, 1]))).toBe(true);
    expect(stopsMovement(fakeWall([0, 0, 1, 1], { move: 0 }))).toBe(false);
    expect(stopsMovement(fakeWall([0, 0, 1, 1], { door: 1, ds: 1 }))).toBe(false);
    expect(stopsMovement(fakeWall([0, 0, 1, 1], { door: 1, ds: 2 }))).toBe(true);
    expect(stopsMovement(fakeWall([0, 0, 1, 1], { door: 2, ds: 0 }))).toBe(true);
  });

  it("the bucketed index answers as testing every wall would", () => {
    const walls = Array.from({ length: 60 }, (_, k) =>
      fakeWall([(k % 10) * 100, Math.floor(k / 10) * 100, (k % 10) * 100 + 70, Math.floor(k / 10) * 100 + 130]),
    );
    const index = new WallIndex(walls, 100);
    for (let x = 25; x < 1000; x += 50)
      for (let y = 25; y < 700; y += 50) {
        const p = { x, y };
        const q = { x: x + 100, y: y + 50 };
        expect(index.blocks(p, q), `${x},${y}`).toBe(
          walls.some((w) => segmentsMeet(p, q, w.c as [number, number, number, number])),
        );
      }
  });
});
