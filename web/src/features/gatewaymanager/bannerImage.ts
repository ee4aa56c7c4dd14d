/** The home page carousel's proportions (spec section 5: 1125*468 recommended). Pure, tested. */
export const BANNER_WIDTH = 1125;
export const BANNER_HEIGHT = 468;
export const BANNER_RATIO = BANNER_WIDTH / BANNER_HEIGHT;

/** Whether an image of w x h pixels differs from 1125:468 by more than tolerance (relative), i.e. gets cropped visibly. */
export function ratioOff(w: number, h: number, tolerance = 0.02): boolean {
  if (!(w > 0 && h > 0)) return false;
  return Math.abs(w / h / BANNER_RATIO - 1) > tolerance;
}
