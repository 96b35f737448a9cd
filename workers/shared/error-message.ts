/** The spec's default Swedish message for unexpected errors (spec §8); without zod, for the browser's first load. */
export const DEFAULT_ERROR_MESSAGE = "Något gick fel. Prova gärna igen.";
