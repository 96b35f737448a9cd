/**
 * React.lazy with a preload (issue 48 point 6, docs/decisions/0053): a component that is not needed until the user opens
 * it is fetched then, and its trigger calls `preload` on hover, focus or touch, so that on a fast enough network it is
 * already there when the click lands. A failed fetch is forgotten, so the next attempt fetches again.
 *
 *   const Dialog = lazyWithPreload(() => import("./dialog").then((m) => m.Dialog));
 *   <button onPointerEnter={Dialog.preload} onFocus={Dialog.preload} …>   <Suspense fallback={…}><Dialog.Component /></Suspense>
 */
import { lazy, type LazyExoticComponent, type ReactNode } from "react";

type Component<P> = (props: P) => ReactNode;

export interface PreloadableComponent<P extends object> {
  Component: LazyExoticComponent<Component<P>>;
  preload: () => void;
}

export function lazyWithPreload<P extends object>(load: () => Promise<Component<P>>): PreloadableComponent<P> {
  let loading: Promise<{ default: Component<P> }> | undefined;
  const start = () =>
    (loading ??= load().then(
      (component) => ({ default: component }),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  return {
    Component: lazy(start),
    preload: () => void start().catch(() => undefined),
  };
}
