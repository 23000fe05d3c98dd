import {
  Alert,
  Badge,
  Button,
  Grid,
  Group,
  List,
  Modal,
  MultiSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Timeline,
  Title,
} from '@mantine/core';
import { CAMPAIGN_TRANSITIONS, type TCampaignDetail, type TCampaignStatus } from '@portal/contract/messaging';
import { IconCheck, IconEdit, IconEye, IconLink, IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { usePortalScope } from '../../../lib/scope.ts';
import { useCan } from '../../../lib/session.ts';
import { DateText } from '../../../ui/date-text.tsx';
import { FormActions } from '../../../ui/form-actions.tsx';
import { PhoneText } from '../../../ui/phone-text.tsx';
import { RecordLoading, RecordNotFound } from '../../../ui/record-states.tsx';
import { RejectModal } from '../../../ui/reject-modal.tsx';
import { StatusBadge, statusColour } from '../../../ui/status-badge.tsx';
import { PageTitle, SectionTitle } from '../../../ui/titles.tsx';
import { toastError, toastSuccess } from '../../../ui/toast.ts';
import { campaignQuery, useSetCampaignNumbers, useSetCampaignStatus } from '../api/messaging.ts';
import { CampaignModal } from '../components/campaign-modal.tsx';

const FLAG_LABELS: [keyof TCampaignDetail, string][] = [
  ['embeddedLinks', 'Embedded links'],
  ['embeddedPhone', 'Embedded phone numbers'],
  ['numberPooling', 'Number pooling'],
  ['ageGated', 'Age-gated content'],
  ['directLending', 'Direct lending'],
];

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text size="sm" component="div">
        {children || '—'}
      </Text>
    </Stack>
  );
}

function LinkNumbersModal({ campaign, onClose }: { campaign: TCampaignDetail; onClose: () => void }) {
  const [ids, setIds] = useState(campaign.linkedNumbers.map((n) => n.id));
  const save = useSetCampaignNumbers();
  return (
    <Modal opened onClose={onClose} title={`Numbers for ${campaign.name}`}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate(
            { id: campaign.id, numberIds: ids },
            {
              onSuccess: (c) => {
                toastSuccess(`${c.name} sends from ${c.linkedNumbers.length} number${c.linkedNumbers.length === 1 ? '' : 's'}`);
                onClose();
              },
              onError: (err) => toastError(err),
            },
          );
        }}
      >
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            The local SMS numbers of {campaign.accountName} that no other campaign holds. A number sends under one campaign.
          </Text>
          <MultiSelect
            label="Numbers"
            searchable
            data-autofocus
            data={campaign.linkableNumbers.map((n) => ({ value: n.id, label: n.number }))}
            value={ids}
            onChange={setIds}
            nothingFoundMessage="No free numbers on this account"
          />
          <FormActions onCancel={onClose} pending={save.isPending} submitLabel="Save Numbers" />
        </Stack>
      </form>
    </Modal>
  );
}

const ACTION_LABEL: Partial<Record<TCampaignStatus, string>> = { 'Under Review': 'Start Review', Approved: 'Approve' };

