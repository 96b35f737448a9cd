/**
 * React.lazy with a preload (issue 48 point 6, docs/decisions/0053): a component that is not needed until the user opens
 * it is fetched then, and its trigger calls `preload` on hover, focus or touch, so that on a fast enough network it is
 * already there when the click lands. Once fetched it renders at once, without a Suspense fallback in between (a
 * fallback modal would take the focus a dialog must give back to its opener). A failed fetch is forgotten, so the next
 * attempt fetches again.
 *
 *   const Dialog = lazyWithPreload(() => import("./dialog").then((m) => m.Dialog));
 *   <button onPointerEnter={Dialog.preload} onFocus={Dialog.preload} …>   <Suspense fallback={…}><Dialog.Component /></Suspense>
 */
import { createElement, lazy, type ReactNode, useState } from "react";

type Component<P> = (props: P) => ReactNode;

export interface PreloadableComponent<P extends object> {
  Component: Component<P>;
  preload: () => void;
}

export function lazyWithPreload<P extends object>(load: () => Promise<Component<P>>): PreloadableComponent<P> {
  let loaded: Component<P> | undefined;
  let loading: Promise<{ default: Component<P> }> | undefined;
  const start = () =>
    (loading ??= load().then(
      (component) => {
        loaded = component;
        return { default: component };
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  // Its props are the component's (lazy's own typing adds a ref no caller passes).
  const Lazy = lazy(start) as unknown as Component<P>;
  function Preloadable(props: P) {
    // Chosen once per mount: switching between the two would mount the component afresh.
    const [ready] = useState(() => loaded);
    return ready ? createElement(ready, props) : createElement(Lazy, props);
  }
  return { Component: Preloadable, preload: () => void start().catch(() => undefined) };
}
