import type { DiceRoll } from "../../dice/dice-roll.js";

/** SEC-49: every section is lit, shadowy or dark. */
export type Lighting = "lit" | "shadowy" | "dark";

/** Optional axis-aligned rectangle of a section, used only for the SEC-30 straight-line check. */
export interface SectionGeometry {
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
}

export interface SectionDef {
  readonly id: string;
  readonly lighting: Lighting;
  /** SEC-68: enough water that occupants must swim. */
  readonly water?: boolean;
  readonly geometry?: SectionGeometry;
}

/**
 * SEC-01: a border is hard (a wall) or soft; `height` is signed from `a` to `b` (SEC-11): crossing b->a gives -height.
 */
export interface BorderDef {
  readonly id: string;
  readonly a: string;
  readonly b: string;
  readonly kind: "soft" | "hard";
  readonly height?: number;
}

export interface SectionMap {
  readonly sections: readonly SectionDef[];
  readonly borders: readonly BorderDef[];
}

export interface Senses {
  readonly lowLightVision?: boolean;
  readonly darkvision?: boolean;
  readonly lightSensitivity?: boolean;
}

/** SEC-16: the climbing state of one entity: which border, in which direction, how high so far. */
export interface ClimbingState {
  readonly border: string;
  /** The lower section, which the climber still occupies. */
  readonly from: string;
  readonly to: string;
  readonly height: number;
  readonly climbed: number;
}

/** "Unless otherwise specified" exceptions an entity may carry while climbing (SEC-18, SEC-19). */
export interface ClimbingExceptions {
  readonly notDebilitated?: boolean;
  readonly notVulnerable?: boolean;
  readonly mayIncant?: boolean;
}

export interface SectionsEntity {
  readonly id: string;
  /** Entities on different sides are enemies. */
  readonly side: string;
  /** SEC-02: the occupied section. */
  readonly section: string;
  readonly senses?: Senses;
  /** SEC-70 */
  readonly aquatic?: boolean;
  readonly immobilized?: boolean;
  readonly defenseless?: boolean;
  /** SEC-72 ruling: set by the GM or an effect; swimming alone is not underwater. */
  readonly underwater?: boolean;
  /** SEC-04: the innate Move number when something states otherwise; 1 when missing. */
  readonly innateMove?: number;
  readonly innateMoveUsed?: boolean;
  readonly climbing?: ClimbingState | null;
  readonly climbingExceptions?: ClimbingExceptions;
}

/** SEC-42 (own Block, from the blocker's occupied section) or SEC-46 (a Block at a distance from an ability). */
export interface Block {
  readonly blocker: string;
  readonly border: string;
  readonly atDistance: boolean;
  /** For an own Block: the section it is held from (the blocker's section when it was raised). */
  readonly from?: string;
}

export interface SectionsBattle {
  readonly map: SectionMap;
  readonly entities: Readonly<Record<string, SectionsEntity>>;
  readonly blocks: readonly Block[];
}

export type SectionEvent =
  | {
      readonly type: "moved";
      readonly entity: string;
      readonly from: string;
      readonly to: string;
      readonly mode: string;
    }
  | {
      readonly type: "fall";
      readonly entity: string;
      readonly border: string | null;
      readonly height: number;
      readonly formula: string;
      readonly roll?: DiceRoll;
      readonly clause: "SEC-13" | "SEC-20" | "SEC-21";
    }
  | {
      readonly type: "stoppedByBlock";
      readonly entity: string;
      readonly border: string;
      readonly blocker: string;
      readonly clause: "SEC-42" | "SEC-46";
    }
  | {
      readonly type: "climbStarted";
      readonly entity: string;
      readonly border: string;
      readonly height: number;
      readonly clause: "SEC-15";
    }
  | {
      readonly type: "climbGoesOn";
      readonly entity: string;
      readonly border: string;
      readonly height: number;
      readonly climbed: number;
      readonly clause: "SEC-15";
    }
  | {
      readonly type: "climbProgress";
      readonly entity: string;
      readonly border: string;
      readonly climbed: number;
      readonly height: number;
    }
  | { readonly type: "climbFinished"; readonly entity: string; readonly border: string; readonly section: string }
  | { readonly type: "climbHeld"; readonly entity: string; readonly border: string; readonly clause: "SEC-20" }
  | { readonly type: "climbCheckFailed"; readonly entity: string; readonly border: string; readonly clause: "SEC-15" }
  | {
      readonly type: "acrobatics";
      readonly entity: string;
      readonly result: number;
      readonly dm: number;
      readonly success: boolean;
      /** The two rolls when the core rolled them (the entity's Acrobatics dice and the DM's), to show as dice. */
      readonly rolls?: { readonly entity: DiceRoll; readonly dm: DiceRoll };
    }
  | { readonly type: "swimmingPenalty"; readonly entity: string; readonly section: string; readonly clause: "SEC-69" }
  | { readonly type: "blockRaised"; readonly block: Block }
  | {
      readonly type: "blockLowered";
      readonly block: Block;
      readonly reason: "left" | "announced" | "immobilized" | "defenseless" | "ended";
    };
