/**
 * The header box's suggestion list (issue 26) without React: the answer's groups in the order shown (records,
 * industries, places), one flat index over their options, and the keyboard's moves through them as a reducer (the
 * ARIA combobox pattern: arrows move the active option and wrap, Escape closes, a new answer starts with none active).
 */
import type { SuggestAnswer, SuggestedCode, SuggestedRecord } from "#shared/api-contracts/suggest";
import { countOf } from "#shared/format";

export type SuggestOption =
  /** `text`: the text to search with the record open, when it is not the one typed (an offered text, issue 38). */
  | { kind: "record"; record: SuggestedRecord; text?: string }
  | { kind: "industry"; suggestion: SuggestedCode }
  | { kind: "place"; suggestion: SuggestedCode }
  /** Issue 38: the text offered for one that found nothing ("Menade du …?"). */
  | { kind: "correction"; text: string };

export interface SuggestGroup {
  key: SuggestOption["kind"];
  label: string;
  /** The options with their index in the whole list. */
  options: { index: number; option: SuggestOption }[];
}

/**
 * The non-empty groups of an answer, options numbered across the groups. An offered text (issue 38) comes last, after
 * what the text matched as typed: "Menade du" with the text and the records it finds.
 */
export function suggestGroups(answer: SuggestAnswer | null): SuggestGroup[] {
  if (!answer) return [];
  const offered = answer.didYouMean;
  const records: SuggestOption[] = answer.records.map((record) => ({ kind: "record", record, ...(offered ? { text: offered } : {}) }));
  const lists: [SuggestOption["kind"], string, SuggestOption[]][] = [
    ["record", answer.type === "COMPANY" ? "Företag" : "Arbetsställen", offered ? [] : records],
    ["industry", "Bransch", answer.industries.map((suggestion) => ({ kind: "industry", suggestion }))],
    ["place", "Plats", answer.places.map((suggestion) => ({ kind: "place", suggestion }))],
    ["correction", "Menade du", offered ? [{ kind: "correction", text: offered }, ...records] : []],
  ];
  let index = 0;
  return lists
    .filter(([, , options]) => options.length > 0)
    .map(([key, label, options]) => ({ key, label, options: options.map((option) => ({ index: index++, option })) }));
}

export function optionCount(groups: readonly SuggestGroup[]): number {
  return groups.reduce((sum, group) => sum + group.options.length, 0);
}

export function optionAt(groups: readonly SuggestGroup[], index: number): SuggestOption | null {
  for (const group of groups) for (const entry of group.options) if (entry.index === index) return entry.option;
  return null;
}

/** What the polite live region says about an answer. */
export function suggestAnnouncement(answer: SuggestAnswer | null): string {
  if (!answer) return "";
  const count = answer.records.length + answer.industries.length + answer.places.length + (answer.didYouMean ? 1 : 0);
  return count === 0 ? "Inga förslag" : `${countOf(count, "förslag", "förslag")}, välj med pil upp och pil ned`;
}

export interface ListState {
  open: boolean;
  /** The active option's index, -1 for none (Enter then submits the text). */
  active: number;
  count: number;
}

export type ListAction =
  | { type: "answered"; count: number }
  | { type: "move"; step: 1 | -1 }
  | { type: "point"; index: number }
  | { type: "open" }
  | { type: "close" };

export const closedList: ListState = { open: false, active: -1, count: 0 };

export function listReducer(state: ListState, action: ListAction): ListState {
  switch (action.type) {
    case "answered":
      return { open: action.count > 0, active: -1, count: action.count };
    case "move": {
      if (state.count === 0) return state;
      // A closed list opens on an arrow with the first (down) or last (up) option active.
      if (!state.open || state.active === -1) return { ...state, open: true, active: action.step === 1 ? 0 : state.count - 1 };
      return { ...state, active: (state.active + action.step + state.count) % state.count };
    }
    case "point":
      return action.index >= 0 && action.index < state.count ? { ...state, open: true, active: action.index } : state;
    case "open":
      return state.count > 0 && !state.open ? { ...state, open: true, active: -1 } : state;
    case "close":
      return state.open || state.active !== -1 ? { ...state, open: false, active: -1 } : state;
  }
}
