import { describe, expect, it } from 'vitest';
import { ratioOff } from './bannerImage';

describe('ratioOff', () => {
  it('accepts the recommended size and its multiples', () => {
    expect(ratioOff(1125, 468)).toBe(false);
    expect(ratioOff(2250, 936)).toBe(false);
    expect(ratioOff(375, 156)).toBe(false);
  });
  it('accepts a rounding difference of a few pixels', () => {
    expect(ratioOff(1125, 470)).toBe(false);
    expect(ratioOff(1120, 468)).toBe(false);
  });
  it('flags proportions the carousel crops visibly', () => {
    expect(ratioOff(345, 150)).toBe(true); // the smallest allowed image is 2.3:1, not 2.4:1
    expect(ratioOff(1920, 1080)).toBe(true);
    expect(ratioOff(1125, 300)).toBe(true);
  });
  it('says nothing about an unknown size', () => {
    expect(ratioOff(0, 468)).toBe(false);
    expect(ratioOff(NaN, NaN)).toBe(false);
  });
});
