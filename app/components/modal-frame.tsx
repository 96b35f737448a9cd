/**
 * A full-screen modal (spec §2 "Full-screen modals"): covers the page, keeps keyboard focus inside (also when a
 * control in it disables itself) and returns it to the opener on closing (use-focus-trap.ts), makes the page behind
 * it inert (every element marked data-modal-background that does not contain the modal), and gives focus to its
 * first action. Blocking modals ignore Escape.
 */
import { type ReactNode, useId, useRef } from "react";
import { useBeforePaint } from "../lib/use-before-paint";
import { focusablesIn, useFocusTrap } from "./use-focus-trap";

interface ModalFrameProps {
  heading: string;
  children: ReactNode;
  /** The buttons row. */
  actions: ReactNode;
  /** Called on Escape; omit for blocking modals. */
  onDismiss?: () => void;
  wide?: boolean;
}

/** Marks the page regions behind the modal (elements with data-modal-background that do not hold it) inert. */
function useInertBackground(dialog: React.RefObject<HTMLDivElement | null>): void {
  // Before paint like the focus trap, so its cleanup runs with the trap's: the opener is no longer inert when the trap
  // gives it the focus back.
  useBeforePaint(() => {
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
  // First: the trap notes the opener to return to before the background turns inert and the focus moves in.
  useFocusTrap(dialogRef, true, onDismiss);
  useInertBackground(dialogRef);

  useBeforePaint(() => {
    const dialog = dialogRef.current;
    const actions = dialog?.querySelector<HTMLElement>(".modal__actions");
    const first = (actions ? focusablesIn(actions)[0] : undefined) ?? (dialog ? focusablesIn(dialog)[0] : undefined);
    first?.focus();
  }, []);

  return (
    <div className="modal-backdrop">
      <div ref={dialogRef} className={wide ? "modal modal--wide" : "modal"} role="dialog" aria-modal="true" aria-labelledby={headingId}>
        <h2 id={headingId} className="modal__heading">
          {heading}
        </h2>
        <div className="modal__body">{children}</div>
        <div className="modal__actions">{actions}</div>
      </div>
    </div>
  );
}
