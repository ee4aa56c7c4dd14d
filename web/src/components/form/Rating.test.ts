import { describe, expect, it } from 'vitest';
import { RATING_DEFAULTS, ratingTier } from './Rating';

describe('ratingTier', () => {
  it('follows the spec thresholds: low at or below 2, high at or above 4', () => {
    expect(RATING_DEFAULTS).toEqual({ max: 5, low: 2, high: 4 });
    expect([1, 2, 3, 4, 5].map((v) => ratingTier(v))).toEqual(['low', 'low', 'medium', 'high', 'high']);
  });
  it('takes other thresholds', () => {
    expect([1, 2, 3, 4].map((v) => ratingTier(v, 1, 3))).toEqual(['low', 'medium', 'high', 'high']);
  });
});
