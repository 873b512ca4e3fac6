/** game.i18n.format wants string values; the core's refusal data may hold numbers. */
export function formatData(data: Readonly<Record<string, string | number>> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(data ?? {})) out[k] = String(v);
  return out;
}
