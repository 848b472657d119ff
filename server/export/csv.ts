/**
 * Spreadsheets run a cell that starts with = + - @ (or a tab / CR) as a formula; a respondent's text must not.
 * Such cells get a leading apostrophe, which spreadsheets hide; plain numbers like -5 are left alone.
 */
function neutralizeFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) && !/^-?\d+([.,]\d+)?$/.test(value) ? `'${value}` : value;
}

/** One RFC 4180 field: quoted when it holds a comma, quote or line break, with quotes doubled. */
export function csvField(raw: string): string {
  const value = neutralizeFormula(raw);
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** RFC 4180 text: CRLF after every record, including the last. */
export function toCsv(rows: ReadonlyArray<ReadonlyArray<string>>): string {
  return rows.map((row) => `${row.map(csvField).join(',')}\r\n`).join('');
}
