/**
 * The peptide dosage calculator of storefront spec §9: constants, the built-in dosing profiles
 * and the reconstitution arithmetic. Pure functions, so every number the page shows is testable.
 */

export interface SyringeSize {
  ml: number;
  units: number;
}

/** U-100 insulin syringes: 100 units per ml, in the three barrel sizes the shop sells. */
export const SYRINGE_SIZES: readonly SyringeSize[] = [
  { ml: 0.3, units: 30 },
  { ml: 0.5, units: 50 },
  { ml: 1.0, units: 100 },
];
/** "0.3 ml (30 units)", "1.0 ml (100 units)": the way syringe barrels are labelled. */
export function syringeLabel(syringe: SyringeSize): string {
  return `${syringe.ml.toFixed(1)} ml (${syringe.units} units)`;
}

export const VIAL_PRESETS_MG: readonly number[] = [5, 10, 15];
export const WATER_PRESETS_ML: readonly number[] = [1, 2, 3, 5];
export const DOSE_INPUT_STEP_MG = 0.1;
export const RECONSTITUTED_STORAGE = 'Store reconstituted vials refrigerated at 2-8 C, protected from light.';

export interface DosingProfile {
  name: string;
  /** Name fragments (compared without case, spaces or punctuation) that identify the compound in a product name. */
  aliases: readonly string[];
  recommendedDoses: readonly number[];
  maxSafeDose: number;
  protocol: string;
  frequency: string;
  duration: string;
  notes: string;
  benefits: readonly string[];
}

