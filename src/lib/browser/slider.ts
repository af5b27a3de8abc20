/** A slider's range: values run from `min` to `max` in whole `step`s counted from `min`. */
export interface SliderRange {
  min: number;
  max: number;
  step: number;
}

/** Decimals of a step (0.5 → 1), so snapped values print as 12.5 rather than 12.499999999999998. */
function decimalsOf(step: number): number {
  const [, fraction = ''] = String(step).split('.');
  return fraction.length;
}

/**
 * SPEC §5 "Sliders clamp values to min/max and snap to step": the nearest
 * step to `value` inside the range. Anything that is not a finite number
 * (an empty input, NaN) is `min`.
 */
export function clampAndSnap(value: number, { min, max, step }: SliderRange): number {
  if (!Number.isFinite(value)) return min;
  const clamped = Math.min(Math.max(value, min), max);
  if (!(step > 0)) return clamped;
  const steps = Math.round((clamped - min) / step);
  // The top step may overshoot a max that is not a whole number of steps from min.
  const snapped = Math.min(min + steps * step, max);
  return Number(snapped.toFixed(decimalsOf(step)));
}
