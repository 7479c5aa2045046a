import '@mantine/core/styles/AppShell.css';
import '@mantine/core/styles/NavLink.css';
import { AppShell, Burger, Button, Group, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconLogout } from '@tabler/icons-react';
import { useTranslation } from '../../i18n/use-translation';
import { Outlet } from 'react-router';
import { LanguagePicker } from '../../components/LanguagePicker';
import { MAIN_CONTENT_ID, SkipLink } from '../../components/SkipLink';
import { UserMenu } from '../../features/auth/UserMenu';
import { useSignOut } from '../../features/auth/use-sign-out';
import { LocalizedDatesProvider } from '../LocalizedDatesProvider';
import { BrandLink } from './BrandLink';
import { MainNavbar } from './MainNavbar';
import { useWideScreen } from './use-wide-screen';
import { SHELL_HEADER_HEIGHT } from './shell-header';

const NAVBAR_ID = 'back-office-navbar';
const NAVBAR_BREAKPOINT = 'sm';

/** The back office: header, a navbar that folds behind a burger on phones, and the screen. */
export function MainLayout() {
  const { t } = useTranslation();
  const signOut = useSignOut();
  const [navbarOpen, navbar] = useDisclosure(false);
  const wide = useWideScreen(NAVBAR_BREAKPOINT);

  const accountControls = (
    <>
      <LanguagePicker />
      <UserMenu />
      <Button
        variant="default"
        leftSection={<IconLogout aria-hidden size={18} />}
        loading={signOut.pending}
        onClick={signOut.run}
      >
        {t('shell.signOut')}
      </Button>
    </>
  );

  return (
    <AppShell
      header={{ height: SHELL_HEADER_HEIGHT }}
      navbar={{ width: 260, breakpoint: NAVBAR_BREAKPOINT, collapsed: { mobile: !navbarOpen } }}
      padding="xl"
    >
      <SkipLink />
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              hiddenFrom={NAVBAR_BREAKPOINT}
              size="sm"
              opened={navbarOpen}
              onClick={navbar.toggle}
              aria-label={t(navbarOpen ? 'shell.closeMenu' : 'shell.openMenu')}
              aria-expanded={navbarOpen}
              aria-controls={NAVBAR_ID}
            />
            <BrandLink to="/" />
          </Group>
          {wide && (
            <Group gap="sm" wrap="nowrap">
              {accountControls}
            </Group>
          )}
        </Group>
      </AppShell.Header>
      <AppShell.Navbar id={NAVBAR_ID} p="sm" aria-label={t('shell.backOfficeNavigation')}>
        <AppShell.Section grow>
          <MainNavbar onNavigate={navbar.close} />
        </AppShell.Section>
        {/* On phones the header has no room for these; they live at the foot of the menu. */}
        {!wide && (
          <AppShell.Section pt="md">
            <Stack gap="sm">{accountControls}</Stack>
          </AppShell.Section>
        )}
      </AppShell.Navbar>
      <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1}>
        <LocalizedDatesProvider>
          <Outlet />
        </LocalizedDatesProvider>
      </AppShell.Main>
    </AppShell>
  );
}
