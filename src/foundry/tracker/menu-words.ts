import type { TurnCommand } from "../combat/fight/turn-command.js";
import type { CommandLabel, Namer } from "./namer.js";

/*
 * The tracker's menu items in each rule text's own words ("Play an Action card", "Attack (AA)", "Dodge (reaction)"),
 * under FRAY.Tracker.Menu. A command these tables do not know keeps command-label.ts's plain label.
 */

/** Names of the teams and factions actions and reactions, as the rule texts write them, by their key. */
const ACTION_KEYS: Readonly<Record<string, string>> = {
  Attack: "Attack",
  Brandish: "Brandish",
  Interact: "Interact",
  "Stand Up": "StandUp",
  Command: "Command",
  Move: "Move",
  Sprint: "Sprint",
  Guard: "Guard",
  "Ready an Action": "ReadyAnAction",
  Resuscitate: "Resuscitate",
  "Seek Cover": "SeekCover",
  "Short Task": "ShortTask",
  Wait: "Wait",
  "Drop Item": "DropItem",
  "Drop Prone": "DropProne",
  Step: "Step",
  "Complex Interaction": "ComplexInteraction",
  Equip: "Equip",
  Unequip: "Unequip",
  Swap: "Swap",
  "Pick Up": "PickUp",
  "Put Down": "PutDown",
  Speak: "Speak",
  "Use Consumable": "UseConsumable",
  // TEAM-36..43: the reactions.
  Block: "Block",
  Dodge: "Dodge",
  Fortify: "Fortify",
  Intercept: "Intercept",
  Parry: "Parry",
  Resist: "Resist",
};

/** ESC-06..11: what an escalation action is spent on. */
const ESCALATION_USES = new Set([
  "attack",
  "castTime",
  "pickUp",
  "drawOrSheathe",
  "talk",
  "standUp",
  "disengage",
  "move",
  "toggleSpell",
  "boostDamage",
  "boostHit",
  "boostDodge",
  "boostMove",
  "extraAttack",
]);

/** ESC-05, ESC-10, ESC-11: what it is paid with, by its key (a key has no "+"). */
const ESCALATION_PAYMENTS: Readonly<Record<string, string>> = {
  AA: "AA",
  MA: "MA",
  BA: "BA",
  "2BA": "TwoBA",
  "MA+2BA": "MAAndTwoBA",
  granted: "Granted",
};

/** SEC-06, SEC-07: what a card's granted Move is made as. */
const GRANT_KINDS = new Set(["move", "phase", "fly", "teleport"]);
/** The sections Phases and what they pay for (SEC-42, SEC-61). */
const SECTIONS_SPENDS = new Set(["strategy.strategy", "strategy.block", "action.action", "action.incant"]);
/** FAC-14: the triggers a reaction answers. */
const FACTIONS_TRIGGERS = new Set(["attacked"]);
/** Why the GM removes a combatant (escalation's reasons, ESC-33 and the battle's end). */
const REMOVAL_REASONS = new Set(["defeated", "fled", "unwilling"]);
/** How a GM's declared end reads (the outcomes the turn orders offer). */
const OUTCOMES = new Set(["victory", "draw", "objective"]);
/** STR-55: the loads and tolerances setLoads changes. */
const LOADS: Readonly<Record<string, string>> = {
  stressLoad: "FRAY.Strain.StressLoad",
  stressTolerance: "FRAY.Strain.StressTolerance",
  fatigueLoad: "FRAY.Strain.FatigueLoad",
  fatigueTolerance: "FRAY.Strain.FatigueTolerance",
};

const label = (key: string, data: Record<string, string | number> = {}): CommandLabel => ({ label: key, data });
const text = (v: unknown): string => (typeof v === "string" ? v : "");

/** The menu item of a command in its rule set's words, or null where command-label.ts's plain label stands. */
export function menuWords(command: TurnCommand, names: Namer): CommandLabel | null {
  const c = command as TurnCommand & Readonly<Record<string, unknown>>;
  switch (c.type) {
    case "spend":
      return spendWords(c, names);
    case "react":
      return reactWords(c);
    case "move":
      return moveWords(c);
    case "position":
      return positionWords(c);
    case "setLoads":
      return loadWords(c);
    case "setHealth":
      return typeof c.health === "number" ? label("FRAY.Tracker.Menu.setHealth", { health: c.health }) : null;
    case "abandon":
      return label("FRAY.Tracker.Menu.abandon");
    case "discard":
      return label("FRAY.Tracker.Menu.discard");
    case "remove":
      return c.reason === undefined
        ? label("FRAY.Tracker.Menu.remove")
        : REMOVAL_REASONS.has(text(c.reason))
          ? label(`FRAY.Tracker.Menu.removeBecause.${text(c.reason)}`)
          : null;
    case "declareEnd":
      return endWords(c, names);
    default:
      return null;
  }
}

