/** The publisher's contact details for the components below the root route, which loads them (app/root.tsx). */
import { createContext, type ReactNode, useContext } from "react";
import type { Publisher } from "#shared/publisher";

const PublisherContext = createContext<Publisher | null>(null);

export function PublisherProvider({ publisher, children }: { publisher: Publisher; children: ReactNode }) {
  return <PublisherContext.Provider value={publisher}>{children}</PublisherContext.Provider>;
}

export function usePublisher(): Publisher {
  const publisher = useContext(PublisherContext);
  if (!publisher) throw new Error("usePublisher() outside the root route's PublisherProvider");
  return publisher;
}
