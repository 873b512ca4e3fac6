/** Every Handlebars template Fray ships, loaded once at init so sheets and cards render without a fetch. */
const TEMPLATES: readonly string[] = [
  "templates/combat/tracker-part.hbs",
  "templates/combat/tracker.hbs",
  "templates/combat/setup.hbs",
  "templates/combat/damaged.hbs",
  "templates/combat/footer.hbs",
  "templates/combat/odds.hbs",
  "templates/chat/attack-card.hbs",
  "templates/chat/move-card.hbs",
];

export async function preloadTemplates(): Promise<void> {
  if (TEMPLATES.length === 0) return;
  await foundry.applications.handlebars.loadTemplates(TEMPLATES.map((t) => `systems/fray/${t}`));
}
