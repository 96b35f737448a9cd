/**
 * The header box's suggestions as React state (issue 26): the latest answer (SuggestController: debounced, latest
 * request wins), the list's open state and active option (listReducer), and the keys the combobox handles. What a
 * chosen option does is the caller's (`onChoose`).
 */
import { type KeyboardEvent, useEffect, useMemo, useReducer, useRef, useState } from "react";
import type { SuggestAnswer } from "#shared/api-contracts/suggest";
import type { ResultType } from "#shared/search/search-fields";
import { fetchSuggestions } from "./search-calls";
import { SuggestController } from "./suggest-controller";
import { closedList, listReducer, optionAt, optionCount, suggestAnnouncement, suggestGroups, type SuggestOption } from "./suggest-list";

export function useHeaderSuggestions(resultType: ResultType, onChoose: (option: SuggestOption) => void) {
  const [answer, setAnswer] = useState<SuggestAnswer | null>(null);
  const [list, dispatch] = useReducer(listReducer, closedList);
  const [controller] = useState(
    () =>
      new SuggestController({
        fetch: fetchSuggestions,
        onAnswer: (next) => {
          setAnswer(next);
          dispatch({ type: "answered", count: next ? optionCount(suggestGroups(next)) : 0 });
        },
      }),
  );
  useEffect(() => () => controller.cancel(), [controller]);
  const groups = useMemo(() => suggestGroups(answer), [answer]);
  const chooseRef = useRef(onChoose);
  useEffect(() => {
    chooseRef.current = onChoose;
  });

  /** Closes the list and forgets the answer and anything pending (Escape, leaving the box, a search started). */
  function dismiss() {
    controller.cancel();
    setAnswer(null);
    dispatch({ type: "answered", count: 0 });
  }

  function choose(index: number) {
    const option = optionAt(groups, index);
    if (!option) return;
    dismiss();
    chooseRef.current(option);
  }

  /** The combobox's keys; Enter without an active option is left to the form (it submits the text). */
  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.nativeEvent.isComposing) return;
    if ((event.key === "ArrowDown" || event.key === "ArrowUp") && list.count > 0) {
      event.preventDefault();
      dispatch({ type: "move", step: event.key === "ArrowDown" ? 1 : -1 });
    } else if (event.key === "Enter" && list.open && list.active >= 0) {
      event.preventDefault();
      choose(list.active);
    } else if (event.key === "Escape" && list.open) {
      // The first Escape closes the list; the search field's own Escape (clearing the text) waits for a second one.
      event.preventDefault();
      dismiss();
    }
  }

  return {
    groups,
    open: list.open,
    active: list.active,
    announcement: suggestAnnouncement(answer),
    /** The box's text changed, or the box got the focus with a text. */
    ask: (text: string) => controller.request(text, resultType),
    dismiss,
    choose,
    point: (index: number) => dispatch({ type: "point", index }),
    onKeyDown,
  };
}
