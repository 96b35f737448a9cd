/** How the publisher's details read on the pages (without zod, for the browser's first load). */
import type { Publisher } from "./publisher";

/** The line about the publication certificate (footer and /om). */
export const publisherLine = (publisher: Publisher) =>
  `Urval är en redaktionell prenumerationstjänst med utgivningsbevis. Ansvarig utgivare: ${publisher.responsiblePublisher}.`;

export const telHref = (phone: string) => `tel:+46${phone.replace(/\D/g, "").slice(1)}`;
