// What `npm run sim -- --ruleset teams --seed 7 --fights 1000` runs (tools/sim.ts): the encounter simulator from the
// command line, on the sample parties or on actors (`--a`, `--b`: compendium source folders or Foundry's actor export
// JSON). Bad arguments print the usage and exit with code 2; actors that cannot be read exit with code 1. See
// docs/simulator.md.
import { RULESETS, isRuleset, type RulesetId } from "../src/core/index.js";
import { MAX_SEED, reportCsv, simulate, type SimInput, type SimReport, type TargetChoice } from "../src/sim/index.js";
import { partiesFrom, readActors, rulesetOf } from "./sim-actors.js";
import { DEMO_FIGHTS, DEMO_SEED, demoEncounter, medianRounds } from "./sim-demo.js";

const USAGE = `usage: npm run sim -- --ruleset <${RULESETS.join("|")}> [--seed <0..${MAX_SEED}>] [--fights <n >= 1>]
                      [--target <weakest|strongest|first>] [--round-cap <n >= 1>] [--json | --csv]
                      [--a <path> ... --b <path> ... | --demo <rule set>]
  --seed       whole number, default 1 (same seed, same report)
  --fights     whole number of fights to play, default 1000
  --target     whom each attack goes at, default weakest
  --round-cap  a fight still running after this round is a draw, default 50
  --json       print the report as JSON
  --csv        print the report as CSV (one measure a row)
  --a, --b     the actors of side a and side b instead of the sample parties: a compendium source folder
               (JSON or YAML files) or a file (an actor's Export Data JSON, a JSON list of them, or YAML);
               repeat to add more (the same file twice is two combatants); --ruleset may then be left out.
               The report then also counts each actor's drops and how fights ended.
  --demo       the rule set's demo encounter: the Party against the Adversaries of packs/<rule set>-actors,
               seed ${DEMO_SEED} and ${DEMO_FIGHTS} fights unless given (docs/simulator.md has the figures).`;

/** Where the command writes; `exit` ends the run with a code (the tests call runSim in-process). */
export interface SimIo {
  readonly out: (text: string) => void;
  readonly err: (text: string) => void;
}

/** Thrown to end a run early with its exit code, caught by runSim. */
class SimExit extends Error {
  constructor(readonly code: number) {
    super(`exit ${code}`);
  }
}

let io: SimIo = { out: () => undefined, err: () => undefined };
const log = (line: string): void => io.out(`${line}\n`);
const warn = (line: string): void => io.err(`${line}\n`);
const exit = (code: number): never => {
  throw new SimExit(code);
};

function fail(message: string): never {
  warn(`sim: ${message}\n${USAGE}`);
  return exit(2);
}

function wholeNumber(flag: string, raw: string | undefined, min: number, max = Number.MAX_SAFE_INTEGER): number {
  if (raw === undefined || !/^\d+$/.test(raw))
    fail(`${flag} needs a whole number, got ${raw === undefined ? "nothing" : JSON.stringify(raw)}`);
  const n = Number(raw);
  if (n < min || n > max) fail(`${flag} must be from ${min} to ${max}, got ${raw}`);
  return n;
}

interface Args {
  readonly input: Omit<SimInput, "ruleset"> & { readonly ruleset: string | undefined };
  readonly format: "text" | "json" | "csv";
  readonly a: readonly string[];
  readonly b: readonly string[];
  /** --demo: the rule set whose demo encounter plays. */
  readonly demo: RulesetId | undefined;
}

function parse(argv: readonly string[]): Args {
  let ruleset: string | undefined;
  const a: string[] = [];
  const b: string[] = [];
  let csv = false;
  let seed: number | undefined;
  let fights: number | undefined;
  let demo: string | undefined;
  let roundCap: number | undefined;
  let target: TargetChoice | undefined;
  let json = false;
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i] as string;
    const [name, inline] = flag.includes("=")
      ? [flag.slice(0, flag.indexOf("=")), flag.slice(flag.indexOf("=") + 1)]
      : [flag, undefined];
    const value = (): string | undefined => (inline !== undefined ? inline : argv[++i]);
    switch (name) {
      case "--ruleset":
        ruleset = value();
        break;
      case "--seed":
        seed = wholeNumber("--seed", value(), 0, MAX_SEED);
        break;
      case "--fights":
        fights = wholeNumber("--fights", value(), 1);
        break;
      case "--round-cap":
        roundCap = wholeNumber("--round-cap", value(), 1);
        break;
      case "--target": {
        const t = value();
        if (t !== "weakest" && t !== "strongest" && t !== "first")
          fail(`--target must be weakest, strongest or first, got ${JSON.stringify(t)}`);
        target = t;
        break;
      }
      case "--json":
        json = true;
        break;
      case "--csv":
        csv = true;
        break;
      case "--demo":
        demo = value();
        if (demo === undefined || !isRuleset(demo))
          fail(`--demo needs a rule set (${RULESETS.join(", ")}), got ${JSON.stringify(demo)}`);
        break;
      case "--a":
      case "--b": {
        const path = value();
        if (path === undefined || path === "") fail(`${name} needs a path`);
        (name === "--a" ? a : b).push(path);
        break;
      }
      case "--help":
      case "-h":
        log(USAGE);
        return exit(0);
      default:
        fail(`unknown argument ${JSON.stringify(flag)}`);
    }
  }
  if (json && csv) fail("--json and --csv cannot both be given");
  if ((a.length === 0) !== (b.length === 0)) fail("--a and --b go together: give the actors of both sides");
  if (demo !== undefined && a.length > 0) fail("--demo plays the pack's own actors: leave out --a and --b");
  if (demo !== undefined && ruleset !== undefined && ruleset !== demo) fail(`--ruleset ${ruleset} but --demo ${demo}`);
  if (demo !== undefined) ruleset = demo;
  if (ruleset === undefined && a.length === 0) fail("--ruleset is required");
  if (ruleset !== undefined && !isRuleset(ruleset))
    fail(`unknown ruleset ${JSON.stringify(ruleset)}; use one of ${RULESETS.join(", ")}`);
  const input = {
    ruleset,
    seed: seed ?? (demo ? DEMO_SEED : 1),
    fights: fights ?? (demo ? DEMO_FIGHTS : 1000),
    ...(roundCap !== undefined ? { roundCap } : {}),
    ...(target !== undefined ? { tactics: { target } } : {}),
  };
  return { input, format: json ? "json" : csv ? "csv" : "text", a, b, demo: demo as RulesetId | undefined };
}