/** A campaign: its registration, the review timeline, its numbers; staff review it, the customer corrects it. */
export function CampaignDetailPage() {
  const { campaignId = '' } = useParams();
  const scope = usePortalScope();
  const navigate = useNavigate();
  const { data: c, isLoading, error } = useQuery(campaignQuery(campaignId));
  const canWrite = useCan('messaging.write');
  const canReview = useCan('messaging.review');
  const setStatus = useSetCampaignStatus();
  const [modal, setModal] = useState<'edit' | 'reject' | 'numbers' | null>(null);

  if (isLoading) return <RecordLoading />;
  if (!c || error)
    return (
      <RecordNotFound
        title="Campaign"
        error={error}
        notFound="Campaign not found"
        failed="The campaign could not be loaded. Please try again."
        back={{ label: 'Back to campaigns', onClick: () => navigate(`/${scope.portal}/messaging?tab=campaigns`) }}
      />
    );

  const moves = canReview ? CAMPAIGN_TRANSITIONS[c.status] : [];
  function move(status: TCampaignStatus) {
    if (!c) return;
    setStatus.mutate({ id: c.id, status }, { onSuccess: () => toastSuccess(`${c.name} is ${status}`), onError: (e) => toastError(e) });
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <PageTitle
          badge={<StatusBadge status={c.status} size="md" />}
          description={
            <>
              10DLC ID <b>{c.campaignCode}</b> · {c.brandName} · {c.accountName}
              {scope.portal === 'admin' ? ` · ${c.customerName}` : ''}
            </>
          }
        >
          {c.name}
        </PageTitle>
        <Group gap="sm">
          {moves
            .filter((s) => s !== 'Rejected')
            .map((s) => (
              <Button
                key={s}
                leftSection={s === 'Approved' ? <IconCheck size={16} /> : <IconEye size={16} />}
                color={s === 'Approved' ? 'green' : undefined}
                loading={setStatus.isPending}
                onClick={() => move(s)}
              >
                {ACTION_LABEL[s] ?? s}
              </Button>
            ))}
          {moves.includes('Rejected') && (
            <Button variant="default" color="red" leftSection={<IconX size={16} />} onClick={() => setModal('reject')}>
              Reject
            </Button>
          )}
          {canWrite && (c.status === 'Rejected' || c.status === 'Pending') && (
            <Button
              variant={c.status === 'Rejected' ? 'filled' : 'default'}
              leftSection={<IconEdit size={16} />}
              onClick={() => setModal('edit')}
            >
              {c.status === 'Rejected' ? 'Correct and Resubmit' : 'Edit'}
            </Button>
          )}
          {canWrite && c.status === 'Approved' && (
            <Button variant="default" leftSection={<IconLink size={16} />} onClick={() => setModal('numbers')}>
              Link Numbers
            </Button>
          )}
        </Group>
      </Group>
      {c.status === 'Rejected' && c.rejectionReason && (
        <Alert color="red" variant="light" title="Rejected">
          {c.rejectionReason}
        </Alert>
      )}
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Paper withBorder radius="md" p="md">
            <Stack gap="md">
              <SectionTitle>Registration</SectionTitle>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                <Field label="Use Case">{c.useCase}</Field>
                <Field label="Created">
                  <DateText value={c.createdAt} />
                </Field>
              </SimpleGrid>
              <Field label="Description">{c.description}</Field>
              <Field label="Message Flow (opt-in)">{c.messageFlow}</Field>
              <Field label="Sample Messages">
                <List size="sm" spacing={4} type="ordered">
                  {c.sampleMessages.map((s) => (
                    <List.Item key={s}>{s}</List.Item>
                  ))}
                </List>
              </Field>
              <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
                <Field label="Opt-in">{[c.optInKeywords, c.optInMessage].filter(Boolean).join(' — ')}</Field>
                <Field label="Opt-out">{[c.optOutKeywords, c.optOutMessage].filter(Boolean).join(' — ')}</Field>
                <Field label="Help">{[c.helpKeywords, c.helpMessage].filter(Boolean).join(' — ')}</Field>
              </SimpleGrid>
              <Group gap={6}>
                {FLAG_LABELS.filter(([k]) => c[k]).map(([k, label]) => (
                  <Badge key={k} variant="light" color="gray">
                    {label}
                  </Badge>
                ))}
              </Group>
            </Stack>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="md">
            <Paper withBorder radius="md" p="md">
              <Title order={2} size="h4" mb="sm">
                Timeline
              </Title>
              <Timeline active={c.timeline.length - 1} bulletSize={16} lineWidth={2}>
                {c.timeline.map((e) => (
                  <Timeline.Item key={e.id} color={statusColour(e.status)} title={e.status}>
                    {e.reason && (
                      <Text size="sm" c="dimmed">
                        {e.reason}
                      </Text>
                    )}
                    <Text size="xs" c="dimmed">
                      <DateText value={e.at} format="datetime" />
                      {e.by ? ` · ${e.by}` : ''}
                    </Text>
                  </Timeline.Item>
                ))}
              </Timeline>
            </Paper>
            <Paper withBorder radius="md" p="md">
              <Title order={2} size="h4" mb="xs">
                Traffic
              </Title>
              <SimpleGrid cols={2}>
                <Field label="Sent">{c.sent.toLocaleString('en-US')}</Field>
                <Field label="Delivered">{c.delivered.toLocaleString('en-US')}</Field>
              </SimpleGrid>
            </Paper>
            <Paper withBorder radius="md" p="md">
              <Title order={2} size="h4" mb="xs">
                Numbers ({c.linkedNumbers.length})
              </Title>
              {c.linkedNumbers.length ? (
                <Stack gap={2}>
                  {c.linkedNumbers.map((n) => (
                    <PhoneText key={n.id} value={n.number} />
                  ))}
                </Stack>
              ) : (
                <Text size="sm" c="dimmed">
                  {c.status === 'Approved'
                    ? 'No numbers send under this campaign yet.'
                    : 'Numbers can be linked once the campaign is approved.'}
                </Text>
              )}
            </Paper>
          </Stack>
        </Grid.Col>
      </Grid>
      {modal === 'edit' && <CampaignModal campaign={c} onClose={() => setModal(null)} />}
      {modal === 'numbers' && <LinkNumbersModal campaign={c} onClose={() => setModal(null)} />}
      {modal === 'reject' && (
        <RejectModal
          title={`Reject ${c.name}`}
          pending={setStatus.isPending}
          onClose={() => setModal(null)}
          onReject={(reason) =>
            setStatus.mutate(
              { id: c.id, status: 'Rejected', reason },
              {
                onSuccess: () => {
                  toastSuccess(`${c.name} rejected`);
                  setModal(null);
                },
                onError: (e) => toastError(e),
              },
            )
          }
        />
      )}
    </Stack>
  );
}
