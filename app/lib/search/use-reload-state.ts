/**
 * Spec §4 "New client version": before the reload the screen's state (pages loaded, selection, open detail and tree
 * panel) is saved with the reload state; after the reload, within 10 s, it is restored. The search itself is in the
 * address.
 */
import { useEffect, useRef } from "react";
import { hasReloadState, registerReloadPart } from "../app-state";
import type { SavedScreen } from "./saved-screen";
import type { SearchController } from "./search-controller";

export type { SavedScreen } from "./saved-screen";

export const RELOAD_PART = "search";

/** The saved screen, checked with zod: loaded only when a reload state is there (decision 0063). */
async function readSavedScreen(path: string): Promise<SavedScreen | undefined> {
  const [{ readReloadState }, { SavedScreenSchema }] = await Promise.all([import("../app-state-read"), import("./saved-screen")]);
  const saved = SavedScreenSchema.safeParse(readReloadState(path)?.parts[RELOAD_PART]);
  return saved.success ? saved.data : undefined;
}

export function useReloadState(
  controller: SearchController,
  current: () => Omit<SavedScreen, "page" | "selection">,
  restore: (saved: SavedScreen) => void,
) {
  const currentRef = useRef(current);
  const restoreRef = useRef(restore);
  useEffect(() => {
    currentRef.current = current;
    restoreRef.current = restore;
  });

  useEffect(
    () =>
      registerReloadPart(RELOAD_PART, () => {
        const { page, selection } = controller.getState();
        return { page, selection, ...currentRef.current() };
      }),
    [controller],
  );

  useEffect(() => {
    if (!hasReloadState()) return;
    void (async () => {
      const saved = await readSavedScreen(window.location.pathname + window.location.search);
      if (!saved) return;
      const { selection } = saved;
      if (selection.active) controller.dispatch({ type: "selectionMode", active: true });
      for (const id of selection.ids) controller.dispatch({ type: "toggleMarked", id });
      controller.dispatch({ type: "excludeMarked", exclude: selection.exclude });
      restoreRef.current(saved);
      // Wait for the first page when the browser runs it, then load as many pages as before.
      for (let tries = 0; tries < 100 && controller.getState().loading; tries++) await new Promise((r) => setTimeout(r, 50));
      while (controller.getState().page < saved.page && !controller.getState().error) {
        const before = controller.getState().page;
        await controller.loadMore();
        if (controller.getState().page === before) break;
      }
    })();
  }, [controller]);
}
