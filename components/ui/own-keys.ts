// Whether a key belongs to the control it was pressed in: any key while typing in a field, and the navigation keys
// (arrows, Home, End, Page Up/Down) inside a composite widget (segmented buttons, a slider, tabs, a menu, a list box).
// Screen-wide shortcuts (j/k, arrows and number keys on the session view and the review screen) stand aside for these:
// ArrowRight in a score's segments moves to the next segment instead of selecting the next thought, while j or a
// number key pressed there still acts on the screen.
const FIELDS = 'input, select, textarea, [contenteditable="true"]';
const COMPOSITES = '[role="radiogroup"], [role="slider"], [role="tablist"], [role="menu"], [role="listbox"]';
const NAVIGATION = new Set(["ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight", "Home", "End", "PageUp", "PageDown"]);

export function ownsKeys(target: EventTarget | null, key: string): boolean {
  if (!(target instanceof Element)) return false;
  if (target.closest(FIELDS)) return true;
  return NAVIGATION.has(key) && target.closest(COMPOSITES) !== null;
}
