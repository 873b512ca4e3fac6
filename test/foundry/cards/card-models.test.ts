import { beforeAll, describe, expect, it, vi } from "vitest";
import { ATTACK_ANSWER_REQUEST } from "../../../src/foundry/cards/requests/attack-answer.js";
import { ATTACK_CIRCUMSTANCES_REQUEST } from "../../../src/foundry/cards/requests/attack-circumstances.js";
import { ATTACK_STEP_REQUEST } from "../../../src/foundry/cards/requests/attack-request.js";
import { deny, type RequestAnswer } from "../../../src/foundry/requests/request-answer.js";
import type { RequestChannel } from "../../../src/foundry/requests/request-channel.js";
import { MOVE_CARD_REQUEST } from "../../../src/foundry/move-cards/move-card-request.js";
import { FakeMessage } from "../../fakes/foundry-card.js";
import type { FakeUser } from "../../fakes/foundry-combat.js";
import { FakeHooks } from "../../fakes/foundry-combat.js";
import type { FakeSocketServer } from "../../fakes/foundry-socket.js";
import { FREE_HIT_OFFER } from "../move-cards/move-card-samples.js";
import { alice, cardClient, drawn, gm, installCardFoundry, teamsAttackData, warnings } from "./card-client.js";
import { attackCardFor } from "../../../src/foundry/rulesets/index.js";
import { openAttackCard, type AttackCardData } from "../../../src/foundry/cards/data/attack-card-data.js";
import { publicCard } from "../../../src/foundry/cards/sealed/sealed-card.js";
import { format, lookup } from "../../fakes/handlebars-env.js";
import { FakeNotifications } from "../../fakes/foundry-notifications.js";
import { ATTACK_OPEN_REQUEST } from "../../../src/foundry/cards/requests/attack-open.js";
import { SAMPLE_ACTORS, SAMPLE_ITEMS } from "../../../tools/sample-data.js";
import { messageElement, type FakeElement } from "./fake-dom.js";

// Issue 27: a card's model draws and wires its own card (the message's `system` is the model), and Foundry's
// renderChatMessageHTML hook only asks it to, as Draw Steel's does. v13's ChatMessage#renderHTML
// (client/documents/chat-message.mjs) fires the hook with the message and its HTMLElement.

type Model = {
  alterMessageHTML(html: FakeElement): Promise<void>;
  addListeners(html: FakeElement): void;
};
type ModelClass = new (data: unknown, options: { parent: unknown }) => Model;
let AttackCardModel: ModelClass;
let MoveCardModel: ModelClass;
let cards: typeof import("../../../src/foundry/cards/register-cards.js");

beforeAll(async () => {
  installCardFoundry();
  ({ AttackCardModel } = (await import("../../../src/foundry/cards/attack-card-model.js")) as unknown as {
    AttackCardModel: ModelClass;
  });
  ({ MoveCardModel } = (await import("../../../src/foundry/move-cards/move-card-model.js")) as unknown as {
    MoveCardModel: ModelClass;
  });
  cards = await import("../../../src/foundry/cards/register-cards.js");
});

/** A message as Foundry makes it: its `system` is its type's model, whose parent is the message. */
function cardMessage(Model: ModelClass, id: string, type: string, data: unknown, author: FakeUser) {
  const message = new FakeMessage(id, type, data, author);
  const system = new Model(data, { parent: message });
  (message as unknown as { system: Model }).system = system;
  return { message, system };
}

/** The next request of this name the active GM's client hears: its payload and sender, answered with `answer`. */
function nextRequest(channel: RequestChannel, name: string, answer: RequestAnswer = { ok: true }) {
  return new Promise<{ payload: unknown; senderId: string }>((resolve) =>
    channel.register(name, (payload, senderId) => Promise.resolve((resolve({ payload, senderId }), answer))),
  );
}

