import { readFileSync } from "node:fs";

/** lang/en.json flattened to "FRAY.Refusal.NotYourTurn" keys, as Foundry's localisation reads it. */
export const EN: Readonly<Record<string, string>> = flatten(JSON.parse(readFileSync("lang/en.json", "utf8")) as Record<string, unknown>);

function flatten(node: Record<string, unknown>, prefix = "", out: Record<string, string> = {}): Record<string, string> {
  for (const [k, v] of Object.entries(node)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === "string") out[key] = v;
    else if (v && typeof v === "object") flatten(v as Record<string, unknown>, key, out);
  }
  return out;
}
