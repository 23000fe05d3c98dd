import { Anchor, Group, Breadcrumbs as MantineBreadcrumbs, Skeleton, Text } from '@mantine/core';
import { IconHome } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { portalHome, portalOfPath, type RecordCrumb, useHandleMatches } from '../lib/route-handle.ts';
import { useRecordName } from './api/record-name.ts';
import { buildCrumbs, type Crumb, recordCrumbText } from './build-crumbs.ts';

function RecordName({ record, id }: { record: RecordCrumb['record']; id: string }) {
  const name = useRecordName(record, id);
  if (name.isPending) return <Skeleton height={12} width={110} radius="sm" display="inline-block" aria-label="Loading name" />;
  return <>{recordCrumbText(record, name.data, name.error)}</>;
}

function CrumbLabel({ crumb }: { crumb: Crumb }) {
  if (typeof crumb.label === 'string') return <>{crumb.label}</>;
  return crumb.id ? <RecordName record={crumb.label.record} id={crumb.id} /> : null;
}

/** Home, then one crumb per path segment; the last is the current page. */
export function Breadcrumbs() {
  const matches = useHandleMatches();
  const home = portalHome(portalOfPath(useLocation().pathname));
  const crumbs = buildCrumbs(matches);

  return (
    <nav aria-label="Breadcrumb" style={{ minWidth: 0, overflow: 'hidden' }}>
      <MantineBreadcrumbs
        separatorMargin={6}
        fz="sm"
        styles={{ root: { flexWrap: 'nowrap', whiteSpace: 'nowrap' }, breadcrumb: { overflow: 'hidden', textOverflow: 'ellipsis' } }}
      >
        <Anchor component={Link} to={home} size="sm" c="dimmed">
          <Group gap={4} wrap="nowrap" component="span">
            <IconHome size={15} stroke={1.8} />
            Home
          </Group>
        </Anchor>
        {crumbs.map((crumb) =>
          crumb.link ? (
            <Anchor key={crumb.path} component={Link} to={crumb.path} size="sm" c="dimmed">
              <CrumbLabel crumb={crumb} />
            </Anchor>
          ) : (
            <Text
              key={crumb.path}
              size="sm"
              fw={500}
              c={crumb === crumbs.at(-1) ? 'dark' : 'dimmed'}
              aria-current={crumb === crumbs.at(-1) ? 'page' : undefined}
            >
              <CrumbLabel crumb={crumb} />
            </Text>
          ),
        )}
      </MantineBreadcrumbs>
    </nav>
  );
}
