import type { RosterEntry } from "../../combat/fight/roster.js";
import type { CombatSide } from "./sheet-picks.js";
import { theGame, type GamePort } from "../../game/game-port.js";

/**
 * What this needs of a Fray combat (FrayCombat): its roster, with sides in its turn order's words, and their labels.
 */
interface SidedCombat {
  roster(): RosterEntry[];
  sideLabels(): Record<string, string>;
}

/**
 * The sides of the combat the actor fights in, as its turn order would split them (groups, declared sides,
 * token dispositions) and as the tracker names them; none when the actor is in no Fray combat. The viewed
 * combat is preferred, so a GM running two fights sees the sides of the one on screen.
 */
export function combatSidesFor(
  actor: Actor.Implementation,
  game: Pick<GamePort, "combat" | "combats"> = theGame(),
): CombatSide[] {
  const combats = [game.combat, ...game.combats.contents];
  const combat = combats.find((c) =>
    c?.combatants.some((cb) => cb.actor === actor || (!!actor.id && cb.actorId === actor.id)),
  );
  if (!combat || !isSided(combat)) return [];
  const labels = combat.sideLabels();
  const ids = [...new Set(combat.roster().map((r) => r.side))];
  return ids.map((id) => ({ id, label: Object.hasOwn(labels, id) ? (labels[id] as string) : id }));
}

function isSided(combat: object): combat is SidedCombat {
  const c = combat as Partial<SidedCombat>;
  return typeof c.roster === "function" && typeof c.sideLabels === "function";
}
