/**
 * The header's main menu (issue 29): on wide screens its links sit in the header as they always did; on narrow ones
 * (the breakpoints are in narrow.css) they fold behind a 'Meny' button. Open, the menu keeps the keyboard focus between
 * the button and its links, and closes on Escape or Back (focus back to the button), a press outside it or a new page.
 * Open, it ends above the window's bottom edge and scrolls within itself (use-keep-in-window.ts).
 */
import { useLocation } from "@remix-run/react";
import { type KeyboardEvent, type ReactNode, useCallback, useEffect, useId, useRef, useState } from "react";
import { FOCUSABLE, isDisplayed, trapTab } from "../lib/focus-trap";
import { useBackToClose } from "../lib/use-back-to-close";
import { useCloseWhenHidden } from "../lib/use-close-when-hidden";
import { useKeepInWindow } from "../lib/use-keep-in-window";

export function SiteMenu({ children, variant }: { children: ReactNode; variant: "main" | "public" }) {
  const [open, setOpen] = useState(false);
  const navId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const navRef = useRef<HTMLElement>(null);
  const { pathname, search } = useLocation();
  // A new page closes the menu.
  useEffect(() => setOpen(false), [pathname, search]);
  const closeMenu = useCallback(() => setOpen(false), []);
  useCloseWhenHidden(open, buttonRef, closeMenu);
  useKeepInWindow(navRef, open);
  useBackToClose(open, () => {
    setOpen(false);
    buttonRef.current?.focus();
  });

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointer);
    rootRef.current?.querySelector<HTMLElement>(`nav ${FOCUSABLE.split(", ").join(", nav ")}`)?.focus();
    return () => document.removeEventListener("pointerdown", onPointer);
  }, [open]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (!open || !isDisplayed(buttonRef.current) || !rootRef.current) return;
    if (event.key === "Escape") {
      // A popup inside the menu (Konto) closes first.
      if (event.defaultPrevented || rootRef.current.querySelector(".popup")) return;
      event.preventDefault();
      setOpen(false);
      buttonRef.current?.focus();
      return;
    }
    trapTab(event, rootRef.current);
  }

  return (
    <div className={`site-menu site-menu--${variant}`} ref={rootRef} onKeyDown={onKeyDown}>
      <button
        ref={buttonRef}
        type="button"
        className="nav-button site-menu__button"
        aria-expanded={open}
        aria-controls={navId}
        onClick={() => setOpen((value) => !value)}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          {open ? <path d="m6 6 12 12M18 6 6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
        </svg>
        Meny
      </button>
      <nav ref={navRef} id={navId} aria-label="Huvudmeny" className={open ? "site-nav site-nav--open" : "site-nav"}>
        {children}
      </nav>
    </div>
  );
}
