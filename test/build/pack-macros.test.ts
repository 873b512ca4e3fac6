import { readFileSync } from "node:fs";
import vm from "node:vm";
import { beforeAll, describe, expect, it } from "vitest";
import { RULESETS, type RulesetId } from "../../src/core/rulesets.js";
import { ATTACK_CARDS } from "../../src/foundry/rulesets/index.js";
import type { AttackChoice, CardActor } from "../../src/foundry/cards/attack-ruleset.js";
import { compileAll, type CompiledPack, type PackDoc } from "./compiled-packs.js";

// The macros of the Fray: Macros pack, run as Foundry v13 runs a script macro (its command is the body of an async
// function of speaker, actor, token, character and scope) against small fakes of the globals they read.

let packs: CompiledPack[];
beforeAll(async () => {
  packs = await compileAll();
}, 60_000);

type Doc = PackDoc["doc"];
const macros = () =>
  packs.find((p) => p.pack.name === "macros")!.docs.map((d) => d.doc as Doc & { type: string; command: string });
const macro = (name: string) => {
  const m = macros().find((d) => d.name === name);
  if (!m) throw new Error(`no macro ${name}`);
  return m;
};

interface Calls {
  warn: string[];
  attack: { actor: unknown; itemId: string }[];
  requestTurn: { combat: unknown; command: unknown }[];
  createCombatants: unknown[][];
  ui: string[];
}

interface World {
  ruleset?: RulesetId;
  isGM?: boolean;
  controlled?: { document: unknown }[];
  combat?: { combatant: { id: string } | null } | null;
}

/** Foundry's globals as far as the macros read them, recording every call (signatures as in the v13 types). */
function fakeGlobals(world: World, calls: Calls) {
  return {
    game: {
      settings: {
        get: (namespace: string, key: string) =>
          namespace === "fray" && key === "ruleset" ? (world.ruleset ?? "teams") : undefined,
      },
      i18n: { localize: (key: string) => key, format: (key: string) => key },
      user: { isGM: world.isGM ?? false },
      combat: world.combat ?? null,
      system: {
        api: {
          attack: (actor: unknown, itemId: string) => calls.attack.push({ actor, itemId }),
          requestTurn: (combat: unknown, command: unknown) => calls.requestTurn.push({ combat, command }),
        },
      },
    },
    ui: {
      notifications: { warn: (message: string) => calls.warn.push(message) },
      combat: { activate: () => calls.ui.push("activate"), renderPopout: () => calls.ui.push("renderPopout") },
    },
    canvas: { tokens: { controlled: world.controlled ?? [] } },
    TokenDocument: { implementation: { createCombatants: (tokens: unknown[]) => calls.createCombatants.push(tokens) } },
  };
}

/** Run a macro's command as Foundry does, in a context holding only the fakes. */
async function run(name: string, world: World, scope: { actor?: unknown; token?: unknown } = {}): Promise<Calls> {
  const calls: Calls = { warn: [], attack: [], requestTurn: [], createCombatants: [], ui: [] };
  const context = vm.createContext(fakeGlobals(world, calls));
  const fn = vm.runInContext(
    `(async function (speaker, actor, token, character, scope) {${macro(name).command}\n})`,
    context,
  ) as (...args: unknown[]) => Promise<unknown>;
  await fn({}, scope.actor ?? null, scope.token ?? null, null, {});
  return calls;
}

/** An actor as a macro sees it: its items are a collection with find (v13 EmbeddedCollection extends Map). */
function liveActor(doc: Doc) {
  const items = ((doc.items ?? []) as Doc[]).map((i) => ({ id: i._id, name: i.name, type: i.type, system: i.system }));
  return {
    id: doc._id,
    name: doc.name,
    type: doc.type,
    system: doc.system,
    items: { find: (f: (i: (typeof items)[number]) => boolean) => items.find(f) },
  };
}

function cardActor(doc: Doc): CardActor {
  const items = (doc.items ?? []) as Doc[];
  return {
    id: doc._id,
    name: doc.name,
    type: doc.type as string,
    system: doc.system,
    items: items.map((i) => ({ id: i._id, name: i.name, type: i.type as string, system: i.system })),
  };
}

