import { beforeEach, describe, expect, it } from "vitest";
import type { FactionsAttackState } from "../../../../src/core/attack/factions/types.js";
import { compileScene } from "../../../../src/foundry/canvas/space/scene-space.js";
import { SpaceCache } from "../../../../src/foundry/canvas/space/space-cache.js";
import { readAttackCard } from "../../../../src/foundry/cards/data/attack-card-data.js";
import { handleAttackOpen, type OpenCardContext } from "../../../../src/foundry/cards/requests/attack-open.js";
import { ATTACK_OPEN_REQUEST } from "../../../../src/foundry/cards/requests/attack-open.js";
import { factionsAttackCard } from "../../../../src/foundry/cards/factions/index.js";
import type { MapPort } from "../../../../src/foundry/cards/map/attack-map.js";
import { initialData } from "../../../../src/foundry/data/field-spec.js";
import { factionsCharacter, factionsWeapon } from "../../../../src/foundry/data/specs/index.js";
import type { RequestAnswer } from "../../../../src/foundry/requests/request-answer.js";
import { RequestChannel } from "../../../../src/foundry/requests/request-channel.js";
import { FakeActor, FakeItem, FakeMessage } from "../../../fakes/foundry-card.js";
import { FakeUser } from "../../../fakes/foundry-combat.js";
import { FakeDiceTray } from "../../../fakes/foundry-dice.js";
import { FakeSocketServer } from "../../../fakes/foundry-socket.js";
import { at, cellsRect, FakeRegion, FakeScene, FakeSquareGrid, FakeToken, zone } from "../../../fakes/foundry-scene.js";
import { noFight } from "../../../../src/foundry/canvas/fight/scene-fight.js";
import { gmCardHands } from "../gm-card-hands.js";

// Alice plays Balthasar; Bob and Carol the two bandits; the third bandit is the GM's. Every actor is linked, so one
// actor may stand on several scenes. The fight's scene (the GM views it): Yard, Hall and Tower in a row, and a strip
// no zone covers. A second scene of zones, "camp", and a scene without a space model, "sketch", hold the same actors
// side by side.
const gm = new FakeUser("gm", "GM", true);
const alice = new FakeUser("alice", "Alice");
const bob = new FakeUser("bob", "Bob");
const carol = new FakeUser("carol", "Carol");
const USERS = [gm, alice, bob, carol];

const weapon = (id: string, name: string, over: Record<string, unknown>) =>
  new FakeItem(id, name, "factions-weapon", { ...initialData(factionsWeapon.fields), ...over });
const stats = (faction: string) => ({
  ...initialData(factionsCharacter.fields),
  wit: 12,
  agi: 10,
  str: 10,
  faction,
  health: { value: 10, max: 10 },
});

let actors: FakeActor[];
let messages: FakeMessage[];
let scenes: Record<string, FakeScene>;
/** Which actor each token stands for, by token id (Foundry: the token's actor's UUID). */
let refs: Record<string, string>;
/** The scenes the GM's client prefers, as gmMap gives them: the one it views, then the active one. */
let preferred: string[];
let ctx: OpenCardContext;
let channel: RequestChannel;

function zonesScene(id: string): FakeScene {
  const s = new FakeScene(id, new FakeSquareGrid(100), 12, 3);
  s.flags = { fray: { spaceModel: "zones" } };
  s.regions.contents.push(
    new FakeRegion(`${id}-yard`, [cellsRect(0, 0, 3, 3)], [zone()], "Yard"),
    new FakeRegion(`${id}-hall`, [cellsRect(3, 0, 3, 3)], [zone()], "Hall"),
    new FakeRegion(`${id}-tower`, [cellsRect(6, 0, 3, 3)], [zone()], "Tower"),
  );
  return s;
}

/** A token of `ref` on a scene at a cell; its id is the scene's and the actor's. */
function place(scene: FakeScene, ref: string, c: number, r: number): FakeToken {
  const a = actors.find((x) => x.id === ref)!;
  const t = new FakeToken(`${scene.id}-${ref}`, at(c, r).x, at(c, r).y, { type: a.type, system: a.system }, [
    ...a.owners,
  ]);
  scene.tokens.contents.push(t);
  refs[t.id] = ref;
  return t;
}

function mapPort(): MapPort {
  const cache = new SpaceCache((x) => compileScene(x, "zones"));
  return {
    // The scenes as the world lists them: the side-by-side ones first, so that no "first scene" pick finds the fight.
    scenes: () => Object.values(scenes),
    space: (s) => cache.get(s),
    actorRef: (t) => refs[t.id ?? ""] ?? null,
    fight: noFight,
    preferred: () => preferred,
  };
}

