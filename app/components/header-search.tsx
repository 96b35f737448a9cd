/**
 * The signed-in header's free-text search (spec §2): placeholder by result type, submits only on Enter or the
 * magnifier and only with non-empty text, which clears all constraints, sets the text and runs the search. A letter,
 * space or backspace typed outside an input focuses and selects it. Issue 26: as the user types, a combobox offers
 * companies (Enter opens the detail pane), industries and places (Enter searches with that filter and the rest of the
 * text); a text with nothing searchable in it is not submitted but answered with a hint.
 */
import { useNavigate } from "@remix-run/react";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { MAX_TEXT_LENGTH } from "#shared/search/search-values";
import { type BuildSearch, launchHeaderSearch, useCurrentResultType, useScreenSearchText } from "../lib/search-launch";
import { withOnlyCode, withOnlyText } from "../lib/search/search-edit";
import { hasSearchableWord, UNSEARCHABLE_TEXT_HINT } from "../lib/search/searchable-text";
import { useHeaderSuggestions } from "../lib/search/use-header-suggestions";
import { anyLayerOpen } from "../lib/open-layer";
import { HeaderSuggestions, optionId } from "./header-suggestions";

const EDITABLE = "input, textarea, select, [contenteditable='true'], [contenteditable='']";
const ACTIVATABLE = "button, a[href], summary, [role='button'], [role='link'], [role='checkbox'], [role='tab'], [role='menuitem']";

/** Whether a keydown outside the search box should move typing into it. */
export function shouldFocusSearch(event: KeyboardEvent): boolean {
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return false;
  const target = event.target instanceof Element ? event.target : null;
  // An open menu, popup or modal (a dialog holding the target among them) keeps its keys.
  if (target?.closest(EDITABLE) || anyLayerOpen()) return false;
  if (event.key === "Backspace" || event.key === " ") return !target?.closest(ACTIVATABLE);
  return event.key.length === 1 && /\p{L}/u.test(event.key);
}

function useTypeToSearch(input: React.RefObject<HTMLInputElement | null>) {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const field = input.current;
      if (!field || !shouldFocusSearch(event)) return;
      field.focus();
      field.select();
      // Space and backspace only move the focus; a letter goes on to replace the selected text.
      if (event.key === " " || event.key === "Backspace") event.preventDefault();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [input]);
}

export function HeaderSearch() {
  const resultType = useCurrentResultType();
  const navigate = useNavigate();
  const [text, setText] = useState("");
  // The search on screen got a text of its own (a link, "Menade du"): the box shows it. Typing changes only the box.
  const screenText = useScreenSearchText();
  useEffect(() => {
    if (screenText !== undefined) setText(screenText ?? "");
  }, [screenText]);
  const [hint, setHint] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const listId = useId();
  useTypeToSearch(inputRef);
  const placeholder = resultType === "COMPANY" ? "Sök företag" : "Sök arbetsställen";
  const launch = (build: BuildSearch, detailId: string | null = null) => launchHeaderSearch(navigate, resultType, build, detailId);
  const suggestions = useHeaderSuggestions(resultType, (option) => {
    if (option.kind === "record") {
      if (option.text) setText(option.text);
      return launch((base) => withOnlyText(base, option.text ?? text.trim()), option.record.id);
    }
    // Issue 38: the offered text ("Menade du …?") replaces the typed one.
    if (option.kind === "correction") {
      setText(option.text);
      return launch((base) => withOnlyText(base, option.text));
    }
    const { code, remainingText } = option.suggestion;
    setText(remainingText);
    launch((base) => withOnlyCode(base, option.kind === "industry" ? "sni" : "location", code, remainingText));
  });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const value = text.trim();
    if (!value) return;
    suggestions.dismiss();
    // Issue 26: a text of only stop words or punctuation would find nothing; the box says what to type instead.
    if (!hasSearchableWord(value)) return setHint(true);
    launch((base) => withOnlyText(base, value));
  }

  function onChange(value: string) {
    setText(value);
    setHint(false);
    suggestions.ask(value);
  }

  return (
    <form
      role="search"
      className="header-search"
      onSubmit={onSubmit}
      onBlur={(event) => {
        if (event.currentTarget.contains(event.relatedTarget)) return;
        suggestions.dismiss();
        setHint(false);
      }}
    >
      <input
        ref={inputRef}
        type="search"
        name="text"
        role="combobox"
        className="header-search__input"
        aria-label={placeholder}
        placeholder={placeholder}
        value={text}
        maxLength={MAX_TEXT_LENGTH}
        onChange={(event) => onChange(event.target.value)}
        onFocus={() => text.trim() && suggestions.ask(text)}
        onKeyDown={suggestions.onKeyDown}
        aria-autocomplete="list"
        aria-expanded={suggestions.open}
        aria-controls={listId}
        aria-activedescendant={suggestions.open && suggestions.active >= 0 ? optionId(listId, suggestions.active) : undefined}
        aria-describedby={hint ? `${listId}-hint` : undefined}
        autoComplete="off"
        enterKeyHint="search"
      />
      <button type="submit" className="header-search__button" aria-label="Sök">
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <circle cx="10.5" cy="10.5" r="6.5" />
          <path d="m15.5 15.5 5 5" />
        </svg>
      </button>
      <HeaderSuggestions
        id={listId}
        groups={suggestions.groups}
        open={suggestions.open}
        active={suggestions.active}
        onChoose={suggestions.choose}
        onPoint={suggestions.point}
      />
      <p id={`${listId}-hint`} className="header-search__hint" role="status">
        {hint ? UNSEARCHABLE_TEXT_HINT : ""}
      </p>
      <p className="visually-hidden" role="status">
        {suggestions.announcement}
      </p>
    </form>
  );
}
