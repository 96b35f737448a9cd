/** The fixed parts of the package: content types, relationships and the workbook with its two sheets. */
import { escapeXml } from "./xml-text";

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
const SHEET_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml";

export const CONTENT_TYPES_XML =
  XML_HEAD +
  '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
  `<Override PartName="/xl/worksheets/sheet1.xml" ContentType="${SHEET_TYPE}"/>` +
  `<Override PartName="/xl/worksheets/sheet2.xml" ContentType="${SHEET_TYPE}"/>` +
  '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
  '<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>' +
  "</Types>";

export const ROOT_RELS_XML =
  XML_HEAD +
  '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  `<Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/>` +
  '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/>' +
  "</Relationships>";

export const WORKBOOK_RELS_XML =
  XML_HEAD +
  '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  `<Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/>` +
  `<Relationship Id="rId2" Type="${REL}/worksheet" Target="worksheets/sheet2.xml"/>` +
  `<Relationship Id="rId3" Type="${REL}/styles" Target="styles.xml"/>` +
  "</Relationships>";

/** workbook.xml: the records sheet, 'Om urvalet', and the autofilter's hidden _FilterDatabase name. */
export function workbookXml(recordsSheet: string, aboutSheet: string, filterRange: string): string {
  const quoted = `'${escapeXml(recordsSheet.replace(/'/g, "''"))}'`;
  return (
    XML_HEAD +
    `<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="${REL}">` +
    '<bookViews><workbookView activeTab="0"/></bookViews><sheets>' +
    `<sheet name="${escapeXml(recordsSheet)}" sheetId="1" r:id="rId1"/>` +
    `<sheet name="${escapeXml(aboutSheet)}" sheetId="2" r:id="rId2"/>` +
    "</sheets><definedNames>" +
    `<definedName name="_xlnm._FilterDatabase" localSheetId="0" hidden="1">${quoted}!${filterRange}</definedName>` +
    "</definedNames></workbook>"
  );
}

/** docProps/core.xml: creator and creation time (UTC, W3CDTF). */
export function corePropsXml(title: string, created: Date): string {
  const when = created.toISOString().replace(/\.\d{3}Z$/, "Z");
  return (
    XML_HEAD +
    '<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" ' +
    'xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" ' +
    'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">' +
    `<dc:title>${escapeXml(title)}</dc:title><dc:creator>Urval</dc:creator>` +
    `<dcterms:created xsi:type="dcterms:W3CDTF">${when}</dcterms:created></cp:coreProperties>`
  );
}
