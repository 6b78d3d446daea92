/** A line of the goals table: what was aimed at, what was measured, and whether it was met. */
export interface Goal {
  goal: string;
  target: string;
  measured: string;
  met: boolean;
}

export const pct = (share: number) => `${(share * 100).toFixed(1)}%`;
export const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;
export const log = (message: string) => console.log(`[bench] ${message}`);
