/**
 * An external store read in a transition (issue 48 point 6). useSyncExternalStore renders every change at once, in one
 * task that input waits behind: on a phone, the start page's answer re-rendered the whole page in one long task. Data
 * that arrives from the network can wait a frame, so this hook takes the store's changes in `startTransition`: React
 * renders them in slices and yields to input between them. Parts of the page may show an older snapshot for those
 * slices, which is why state that input itself changes (the search screen's own state) stays on
 * useSyncExternalStore.
 */
import { startTransition, useEffect, useState } from "react";

export function useStoreInTransition<T>(subscribe: (listener: () => void) => () => void, getSnapshot: () => T): T {
  const [value, setValue] = useState(getSnapshot);
  useEffect(() => {
    const take = () => startTransition(() => setValue(getSnapshot));
    // A change between the render and this subscription would otherwise be missed.
    take();
    return subscribe(take);
  }, [subscribe, getSnapshot]);
  return value;
}
