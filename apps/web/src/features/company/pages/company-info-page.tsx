import { SimpleGrid } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { useSearchParams } from 'react-router';
import { DateText } from '../../../ui/date-text.tsx';
import { DetailField } from '../../../ui/detail-field.tsx';
import { CardPage, PageTabs } from '../../../ui/page-frame.tsx';
import { PhoneText } from '../../../ui/phone-text.tsx';
import { StatusBadge } from '../../../ui/status-badge.tsx';
import { companyProfileQuery } from '../api/company.ts';

function CompanyInfo() {
  const { data: c } = useQuery(companyProfileQuery);
  if (!c) return null;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
      <DetailField label="Company Name">{c.name}</DetailField>
      <DetailField label="Customer ID">{c.accountNumber}</DetailField>
      <DetailField label="Status">
        <StatusBadge status={c.status} />
      </DetailField>
      <DetailField label="Email">{c.email}</DetailField>
      <DetailField label="Phone">
        <PhoneText value={c.phone} />
      </DetailField>
      <DetailField label="Address">
        {[c.address, c.city, `${c.state} ${c.zipCode}`.trim(), c.country].filter(Boolean).join(', ')}
      </DetailField>
      <DetailField label="Account Manager">{c.accountManager ?? 'Unassigned'}</DetailField>
      <DetailField label="Customer Since">
        <DateText value={c.activationDate} />
      </DetailField>
    </SimpleGrid>
  );
}

/**
 * Customer document, Company Info: tabs company-info and accounts. The accounts tab belongs to the
 * accounts feature and is passed in where the features meet (src/app).
 */
export function CompanyInfoPage({ AccountsTab }: { AccountsTab: ComponentType }) {
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') ?? 'company-info';
  return (
    <CardPage title="Company Info">
      <PageTabs
        value={tab}
        onChange={(v) => setParams(v && v !== 'company-info' ? { tab: v } : {}, { replace: true })}
        tabs={[
          ['company-info', 'Company Info'],
          ['accounts', 'Accounts'],
        ]}
        panels={{ 'company-info': <CompanyInfo />, accounts: <AccountsTab /> }}
      />
    </CardPage>
  );
}
