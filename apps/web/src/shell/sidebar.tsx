import { AppShell, Badge, Button, Group, NavLink, ScrollArea, Text, UnstyledButton } from '@mantine/core';
import { IconSettings } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { type Portal, portalHome } from '../lib/route-handle.ts';
import { useBrand } from '../lib/session.ts';
import { BrandMark } from '../ui/brand-mark.tsx';
import { useShellSummary } from './api/shell-summary.ts';
import { isNavItemActive, NAV_ITEMS } from './nav-items.ts';
import classes from './portal-layout.module.css';

const PORTAL_LABEL: Record<Portal, string> = { admin: 'Admin Portal', customer: 'Customer Portal' };

export function Sidebar({ portal }: { portal: Portal }) {
  const { pathname } = useLocation();
  const brand = useBrand();
  const billingBadge = useShellSummary().data?.billingBadge ?? 0;

  return (
    <>
      <AppShell.Section className={classes.brand}>
        <UnstyledButton
          component={Link}
          to={portalHome(portal)}
          className={classes.brandLink}
          aria-label={`${brand} ${PORTAL_LABEL[portal]} home`}
        >
          <Group gap="sm" wrap="nowrap">
            <BrandMark size={34} />
            <div>
              <Text fw={700} size="sm" lh={1.2} c="white">
                {brand}
              </Text>{' '}
              <Text size="xs" c="indigo.2" lh={1.2}>
                {PORTAL_LABEL[portal]}
              </Text>
            </div>
          </Group>
        </UnstyledButton>
      </AppShell.Section>
      <AppShell.Section grow component={ScrollArea} px="sm" py="xs">
        <div>
          {NAV_ITEMS[portal].map((item) => (
            <NavLink
              key={item.to}
              component={Link}
              to={item.to}
              label={item.label}
              active={isNavItemActive(item, pathname)}
              leftSection={<item.icon size={19} stroke={1.7} />}
              rightSection={
                item.billingBadge && billingBadge > 0 ? (
                  <Badge size="sm" color="red" variant="filled" miw={22} px={6} aria-label={`${billingBadge} invoices due`}>
                    {billingBadge}
                  </Badge>
                ) : null
              }
              className={classes.navLink}
              variant="filled"
            />
          ))}
        </div>
      </AppShell.Section>
      <AppShell.Section p="sm" className={classes.sidebarFooter}>
        <Button
          component={Link}
          to={`${portalHome(portal)}/settings`}
          variant={pathname.startsWith(`${portalHome(portal)}/settings`) ? 'white' : 'subtle'}
          color={pathname.startsWith(`${portalHome(portal)}/settings`) ? 'indigo' : 'gray'}
          fullWidth
          justify="flex-start"
          leftSection={<IconSettings size={19} stroke={1.7} />}
          fw={500}
          className={classes.settingsButton}
        >
          Settings
        </Button>
      </AppShell.Section>
    </>
  );
}
