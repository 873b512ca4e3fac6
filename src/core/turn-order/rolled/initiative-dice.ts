/** STR-02: the initiative roll, 2d6 plus the character's Initiative modifier. */
export const INITIATIVE_DICE = { count: 2, sides: 6 } as const;
