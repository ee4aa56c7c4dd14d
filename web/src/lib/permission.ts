import { getSession } from './session';

function splitCodes(codes: string): string[] {
  return codes.split(',').map((c) => c.trim()).filter(Boolean);
}

/**
 * True when the code is in the comma-separated funCodes list (spec section 6); false when there is no list.
 * funCodes defaults to the current session's list.
 */
export function hasPermission(code: string, funCodes: string | null | undefined = getSession()?.funCodes): boolean {
  if (funCodes == null) return false;
  return splitCodes(funCodes).includes(code.trim());
}

/** True only when none of the comma-separated codes is held; false when there is no list. */
export function noneOf(codes: string, funCodes: string | null | undefined = getSession()?.funCodes): boolean {
  if (funCodes == null) return false;
  const held = new Set(splitCodes(funCodes));
  return !splitCodes(codes).some((c) => held.has(c));
}