export const DOSING_PROFILES: readonly DosingProfile[] = [
  {
    name: 'Tirzepatide',
    aliases: ['tirzepatide'],
    recommendedDoses: [2.5, 5, 7.5, 10, 15],
    maxSafeDose: 15,
    protocol: 'Published study protocols start at 2.5 mg and step up by 2.5 mg at intervals of at least four weeks.',
    frequency: 'Once weekly in published protocols.',
    duration: 'Study periods of 40 to 72 weeks are reported in the literature.',
    notes: 'Dual GIP and GLP-1 receptor agonist. Dose escalation is gradual to limit gastrointestinal effects observed in studies.',
    benefits: ['Glycaemic control in metabolic models', 'Body-weight regulation studies', 'Incretin receptor pharmacology'],
  },
  {
    name: 'Retatrutide',
    aliases: ['retatrutide'],
    recommendedDoses: [1, 2, 4, 8, 12],
    maxSafeDose: 12,
    protocol: 'Phase 2 protocols escalate from 1-2 mg towards 8-12 mg in steps of about four weeks.',
    frequency: 'Once weekly in published protocols.',
    duration: 'Study periods of 24 to 48 weeks are reported.',
    notes: 'Triple agonist of the GIP, GLP-1 and glucagon receptors; an investigational compound.',
    benefits: ['Energy expenditure and metabolic research', 'Hepatic fat studies', 'Multi-receptor agonist pharmacology'],
  },
  {
    name: 'Semaglutide',
    aliases: ['semaglutide'],
    recommendedDoses: [0.25, 0.5, 1, 1.7, 2.4],
    maxSafeDose: 2.4,
    protocol: 'Published protocols begin at 0.25 mg and double at four-week intervals up to 2.4 mg.',
    frequency: 'Once weekly in published protocols.',
    duration: 'Study periods of 16 to 68 weeks are reported.',
    notes: 'Long-acting GLP-1 receptor agonist with a half-life of about one week.',
    benefits: ['GLP-1 receptor signalling', 'Appetite regulation models', 'Metabolic and cardiovascular research'],
  },
  {
    name: 'BPC-157',
    aliases: ['bpc157'],
    recommendedDoses: [0.25, 0.5, 1],
    maxSafeDose: 1,
    protocol: 'Animal studies use body-weight-scaled amounts; research protocols commonly work with 0.25-0.5 mg per administration.',
    frequency: 'Once or twice daily in published animal protocols.',
    duration: 'Protocols of 2 to 6 weeks are typical in the literature.',
    notes: 'A stable gastric pentadecapeptide; most published data come from rodent models.',
    benefits: ['Tendon and ligament repair models', 'Gastrointestinal tissue studies', 'Angiogenesis research'],
  },
  {
    name: 'TB-500',
    aliases: ['tb500', 'thymosinbeta4'],
    recommendedDoses: [2, 5],
    maxSafeDose: 5,
    protocol: 'Research protocols describe a loading phase of 2-5 mg followed by lower maintenance amounts.',
    frequency: 'Twice weekly during loading, then weekly, in published protocols.',
    duration: 'Loading phases of 4 to 6 weeks are described.',
    notes: 'Synthetic fragment of thymosin beta-4, an actin-sequestering protein.',
    benefits: ['Cell migration studies', 'Wound-healing models', 'Actin regulation research'],
  },
  {
    name: 'HGH',
    aliases: ['hgh', 'somatropin'],
    recommendedDoses: [2, 4, 6, 8, 10],
    maxSafeDose: 10,
    protocol: 'Doses are expressed per vial content; check whether the vial is labelled in mg or IU before calculating.',
    frequency: 'Daily or on five days per week in published protocols.',
    duration: 'Study periods of several months are typical.',
    notes: 'Recombinant 191-amino-acid growth hormone. Handle gently when reconstituting: do not shake the vial.',
    benefits: ['Growth hormone signalling', 'IGF-1 axis research', 'Body composition models'],
  },
  {
    name: 'Ipamorelin',
    aliases: ['ipamorelin'],
    recommendedDoses: [0.2, 0.3],
    maxSafeDose: 0.3,
    protocol: 'Research protocols use 0.2-0.3 mg per administration.',
    frequency: 'One to three times daily in published protocols.',
    duration: 'Protocols of 8 to 12 weeks are described.',
    notes: 'Selective growth hormone secretagogue (ghrelin receptor agonist) with little effect on cortisol in studies.',
    benefits: ['Pulsatile growth hormone release', 'Ghrelin receptor pharmacology', 'Often studied together with CJC-1295'],
  },
  {
    name: 'CJC-1295',
    aliases: ['cjc1295', 'modgrf'],
    recommendedDoses: [1, 2],
    maxSafeDose: 2,
    protocol: 'Versions without DAC are studied at small daily amounts; DAC versions at 1-2 mg per week.',
    frequency: 'Weekly (with DAC) or daily (without DAC) in published protocols.',
    duration: 'Protocols of 8 to 12 weeks are described.',
    notes: 'GHRH analogue. Confirm whether the vial contains the DAC or no-DAC form, as their half-lives differ greatly.',
    benefits: ['GHRH receptor research', 'Growth hormone pulse studies', 'Often studied together with ipamorelin'],
  },
  {
    name: 'DSIP',
    aliases: ['dsip', 'deltasleep'],
    recommendedDoses: [0.1, 0.2, 0.5],
    maxSafeDose: 0.5,
    protocol: 'Research protocols use 0.1-0.5 mg per administration.',
    frequency: 'Once daily in published protocols.',
    duration: 'Short protocols of 1 to 2 weeks are typical.',
    notes: 'Delta sleep-inducing peptide, a nonapeptide first isolated in 1977.',
    benefits: ['Sleep architecture research', 'Stress-response studies', 'Neuropeptide signalling'],
  },
  {
    name: 'AOD-9604',
    aliases: ['aod9604'],
    recommendedDoses: [0.25, 0.5, 1],
    maxSafeDose: 1,
    protocol: 'Research protocols use 0.25-0.5 mg per administration.',
    frequency: 'Once daily in published protocols.',
    duration: 'Study periods of 12 weeks are reported.',
    notes: 'Modified fragment 176-191 of the growth hormone molecule, without its effect on IGF-1 in studies.',
    benefits: ['Lipolysis research', 'Fat metabolism models', 'Growth hormone fragment pharmacology'],
  },
  {
    name: 'MOTS-C',
    aliases: ['motsc'],
    recommendedDoses: [5, 10],
    maxSafeDose: 5,
    protocol: 'Research protocols use about 5 mg per administration.',
    frequency: 'Once to three times weekly in published protocols.',
    duration: 'Protocols of 4 to 8 weeks are described.',
    notes: 'Mitochondria-derived peptide encoded in the 12S rRNA region of mitochondrial DNA.',
    benefits: ['Mitochondrial signalling', 'Metabolic homeostasis models', 'Exercise physiology research'],
  },
];

