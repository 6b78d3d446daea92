import { Info, ShieldAlert } from 'lucide-react';
import { DEFAULT_PROFILE, DosingProfile, formatAmount, RECONSTITUTED_STORAGE } from '../../../lib/calculator';
import { BUYER_REQUIREMENTS, RESEARCH_USE_DISCLAIMER } from '../../../lib/shop';

export function ProfilePanel({ productName, profile }: { productName: string | null; profile: DosingProfile }) {
  return (
    <section className="card calc-profile" aria-labelledby="calc-profile-heading">
      <h2 id="calc-profile-heading" className="row gap">
        <Info size={22} aria-hidden /> Product information
      </h2>
      {productName === null ? (
        <p className="muted">Choose a product in step 1 to see its research protocol, frequency and notes.</p>
      ) : (
        <>
          <p className="calc-profile-name">
            {productName}
            {profile === DEFAULT_PROFILE && <span className="muted small"> — no compound-specific profile; general values shown</span>}
          </p>
          <dl className="calc-profile-list">
            <dt>Recommended research doses</dt>
            <dd>{profile.recommendedDoses.map((dose) => `${formatAmount(dose)} mg`).join(', ')}</dd>
            <dt>Maximum safe research dose</dt>
            <dd>{formatAmount(profile.maxSafeDose)} mg</dd>
            <dt>Protocol</dt>
            <dd>{profile.protocol}</dd>
            <dt>Frequency</dt>
            <dd>{profile.frequency}</dd>
            <dt>Duration</dt>
            <dd>{profile.duration}</dd>
            <dt>Notes</dt>
            <dd>{profile.notes}</dd>
            <dt>Areas of research</dt>
            <dd>
              <ul>
                {profile.benefits.map((benefit) => (
                  <li key={benefit}>{benefit}</li>
                ))}
              </ul>
            </dd>
            <dt>Storage</dt>
            <dd>{RECONSTITUTED_STORAGE}</dd>
          </dl>
        </>
      )}
    </section>
  );
}

export function SafetyNotice() {
  return (
    <section className="notice calc-safety" aria-labelledby="calc-safety-heading">
      <h2 id="calc-safety-heading" className="row gap">
        <ShieldAlert size={20} aria-hidden /> Safety notice
      </h2>
      <p>
        <strong>For research use only. Not for human consumption.</strong> This calculator converts amounts for laboratory reconstitution; it is not
        medical advice and does not recommend any dose for people or animals.
      </p>
      <p>{RESEARCH_USE_DISCLAIMER}</p>
      <p className="small">{BUYER_REQUIREMENTS}</p>
    </section>
  );
}
