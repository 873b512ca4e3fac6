import { journalOf } from "../../combat/fight/journal.js";
import type { TurnCommand } from "../../combat/fight/turn-command.js";
import { TURN_REQUEST } from "../../combat/requests/turn-request.js";
import { requests } from "../../requests/register-requests.js";
import type { RequestAnswer } from "../../requests/request-answer.js";
import { looseHooks } from "../quench-types.js";
import type { CombatFixture } from "../fixtures/combat-fixture.js";

/** Fray's hooks the batch counts; each call is recorded with the event it carried. */
const WATCHED_HOOKS = ["fray.combatStart", "fray.turnStart", "fray.turnEnd", "fray.roundEnd", "fray.undo"] as const;

interface HookRecord {
  readonly hook: string;
  readonly combatId: string | null;
  readonly event: { readonly type?: string; readonly round?: number; readonly combatant?: string };
}

/** The batch's window on the fight: requests answered by the registered handler, and the hooks they fired. */
export class TrackerProbe {
  readonly calls: HookRecord[] = [];
  readonly #hookIds: [string, number][] = [];

  constructor(readonly made: CombatFixture) {}

  combat() {
    if (!this.made.combat) throw new Error("the batch's combat was not created");
    return this.made.combat;
  }

  revision = (): number => journalOf(this.combat())?.revision ?? -1;
  view = () => this.combat().frayView;
  legal = (): TurnCommand[] => {
    const j = this.combat().journal;
    const mode = this.combat().mode;
    return j && mode ? mode.engine.legal(j.state) : [];
  };

  /**
   * A request from `user` as the GM's client receives it: the payload the client wrote (plus any `extra` fields a
   * forger adds) and the sender Foundry's server names. Answered by the handler registered on the request channel.
   */
  async send(
    user: User.Implementation,
    command: TurnCommand,
    rev = this.revision(),
    extra: Record<string, unknown> = {},
  ): Promise<RequestAnswer> {
    const payload = { ...extra, combatId: this.combat().id ?? "", command, revision: rev };
    const answer = await requests().answer(TURN_REQUEST, payload, user.id ?? "");
    if (answer.ok && typeof answer.revision === "number") await this.settled(answer.revision);
    return answer;
  }

  /** The update is written by the time the handler answers; wait for this client's copy to show it too. */
  async settled(rev: number): Promise<void> {
    for (let i = 0; i < 100 && this.revision() < rev; i++) await new Promise((r) => setTimeout(r, 20));
  }

  count(hook: string, filter: (e: HookRecord["event"]) => boolean = () => true): number {
    return this.calls.filter((c) => c.hook === hook && c.combatId === (this.made.combat?.id ?? null) && filter(c.event))
      .length;
  }

  watch(): void {
    for (const hook of WATCHED_HOOKS) {
      const id = looseHooks().on(hook, (c: { id?: string | null }, event: HookRecord["event"]) => {
        this.calls.push({ hook, combatId: c?.id ?? null, event });
      });
      this.#hookIds.push([hook, id]);
    }
  }

  unwatch(): void {
    for (const [hook, id] of this.#hookIds) looseHooks().off(hook, id);
  }
}
