import type { ReactElement } from 'react';
import { LegalPage } from '../components/legal-page';
import { TERMS_OF_USE } from '../content/terms-of-use';

export default function TermsOfUsePage(): ReactElement {
  return (
    <LegalPage
      title="Syarat Penggunaan"
      lead="Ketentuan yang berlaku saat Anda memakai LoopBOT dan LoopStream."
      sections={TERMS_OF_USE}
    />
  );
}