export const DEFAULT_PROFILE: DosingProfile = {
  name: 'General research peptide',
  aliases: [],
  recommendedDoses: [1, 2, 5, 10],
  maxSafeDose: 5,
  protocol: 'No compound-specific protocol is built in. Consult the published literature for this compound before calculating.',
  frequency: 'Depends on the compound and the study design.',
  duration: 'Depends on the compound and the study design.',
  notes: 'Verify the vial strength on the label and use fresh bacteriostatic water for reconstitution.',
  benefits: ['Laboratory research use only'],
};

function normalised(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/**
 * The profile whose compound is named in the product name ("BPC-157 5mg", "CJC-1295 (no DAC) 2mg").
 * In a blend the compound named first decides, so "BPC-157 + TB-500 Blend" uses the BPC-157 limits.
 */
export function profileFor(productName: string): DosingProfile {
  const name = normalised(productName);
  let best: { profile: DosingProfile; position: number } | null = null;
  for (const profile of DOSING_PROFILES) {
    for (const alias of profile.aliases) {
      const position = name.indexOf(alias);
      if (position >= 0 && (best === null || position < best.position)) best = { profile, position };
    }
  }
  return best?.profile ?? DEFAULT_PROFILE;
}

/** Reconstitution water is sold as "BAC Water 10ml", "BAC Water 30ml"…: nothing to dose. */
export function isExcludedFromCalculator(productName: string): boolean {
  return /^\s*bac\s*water\b/i.test(productName);
}

export function isUnsafe(doseMg: number, profile: DosingProfile): boolean {
  return doseMg > profile.maxSafeDose;
}

/** A positive, finite number typed by the user, or null. */
export function parsePositive(text: string): number | null {
  const trimmed = text.trim().replace(',', '.');
  if (!/^\d*\.?\d+$|^\d+\.$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return Number.isFinite(value) && value > 0 ? value : null;
}

/** Rounds to the given decimals, first removing binary float noise (2.2499999999999996 is 2.25). */
export function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(Number((value * factor).toPrecision(12))) / factor;
}

export interface DoseInput {
  doseMg: number;
  vialMg: number;
  waterMl: number;
  syringe: SyringeSize;
}

export interface DoseResult {
  /** Syringe units to draw, rounded to one decimal. */
  units: number;
  /** Volume to draw, in ml, rounded to three decimals. */
  volumeMl: number;
  /** mg per ml after reconstitution, rounded to three decimals. */
  concentrationMgPerMl: number;
  /** The dose needs more than one full syringe. */
  exceedsSyringe: boolean;
}

/** Spec §9: volume = dose / (vial / water); units = volume / syringe ml x syringe units. */
export function calculateDose({ doseMg, vialMg, waterMl, syringe }: DoseInput): DoseResult {
  const concentration = vialMg / waterMl;
  const volume = doseMg / concentration;
  const units = (volume / syringe.ml) * syringe.units;
  return {
    units: roundTo(units, 1),
    volumeMl: roundTo(volume, 3),
    concentrationMgPerMl: roundTo(concentration, 3),
    exceedsSyringe: roundTo(units, 1) > syringe.units,
  };
}

/** "0.25", "10", "2.4": numbers as a person writes them, without trailing zeros. */
export function formatAmount(value: number, maximumFractionDigits = 3): string {
  return value.toLocaleString('en-AU', { maximumFractionDigits, useGrouping: false });
}
