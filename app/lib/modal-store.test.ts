import { beforeEach, describe, expect, it } from "vitest";
import { closeModal, currentModal, openModal } from "./modal-store";

beforeEach(() => closeModal());

describe("modal store", () => {
  it("shows one modal at a time, the latest of equal or higher rank", () => {
    openModal({ kind: "message", heading: "Hej", text: "Text" });
    expect(currentModal()).toEqual({ kind: "message", heading: "Hej", text: "Text" });
    openModal({ kind: "reloadAfterError" });
    expect(currentModal()?.kind).toBe("reloadAfterError");
    openModal({ kind: "errorReload" });
    expect(currentModal()?.kind).toBe("errorReload");
  });

  it("never replaces 'Ny version' with a lesser modal", () => {
    openModal({ kind: "newVersion" });
    openModal({ kind: "errorReload" });
    openModal({ kind: "message", heading: "Hej", text: "Text" });
    expect(currentModal()).toEqual({ kind: "newVersion" });
    closeModal();
    expect(currentModal()).toBeNull();
  });
});