/** Every promise and socket message under way has run its course (no clock: the fake socket delivers in order). */
async function settled(server?: FakeSocketServer): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 0));
  await server?.flush();
  await new Promise((resolve) => setTimeout(resolve, 0));
}

/** Draw the card as the hook does, then wire it. */
async function drawCard(system: Model, content = ""): Promise<FakeElement> {
  const html = messageElement(content);
  await system.alterMessageHTML(html);
  system.addListeners(html);
  return html;
}

describe("issue 27: the attack card's model draws its card and hears its buttons", () => {
  it(
    "a step from the attacker's owner goes to the GM " + "with the card's revision and the client's roll mode",
    async () => {
      const { server, gmChannel } = cardClient(alice, ["alric"], "gmroll");
      const data = (await teamsAttackData()) as { journal: { revision: number } };
      const { system } = cardMessage(AttackCardModel, "m1", "attack", data, gm);
      const html = await drawCard(system);
      expect(drawn.map((d) => d.path)).toEqual(["systems/fray/templates/chat/attack-card.hbs"]);
      const button = html.querySelector(".message-content")!.querySelector("[data-fray-card-command]")!;
      expect(button).not.toBeNull();
      const asked = nextRequest(gmChannel, ATTACK_STEP_REQUEST);
      button.click();
      // The button rests while the request is out.
      expect(button.disabled).toBe(true);
      const { payload, senderId } = await asked;
      expect(senderId).toBe("alice");
      expect(payload).toEqual({
        messageId: "m1",
        command: JSON.parse(button.dataset.frayCardCommand!) as unknown,
        revision: data.journal.revision,
        rollMode: "gmroll",
      });
      await settled(server);
      expect(button.disabled).toBe(false);
      expect(warnings).toEqual([]);
    },
  );

  it("the GM's circumstances go to the GM as the form holds them; a refusal is shown in words", async () => {
    const { gmChannel } = cardClient(gm);
    const data = (await teamsAttackData()) as { journal: { revision: number } };
    const { system } = cardMessage(AttackCardModel, "m1", "attack", data, gm);
    const html = await drawCard(system);
    const form = html.querySelector("[data-fray-card-circumstances]")!;
    expect(form).not.toBeNull();
    const inputs = form.querySelectorAll("input[name]");
    expect(inputs.length).toBeGreaterThan(0);
    const asked = nextRequest(gmChannel, ATTACK_CIRCUMSTANCES_REQUEST, deny("NotYourTurn", "test"));
    form.submit();
    const { payload } = await asked;
    const options = Object.fromEntries(
      inputs.map((i) => [i.name, i.type === "checkbox" ? i.checked : Number(i.value)]),
    );
    expect(payload).toEqual({ messageId: "m1", revision: data.journal.revision, options });
    await settled();
    expect(warnings).toEqual([expect.stringMatching(/\S/)]);
    expect(warnings[0]).not.toContain("FRAY.");
  });

  it(
    "issue 28: the attacker's owner declares from the form; " + "the GM's Confirm sends the card's values unchanged",
    async () => {
      const { gmChannel } = cardClient(alice, ["alric"]);
      const data = (await teamsAttackData()) as { journal: { revision: number } };
      const { system } = cardMessage(AttackCardModel, "m1", "attack", data, gm);
      const html = await drawCard(system);
      const form = html.querySelector("[data-fray-card-circumstances]")!;
      expect(form).not.toBeNull();
      const declared = nextRequest(gmChannel, ATTACK_CIRCUMSTANCES_REQUEST);
      form.submit();
      expect((await declared).payload).toMatchObject({
        messageId: "m1",
        revision: data.journal.revision,
        options: expect.any(Object) as unknown,
      });
      expect((await declared).senderId).toBe("alice");
      // The GM's card while a declaration waits: its Confirm asks the GM's own handler with no new value.
      const waiting = { ...data, declared: { by: "alice", values: { flanking: true }, answer: "awaiting" } };
      const { gmChannel: channel } = cardClient(gm);
      const gmCard = cardMessage(AttackCardModel, "m2", "attack", waiting, gm);
      const gmHtml = await drawCard(gmCard.system);
      const confirm = gmHtml.querySelector("[data-fray-card-confirm]")!;
      expect(confirm).not.toBeNull();
      const asked = nextRequest(channel, ATTACK_CIRCUMSTANCES_REQUEST);
      confirm.click();
      expect((await asked).payload).toEqual({ messageId: "m2", revision: data.journal.revision, options: {} });
    },
  );

  it("a card waiting for the target's answer: the target's owner answers, and the GM hears the value", async () => {
    const { server, gmChannel } = cardClient(alice, ["goblin"]);
    // STR-38's question, as strain's ask() puts it (cards/strain/ask.ts).
    const question = {
      role: "target",
      option: "defence",
      prompt: { key: "FRAY.Card.Strain.ChooseDefence", data: { name: "goblin", attacker: "alric" } },
      answers: ["resilience", "evasion"].map((d) => ({
        value: d,
        label: { key: `FRAY.Card.Strain.Defence.${d}`, data: {} },
      })),
    };
    const pending = {
      ruleset: "strain",
      attackerId: "alric",
      targetId: "goblin",
      rollMode: "publicroll",
      pending: { question, options: {} },
    };
    const { system } = cardMessage(AttackCardModel, "m7", "attack", pending, gm);
    const html = await drawCard(system);
    const section = html.querySelector(".fray-attack-card")!;
    expect(section.dataset.revision).toBe("-1");
    const answers = section.querySelectorAll("[data-fray-card-answer]");
    expect(answers.map((a) => a.dataset.frayCardAnswer)).toEqual(["resilience", "evasion"]);
    const asked = nextRequest(gmChannel, ATTACK_ANSWER_REQUEST);
    answers[1]!.click();
    expect(await asked).toEqual({ payload: { messageId: "m7", value: "evasion" }, senderId: "alice" });
    await settled(server);
  });

  it("a card no GM made: drawn as the notice alone, and no button in it is heard", async () => {
    const { server } = cardClient(alice, ["alric"]);
    const data = await teamsAttackData();
    const { system } = cardMessage(AttackCardModel, "m2", "attack", data, alice);
    const forged =
      `<section class="fray-attack-card" data-revision="0">` +
      `<button data-fray-card-command="{}">Apply</button></section>`;
    const html = await drawCard(system, forged);
    expect(html.querySelector(".message-content")!.innerHTML).toContain("fray-card-forged");
    expect(drawn).toEqual([]);
    // Even left in its HTML (another module's redraw), the forged card's buttons ask nothing.
    const kept = messageElement(forged);
    system.addListeners(kept);
    kept.querySelector("[data-fray-card-command]")!.click();
    expect(server.log).toEqual([]);
  });
});

