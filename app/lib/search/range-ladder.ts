/**
 * The stepped values a range slider snaps to (spec §5 "Sliders snap to stepped values"):
 * - money: 25 000 kr steps up to 200 000, then preset percentage steps (1 – 1.25 – 1.5 – 2 – 2.5 – 3 – 4 – 5 – 6 – 7.5
 *   of each power of ten, i.e. +20 % to +33 % a step), mirrored below zero for results;
 * - counts (employees): every number to 10, then the same preset steps (mirrored below zero for a change);
 * - percentages: every 5 % to 100 %, then the preset steps;
 * - ages and grades: every whole number; registration dates: one step a year.
 * A slider works on the index into its ladder; both ends of the field's bounds are always on it.
 */
import type { RangeDef, Side } from "./range-input";

export const MONEY_STEP = 25_000;
export const MONEY_LINEAR_LIMIT = 200_000;
const PRESET_MANTISSAS = [1, 1.25, 1.5, 2, 2.5, 3, 4, 5, 6, 7.5];

/** Preset-percentage values above `from` up to and including `max`. */
function presetSteps(from: number, max: number): number[] {
  const values: number[] = [];
  for (let power = 1; power <= max * 10; power *= 10) {
    for (const mantissa of PRESET_MANTISSAS) {
      const value = Math.round(mantissa * power);
      if (value > from && value < max) values.push(value);
    }
  }
  return values;
}

function positiveMoneyLadder(max: number): number[] {
  const linear: number[] = [];
  for (let value = MONEY_STEP; value <= Math.min(MONEY_LINEAR_LIMIT, max); value += MONEY_STEP) linear.push(value);
  return [...linear.filter((value) => value < max), ...presetSteps(MONEY_LINEAR_LIMIT, max), max];
}

function moneyLadder(min: number, max: number): number[] {
  const positive = max > 0 ? positiveMoneyLadder(max) : [];
  const negative = min < 0 ? positiveMoneyLadder(-min).map((value) => -value) : [];
  return [...negative.reverse(), 0, ...positive].filter((value) => value >= min && value <= max);
}

function countLadder(min: number, max: number): number[] {
  if (min < 0) {
    // A change: mirrored about zero, every number within 10 of it.
    const below = countLadder(0, -min).map((value) => (value === 0 ? 0 : -value));
    return [...below.reverse(), ...countLadder(0, max)].filter((value, i, all) => all.indexOf(value) === i && value >= min);
  }
  const values: number[] = [];
  for (let value = min; value <= Math.min(10, max); value++) values.push(value);
  return [...values, ...presetSteps(10, max), max].filter((value, i, all) => all.indexOf(value) === i);
}

/** Percentages: every 5 % from the minimum to 100 %, then the preset steps. */
function percentLadder(min: number, max: number): number[] {
  const values: number[] = [];
  for (let value = min; value <= Math.min(100, max); value += 5) values.push(value);
  return [...values, ...presetSteps(100, max), max].filter((value, i, all) => all.indexOf(value) === i);
}

function integerLadder(min: number, max: number): number[] {
  return Array.from({ length: max - min + 1 }, (_, i) => min + i);
}

const cache = new Map<string, number[]>();

/** The ascending values of the field's slider (for dates: years). */
export function ladderFor(def: RangeDef): number[] {
  const key = `${def.kind}:${def.min}:${def.max}`;
  let ladder = cache.get(key);
  if (!ladder) {
    if (def.kind === "money") ladder = moneyLadder(def.min, def.max);
    else if (def.kind === "count") ladder = countLadder(def.min, def.max);
    else if (def.kind === "percent") ladder = percentLadder(def.min, def.max);
    else if (def.kind === "date") ladder = integerLadder(Math.floor(def.min / 10_000), Math.floor(def.max / 10_000));
    else ladder = integerLadder(def.min, def.max);
    cache.set(key, ladder);
  }
  return ladder;
}

/** Index of the ladder value nearest to a value (dates by their year). */
export function nearestStep(def: RangeDef, value: number): number {
  const ladder = ladderFor(def);
  const target = def.kind === "date" ? Math.floor(value / 10_000) : value;
  let best = 0;
  for (let i = 1; i < ladder.length; i++) {
    if (Math.abs((ladder[i] ?? 0) - target) < Math.abs((ladder[best] ?? 0) - target)) best = i;
  }
  return best;
}

/** The value of a slider step for one side (a year step is 1 January below, 31 December above). */
export function stepValue(def: RangeDef, index: number, side: Side): number {
  const ladder = ladderFor(def);
  const value = ladder[Math.min(ladder.length - 1, Math.max(0, index))] ?? def.min;
  if (def.kind !== "date") return value;
  const date = value * 10_000 + (side === "from" ? 101 : 1231);
  return Math.min(def.max, Math.max(def.min, date));
}
