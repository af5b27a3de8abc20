import { describe, expect, it } from 'vitest';
import { clampAndSnap } from '~/lib/browser/slider';
import { MAX_TIP_PERCENTAGE, TIP_PERCENTAGE_STEP } from '~/lib/paymentMethods';

const tip = { min: 0, max: MAX_TIP_PERCENTAGE, step: TIP_PERCENTAGE_STEP };

describe('clampAndSnap (SPEC §5: sliders clamp to min/max and snap to step)', () => {
  it('keeps a value that is already on a step', () => {
    expect(clampAndSnap(12, tip)).toBe(12);
    expect(clampAndSnap(12.5, tip)).toBe(12.5);
    expect(clampAndSnap(0, tip)).toBe(0);
    expect(clampAndSnap(30, tip)).toBe(30);
  });

  it('snaps to the nearest step', () => {
    expect(clampAndSnap(12.2, tip)).toBe(12);
    expect(clampAndSnap(12.3, tip)).toBe(12.5);
    expect(clampAndSnap(12.74, tip)).toBe(12.5);
    expect(clampAndSnap(12.76, tip)).toBe(13);
  });

  it('clamps below the minimum and above the maximum', () => {
    expect(clampAndSnap(-4, tip)).toBe(0);
    expect(clampAndSnap(31, tip)).toBe(30);
    expect(clampAndSnap(1_000, tip)).toBe(30);
  });

  it('treats what is not a number as the minimum', () => {
    expect(clampAndSnap(Number.NaN, tip)).toBe(0);
    expect(clampAndSnap(Number.POSITIVE_INFINITY, tip)).toBe(0);
  });

  it('prints no floating-point noise for decimal steps', () => {
    expect(clampAndSnap(0.3, { min: 0, max: 1, step: 0.1 })).toBe(0.3);
    expect(clampAndSnap(0.7000001, { min: 0, max: 1, step: 0.1 })).toBe(0.7);
  });

  it('counts steps from the minimum and never passes the maximum', () => {
    expect(clampAndSnap(7, { min: 1, max: 10, step: 3 })).toBe(7);
    expect(clampAndSnap(9.9, { min: 1, max: 10, step: 3 })).toBe(10);
    expect(clampAndSnap(5.4, { min: 1, max: 10, step: 3 })).toBe(4);
  });
});
