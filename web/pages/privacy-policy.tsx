import type { ReactElement } from 'react';
import { LegalPage } from '../components/legal-page';
import { PRIVACY_POLICY } from '../content/privacy-policy';

export default function PrivacyPolicyPage(): ReactElement {
  return (
    <LegalPage
      title="Kebijakan Privasi"
      lead="Bagaimana kami mengumpulkan, memakai, dan melindungi data Anda."
      sections={PRIVACY_POLICY}
    />
  );
}
