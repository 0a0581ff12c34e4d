import { FEE_CSV_HEADER, feeCsvRows, type FeeSummary } from '@/domain/fees';

/**
 * Downloads the organizer's roster as CSV for Excel: UTF-8 with a BOM (without it Excel reads
 * the Japanese as Shift_JIS), CRLF lines, and cells that start like a formula escaped (a name
 * such as "=HYPERLINK(…)" stays text). papaparse loads with the first export only.
 */
export async function downloadFeeCsv(
  fileTitle: string,
  summary: FeeSummary,
  nameOf: (uid: string) => string,
  attendanceOf: (uid: string) => string,
  checkedIn: (uid: string) => boolean,
): Promise<void> {
  const papa = await import('papaparse');
  // A UMD module: a bundler may give its members as the default export only.
  const { unparse } = (papa as unknown as { default?: typeof papa }).default ?? papa;
  const text = unparse([FEE_CSV_HEADER, ...feeCsvRows(summary, nameOf, attendanceOf, checkedIn)], {
    newline: '\r\n',
    escapeFormulae: true,
  });
  const blob = new Blob(['\uFEFF', text], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = `${fileTitle.replace(/[\\/:*?"<>|]/g, '_')}_参加費.csv`;
  document.body.append(a);
  a.click();
  a.remove();
  // After the click has handed the file to the browser.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