describe("the macros pack", () => {
  it("holds script macros whose commands parse as Foundry runs them, and name only keys of lang/en.json", () => {
    const en = JSON.parse(readFileSync("lang/en.json", "utf8")) as Record<string, unknown>;
    const has = (key: string) =>
      typeof key.split(".").reduce<unknown>((n, k) => (n as Record<string, unknown> | undefined)?.[k], en) === "string";
    expect(macros().length).toBeGreaterThanOrEqual(4);
    for (const m of macros()) {
      expect(m.type, m.name).toBe("script");
      expect(
        () => new vm.Script(`(async function (speaker, actor, token, character, scope) {${m.command}\n})`),
        m.name,
      ).not.toThrow();
      for (const [, key] of m.command.matchAll(/"(FRAY\.[A-Za-z0-9_.]+)"/g))
        expect(has(key!), `${m.name}: ${key}`).toBe(true);
    }
  });

  it(
    "Attack your target asks for nothing without an attacker, and says so when the attacker has " +
      "nothing to attack with",
    async () => {
      expect((await run("Attack your target", {})).warn).toEqual(["FRAY.Macro.NoAttacker"]);
      const bare = { name: "Bare", items: { find: () => undefined } };
      const calls = await run("Attack your target", { ruleset: "teams" }, { actor: bare });
      expect([calls.warn, calls.attack]).toEqual([["FRAY.Macro.NoAttackItem"], []]);
    },
  );

  it(
    "Fight with the selected tokens is the GM's: it adds " + "the selected tokens to the combat and shows the tracker",
    async () => {
      const tokens = [{ document: { id: "t1" } }, { document: { id: "t2" } }];
      const gm = await run("Fight with the selected tokens", { isGM: true, controlled: tokens });
      expect([gm.createCombatants, gm.ui, gm.warn]).toEqual([[[{ id: "t1" }, { id: "t2" }]], ["activate"], []]);
      const player = await run("Fight with the selected tokens", { controlled: tokens });
      expect([player.createCombatants, player.warn]).toEqual([[], ["FRAY.Refusal.GmOnly"]]);
      expect((await run("Fight with the selected tokens", { isGM: true })).warn).toEqual(["FRAY.Macro.SelectTokens"]);
    },
  );

  it("Open the combat tracker pops the tracker out", async () => {
    expect((await run("Open the combat tracker", {})).ui).toEqual(["renderPopout"]);
  });

  it("End the acting turn and Undo the last step send the tracker's own commands through the API", async () => {
    const combat = { combatant: { id: "c1" } };
    const end = await run("End the acting turn", { combat });
    expect(end.requestTurn).toEqual([{ combat, command: { type: "endTurn", combatant: "c1" } }]);
    expect((await run("End the acting turn", { combat: { combatant: null } })).warn).toEqual([
      "FRAY.Macro.NobodyActing",
    ]);
    const undo = await run("Undo the last step", { isGM: true, combat });
    expect(undo.requestTurn).toEqual([{ combat, command: { type: "undo" } }]);
    expect((await run("Undo the last step", { combat })).warn).toEqual(["FRAY.Refusal.GmOnly"]);
  });
});

describe.each(RULESETS.map((r) => [r] as [RulesetId]))("%s: every character of the pack can attack", (ruleset) => {
  it(
    "Attack your target picks an item the rule set's " + "attack card opens, against the first of the other side",
    async () => {
      const actors = packs
        .find((p) => p.pack.name === `${ruleset}-actors`)!
        .docs.filter((d) => d.documentType === "Actor")
        .map((d) => d.doc);
      const side = (a: Doc) => (a.prototypeToken as { disposition: number }).disposition;
      const card = ATTACK_CARDS[ruleset];
      for (const attacker of actors) {
        const calls = await run("Attack your target", { ruleset }, { token: { actor: liveActor(attacker) } });
        expect(calls.warn, attacker.name).toEqual([]);
        const itemId = calls.attack[0]!.itemId;
        const target = actors.find((a) => side(a) !== side(attacker))!;
        const choice: { -readonly [K in keyof AttackChoice]: AttackChoice[K] } = {
          attacker: cardActor(attacker),
          target: cardActor(target),
          itemId,
          options: {},
        };
        // Where the target chooses first (strain's defence), it takes the first answer offered.
        const question = card.ask?.(choice);
        if (question) choice.options = { [question.option]: question.answers[0]!.value };
        const opened = card.open(choice);
        expect(opened.ok ? "opens" : opened, `${attacker.name} with ${itemId} at ${target.name}`).toBe("opens");
      }
    },
  );
});
