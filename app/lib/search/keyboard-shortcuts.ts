/**
 * The search screen's keyboard shortcuts (issue 38 point 7, docs/decisions/0041): which key does what, and when a
 * keydown is a shortcut at all. Pure: the screen (components/search/keyboard-shortcuts.tsx) describes the event and
 * where it happened, and acts on the answer.
 *
 * A shortcut never fires while the user types in a field (input, textarea, select, contenteditable), while a modal,
 * popup or menu is open, with Ctrl, Meta (⌘) or Alt held, or when the user has turned the shortcuts off. Letters are
 * taken without Shift (Shift+J is no shortcut; Caps Lock does not matter); '?' is Shift plus a key on most layouts, so Shift is allowed for it.
 * Enter only opens the current result when the focus is on no control of its own (a button or link keeps its Enter).
 */
export type ShortcutAction = "next" | "previous" | "open" | "mark" | "export" | "industry" | "place" | "help";

export interface ShortcutEntry {
  /** The keys as shown in the help overlay. */
  keys: readonly string[];
  /** What the shortcut does, in Swedish (the overlay's list). */
  label: string;
  /** The action, or null when another part of the screen handles the key (Escape closes the detail pane). */
  action: ShortcutAction | null;
}

/** In the overlay's order. b and o are the Swedish words' first letters: bransch, ort. */
export const SEARCH_SHORTCUTS: readonly ShortcutEntry[] = [
  { keys: ["j"], label: "Nästa träff", action: "next" },
  { keys: ["k"], label: "Föregående träff", action: "previous" },
  { keys: ["Enter"], label: "Visa detaljer om aktuell träff", action: "open" },
  { keys: ["Esc"], label: "Stäng detaljerna", action: null },
  { keys: ["x"], label: "Markera eller avmarkera aktuell träff för export", action: "mark" },
  { keys: ["e"], label: "Exportera urval (de markerade träffarna om du har markerat några)", action: "export" },
  { keys: ["b"], label: "Redigera bransch", action: "industry" },
  { keys: ["o"], label: "Redigera plats (ort)", action: "place" },
  { keys: ["?"], label: "Visa kortkommandon", action: "help" },
];

const LETTER_ACTIONS: Readonly<Record<string, ShortcutAction>> = {
  j: "next",
  k: "previous",
  x: "mark",
  e: "export",
  b: "industry",
  o: "place",
};

/** The parts of a keydown that decide whether it is a shortcut. */
export interface ShortcutKey {
  key: string;
  shiftKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  defaultPrevented: boolean;
  isComposing?: boolean;
}

/** Where the keydown happened. */
export interface ShortcutPlace {
  /** The focus is in a field the user types into. */
  typing: boolean;
  /** A modal, popup or menu is open. */
  blocked: boolean;
  /** The focus is on a control with its own Enter (button, link, summary, …). */
  onControl: boolean;
  /** The user has turned the shortcuts off in the overlay. */
  enabled: boolean;
}

/** The shortcut a keydown asks for, or null when the key is left to the page. */
export function shortcutFor(event: ShortcutKey, place: ShortcutPlace): ShortcutAction | null {
  if (!place.enabled || place.typing || place.blocked) return null;
  if (event.defaultPrevented || event.isComposing || event.ctrlKey || event.metaKey || event.altKey) return null;
  if (event.key === "?") return "help";
  if (event.key === "Enter") return event.shiftKey || place.onControl ? null : "open";
  if (event.shiftKey) return null;
  // Caps Lock gives "J" without Shift: still j.
  return LETTER_ACTIONS[event.key.toLowerCase()] ?? null;
}

/** Where the choice to turn the shortcuts off is kept in the browser. */
export const SHORTCUTS_STORAGE_KEY = "urval.kortkommandon";
