/**
 * Foundry v13's ApplicationV2#_prepareTabs, as `client/applications/api/application.mjs` does it: each configured tab
 * gets its group, whether it is the group's active one (the given tab, else the configuration's `initial`), "active"
 * joined onto its cssClass when it is, and a label `${labelPrefix}.${id}` unless it has one. The sheet classes call
 * Foundry's own; the render tests and screenshots, which run without Foundry, call this.
 */
export interface TabConfig {
  readonly tabs: readonly {
    readonly id: string;
    readonly cssClass?: string;
    readonly label?: string;
    readonly icon?: string;
  }[];
  readonly initial?: string | null;
  readonly labelPrefix?: string | null;
}

export interface PreparedTab {
  readonly id: string;
  readonly group: string;
  readonly active: boolean;
  readonly cssClass?: string;
  readonly label?: string;
  readonly icon?: string;
}

export function prepareTabs(
  config: Readonly<Record<string, TabConfig>>,
  group: string,
  active?: string,
): Record<string, PreparedTab> {
  const { tabs, labelPrefix, initial = null } = config[group] ?? { tabs: [] };
  const current = active ?? initial;
  const out: Record<string, PreparedTab> = {};
  for (const { id, cssClass, ...rest } of tabs) {
    const isActive = current === id;
    const tab = {
      group,
      id,
      active: isActive,
      cssClass: isActive ? [cssClass, "active"].filter(Boolean).join(" ") : cssClass,
      ...rest,
    };
    // v13: `if ( labelPrefix ) tab.label ??= ...`.
    out[id] = labelPrefix ? { ...tab, label: tab.label ?? `${labelPrefix}.${id}` } : tab;
  }
  return out;
}
