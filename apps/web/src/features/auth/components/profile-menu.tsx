import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconKey, IconLogout, IconSettings, IconUserCircle } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { type Portal, portalLogin } from '../../../lib/route-handle.ts';
import { useSessionUser } from '../../../lib/session.ts';
import classes from '../../../shell/portal-layout.module.css';
import { useLogout } from '../api/logout.ts';

const LINKS: Record<Portal, { profile: string; password: string; settings: string }> = {
  admin: { profile: '/admin/my-profile', password: '/admin/settings?tab=password', settings: '/admin/settings' },
  customer: { profile: '/customer/my-profile', password: '/customer/settings?tab=password', settings: '/customer/settings' },
};

function initials(name: string): string {
  const parts = name.trim().split(/\s+/);
  return `${parts[0]?.[0] ?? ''}${parts.length > 1 ? (parts.at(-1)?.[0] ?? '') : ''}`.toUpperCase();
}

export function ProfileMenu({ portal }: { portal: Portal }) {
  const user = useSessionUser();
  const logout = useLogout();
  const navigate = useNavigate();
  const links = LINKS[portal];

  const signOut = () => {
    logout.mutate(undefined, { onSettled: () => void navigate(portalLogin(portal), { replace: true }) });
  };

  return (
    <Menu position="bottom-end" width={240} shadow="lg" withinPortal>
      <Menu.Target>
        {/* The name says what the button opens and contains its visible text (WCAG 2.5.3, label in name). */}
        <UnstyledButton
          aria-label={`Account menu for ${user.name}, ${user.role}`}
          px={6}
          py={4}
          style={{ borderRadius: 'var(--mantine-radius-md)' }}
        >
          <Group gap="xs" wrap="nowrap">
            {/* The initials are a picture of the name, drawn by CSS so that they are not text of the button. */}
            <Avatar color="indigo" radius="xl" size={34} aria-hidden>
              <span className={classes.initials} data-initials={initials(user.name)} />
            </Avatar>
            <div>
              <Text size="sm" fw={600} lh={1.2} visibleFrom="sm">
                {user.name}
              </Text>{' '}
              <Text size="xs" c="dimmed" lh={1.2} visibleFrom="sm">
                {user.role}
              </Text>
            </div>
            <IconChevronDown size={16} stroke={1.7} aria-hidden />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={600} c="dark">
            {user.name}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {user.email}
          </Text>
        </Menu.Label>
        <Menu.Divider />
        <Menu.Item component={Link} to={links.profile} leftSection={<IconUserCircle size={17} />}>
          Profile
        </Menu.Item>
        <Menu.Item component={Link} to={links.password} leftSection={<IconKey size={17} />}>
          Change Password
        </Menu.Item>
        <Menu.Item component={Link} to={links.settings} leftSection={<IconSettings size={17} />}>
          Settings
        </Menu.Item>
        <Menu.Divider />
        {/* A menu item draws a colour name in its shade 6 (3.3:1 on white); shade 9 reads at AA. */}
        <Menu.Item color="red.9" leftSection={<IconLogout size={17} />} onClick={signOut} disabled={logout.isPending}>
          Log Out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
