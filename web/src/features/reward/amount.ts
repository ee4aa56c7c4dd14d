/** An amount in yuan as the server takes it: digits, at most two decimals, no sign (internal/reward ParseCents). */
export const AMOUNT_RE = /^\d{1,12}(\.\d{1,2})?$/;
