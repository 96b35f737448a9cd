/**
 * What a modal that is fetched when first opened (lazy-with-preload.ts) shows until its code has arrived: the same
 * heading over a short status, with 'Stäng'. Portalled to the body like the modals it stands in for.
 */
import { createPortal } from "react-dom";
import { ModalFrame } from "./modal-frame";

export function LoadingModal({ heading, wide, onClose }: { heading: string; wide?: boolean; onClose: () => void }) {
  return createPortal(
    <ModalFrame
      heading={heading}
      wide={wide}
      onDismiss={onClose}
      actions={
        <button type="button" className="button button--secondary" onClick={onClose}>
          Stäng
        </button>
      }
    >
      <p role="status">Hämtar…</p>
    </ModalFrame>,
    document.body,
  );
}
