import { beforeEach, describe, expect, it } from "vitest";
import { speakerOf } from "../../../../src/foundry/cards/data/card-speaker.js";
import { FakeGame } from "../../../fakes/foundry-game.js";

// Who a card or its dice speak for (issue 25, divergence 4: "the message speaks for the actor"). Foundry's chat speaker
// data is `{scene, actor, token, alias}` (common/documents/chat-message.mjs, ChatSpeakerData); Foundry draws the alias,
// and every client gets the message's data: an actor the GM hides is not named there.
interface Tok {
  id: string;
  hidden: boolean;
  actorLink: boolean;
  actorId: string;
  parent: { id: string };
}
let actors: Record<string, { id: string; name: string; token: Tok | null }>;
let scenes: { id: string; tokens: { contents: Tok[] } }[];

const token = (id: string, actorId: string, hidden: boolean, actorLink: boolean): Tok => ({
  id,
  hidden,
  actorLink,
  actorId,
  parent: { id: "s1" },
});

beforeEach(() => {
  const gobTok = token("e", "gob", false, false);
  const ghostTok = token("g", "ghost", true, false);
  actors = {
    orrin: { id: "orrin", name: "Captain Orrin", token: null },
    gob: { id: "gob", name: "Goblin", token: gobTok },
    ghost: { id: "ghost", name: "Ghost", token: ghostTok },
    spy: { id: "spy", name: "Spy", token: null },
    hermit: { id: "hermit", name: "Hermit", token: null },
  };
  scenes = [
    {
      id: "s1",
      tokens: { contents: [token("t", "orrin", false, true), gobTok, ghostTok, token("h1", "spy", true, true)] },
    },
  ];
  Object.assign(globalThis, { game: new FakeGame({ actors: Object.values(actors), scenes }) });
});

describe("a card's message speaks for the actor it names", () => {
  it("a linked actor: the actor alone, under its name; a token's own actor: its token and scene too", () => {
    expect(speakerOf("orrin")).toEqual({ scene: null, actor: "orrin", token: null, alias: "Captain Orrin" });
    expect(speakerOf("gob")).toEqual({ scene: "s1", actor: "gob", token: "e", alias: "Goblin" });
    expect(speakerOf("gob", "The Goblin")).toMatchObject({ alias: "The Goblin" });
    // An actor with no token anywhere (a sheet's attack) is named too.
    expect(speakerOf("hermit")).toEqual({ scene: null, actor: "hermit", token: null, alias: "Hermit" });
  });

  it("an actor the GM hides is not named: its own token hidden, or every token of a linked actor", () => {
    expect(speakerOf("ghost")).toBeUndefined();
    expect(speakerOf("spy")).toBeUndefined();
    // One token of the spy shown: the table sees it.
    scenes[0]!.tokens.contents.push(token("h2", "spy", false, true));
    expect(speakerOf("spy")).toMatchObject({ actor: "spy", alias: "Spy" });
  });

  it("nobody, or an actor that is gone, is not named", () => {
    expect(speakerOf("")).toBeUndefined();
    expect(speakerOf("nobody")).toBeUndefined();
  });
});
