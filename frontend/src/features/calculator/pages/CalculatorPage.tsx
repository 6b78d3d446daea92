import { Calculator } from 'lucide-react';
import { ReactNode, useId } from 'react';
import { messageOf } from '../../../api/client';
import { useProducts } from '../../catalogue';
import { usePageTitle } from '../../../hooks/usePageTitle';
import { DOSE_INPUT_STEP_MG, formatAmount, isExcludedFromCalculator, SYRINGE_SIZES, syringeLabel, VIAL_PRESETS_MG, WATER_PRESETS_ML } from '../../../lib/calculator';
import { PresetPicker } from '../components/PresetPicker';
import { ProfilePanel, SafetyNotice } from '../components/ProfilePanel';
import { ResultPanel } from '../components/ResultPanel';
import { isInvalidCustom, useCalculatorState } from '../components/useCalculatorState';
import { Button } from '../../../components/ui/Button';
import '../components/calculator.css';

/** Storefront spec §2, §4, §9: five steps, then the result, the product's profile and a safety notice. */
export default function CalculatorPage() {
  usePageTitle('Peptide Dosage Calculator');
  const state = useCalculatorState();
  return (
    <div className="section">
      <div className="container calc-page">
        <header className="calc-intro">
          <h1 className="row gap">
            <Calculator size={32} aria-hidden /> Peptide Dosage Calculator
          </h1>
          <p className="muted">
            Work out how many syringe units to draw after reconstituting a lyophilised vial with bacteriostatic water. For laboratory research use only.
          </p>
        </header>
        <div className="calc-layout">
          <div className="calc-steps">
            <Step number={1} title="Choose a product">
              {(labelId) => <ProductSelect labelId={labelId} value={state.productName} onChange={state.chooseProduct} />}
            </Step>
            <Step number={2} title="Syringe size">
              {(labelId) => (
                <PresetPicker
                  groupLabelId={labelId}
                  name="syringe"
                  options={SYRINGE_SIZES.map((size) => ({ value: size.ml, label: syringeLabel(size) }))}
                  selected={state.syringe?.ml ?? null}
                  onSelect={(ml) => state.setSyringe(SYRINGE_SIZES.find((size) => size.ml === ml) ?? null)}
                />
              )}
            </Step>
            <Step number={3} title="Vial strength">
              {(labelId) => (
                <PresetPicker
                  groupLabelId={labelId}
                  name="vial"
                  options={VIAL_PRESETS_MG.map((mg) => ({ value: mg, label: `${mg} mg` }))}
                  selected={state.vial.preset}
                  onSelect={state.chooseVial.preset}
                  custom={{
                    label: 'Custom vial strength (mg)',
                    placeholder: 'e.g. 20',
                    step: 'any',
                    value: state.vial.custom,
                    onChange: state.chooseVial.custom,
                    invalid: isInvalidCustom(state.vial),
                  }}
                />
              )}
            </Step>
            <Step number={4} title="Reconstitution water">
              {(labelId) => (
                <PresetPicker
                  groupLabelId={labelId}
                  name="water"
                  options={WATER_PRESETS_ML.map((ml) => ({ value: ml, label: `${ml} ml` }))}
                  selected={state.water.preset}
                  onSelect={state.chooseWater.preset}
                  custom={{
                    label: 'Custom water amount (ml)',
                    placeholder: 'e.g. 2.5',
                    step: 'any',
                    value: state.water.custom,
                    onChange: state.chooseWater.custom,
                    invalid: isInvalidCustom(state.water),
                  }}
                />
              )}
            </Step>
            <Step number={5} title="Desired dose">
              {(labelId) => (
                <>
                  {state.productName === null && <p className="small muted">Choose a product to see its recommended research doses, or type a dose.</p>}
                  <PresetPicker
                    groupLabelId={labelId}
                    name="dose"
                    options={state.productName === null ? [] : state.profile.recommendedDoses.map((mg) => ({ value: mg, label: `${formatAmount(mg)} mg` }))}
                    selected={state.dose.preset}
                    onSelect={state.chooseDose.preset}
                    custom={{
                      label: 'Custom dose (mg)',
                      placeholder: 'e.g. 0.3',
                      step: String(DOSE_INPUT_STEP_MG),
                      value: state.dose.custom,
                      onChange: state.chooseDose.custom,
                      invalid: isInvalidCustom(state.dose),
                    }}
                  />
                </>
              )}
            </Step>
          </div>
          <aside className="calc-aside" aria-label="Result and product information">
            <ResultPanel input={state.complete} missing={state.missing} />
            <ProfilePanel productName={state.productName} profile={state.profile} />
          </aside>
        </div>
        <SafetyNotice />
      </div>
    </div>
  );
}

function Step({ number, title, children }: { number: number; title: string; children(labelId: string): ReactNode }) {
  const labelId = useId();
  return (
    <section className="card calc-step" aria-labelledby={labelId}>
      <h2 className="calc-step-title">
        <span className="calc-step-number" aria-hidden>
          {number}
        </span>
        <span id={labelId}>
          <span className="sr-only">Step {number}: </span>
          {title}
        </span>
      </h2>
      {children(labelId)}
    </section>
  );
}

function ProductSelect({ labelId, value, onChange }: { labelId: string; value: string | null; onChange(name: string): void }) {
  const selectId = useId();
  const products = useProducts();
  const choices = (products.data ?? []).filter((product) => product.isActive && !isExcludedFromCalculator(product.name));
  if (products.isError) {
    return (
      <div className="notice notice-danger" role="alert">
        <p>{messageOf(products.error, 'Failed to fetch products')}</p>
        <Button variant="outline" size="sm" onClick={() => products.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  return (
    <div className="field">
      <label htmlFor={selectId} className="sr-only">
        Product
      </label>
      <select
        id={selectId}
        className="select"
        aria-describedby={labelId}
        value={value ?? ''}
        disabled={products.isLoading}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="" disabled>
          {products.isLoading ? 'Loading products...' : 'Select a product'}
        </option>
        {choices.map((product) => (
          <option key={product.id} value={product.name}>
            {product.name}
          </option>
        ))}
      </select>
    </div>
  );
}
