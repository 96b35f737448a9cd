/**
 * Loading the detail pane's entity (spec §4 "Detail pane", §9): the spinner shows only when loading takes longer than
 * 300 ms and, once shown, stays at least 300 ms; a failure shows the extracted message (spec §8). Switching to another
 * record aborts the previous load.
 */
import { useEffect, useState } from "react";
import type { Entity } from "#shared/search/result-schemas";
import { errorMessage } from "../api-error";
import { fetchEntity } from "./search-calls";

export const DETAIL_SPINNER_DELAY_MS = 300;
export const DETAIL_MIN_DISPLAY_MS = 300;

export type DetailState =
  { status: "idle" } | { status: "loading"; spinner: boolean } | { status: "ready"; entity: Entity } | { status: "error"; message: string };

export function useDetail(id: string | null): DetailState {
  const [state, setState] = useState<DetailState>({ status: "idle" });
  useEffect(() => {
    if (id === null) {
      setState({ status: "idle" });
      return;
    }
    const abort = new AbortController();
    let spinnerAt: number | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined = setTimeout(() => {
      spinnerAt = performance.now();
      setState({ status: "loading", spinner: true });
    }, DETAIL_SPINNER_DELAY_MS);
    setState({ status: "loading", spinner: false });
    const settle = (next: DetailState) => {
      clearTimeout(timer);
      const wait = spinnerAt === null ? 0 : DETAIL_MIN_DISPLAY_MS - (performance.now() - spinnerAt);
      if (wait <= 0) setState(next);
      else timer = setTimeout(() => setState(next), wait);
    };
    fetchEntity(id, abort.signal).then(
      (entity) => !abort.signal.aborted && settle({ status: "ready", entity }),
      (error: unknown) => !abort.signal.aborted && settle({ status: "error", message: errorMessage(error) }),
    );
    return () => {
      abort.abort();
      clearTimeout(timer);
    };
  }, [id]);
  return state;
}
