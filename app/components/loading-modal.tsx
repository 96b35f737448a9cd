/**
 * What a modal that is fetched when first opened (lazy-with-preload.ts) shows until its code has arrived: the same
 * heading over "Hämtar…", on the same backdrop. It leaves the focus where it is, so the modal that follows knows which
 * control opened it and gives the focus back to it when closed.
 */
import { createPortal } from "react-dom";

export function LoadingModal({ heading, wide }: { heading: string; wide?: boolean }) {
  return createPortal(
    <div className="modal-backdrop">
      <div className={wide ? "modal modal--wide" : "modal"} role="status">
        <h2 className="modal__heading">{heading}</h2>
        <div className="modal__body">
          <p>Hämtar…</p>
        </div>
      </div>
    </div>,
    document.body,
  );
}