/** The input to simulate: the sample parties, or the actors of each side read through the attack cards' readers. */
function inputFrom(args: Args): SimInput {
  if (args.a.length === 0 && !args.demo) return args.input as SimInput;
  let read;
  try {
    read = args.demo ? demoSides(args.demo) : { a: readActors(args.a), b: readActors(args.b) };
  } catch (e) {
    warn(`sim: ${e instanceof Error ? e.message : String(e)}`);
    return exit(1);
  }
  const found = rulesetOf([...read.a, ...read.b]);
  if (!isRuleset(found)) {
    warn(`sim: ${found}`);
    return exit(1);
  }
  if (args.input.ruleset !== undefined && args.input.ruleset !== found)
    fail(`--ruleset ${args.input.ruleset} but the actors are ${found} actors`);
  const [pathsA, pathsB] = args.demo ? [["Party"], ["Adversaries"]] : [args.a, args.b];
  const parties = partiesFrom(found, { paths: pathsA, actors: read.a }, { paths: pathsB, actors: read.b });
  if ("ok" in parties) {
    warn(`sim: ${parties.reason}`);
    return exit(1);
  }
  return { ...args.input, ruleset: found, parties, detail: true } as SimInput;
}

/** The demo encounter's sides: the pack's Party as a, its Adversaries as b. */
function demoSides(ruleset: RulesetId): { a: ReturnType<typeof readActors>; b: ReturnType<typeof readActors> } {
  const { party, adversaries } = demoEncounter(ruleset);
  return { a: party, b: adversaries };
}

const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;

function print(r: SimReport): void {
  const t = r.tactics;
  const extra =
    r.ruleset === "escalation"
      ? `; extra attack with MA + 2 BA: ${t.extraAttack ? "yes" : "no"}`
      : r.ruleset === "teams"
        ? `; attacks per turn: ${t.attacksPerTurn}`
        : r.ruleset === "strain"
          ? `; defence: ${t.defence}`
          : r.ruleset === "factions"
            ? `; morale checks: ${t.morale ? "yes" : "no"}`
            : "";
  const side = (s: "a" | "b"): string => {
    const [lo, hi] = r.winRateInterval[s];
    return `${String(r.wins[s]).padStart(7)}  ${pct(r.winRate[s]).padStart(6)}  (95% CI ${pct(lo)} to ${pct(hi)})`;
  };
  log(
    `Fray encounter simulator: ${r.ruleset}, seed ${r.seed}, ${r.fights} fights (round cap ${r.roundCap}: a fight ` +
      `still running then is a draw)`,
  );
  log(`party a: ${r.parties.a.name} (${r.parties.a.members.join(", ")})`);
  log(`party b: ${r.parties.b.name} (${r.parties.b.members.join(", ")})`);
  log(`tactics: attack the ${t.target} standing enemy${extra}`);
  log(`wins a: ${side("a")}`);
  log(`wins b: ${side("b")}`);
  log(`draws:  ${String(r.draws).padStart(7)}  ${pct(r.draws / r.fights).padStart(6)}`);
  const median = r.detail ? `median ${medianRounds(r)}, ` : "";
  log(
    `rounds: ${median}mean ${r.rounds.mean.toFixed(2)}, sd ${r.rounds.sd.toFixed(2)}, min ${r.rounds.min}, ` +
      `max ${r.rounds.max}`,
  );
  const d = r.detail;
  if (!d) return;
  log("dropped in (0 HP, defeated, unconscious, Incapacitated or out; a retreat is no drop):");
  for (const id of [...r.parties.a.members, ...r.parties.b.members])
    log(`  ${id.padEnd(24)} ${pct((d.drops[id] ?? 0) / r.fights).padStart(6)}`);
}

/**
 * One run of `npm run sim` with these arguments, writing to `out`; its exit code (0 done, 2 bad arguments, 1
 * otherwise).
 */
export function runSim(argv: readonly string[], out: SimIo): number {
  io = out;
  try {
    const args = parse(argv);
    const report = simulate(inputFrom(args));
    if (!report.ok) {
      warn(`sim: ${report.reason}`);
      return report.key.startsWith("FRAY.Refusal.SimBad") || report.key === "FRAY.Refusal.SimUnknownRuleset" ? 2 : 1;
    }
    if (args.format === "json") log(JSON.stringify(report, null, 2));
    else if (args.format === "csv") io.out(reportCsv(report));
    else print(report);
    return 0;
  } catch (e) {
    if (e instanceof SimExit) return e.code;
    throw e;
  }
}
