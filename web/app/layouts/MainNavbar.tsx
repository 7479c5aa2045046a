import { NavLink as MantineNavLink, Stack } from '@mantine/core';
import { useTranslation } from '../../i18n/use-translation';
import { Link, useLocation } from 'react-router';
import { useCurrentUser } from '../../features/auth/use-current-user';
import { MAIN_MEMBER_PATHS, navigationFor } from '../navigation';

function isCurrent(entryPath: string, pathname: string): boolean {
  if (entryPath === '/') return pathname === '/';
  return pathname === entryPath || pathname.startsWith(`${entryPath}/`);
}

export function MainNavbar({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { roles, member } = useCurrentUser();
  // Another adult of the family signed in with their own sign-in does not renew
  const entries = navigationFor(roles).filter(
    (entry) => !(member?.household && MAIN_MEMBER_PATHS.has(entry.path)),
  );

  return (
    <Stack gap={2}>
      {entries.map(({ path, labelKey, icon: EntryIcon }) => {
        const current = isCurrent(path, pathname);
        return (
          <MantineNavLink
            key={path}
            component={Link}
            to={path}
            label={t(labelKey)}
            leftSection={<EntryIcon aria-hidden size={20} stroke={1.6} />}
            active={current}
            // Filled: the light variant's text falls to 4.1:1 on its hover background.
            variant="filled"
            aria-current={current ? 'page' : undefined}
            onClick={onNavigate}
          />
        );
      })}
    </Stack>
  );
}
