import { RequestChannel } from "../../../src/foundry/requests/request-channel.js";
import { registerRequests } from "../../../src/foundry/requests/register-requests.js";
import { openAttackCard } from "../../../src/foundry/cards/data/attack-card-data.js";
import { attackCardFor } from "../../../src/foundry/rulesets/index.js";
import { publicCard } from "../../../src/foundry/cards/sealed/sealed-card.js";
import { FakeUser } from "../../fakes/foundry-combat.js";
import { fakeFields } from "../../fakes/foundry-fields.js";
import { FakeSocketServer } from "../../fakes/foundry-socket.js";
import { FakeNotifications, type NotifyOptions } from "../../fakes/foundry-notifications.js";
import { format, lookup, render } from "../../fakes/handlebars-env.js";
import { SAMPLE_ACTORS, SAMPLE_ITEMS } from "../../../tools/sample-data.js";
import { FakeTypeDataModel } from "./fake-type-data-model.js";

// One user's client drawing Fray's chat cards: the Foundry globals the card models read, the shipped templates drawn
// by real Handlebars, and Fray's request channel to the active GM over the fake socket.

export const gm = new FakeUser("gm", "GM", true);
export const alice = new FakeUser("alice", "Alice");

/** Install before a card model's module is imported: the models extend foundry.abstract.TypeDataModel as they load. */
export function installCardFoundry(): void {
  (globalThis as { foundry?: unknown }).foundry = {
    data: { fields: fakeFields },
    abstract: { TypeDataModel: FakeTypeDataModel },
    applications: {
      handlebars: {
        // v13 renders a template by its path under the server's root: systems/fray/ is this repository.
        renderTemplate: (path: string, context: Record<string, unknown>) => {
          drawn.push({ path, context });
          return Promise.resolve(render(path.replace(/^systems\/fray\//, ""), context));
        },
      },
    },
    utils: { randomID: () => Math.random().toString(36).slice(2, 18) },
  };
}

/** Every template drawn since the client was made. */
export let drawn: { path: string; context: Record<string, unknown> }[] = [];

/** What the client showed the user as warnings. */
export let warnings: string[] = [];

/**
 * `user`'s client, the active GM's channel (which answers on the GM's client) and the socket between them. Actors
 * are world actors by id, named by their id; `owned` are the ones the user owns.
 */
export function cardClient(user: FakeUser, owned: readonly string[] = [], rollMode = "publicroll") {
  drawn = [];
  warnings = [];
  const server = new FakeSocketServer();
  const actor = (id: string) => ({ id, name: id, items: { contents: [] }, isOwner: user.isGM || owned.includes(id) });
  const i18n = { localize: (key: string) => lookup(key) ?? key, format };
  // v13's Notifications#notify (foundry-notifications.ts): each warning as the HTML it draws.
  const notifications = new FakeNotifications(i18n);
  Object.assign(globalThis, {
    game: {
      user,
      users: { activeGM: gm, get: (id: string) => [gm, alice].find((u) => u.id === id) },
      ready: true,
      world: { id: "world" },
      socket: server.connect(user.id),
      i18n,
      settings: {
        get: (scope: string, key: string) => (scope === "core" && key === "rollMode" ? rollMode : undefined),
      },
      actors: { get: (id: string) => actor(id) },
    },
    ui: {
      notifications: {
        warn: (message: unknown, options?: NotifyOptions) => {
          notifications.warn(message, options);
          warnings.push(notifications.shown.at(-1)!.html);
        },
      },
    },
  });
  const channel = registerRequests();
  // The GM's own client answers its requests itself; a player's cross the socket to the GM's (request-channel.ts).
  const gmChannel = user === gm ? channel : new RequestChannel(server.env("gm", () => "gm"));
  if (gmChannel !== channel) gmChannel.listen();
  return { server, gmChannel };
}

/** A teams attack of Alric on the Goblin with his spear, as the GM's client opened it (a public roll). */
export async function teamsAttackData(): Promise<Record<string, unknown>> {
  const teams = attackCardFor("teams")!;
  const sample = (type: string) => [...SAMPLE_ACTORS, ...SAMPLE_ITEMS].find((x) => x.type === type)!.system;
  const spear = { id: "spear", name: "Spear", type: "teams-weapon", system: sample("teams-weapon") };
  const choice = {
    attacker: {
      id: "alric",
      name: "Alric",
      type: "teams-character",
      system: sample("teams-character"),
      items: [spear],
    },
    target: { id: "goblin", name: "Goblin", type: "teams-character", system: sample("teams-character"), items: [] },
    itemId: "spear",
    options: {},
  };
  const opened = await openAttackCard(teams, choice, "publicroll", 1);
  if (!opened.ok) throw new Error(opened.reason);
  return publicCard(teams, opened.state);
}
