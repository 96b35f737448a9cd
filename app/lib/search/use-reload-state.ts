/**
 * Spec §4 "New client version": before the reload the screen's state (pages loaded, selection, open detail and tree
 * panel) is saved with the reload state; after the reload, within 10 s, it is restored. The search itself is in the
 * address.
 */
import { useEffect, useRef } from "react";
import { z } from "zod";
import { readReloadState, registerReloadPart } from "../app-state";
import type { SearchController } from "./search-controller";

export const RELOAD_PART = "search";

const SavedScreenSchema = z.object({
  page: z.number().int().min(0).max(49),
  selection: z.object({ active: z.boolean(), ids: z.array(z.string()).max(1000), exclude: z.boolean() }),
  detailId: z.string().nullable(),
  panel: z.enum(["sni", "location"]).nullable(),
});
export type SavedScreen = z.infer<typeof SavedScreenSchema>;

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
    const part = readReloadState(window.location.pathname + window.location.search)?.parts[RELOAD_PART];
    const saved = SavedScreenSchema.safeParse(part);
    if (!saved.success) return;
    const { selection } = saved.data;
    if (selection.active) controller.dispatch({ type: "selectionMode", active: true });
    for (const id of selection.ids) controller.dispatch({ type: "toggleMarked", id });
    controller.dispatch({ type: "excludeMarked", exclude: selection.exclude });
    restoreRef.current(saved.data);
    void (async () => {
      // Wait for the first page when the browser runs it, then load as many pages as before.
      for (let tries = 0; tries < 100 && controller.getState().loading; tries++) await new Promise((r) => setTimeout(r, 50));
      while (controller.getState().page < saved.data.page && !controller.getState().error) {
        const before = controller.getState().page;
        await controller.loadMore();
        if (controller.getState().page === before) break;
      }
    })();
  }, [controller]);
}
