import { AlertTriangle, Syringe } from 'lucide-react';
import { calculateDose, DosingProfile, formatAmount, isUnsafe, SyringeSize, syringeLabel } from '../../../lib/calculator';
import { SyringeGraphic } from './SyringeGraphic';

export interface CompleteInput {
  productName: string;
  profile: DosingProfile;
  syringe: SyringeSize;
  vialMg: number;
  waterMl: number;
  doseMg: number;
}

export function ResultPanel({ input, missing }: { input: CompleteInput | null; missing: string[] }) {
  return (
    <section className="card calc-result" aria-labelledby="calc-result-heading" aria-live="polite">
      <h2 id="calc-result-heading" className="row gap">
        <Syringe size={22} aria-hidden /> Your result
      </h2>
      {input ? (
        <Result input={input} />
      ) : (
        <div className="calc-result-pending">
          <p className="muted">Complete all five steps to see how much to draw.</p>
          <p className="small muted">Still needed: {missing.join(', ')}.</p>
        </div>
      )}
    </section>
  );
}

function Result({ input }: { input: CompleteInput }) {
  const result = calculateDose(input);
  const unsafe = isUnsafe(input.doseMg, input.profile);
  return (
    <div className="stack">
      {unsafe && (
        <div className="calc-unsafe" role="alert">
          <AlertTriangle size={22} aria-hidden />
          <div>
            <p className="calc-unsafe-title">UNSAFE DOSE WARNING</p>
            <p>
              A dose of {formatAmount(input.doseMg)} mg exceeds the maximum safe research dose of {formatAmount(input.profile.maxSafeDose)} mg for {input.productName}. Please reduce the dose.
            </p>
          </div>
        </div>
      )}
      <p className="calc-units">
        Draw <strong data-testid="units-to-draw">{result.units.toFixed(1)}</strong> units
      </p>
      <p className="muted small">
        on a {syringeLabel(input.syringe)} syringe, for {formatAmount(input.doseMg)} mg of {input.productName}
      </p>
      <SyringeGraphic syringe={input.syringe} units={result.units} />
      {result.exceedsSyringe && (
        <p className="notice small">
          This dose needs more than one full {input.syringe.ml.toFixed(1)} ml syringe. Choose a larger syringe, or split the draw.
        </p>
      )}
      <dl className="calc-figures">
        <div>
          <dt>Volume to draw</dt>
          <dd>{formatAmount(result.volumeMl)} ml</dd>
        </div>
        <div>
          <dt>Concentration</dt>
          <dd>{formatAmount(result.concentrationMgPerMl)} mg/ml</dd>
        </div>
        <div>
          <dt>Vial and water</dt>
          <dd>
            {formatAmount(input.vialMg)} mg in {formatAmount(input.waterMl)} ml
          </dd>
        </div>
      </dl>
    </div>
  );
}