describe("issue 27: the move card's model draws its card and hears its buttons", () => {
  it("the enemy's owner takes the offered free hit: the GM hears the take from that player", async () => {
    const { gmChannel } = cardClient(alice, ["gob"]);
    const { system } = cardMessage(MoveCardModel, "m3", "moveEffect", FREE_HIT_OFFER, gm);
    const html = await drawCard(system);
    expect(drawn.map((d) => d.path)).toEqual(["systems/fray/templates/chat/move-card.hbs"]);
    const buttons = html.querySelectorAll("[data-fray-move-card]");
    expect(buttons.map((b) => b.dataset.frayMoveCard)).toEqual(["take", "decline"]);
    const asked = nextRequest(gmChannel, MOVE_CARD_REQUEST);
    buttons[0]!.click();
    expect(await asked).toEqual({ payload: { messageId: "m3", action: "take" }, senderId: "alice" });
  });

  it("a card no GM made: drawn as the notice alone, and no button in it is heard", async () => {
    const { server } = cardClient(alice, ["gob"]);
    const { system } = cardMessage(MoveCardModel, "m4", "moveEffect", FREE_HIT_OFFER, alice);
    const forged = `<section class="fray-move-card"><button data-fray-move-card="take">Take</button></section>`;
    const html = await drawCard(system, forged);
    expect(html.querySelector(".message-content")!.innerHTML).toContain("fray-card-forged");
    const kept = messageElement(forged);
    system.addListeners(kept);
    kept.querySelector("[data-fray-move-card]")!.click();
    expect(server.log).toEqual([]);
  });
});

