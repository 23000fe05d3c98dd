import { LegalDocument } from '../components/legal-document.tsx';

export function PrivacyPage() {
  return (
    <LegalDocument
      title="Privacy Policy"
      updated="01/01/2025"
      sections={[
        {
          heading: 'What we collect',
          body: 'Account details (name, email, phone), your company profile, billing details (never full card numbers), and records of the services you use such as call and message logs.',
        },
        {
          heading: 'Why we use it',
          body: 'To provide and bill the services, to keep the portal secure (sign-in records, audit logs) and to meet our legal and regulatory duties.',
        },
        {
          heading: 'How long we keep it',
          body: 'Usage records and logs are kept for the retention periods set for your account; account data for as long as your company is our customer and as the law requires after.',
        },
        {
          heading: 'Your rights',
          body: 'You may ask for a copy of your personal data, its correction or its deletion by contacting support.',
        },
      ]}
    />
  );
}
