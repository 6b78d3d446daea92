import {
  calculateDose,
  DEFAULT_PROFILE,
  DOSING_PROFILES,
  isExcludedFromCalculator,
  isUnsafe,
  parsePositive,
  profileFor,
  SYRINGE_SIZES,
  syringeLabel,
  VIAL_PRESETS_MG,
  WATER_PRESETS_ML,
} from './calculator';

const syringe = (ml: number) => SYRINGE_SIZES.find((size) => size.ml === ml)!;

describe('dosage calculator', () => {
  it('offers the 0.3, 0.5 and 1.0 ml syringes with 30, 50 and 100 units, and the vial and water presets of the spec', () => {
    expect(SYRINGE_SIZES).toEqual([
      { ml: 0.3, units: 30 },
      { ml: 0.5, units: 50 },
      { ml: 1.0, units: 100 },
    ]);
    expect(SYRINGE_SIZES.map(syringeLabel)).toEqual(['0.3 ml (30 units)', '0.5 ml (50 units)', '1.0 ml (100 units)']);
    expect(VIAL_PRESETS_MG).toEqual([5, 10, 15]);
    expect(WATER_PRESETS_ML).toEqual([1, 2, 3, 5]);
  });

  it('draws 10.0 units for 0.25 mg from a 5 mg vial with 2 ml water in the 0.3 ml syringe', () => {
    // 5 mg / 2 ml = 2.5 mg/ml; 0.25 mg / 2.5 mg/ml = 0.1 ml; 0.1 / 0.3 x 30 = 10 units
    expect(calculateDose({ doseMg: 0.25, vialMg: 5, waterMl: 2, syringe: syringe(0.3) })).toEqual({
      units: 10,
      volumeMl: 0.1,
      concentrationMgPerMl: 2.5,
      exceedsSyringe: false,
    });
  });

  it('gives the same units for the same volume whatever the syringe size, since all are U-100', () => {
    const dose = { doseMg: 2, vialMg: 10, waterMl: 2 };
    // 10 / 2 = 5 mg/ml; 2 / 5 = 0.4 ml = 40 units
    expect(calculateDose({ ...dose, syringe: syringe(0.5) }).units).toBe(40);
    expect(calculateDose({ ...dose, syringe: syringe(1) }).units).toBe(40);
  });

  it('rounds units to one decimal, down and up', () => {
    // 15 mg / 2 ml = 7.5 mg/ml; 1 / 7.5 = 0.1333 ml = 13.33 units
    expect(calculateDose({ doseMg: 1, vialMg: 15, waterMl: 2, syringe: syringe(1) }).units).toBe(13.3);
    // 15 mg / 1 ml; 1 / 15 = 0.0667 ml = 6.67 units
    expect(calculateDose({ doseMg: 1, vialMg: 15, waterMl: 1, syringe: syringe(1) }).units).toBe(6.7);
    // 10 mg / 3 ml = 3.333 mg/ml; 0.5 / 3.333 = 0.15 ml = 15 units in any syringe
    expect(calculateDose({ doseMg: 0.5, vialMg: 10, waterMl: 3, syringe: syringe(0.5) })).toMatchObject({ units: 15, volumeMl: 0.15, concentrationMgPerMl: 3.333 });
  });

  it('rounds an exact half up even when binary floating point lands just below it', () => {
    // 10 mg / 1.5 ml; 0.35 mg is 0.0525 ml = 5.25 units, which floats compute as 5.249999999999999
    expect(calculateDose({ doseMg: 0.35, vialMg: 10, waterMl: 1.5, syringe: syringe(1) }).units).toBe(5.3);
    // 10 mg / 0.5 ml; 0.35 mg is 0.0175 ml = 1.75 units
    expect(calculateDose({ doseMg: 0.35, vialMg: 10, waterMl: 0.5, syringe: syringe(0.3) }).units).toBe(1.8);
  });

  it('flags a dose that needs more than one full syringe', () => {
    // 5 mg / 1 ml; 2 mg = 0.4 ml = 40 units, more than the 30 a 0.3 ml syringe holds
    expect(calculateDose({ doseMg: 2, vialMg: 5, waterMl: 1, syringe: syringe(0.3) })).toMatchObject({ units: 40, exceedsSyringe: true });
    expect(calculateDose({ doseMg: 1.5, vialMg: 5, waterMl: 1, syringe: syringe(0.3) })).toMatchObject({ units: 30, exceedsSyringe: false });
  });

  it('finds the dosing profile from product names with strengths, spaces and brackets', () => {
    expect(profileFor('BPC-157 5mg').name).toBe('BPC-157');
    expect(profileFor('bpc 157 10mg').name).toBe('BPC-157');
    expect(profileFor('CJC-1295 (no DAC) 2mg').name).toBe('CJC-1295');
    expect(profileFor('HGH 10IU').name).toBe('HGH');
    expect(profileFor('MOTS-C 10mg').name).toBe('MOTS-C');
    expect(profileFor('TIRZEPATIDE 30MG').name).toBe('Tirzepatide');
    expect(profileFor('Semaglutide 5mg').name).toBe('Semaglutide');
    expect(profileFor('AOD-9604 5mg').name).toBe('AOD-9604');
    expect(profileFor('DSIP 5mg').name).toBe('DSIP');
    expect(profileFor('TB500 5mg').name).toBe('TB-500');
    expect(profileFor('Ipamorelin 5mg').name).toBe('Ipamorelin');
    expect(profileFor('Retatrutide 10mg').name).toBe('Retatrutide');
  });

  it('uses the compound named first in a blend', () => {
    expect(profileFor('BPC-157 + TB-500 Blend 10mg').name).toBe('BPC-157');
    expect(profileFor('CJC-1295 + Ipamorelin Blend 10mg').name).toBe('CJC-1295');
  });

  it('falls back to the default profile (1, 2, 5, 10 mg; max 5 mg) for an unknown compound', () => {
    expect(profileFor('Epitalon 10mg')).toBe(DEFAULT_PROFILE);
    expect(DEFAULT_PROFILE.recommendedDoses).toEqual([1, 2, 5, 10]);
    expect(DEFAULT_PROFILE.maxSafeDose).toBe(5);
  });

  it('holds the recommended doses and maximum safe dose of every built-in profile', () => {
    const table = Object.fromEntries(DOSING_PROFILES.map((profile) => [profile.name, [profile.recommendedDoses, profile.maxSafeDose]]));
    expect(table).toEqual({
      Tirzepatide: [[2.5, 5, 7.5, 10, 15], 15],
      Retatrutide: [[1, 2, 4, 8, 12], 12],
      Semaglutide: [[0.25, 0.5, 1, 1.7, 2.4], 2.4],
      'BPC-157': [[0.25, 0.5, 1], 1],
      'TB-500': [[2, 5], 5],
      HGH: [[2, 4, 6, 8, 10], 10],
      Ipamorelin: [[0.2, 0.3], 0.3],
      'CJC-1295': [[1, 2], 2],
      DSIP: [[0.1, 0.2, 0.5], 0.5],
      'AOD-9604': [[0.25, 0.5, 1], 1],
      'MOTS-C': [[5, 10], 5],
    });
  });

  it('calls a dose unsafe only above the profile maximum', () => {
    const bpc = profileFor('BPC-157 5mg');
    expect(isUnsafe(1, bpc)).toBe(false);
    expect(isUnsafe(1.1, bpc)).toBe(true);
    expect(isUnsafe(2, bpc)).toBe(true);
    // MOTS-C recommends 10 mg but its safe maximum is 5 mg
    expect(isUnsafe(10, profileFor('MOTS-C 10mg'))).toBe(true);
  });

  it('leaves every BAC Water product out of the product list, and nothing else', () => {
    expect(isExcludedFromCalculator('BAC Water')).toBe(true);
    expect(isExcludedFromCalculator('BAC Water 10ml')).toBe(true);
    expect(isExcludedFromCalculator('bac water 30ml')).toBe(true);
    expect(isExcludedFromCalculator('BPC-157 5mg')).toBe(false);
    expect(isExcludedFromCalculator('Insulin Syringes 0.5ml (10 pack)')).toBe(false);
  });

  it('accepts only positive numbers as custom values', () => {
    expect(parsePositive('2.5')).toBe(2.5);
    expect(parsePositive(' .5 ')).toBe(0.5);
    expect(parsePositive('0,25')).toBe(0.25);
    expect(parsePositive('0')).toBeNull();
    expect(parsePositive('-1')).toBeNull();
    expect(parsePositive('')).toBeNull();
    expect(parsePositive('abc')).toBeNull();
  });
});
