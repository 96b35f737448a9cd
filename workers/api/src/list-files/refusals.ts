/** Every refusal of an uploaded list file: a USER_MESSAGE (HTTP 400) in Swedish naming the file. */
import { AppError } from "#shared/errors";
import { withoutUnsaveableCharacters } from "#shared/plain-text";
import { LIST_FILE_LIMITS } from "./limits";

/** 1000000 → "1 000 000", the Swedish way (with a plain space, so messages are the same everywhere). */
const thousands = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, " ");

/** Byte count in megabytes for messages: "20 MB". */
const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

/** A file name fit for a message: no control characters, at most 120 characters. */
export function displayName(name: string): string {
  const clean = withoutUnsaveableCharacters(name).replaceAll('"', "").trim();
  // Cut by code points, so the cut never leaves half of a surrogate pair.
  const points = [...clean];
  return points.length > 120 ? `${points.slice(0, 117).join("")}...` : clean || "utan namn";
}

const refuse = (code: string, name: string, text: string) =>
  new AppError(code, 400, `Filen "${displayName(name)}" ${text}`, { type: "USER_MESSAGE" });

export const emptyFile = (name: string) => refuse("LIST_FILE_EMPTY", name, "är tom.");

export const fileTooLarge = (name: string) =>
  refuse("LIST_FILE_TOO_LARGE", name, `är för stor. En listfil får vara högst ${megabytes(LIST_FILE_LIMITS.maxFileBytes)}.`);

export const tooManyNumbers = (name: string) =>
  refuse(
    "LIST_FILE_TOO_MANY_NUMBERS",
    name,
    `innehåller för många nummer. En listfil får innehålla högst ${thousands(LIST_FILE_LIMITS.maxNumbers)} organisationsnummer.`,
  );

export const unsupportedType = (name: string) =>
  refuse(
    "LIST_FILE_UNSUPPORTED_TYPE",
    name,
    "har ett filformat som inte stöds. Använd Excel (.xlsx, .xls), Word (.docx), text (.txt) eller CSV (.csv, .tsv).",
  );

export const notWhatItClaims = (name: string, claimed: string) =>
  refuse("LIST_FILE_WRONG_CONTENT", name, `kunde inte läsas: innehållet är inte en ${claimed}-fil som filnamnet anger.`);

export const unreadable = (name: string, cause?: unknown) =>
  new AppError(
    "LIST_FILE_UNREADABLE",
    400,
    `Filen "${displayName(name)}" kunde inte läsas. Den kan vara skadad eller ofullständig; spara den på nytt och försök igen.`,
    { type: "USER_MESSAGE", cause },
  );

export const encryptedOffice = (name: string) =>
  refuse("LIST_FILE_ENCRYPTED", name, "kunde inte läsas. Den är lösenordsskyddad; spara en kopia utan lösenord och försök igen.");

export const zipBomb = (name: string) =>
  refuse("LIST_FILE_ZIP_BOMB", name, "kunde inte läsas: den packas upp till orimligt mycket data och har därför avvisats.");

export const forbiddenXml = (name: string) =>
  refuse("LIST_FILE_XML_DTD", name, "kunde inte läsas: den innehåller otillåtna XML-deklarationer (DOCTYPE eller ENTITY).");

export const brokenXls = (name: string, cause?: unknown) =>
  new AppError(
    "LIST_FILE_BROKEN_XLS",
    400,
    `Filen "${displayName(name)}" kunde inte läsas som en Excel-fil (.xls). Öppna den i Excel, spara den som .xlsx och försök igen.`,
    { type: "USER_MESSAGE", cause },
  );

export const noValidNumbers = (name: string) => refuse("LIST_FILE_NO_NUMBERS", name, "innehåller inga giltiga organisationsnummer.");

export const xlsTooLarge = (name: string) =>
  refuse(
    "LIST_FILE_XLS_TOO_LARGE",
    name,
    `är för stor för det äldre Excel-formatet (.xls): högst ${thousands(LIST_FILE_LIMITS.maxXlsCells)} ifyllda celler. Spara den som Excel-arbetsbok (.xlsx) och försök igen.`,
  );
