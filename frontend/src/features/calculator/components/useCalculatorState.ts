import { useState } from 'react';
import { parsePositive, profileFor, SyringeSize } from '../../../lib/calculator';
import type { CompleteInput } from './ResultPanel';

/** A preset or a typed value: choosing one clears the other (storefront spec §4). */
export interface PresetOrCustom {
  preset: number | null;
  custom: string;
}

const EMPTY: PresetOrCustom = { preset: null, custom: '' };

export function effectiveValue(choice: PresetOrCustom): number | null {
  return choice.preset ?? parsePositive(choice.custom);
}

export function isInvalidCustom(choice: PresetOrCustom): boolean {
  return choice.preset === null && choice.custom.trim() !== '' && parsePositive(choice.custom) === null;
}

export function useCalculatorState() {
  const [productName, setProductName] = useState<string | null>(null);
  const [syringe, setSyringe] = useState<SyringeSize | null>(null);
  const [vial, setVial] = useState<PresetOrCustom>(EMPTY);
  const [water, setWater] = useState<PresetOrCustom>(EMPTY);
  const [dose, setDose] = useState<PresetOrCustom>(EMPTY);

  const profile = profileFor(productName ?? '');
  const vialMg = effectiveValue(vial);
  const waterMl = effectiveValue(water);
  const doseMg = effectiveValue(dose);

  const missing = [
    productName === null && 'product',
    syringe === null && 'syringe size',
    vialMg === null && 'vial strength',
    waterMl === null && 'water amount',
    doseMg === null && 'desired dose',
  ].filter((step): step is string => typeof step === 'string');

  const complete: CompleteInput | null =
    productName !== null && syringe !== null && vialMg !== null && waterMl !== null && doseMg !== null
      ? { productName, profile, syringe, vialMg, waterMl, doseMg }
      : null;

  const choose = (set: (choice: PresetOrCustom) => void) => ({
    preset: (value: number) => set({ preset: value, custom: '' }),
    custom: (text: string) => set({ preset: null, custom: text }),
  });

  return {
    productName,
    /** A new product brings its own dose presets; a preset dose it does not offer is dropped rather than kept invisibly. */
    chooseProduct(name: string) {
      const offered = profileFor(name).recommendedDoses;
      setProductName(name);
      setDose((current) => (current.preset === null || offered.includes(current.preset) ? current : EMPTY));
    },
    syringe,
    setSyringe,
    vial,
    chooseVial: choose(setVial),
    water,
    chooseWater: choose(setWater),
    dose,
    chooseDose: choose(setDose),
    profile,
    missing,
    complete,
  };
}