describe("issue 27: registration is a loop over the card models", () => {
  it(
    "each card type's model is registered, with its " + "sealed kind, and the hook asks the message's own model",
    async () => {
      cardClient(alice, ["gob"]);
      const hooks = new FakeHooks();
      const on = vi.spyOn(hooks, "on");
      Object.assign(globalThis, { CONFIG: { ChatMessage: { dataModels: {} }, queries: {} }, Hooks: hooks });
      cards.registerCards();
      const config = (globalThis as unknown as { CONFIG: { ChatMessage: { dataModels: Record<string, unknown> } } })
        .CONFIG;
      expect(config.ChatMessage.dataModels).toEqual({ attack: AttackCardModel, moveEffect: MoveCardModel });
      expect(Object.keys(cards.SEALED_KINDS).sort()).toEqual(["attack", "moveEffect"]);
      expect(on.mock.calls.filter(([name]) => name === "renderChatMessageHTML")).toHaveLength(1);
      const move = cardMessage(MoveCardModel, "m5", "moveEffect", FREE_HIT_OFFER, gm);
      const html = messageElement("");
      await cards.drawChatCard(move.message as never, html as never);
      expect(html.querySelectorAll("[data-fray-move-card]")).toHaveLength(2);
      // Another system's or module's message is left as it was drawn.
      const other = new FakeMessage("m6", "base", { content: "x" }, alice);
      const untouched = messageElement("<p>hello</p>");
      await cards.drawChatCard(other as never, untouched as never);
      expect(untouched.querySelector(".message-content")!.innerHTML).toBe("<p>hello</p>");
      expect(drawn.map((d) => d.path)).toEqual(["systems/fray/templates/chat/move-card.hbs"]);
    },
  );
});

describe("a hidden token's attack card, drawn on each client", () => {
  /**
   * Alric's teams attack on the Goblin, opened for a hidden token's offer: the GM's copy, and the shell all receive.
   */
  async function hiddenCard(): Promise<{ full: AttackCardData; shell: Record<string, unknown> }> {
    const teams = attackCardFor("teams")!;
    const sample = (type: string) => [...SAMPLE_ACTORS, ...SAMPLE_ITEMS].find((x) => x.type === type)!.system;
    const spear = { id: "spear", name: "Spear", type: "teams-weapon", system: sample("teams-weapon") };
    const opened = await openAttackCard(
      teams,
      {
        attacker: {
          id: "alric",
          name: "alric",
          type: "teams-character",
          system: sample("teams-character"),
          items: [spear],
        },
        target: { id: "goblin", name: "goblin", type: "teams-character", system: sample("teams-character"), items: [] },
        itemId: "spear",
        options: {},
      },
      "blindroll",
      1,
    );
    if (!opened.ok) throw new Error(opened.reason);
    const full = { ...opened.state, hidden: true };
    return { full, shell: publicCard(teams, full, "ab".repeat(32)) };
  }
  const NAMES = /alric|goblin|spear/i;

  it("a player's client draws nothing of it, and names nobody", async () => {
    cardClient(alice, ["alric"]);
    const { shell } = await hiddenCard();
    expect(JSON.stringify(shell)).not.toMatch(NAMES);
    const { system } = cardMessage(AttackCardModel, "m9", "attack", shell, gm);
    const html = await drawCard(system);
    expect(html.querySelector(".message-content")!.innerHTML).toBe("");
    expect(drawn).toEqual([]);
  });

  it("the active GM's client draws it whole with Reveal; another GM's says there is one, naming nobody", async () => {
    cardClient(gm);
    const { full, shell } = await hiddenCard();
    const { AttackCardModel: Real } = await import("../../../src/foundry/cards/attack-card-model.js");
    Real.sealed.set("m9", full);
    const held = await drawCard(cardMessage(AttackCardModel, "m9", "attack", shell, gm).system);
    const whole = held.querySelector(".message-content")!.innerHTML;
    expect(whole).toMatch(/alric/);
    // Drawn escaped, as Handlebars draws every {{localize}}.
    expect(whole).toContain(lookup("FRAY.Card.HiddenForGm")!.replace("'", "&#x27;"));
    expect(whole).toContain("reveal");
    Real.forget("m9");
    const elsewhere = await drawCard(cardMessage(AttackCardModel, "m9", "attack", shell, gm).system);
    const text = elsewhere.querySelector(".message-content")!.innerHTML;
    expect(text).toContain(lookup("FRAY.Card.HiddenAttack"));
    expect(text).not.toMatch(NAMES);
  });
});

