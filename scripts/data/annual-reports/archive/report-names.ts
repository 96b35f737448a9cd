/**
 * Names inside the annual-report archives: the nested ZIP of one filed report is "<orgnr>_<periodEnd>.zip" (ten
 * digits with a valid Luhn check digit, then the fiscal year's last day), and no entry name may point outside its
 * archive: such a name is never needed by an honest archive, so it marks a hostile one.
 */
import { formatOrgNo, hasValidLuhn } from "../../org-number";

const REPORT_ZIP_SHAPE = /^(\d{10})_(\d{4})-(\d{2})-(\d{2})\.zip$/i;

/** The last segment of an entry name ("a/b.zip" → "b.zip"). */
export const baseName = (name: string): string => name.slice(name.lastIndexOf("/") + 1);

export const isZipName = (name: string): boolean => /\.zip$/i.test(name);
export const isXhtmlName = (name: string): boolean => /\.xhtml$/i.test(name);
export const isDirectoryName = (name: string): boolean => name.endsWith("/");

/** Whether a file name has the shape of one report's nested ZIP (whether or not its number and date are valid). */
export const hasReportZipShape = (fileName: string): boolean => REPORT_ZIP_SHAPE.test(fileName);

/** The organisation number ("556018-7493") and period end of a nested ZIP's file name, or why it is not one. */
export function parseReportZipName(fileName: string): { orgNo: string; periodEnd: string } | { problem: string } {
  const match = REPORT_ZIP_SHAPE.exec(fileName);
  if (!match) return { problem: `"${fileName}" is not named <orgnr>_<YYYY-MM-DD>.zip` };
  const [, digits = "", year = "", month = "", day = ""] = match;
  if (!hasValidLuhn(digits)) return { problem: `"${fileName}": ${digits} fails the organisation number check digit` };
  const periodEnd = `${year}-${month}-${day}`;
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  const isRealDate = date.toISOString().slice(0, 10) === periodEnd && Number(year) >= 1900 && Number(year) <= 2100;
  if (!isRealDate) return { problem: `"${fileName}": ${periodEnd} is not a date` };
  return { orgNo: formatOrgNo(digits), periodEnd };
}

/** Why an entry name could escape its archive when extracted, or null for a plain relative path. */
export function pathTraversalProblem(name: string): string | null {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this looks for
  if (/[\u0000-\u001f\u007f]/.test(name)) return `${JSON.stringify(name)} holds a NUL or control character`;
  if (name.includes("\\")) return `${JSON.stringify(name)} holds a backslash`;
  if (name.startsWith("/")) return `${JSON.stringify(name)} is an absolute path`;
  if (/^[a-z]:/i.test(name)) return `${JSON.stringify(name)} starts with a drive letter`;
  if (name.split("/").includes("..")) return `${JSON.stringify(name)} has a ".." segment`;
  return null;
}