beforeEach(() => {
  messages = [];
  refs = {};
  preferred = ["fight"];
  actors = [
    new FakeActor(
      "balthasar",
      "Balthasar",
      "factions-character",
      stats("Players"),
      ["alice"],
      [
        weapon("firepot", "Fire pot", { damageDie: "d6", attack: "melee", blast: true }),
        weapon("bomb", "Bomb", { damageDie: "d6", attack: "ranged", range: 1, blast: true }),
      ],
    ),
    new FakeActor("bandit1", "Bandit One", "factions-character", stats("Bandits"), ["bob"]),
    new FakeActor("bandit2", "Bandit Two", "factions-character", stats("Bandits"), ["carol"]),
    new FakeActor("bandit3", "Bandit Three", "factions-character", stats("Bandits"), []),
  ];
  const sketch = new FakeScene("sketch", new FakeSquareGrid(100), 12, 3);
  scenes = { camp: zonesScene("camp"), sketch, fight: zonesScene("fight") };
  // On the camp and the sketch everyone stands side by side, in one zone.
  for (const s of [scenes.camp!, sketch])
    ["balthasar", "bandit1", "bandit2", "bandit3"].forEach((ref, k) => place(s, ref, k % 3, 1));
  // The fight: Balthasar in the Yard, the two bandits in the Tower, out of a melee blast's reach and the bomb's range.
  place(scenes.fight!, "balthasar", 1, 1);
  place(scenes.fight!, "bandit1", 7, 1);
  place(scenes.fight!, "bandit2", 7, 2);
  ctx = {
    ...gmCardHands(),
    message: (id) => messages.find((m) => m.id === id),
    actor: (id) => actors.find((a) => a.id === id),
    user: (id) => USERS.find((u) => u.id === id),
    card: (ruleset) => (ruleset === "factions" ? factionsAttackCard : undefined),
    dice: new FakeDiceTray(() => 1),
    dropped: () => Promise.resolve(undefined),
    mayTarget: () => true,
    ruleset: () => "factions",
    map: mapPort(),
    post: (data) => {
      const m = new FakeMessage(`m${messages.length + 1}`, "attack", data, gm);
      messages.push(m);
      return Promise.resolve(m);
    },
  };
  const server = new FakeSocketServer();
  const gmChannel = new RequestChannel(server.env("gm", () => "gm"));
  gmChannel.listen();
  gmChannel.register(ATTACK_OPEN_REQUEST, (payload, sender) => handleAttackOpen(ctx, payload, sender));
  channel = new RequestChannel(server.env("alice", () => "gm"));
  channel.listen();
});

const targetsOf = (m: FakeMessage) =>
  (readAttackCard(m.system)!.journal.state as FactionsAttackState).slots.map((s) => s.target.id);
const attack = (
  itemId: string,
  target: string,
  map: Record<string, unknown> | undefined,
  targetIds?: string[],
): Promise<RequestAnswer> =>
  channel.send(ATTACK_OPEN_REQUEST, {
    attackerId: "balthasar",
    targetId: target,
    itemId,
    options: {},
    rollMode: "publicroll",
    ...(map ? { map } : {}),
    ...(targetIds ? { targetIds } : {}),
  });

