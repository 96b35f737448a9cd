/**
 * The full-screen modals of spec §2/§8 as one small external store, so that non-React code (the API client) can open
 * them and the ModalHost component renders the current one. One modal at a time; a "new version" modal is never
 * replaced by a lesser one.
 */
import { useSyncExternalStore } from "react";

export type Modal =
  | { kind: "newVersion" }
  | { kind: "errorReload" }
  | { kind: "reloadAfterError"; message?: string }
  | { kind: "message"; heading: string; text: string };

type Listener = () => void;

let current: Modal | null = null;
const listeners = new Set<Listener>();

function emit() {
  for (const listener of listeners) listener();
}

const RANK: Record<Modal["kind"], number> = { message: 0, reloadAfterError: 1, errorReload: 2, newVersion: 3 };

/** Opens a modal unless a more important one is already open. */
export function openModal(modal: Modal): void {
  if (current && RANK[current.kind] > RANK[modal.kind]) return;
  current = modal;
  emit();
}

export function closeModal(): void {
  current = null;
  emit();
}

export function currentModal(): Modal | null {
  return current;
}

function subscribe(listener: Listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useModal(): Modal | null {
  return useSyncExternalStore(subscribe, currentModal, () => null);
}
