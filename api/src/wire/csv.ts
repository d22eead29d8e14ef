import { stringify } from "csv-stringify/sync";

/**
 * Spreadsheet files the panel downloads (docs/api-admin.md#csv): UTF-8 with a byte-order mark and `;` between
 * cells, which Russian Excel and LibreOffice open as they are. A text cell that starts with = + - @ (or a tab or a
 * carriage return) gets a leading apostrophe, so a spreadsheet never reads a customer's or a product's text as a
 * formula (OWASP, «CSV Injection»).
 */
export const CSV_CONTENT_TYPE = "text/csv; charset=utf-8";

export function neutralise(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

export type CsvCell = string | number | null;

export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  const cells = (row: readonly CsvCell[]) => row.map((cell) => (typeof cell === "string" ? neutralise(cell) : cell === null ? "" : String(cell)));
  return stringify([cells(header), ...rows.map(cells)], { delimiter: ";", bom: true, record_delimiter: "\r\n" });
}

/** Roubles with a decimal comma, as Russian spreadsheets read a number: 1890.5 → "1890,50". */
export const csvMoney = (roubles: number) => roubles.toFixed(2).replace(".", ",");

/** A download's Content-Disposition with a file name any browser keeps. */
export const attachment = (fileName: string) => `attachment; filename="${fileName}"`;
