import type { SyringeSize } from '../../../lib/calculator';

const BARREL_START = 46;
const BARREL_LENGTH = 280;

/** A U-100 syringe drawn to scale, filled from the needle end up to the units to draw. */
export function SyringeGraphic({ syringe, units }: { syringe: SyringeSize; units: number }) {
  const fraction = Math.min(units / syringe.units, 1);
  const minorStep = syringe.units > 50 ? 2 : 1;
  const majorStep = syringe.units > 50 ? 10 : 5;
  const ticks: number[] = [];
  for (let mark = 0; mark <= syringe.units; mark += minorStep) ticks.push(mark);
  const x = (mark: number) => BARREL_START + (mark / syringe.units) * BARREL_LENGTH;
  const plungerX = x(Math.min(units, syringe.units));

  return (
    <svg
      className="syringe-graphic"
      viewBox="0 0 400 96"
      role="img"
      aria-label={`Syringe of ${syringe.ml.toFixed(1)} ml filled to ${units.toFixed(1)} of ${syringe.units} units`}
    >
      <line x1="2" y1="40" x2="34" y2="40" stroke="#64748b" strokeWidth="2" />
      <rect x="34" y="33" width="12" height="14" rx="2" fill="#cbd5e1" />
      <rect x={BARREL_START} y="24" width={BARREL_LENGTH} height="32" rx="4" fill="#f8fafc" stroke="#334155" strokeWidth="2" />
      <rect className="syringe-fill" x={BARREL_START + 1} y="25" width={Math.max(fraction * BARREL_LENGTH - 1, 0)} height="30" rx="3" />
      <rect x={plungerX - 3} y="25" width="6" height="30" fill="#1e293b" />
      <rect x={plungerX} y="36" width={BARREL_START + BARREL_LENGTH + 44 - plungerX} height="8" fill="#94a3b8" />
      <rect x={BARREL_START + BARREL_LENGTH + 44} y="22" width="8" height="36" rx="2" fill="#64748b" />
      {ticks.map((mark) => {
        const major = mark % majorStep === 0;
        return (
          <g key={mark}>
            <line x1={x(mark)} y1="24" x2={x(mark)} y2={major ? 38 : 31} stroke="#334155" strokeWidth={major ? 1.5 : 0.8} />
            {major && (
              <text x={x(mark)} y="74" textAnchor="middle" fontSize="11" fill="#334155">
                {mark}
              </text>
            )}
          </g>
        );
      })}
      <text x={BARREL_START + BARREL_LENGTH / 2} y="92" textAnchor="middle" fontSize="11" fill="#475569">
        units ({syringe.ml.toFixed(1)} ml U-100)
      </text>
    </svg>
  );
}
