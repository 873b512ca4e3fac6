import { describe, expect, it } from "vitest";
import {
  canonicalJson,
  MAX_SEALED_CHARS,
  newSalt,
  sealedDigest,
} from "../../../../src/foundry/cards/sealed/sealed-digest.js";

const salt = "0123456789abcdef0123456789abcdef";

describe("a sealed card's digest", () => {
  it(
    "is the same on the GM's client and on the viewer's, whose card came through JSON with its " +
      "keys in another order",
    () => {
      const gmSide = {
        journal: { revision: 3, state: { toHit: 19, damage: undefined, dice: [4, undefined, Number.NaN] } },
        ruleset: "teams",
      };
      const viewerSide = JSON.parse(
        '{"ruleset":"teams","journal":{"state":{"dice":[4,null,null],"toHit":19},"revision":3}}',
      ) as unknown;
      expect(canonicalJson(gmSide)).toBe(canonicalJson(viewerSide));
      expect(sealedDigest(salt, "attack", "m1", 3, gmSide)).toBe(sealedDigest(salt, "attack", "m1", 3, viewerSide));
      expect(sealedDigest(salt, "attack", "m1", 3, gmSide)).toMatch(/^[0-9a-f]{64}$/);
    },
  );

  it("changes with the salt, the kind, the message, the revision and any die", () => {
    const card = { toHit: 19 };
    const base = sealedDigest(salt, "attack", "m1", 3, card);
    const others = [
      sealedDigest(salt.replace("0", "1"), "attack", "m1", 3, card),
      sealedDigest(salt, "moveEffect", "m1", 3, card),
      sealedDigest(salt, "attack", "m2", 3, card),
      sealedDigest(salt, "attack", "m1", 4, card),
      sealedDigest(salt, "attack", "m1", 3, { toHit: 20 }),
      sealedDigest(salt, "attack", "m1", 3, { toHit: "19" }),
    ];
    expect(new Set([base, ...others]).size).toBe(others.length + 1);
  });

  it("is none for a card too long or nested too deep to hash (a client drops it unhashed)", () => {
    expect(canonicalJson({ junk: "x".repeat(MAX_SEALED_CHARS) })).toBeNull();
    let deep: unknown = 1;
    for (let i = 0; i < 100; i++) deep = [deep];
    expect(canonicalJson(deep)).toBeNull();
    expect(sealedDigest(salt, "attack", "m1", 0, deep)).toBeNull();
    expect(canonicalJson({ big: 10n })).toBeNull();
  });

  it("salts each revision with 16 fresh random bytes", () => {
    const salts = Array.from({ length: 20 }, () => newSalt());
    for (const s of salts) expect(s).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set(salts).size).toBe(salts.length);
  });
});