describe("a refusal's values show as text: v13 draws a notification as HTML and escapes only its format data", () => {
  const EVIL = "<img src=x onerror=alert(1)>";
  const REFUSAL = { ok: false as const, key: "FRAY.Refusal.BadCircumstance", reason: "test", data: { key: EVIL } };

  /** Foundry's notifications on this client, as v13's Notifications#notify draws them (foundry-notifications.ts). */
  function notificationsHere(): FakeNotifications {
    const notifications = new FakeNotifications({ localize: (k) => lookup(k) ?? k, format });
    (globalThis as unknown as { ui: unknown }).ui = { notifications };
    return notifications;
  }
  const shownAsText = (n: FakeNotifications) => {
    expect(n.shown).toHaveLength(1);
    expect(n.shown[0]!.html).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expect(n.shown[0]!.html).not.toContain("<img");
  };

  it("an attack card's step refused for a name: the name is text", async () => {
    const { server, gmChannel } = cardClient(alice, ["alric"]);
    const notifications = notificationsHere();
    const html = await drawCard(cardMessage(AttackCardModel, "m1", "attack", await teamsAttackData(), gm).system);
    const asked = nextRequest(gmChannel, ATTACK_STEP_REQUEST, REFUSAL);
    html.querySelector(".message-content")!.querySelector("[data-fray-card-command]")!.click();
    await asked;
    await settled(server);
    shownAsText(notifications);
  });

  it("a move card's button refused for a name: the name is text", async () => {
    const { server, gmChannel } = cardClient(alice, ["gob"]);
    const notifications = notificationsHere();
    const html = await drawCard(cardMessage(MoveCardModel, "m3", "moveEffect", FREE_HIT_OFFER, gm).system);
    const asked = nextRequest(gmChannel, MOVE_CARD_REQUEST, REFUSAL);
    html.querySelectorAll("[data-fray-move-card]")[0]!.click();
    await asked;
    await settled(server);
    shownAsText(notifications);
  });

  it("a sheet's Attack refused for a name: the name is text", async () => {
    const { server, gmChannel } = cardClient(alice, ["alric"]);
    const notifications = notificationsHere();
    const { startAttack } = await import("../../../src/foundry/cards/start-attack.js");
    const asked = nextRequest(gmChannel, ATTACK_OPEN_REQUEST, REFUSAL);
    const actor = (id: string) => ({ id, uuid: `Actor.${id}`, name: EVIL }) as never;
    const answered = startAttack(actor("alric"), null, actor("goblin"));
    await asked;
    await settled(server);
    expect(await answered).toMatchObject({ ok: false });
    shownAsText(notifications);
  });
});
