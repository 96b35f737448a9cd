/**
 * A full-screen modal (spec §2 "Full-screen modals"): covers the page, keeps keyboard focus inside, makes the page
 * behind it inert (every element marked data-modal-background that does not contain the modal), and gives focus to
 * its first action. Blocking modals ignore Escape.
 */
import { type ReactNode, useEffect, useId, useRef } from "react";

interface ModalFrameProps {
  heading: string;
  children: ReactNode;
  /** The buttons row. */
  actions: ReactNode;
  /** Called on Escape; omit for blocking modals. */
  onDismiss?: () => void;
  wide?: boolean;
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), textarea, select, [tabindex]:not([tabindex="-1"])';

/** Marks the page regions behind the modal (elements with data-modal-background that do not hold it) inert. */
function useInertBackground(dialog: React.RefObject<HTMLDivElement | null>): void {
  useEffect(() => {
    const own = dialog.current;
    const regions = [...document.querySelectorAll<HTMLElement>("[data-modal-background]")].filter((el) => !own || !el.contains(own));
    for (const region of regions) {
      region.dataset.modalCount = String(Number(region.dataset.modalCount ?? 0) + 1);
      region.setAttribute("inert", "");
    }
    return () => {
      for (const region of regions) {
        const count = Number(region.dataset.modalCount ?? 1) - 1;
        region.dataset.modalCount = String(count);
        if (count <= 0) region.removeAttribute("inert");
      }
    };
  }, [dialog]);
}

export function ModalFrame({ heading, children, actions, onDismiss, wide }: ModalFrameProps) {
  const headingId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  useInertBackground(dialogRef);

  useEffect(() => {
    const dialog = dialogRef.current;
    const inActions = FOCUSABLE.split(", ")
      .map((selector) => `.modal__actions ${selector}`)
      .join(", ");
    const first = dialog?.querySelector<HTMLElement>(inActions) ?? dialog?.querySelector<HTMLElement>(FOCUSABLE);
    first?.focus();
  }, []);

  function onKeyDown(event: React.KeyboardEvent<HTMLDivElement>) {
    if (event.key === "Escape" && onDismiss) {
      event.preventDefault();
      onDismiss();
      return;
    }
    if (event.key !== "Tab" || !dialogRef.current) return;
    const focusables = [...dialogRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = focusables[0];
    const last = focusables[focusables.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return (
    <div className="modal-backdrop">
      <div
        ref={dialogRef}
        className={wide ? "modal modal--wide" : "modal"}
        role="dialog"
        aria-modal="true"
        aria-labelledby={headingId}
        onKeyDown={onKeyDown}
      >
        <h2 id={headingId} className="modal__heading">
          {heading}
        </h2>
        <div className="modal__body">{children}</div>
        <div className="modal__actions">{actions}</div>
      </div>
    </div>
  );
}
