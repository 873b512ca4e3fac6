import { blockMarks, dispositionKey, type BlockMark } from "./block-marks.js";
import { sceneOf } from "../check/ports-check.js";
import { worldFight } from "../fight/world-fight.js";
import { spaces } from "../space/world-spaces.js";
import { theGame, type GamePort } from "../../game/game-port.js";

/** The name of the container the Blocks are drawn in, on the canvas's interface group. */
const LAYER = "fray-blocks";

/** Width of the border's line and of the mark, in pixels at scale 1. */
const EDGE_WIDTH = 4;
const MARK_WIDTH = 10;

function container(): PIXI.Container | null {
  const group = canvas?.ready ? canvas.interface : undefined;
  if (!group) return null;
  const found = group.getChildByName(LAYER);
  if (found instanceof PIXI.Container) return found;
  const made = new PIXI.Container();
  made.name = LAYER;
  made.eventMode = "none";
  group.addChild(made);
  return made;
}

/** One Block's drawing: the border's edges, thin, and a bold bar on its middle with a notch on the held side. */
function drawMark(mark: BlockMark, color: number): PIXI.Graphics {
  const g = new PIXI.Graphics();
  g.name = mark.blocker;
  g.lineStyle({ width: EDGE_WIDTH, color, alpha: 0.55 });
  for (const e of mark.edges) g.moveTo(e.a.x, e.a.y).lineTo(e.b.x, e.b.y);
  const half = mark.length * 0.35;
  const { centre: c, along: u, into: n } = mark;
  g.lineStyle({ width: MARK_WIDTH, color, alpha: 0.95 });
  g.moveTo(c.x - u.x * half, c.y - u.y * half).lineTo(c.x + u.x * half, c.y + u.y * half);
  // SEC-46: a Block at a distance stops both ways: no held side to show.
  if (mark.atDistance) return g;
  // A small triangle into the section the Block is held from: the side an enemy may not leave (SEC-42).
  const tip = mark.length * 0.2;
  g.lineStyle({ width: 2, color: 0x000000, alpha: 0.6 });
  g.beginFill(color, 0.95);
  g.drawPolygon([
    c.x + n.x * tip,
    c.y + n.y * tip,
    c.x + u.x * tip * 0.6 + n.x * (MARK_WIDTH / 2),
    c.y + u.y * tip * 0.6 + n.y * (MARK_WIDTH / 2),
    c.x - u.x * tip * 0.6 + n.x * (MARK_WIDTH / 2),
    c.y - u.y * tip * 0.6 + n.y * (MARK_WIDTH / 2),
  ]);
  g.endFill();
  return g;
}

/** Whether this user sees the blocker's token: the GM always; a player only a token the canvas shows them. */
function seen(tokenId: string, game: Pick<GamePort, "user"> = theGame()): boolean {
  return game.user.isGM || (canvas?.tokens?.get(tokenId)?.isVisible ?? false);
}

/**
 * SEC-42: draw the Blocks up on the viewed scene, one mark per Block in its blocker's disposition colour, redrawn when
 * a fight or token changes. A hidden blocker's Block is not drawn for a player (the move check says only that an
 * unseen Block stops a move: MoveBlockedUnseen).
 */
export function drawBlocks(): void {
  const layer = container();
  const scene = canvas?.scene;
  if (!layer || !scene?.id) return;
  for (const child of layer.removeChildren()) child.destroy();
  const place = sceneOf(scene);
  const marks = blockMarks(place, spaces().get(place), worldFight(scene.id).blocks);
  const colours = CONFIG.Canvas.dispositionColors;
  for (const mark of marks) {
    const disposition = scene.tokens.get(mark.blocker)?.disposition ?? 0;
    const g = drawMark(mark, colours[dispositionKey(disposition)]);
    g.visible = seen(mark.blocker);
    layer.addChild(g);
  }
}

/** Vision changed: show or hide each mark as its blocker's token is seen, without drawing them again. */
export function refreshBlockVisibility(): void {
  const layer = container();
  if (!layer) return;
  for (const child of layer.children) child.visible = seen(child.name ?? "");
}