describe("the attack map is the scene where the attacker's token stands, never the one a request names", () => {
  it(
    "FAC-29 FAC-36 at least 50 blasts named on another scene, a scene without a map or a " +
      "made-up one: none accepted",
    async () => {
      const sceneIds = ["camp", "sketch", "fight", "nowhere", "__proto__", "", undefined];
      const tokenSets = [{}, { scene: "camp" }, { scene: "sketch" }, { scene: "fight" }];
      let sent = 0;
      let accepted = 0;
      for (const itemId of ["firepot", "bomb"])
        for (const sceneId of sceneIds)
          for (const tokens of tokenSets) {
            const named =
              "scene" in tokens
                ? { attackerTokenId: `${tokens.scene}-balthasar`, targetTokenId: `${tokens.scene}-bandit1` }
                : {};
            const map = { ...(sceneId === undefined ? {} : { sceneId }), ...named };
            const answer = await attack(itemId, "bandit1", map, ["bandit1", "bandit2", "bandit3"]);
            sent++;
            if (answer.ok) accepted++;
          }
      expect(sent).toBeGreaterThanOrEqual(50);
      expect(accepted).toBe(0);
      expect(messages).toEqual([]);
    },
  );

  it(
    "FAC-37 the honest path: a melee blast at a bandit in the attacker's own zone of the fight hits that zone, " +
      "not the listed tokens",
    async () => {
      place(scenes.fight!, "bandit3", 2, 1);
      const answer = await attack("firepot", "bandit3", { sceneId: "camp", attackerTokenId: "camp-balthasar" }, [
        "bandit3",
        "bandit1",
        "bandit2",
      ]);
      expect(answer).toMatchObject({ ok: true });
      const card = readAttackCard(messages[0]!.system)!;
      expect(card).toMatchObject({
        map: "checked",
        place: { sceneId: "fight", attackerTokenId: "fight-balthasar", targetTokenId: "fight-bandit3" },
      });
      expect(targetsOf(messages[0]!)).toEqual(["bandit3"]);
    },
  );

  it(
    "a linked attacker on several scenes: the GM's viewed " + "scene, then the active one; else the attack is refused",
    async () => {
      place(scenes.fight!, "bandit3", 2, 1);
      // The GM views the camp: the attack is read there, where everyone stands in one zone.
      preferred = ["camp", "fight"];
      expect(await attack("firepot", "bandit1", { sceneId: "fight" })).toMatchObject({ ok: true });
      expect(readAttackCard(messages.at(-1)!.system)).toMatchObject({ place: { sceneId: "camp" } });
      // The GM views a scene the attacker is not on: the active scene, the fight, is the next preferred.
      preferred = ["elsewhere", "fight"];
      expect(await attack("firepot", "bandit1", { sceneId: "camp" })).toMatchObject({
        ok: false,
        key: "FRAY.Refusal.NotOwnZone",
      });
      expect(await attack("firepot", "bandit3", { sceneId: "camp" })).toMatchObject({ ok: true });
      expect(readAttackCard(messages.at(-1)!.system)).toMatchObject({ place: { sceneId: "fight" } });
      // Neither is one the attacker stands on: nobody's pick decides, the attack is refused with a reason.
      preferred = [];
      expect(await attack("firepot", "bandit3", { sceneId: "fight" })).toMatchObject({
        ok: false,
        key: "FRAY.Refusal.AttackerSceneUnclear",
      });
      // An attacker on one scene alone is read there, whatever the GM views.
      scenes.camp!.tokens.contents = scenes.camp!.tokens.contents.filter((t) => refs[t.id] !== "balthasar");
      scenes.sketch!.tokens.contents = scenes.sketch!.tokens.contents.filter((t) => refs[t.id] !== "balthasar");
      expect(await attack("firepot", "bandit3", { sceneId: "camp" })).toMatchObject({ ok: true });
      expect(readAttackCard(messages.at(-1)!.system)).toMatchObject({ place: { sceneId: "fight" } });
    },
  );

  it(
    "FAC-36 on a map a player's listed tokens name no blast's targets: a token off the zones is " +
      "refused, not read as no map",
    async () => {
      // Balthasar steps onto the strip no zone covers: without the map's word, the listed tokens were the blast's
      // targets.
      Object.assign(scenes.fight!.tokens.get("fight-balthasar")!, at(10, 1));
      for (const itemId of ["firepot", "bomb"])
        expect(await attack(itemId, "bandit1", { sceneId: "fight" }, ["bandit1", "bandit2"])).toMatchObject({
          ok: false,
          key: "FRAY.Refusal.NotOnTheMap",
        });
      // A target standing on no scene at all, attacked from the map, is refused to a player too.
      Object.assign(scenes.fight!.tokens.get("fight-balthasar")!, at(1, 1));
      for (const s of Object.values(scenes))
        s.tokens.contents = s.tokens.contents.filter((t) => refs[t.id] !== "bandit3");
      expect(await attack("firepot", "bandit3", {}, ["bandit3", "bandit1", "bandit2"])).toMatchObject({
        ok: false,
        key: "FRAY.Refusal.NotOnTheMap",
      });
      expect(messages).toEqual([]);
      // The GM may still open it, unchecked, as before.
      const gmOpen = await handleAttackOpen(
        ctx,
        { attackerId: "balthasar", targetId: "bandit3", itemId: "firepot", options: {}, rollMode: "publicroll" },
        gm.id,
      );
      expect(gmOpen).toMatchObject({ ok: true });
      expect(readAttackCard(messages[0]!.system)).toMatchObject({ map: "unchecked" });
    },
  );

  it(
    "a linked target the GM hides on the attacker's scene is not a player's to attack, though it " +
      "shows on another scene",
    async () => {
      place(scenes.fight!, "bandit3", 2, 1).hidden = true;
      const named = [undefined, "fight-bandit3", "camp-bandit3", "sketch-bandit3", "nowhere"];
      for (const itemId of ["firepot", "bomb"])
        for (const targetTokenId of named) {
          const map = { sceneId: "camp", ...(targetTokenId ? { targetTokenId } : {}) };
          expect(await attack(itemId, "bandit3", map)).toMatchObject({ ok: false, key: "FRAY.Refusal.TargetUnseen" });
        }
      expect(messages).toEqual([]);
      // The GM's own attack may strike its hidden bandit.
      const gmOpen = await handleAttackOpen(
        ctx,
        { attackerId: "balthasar", targetId: "bandit3", itemId: "firepot", options: {}, rollMode: "publicroll" },
        gm.id,
      );
      expect(gmOpen).toMatchObject({ ok: true });
      expect(readAttackCard(messages[0]!.system)).toMatchObject({
        map: "checked",
        place: { targetTokenId: "fight-bandit3" },
      });
    },
  );

  it(
    "FAC-36 without a map (no token of the attacker on any " + "scene) the listed tokens are still the blast's targets",
    async () => {
      for (const s of Object.values(scenes))
        s.tokens.contents = s.tokens.contents.filter((t) => refs[t.id] !== "balthasar");
      expect(await attack("firepot", "bandit1", { sceneId: "camp" }, ["bandit1", "bandit2"])).toMatchObject({
        ok: true,
      });
      expect(readAttackCard(messages[0]!.system)).toMatchObject({ map: "unchecked", place: {} });
      expect(targetsOf(messages[0]!)).toEqual(["bandit1", "bandit2"]);
    },
  );
});
