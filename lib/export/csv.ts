// CSV as RFC 4180 writes it (CRLF line ends; a field with a comma, quote, CR or LF in double quotes, quotes doubled),
// safe to open in a spreadsheet: a text cell starting with = + - @, a tab or a CR is a formula (or becomes one) in
// Excel, LibreOffice and Google Sheets, so it gets a leading apostrophe and reads as text (OWASP's advice for CSV
// injection). Numbers are written as numbers: -0.5 is a value, not a formula. A dozen lines, so no library.

export type CsvCell = string | number | null;

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One field: null empty, numbers as they are, text neutralised and quoted when it must be. */
export function csvField(cell: CsvCell): string {
  if (cell === null) return "";
  if (typeof cell === "number") return Number.isFinite(cell) ? String(cell) : "";
  const text = FORMULA_START.test(cell) ? `'${cell}` : cell;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A header line and one line per row, each ended by CRLF. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return [header, ...rows].map((row) => `${row.map(csvField).join(",")}\r\n`).join("");
}
