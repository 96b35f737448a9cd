/**
 * The signed-in header's free-text search (spec §2): placeholder by result type, submits only on Enter or the
 * magnifier and only with non-empty text, which clears all constraints, sets the text and runs the search. A letter,
 * space or backspace typed outside an input focuses and selects it.
 */
import { useNavigate } from "@remix-run/react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { currentTextSearchHandler, searchForText, searchHref, useCurrentResultType } from "../lib/search-launch";

const EDITABLE = "input, textarea, select, [contenteditable='true'], [contenteditable='']";
const ACTIVATABLE = "button, a[href], summary, [role='button'], [role='link'], [role='checkbox'], [role='tab'], [role='menuitem']";

/** Whether a keydown outside the search box should move typing into it. */
export function shouldFocusSearch(event: KeyboardEvent): boolean {
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return false;
  const target = event.target instanceof Element ? event.target : null;
  if (target?.closest(EDITABLE) || target?.closest("[role='dialog']")) return false;
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
  const inputRef = useRef<HTMLInputElement>(null);
  useTypeToSearch(inputRef);
  const placeholder = resultType === "COMPANY" ? "Sök företag" : "Sök arbetsställen";

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const value = text.trim();
    if (!value) return;
    const handler = currentTextSearchHandler();
    if (handler) handler(value);
    else navigate(searchHref(searchForText(resultType, value)));
  }

  return (
    <form role="search" className="header-search" onSubmit={onSubmit}>
      <input
        ref={inputRef}
        type="search"
        name="text"
        className="header-search__input"
        aria-label={placeholder}
        placeholder={placeholder}
        value={text}
        onChange={(event) => setText(event.target.value)}
        autoComplete="off"
        enterKeyHint="search"
      />
      <button type="submit" className="header-search__button" aria-label="Sök">
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <circle cx="10.5" cy="10.5" r="6.5" />
          <path d="m15.5 15.5 5 5" />
        </svg>
      </button>
    </form>
  );
}
