/** What a control says: a `FRAY.Tracker.Command.*` key and the values it is formatted with. */
export interface CommandLabel {
  readonly label: string;
  readonly data: Readonly<Record<string, string | number>>;
}

/** Names as this user may see them: combatants (hidden ones as "someone") and sides. */
export interface Namer {
  combatant(id: string): string;
  side(id: string): string;
  /** SEC-42: the section across a border from `from`, by its region's name (absent: the border's id is shown). */
  across?(border: string, from: string): string;
  /** SEC-46: a border by the names of the two sections it lies between (absent: the border's id is shown). */
  between?(border: string): string;
}
