import { LegalDocument } from '../components/legal-document.tsx';

export function TermsPage() {
  return (
    <LegalDocument
      title="Terms of Service"
      updated="01/01/2025"
      sections={[
        {
          heading: 'Using the portal',
          body: 'The portal lets your company manage the messaging, voice, phone number and API services it buys from us. Access is personal: keep your password and two-factor codes to yourself.',
        },
        {
          heading: 'Your responsibilities',
          body: 'You are responsible for the traffic sent through your accounts, including consent for messages (TCPA), do-not-call rules and 10DLC registration of your brands and campaigns.',
        },
        {
          heading: 'Billing',
          body: 'Charges are in USD. Invoices are due within the payment terms of your agreement; unpaid invoices may lead to the suspension of services.',
        },
        {
          heading: 'Changes',
          body: 'We may update these terms. The date above shows the latest version; continued use of the portal means you accept it.',
        },
      ]}
    />
  );
}
