/**
 * Pick a new picture for the sheet's document. Fray's own action (not core's `editImage`) because the
 * header's picture is a <button>, so the keyboard reaches it, and the path goes through the reviewed update.
 */
export function editPortrait(
  document: Actor.Implementation | Item.Implementation,
  position: { top?: number; left?: number },
): Promise<unknown> {
  const picker = new foundry.applications.apps.FilePicker.implementation({
    type: "image",
    current: document.img ?? "",
    callback: (path: string) => void document.update({ img: path }),
    position: { top: (position.top ?? 0) + 40, left: (position.left ?? 0) + 10 },
  });
  return picker.browse();
}
