/** A modal, a dialog, a menu, a header popup or the narrow header's menu. */
const OPEN_LAYER = "[aria-modal='true'], [role='dialog'], [role='menu'], .popup, .site-nav--open";

/**
 * Whether one of them is open: its keys are its own, so neither the search screen's shortcuts nor the header box's
 * type-to-search take a letter meanwhile (issue 48 point 8: j in the open Exportera menu).
 */
export const anyLayerOpen = (): boolean => document.querySelector(OPEN_LAYER) !== null;
