/** An amount in yuan as the server takes it: digits, at most two decimals, no sign (internal/reward ParseCents). */
export const AMOUNT_RE = /^\d{1,12}(\.\d{1,2})?$/;

/** An amount in yuan ("12345.50") with thousands separators ("12,345.50"). */
export function money(v: string) {
  const [int, dec] = v.split('.');
  return `${int.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${dec !== undefined ? `.${dec}` : ''}`;
}
