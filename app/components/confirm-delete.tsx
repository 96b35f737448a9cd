/**
 * A delete that asks first (issue 25: a template, a saved search or a list file went at once, with no way back): the
 * trigger gives way to "<question>" with 'Ja, ta bort' and 'Avbryt'. The focus goes to 'Avbryt', so a second Enter
 * does not delete; cancelling returns it to the trigger.
 */
import { type ReactNode, useEffect, useRef, useState } from "react";

interface ConfirmDeleteProps {
  /** The question shown while asking, e.g. "Ta bort mallen Kontaktlista?". */
  question: string;
  onConfirm: () => void;
  /** The trigger button's content and accessible name (an icon button passes its label here). */
  children: ReactNode;
  triggerLabel?: string;
  triggerClassName: string;
  /** The confirming button's text: "Ja, ta bort" unless the act has a word of its own ("Ja, återkalla"). */
  confirmText?: string;
}

export function ConfirmDelete({
  question,
  onConfirm,
  children,
  triggerLabel,
  triggerClassName,
  confirmText = "Ja, ta bort",
}: ConfirmDeleteProps) {
  const [asking, setAsking] = useState(false);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const answered = useRef(false);
  useEffect(() => {
    if (asking) cancelRef.current?.focus();
    else if (answered.current) triggerRef.current?.focus();
  }, [asking]);

  if (!asking) {
    return (
      <button ref={triggerRef} type="button" className={triggerClassName} aria-label={triggerLabel} onClick={() => setAsking(true)}>
        {children}
      </button>
    );
  }
  return (
    <span className="confirm-delete" role="group" aria-label={question}>
      <span className="confirm-delete__question">{question}</span>
      <button
        type="button"
        className="button button--small button--danger"
        onClick={() => {
          setAsking(false);
          onConfirm();
        }}
      >
        {confirmText}
      </button>
      <button
        ref={cancelRef}
        type="button"
        className="button button--small button--secondary"
        onClick={() => {
          answered.current = true;
          setAsking(false);
        }}
      >
        Avbryt
      </button>
    </span>
  );
}