function spendWords(c: Readonly<Record<string, unknown>>, names: Namer): CommandLabel | null {
  const action = text(c.action);
  // Sections: the Phase and what it pays for (a Block with its border is command-label.ts's own).
  if (typeof c.phase === "string")
    return SECTIONS_SPENDS.has(`${c.phase}.${action}`) ? label(`FRAY.Tracker.Menu.sections.${action}`) : null;
  // Escalation: the use and the action it is paid with.
  if (typeof c.pay === "string") {
    const pay = Object.hasOwn(ESCALATION_PAYMENTS, c.pay) ? ESCALATION_PAYMENTS[c.pay] : undefined;
    return ESCALATION_USES.has(action) && pay
      ? label("FRAY.Tracker.Menu.escalation.spend", {
          use: `FRAY.Tracker.Menu.escalation.use.${action}`,
          pay: `FRAY.Tracker.Menu.escalation.pay.${pay}`,
        })
      : null;
  }
  // Strain: the turn's Move, its one Action, its Stance (STR-10..12).
  if (action === "move" && typeof c.squares === "number")
    return label("FRAY.Tracker.Menu.strain.move", { squares: c.squares });
  if (action === "action")
    return label(c.moveAfter === true ? "FRAY.Tracker.Menu.strain.actionThenMove" : "FRAY.Tracker.Menu.strain.action");
  if (action === "stance") return label("FRAY.Tracker.Menu.strain.stance");
  // Teams and factions: the action by its name; Command names the ally, a Move its zones, an Interact if complex.
  const key = Object.hasOwn(ACTION_KEYS, action) ? ACTION_KEYS[action] : undefined;
  if (!key) return null;
  if (typeof c.target === "string") return label("FRAY.Tracker.Menu.commandAlly", { name: names.combatant(c.target) });
  if (typeof c.zones === "number") return label("FRAY.Tracker.Menu.moveZones", { zones: c.zones });
  return label(c.complex === true ? "FRAY.Tracker.Menu.complex" : "FRAY.Tracker.Menu.named", {
    action: `FRAY.Tracker.Menu.actions.${key}`,
  });
}

function reactWords(c: Readonly<Record<string, unknown>>): CommandLabel | null {
  // Factions: a reaction answers a trigger (FAC-14).
  if (typeof c.trigger === "string")
    return FACTIONS_TRIGGERS.has(c.trigger) ? label(`FRAY.Tracker.Menu.reactTo.${c.trigger}`) : null;
  const reaction = text(c.reaction);
  const key = Object.hasOwn(ACTION_KEYS, reaction) ? ACTION_KEYS[reaction] : undefined;
  // TEAM-28: a free reaction does not count against the round's one.
  return key
    ? label(c.free === true ? "FRAY.Tracker.Menu.freeReaction" : "FRAY.Tracker.Menu.reaction", {
        reaction: `FRAY.Tracker.Menu.actions.${key}`,
      })
    : null;
}

function moveWords(c: Readonly<Record<string, unknown>>): CommandLabel | null {
  if (c.kind === "innate") return label("FRAY.Tracker.Menu.sections.innateMove");
  const kind = text(c.movement) || "move";
  return c.kind === "granted" && GRANT_KINDS.has(kind)
    ? label("FRAY.Tracker.Menu.sections.grantedMove", { movement: `FRAY.Tracker.Menu.sections.grant.${kind}` })
    : null;
}

/** STR-09: the starting square picked in Round Zero. */
function positionWords(c: Readonly<Record<string, unknown>>): CommandLabel | null {
  const square = c.square as { x?: unknown; y?: unknown } | undefined;
  return typeof square?.x === "number" && typeof square.y === "number"
    ? label("FRAY.Tracker.Menu.strain.position", { x: square.x, y: square.y })
    : null;
}

/** STR-55: one load or tolerance set to a number (the tracker offers one at a time). */
function loadWords(c: Readonly<Record<string, unknown>>): CommandLabel | null {
  const set = Object.keys(LOADS).filter((k) => typeof c[k] === "number");
  const [key] = set;
  return set.length === 1 && key
    ? label("FRAY.Tracker.Menu.strain.setLoad", { load: LOADS[key] ?? key, value: c[key] as number })
    : null;
}

function endWords(c: Readonly<Record<string, unknown>>, names: Namer): CommandLabel | null {
  const outcome = text(c.outcome);
  if (!OUTCOMES.has(outcome) || !Array.isArray(c.victors)) return null;
  return label(`FRAY.Tracker.Menu.declareEnd.${outcome}`, {
    victors: c.victors.map((v) => names.side(String(v))).join(", "),
  });
}
