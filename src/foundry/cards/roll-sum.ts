/**
 * A roll's sum as a card's line shows it: its faces, its modifier and its total ("3 + 3 + 1 = 7"). A lone die with
 * nothing added shows its result once ("5", never "5 = 5"): a line does not echo itself.
 */
export function rollSum(faces: string, modifier: string, total: number, dice: number): string {
  return dice === 1 && modifier === "" ? String(total) : `${faces}${modifier} = ${total}`;
}
