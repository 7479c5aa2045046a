import { Box, Burger, Button, Container, Group, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from '../../i18n/use-translation';
import { Link, NavLink } from 'react-router';
import { LanguagePicker } from '../../components/LanguagePicker';
import { useSessionKinds } from '../use-session-kinds';
import { BrandLink } from './BrandLink';
import { PUBLIC_LINKS } from './public-links';
import classes from './PublicLayout.module.css';
import { useWideScreen } from './use-wide-screen';

const MOBILE_MENU_ID = 'public-mobile-menu';

export function PublicHeader() {
  const { t } = useTranslation();
  const [menuOpen, menu] = useDisclosure(false);
  const signedIn = useSessionKinds().length > 0;
  const wide = useWideScreen('md');

  const account = signedIn ? (
    <Button component={Link} to="/" variant="light" onClick={menu.close}>
      {t('shell.myArea')}
    </Button>
  ) : (
    <Button component={Link} to="/auth/memberlogin" onClick={menu.close}>
      {t('shell.signIn')}
    </Button>
  );

  const links = PUBLIC_LINKS.map((link) => (
    <NavLink key={link.to} to={link.to} className={classes.navLink} onClick={menu.close}>
      {t(link.labelKey)}
    </NavLink>
  ));

  return (
    <Box component="header" className={classes.header}>
      <Container size="lg" py="sm">
        <Group justify="space-between" wrap="nowrap">
          <BrandLink to="/event" />
          {wide ? (
            <>
              <Group component="nav" aria-label={t('shell.publicNavigation')} gap={4}>
                {links}
              </Group>
              <Group gap="sm" wrap="nowrap">
                <LanguagePicker />
                {account}
              </Group>
            </>
          ) : (
            <Burger
              opened={menuOpen}
              onClick={menu.toggle}
              aria-label={t(menuOpen ? 'shell.closeMenu' : 'shell.openMenu')}
              aria-expanded={menuOpen}
              aria-controls={MOBILE_MENU_ID}
            />
          )}
        </Group>
      </Container>
      {menuOpen && !wide && (
        <Container size="lg" id={MOBILE_MENU_ID} className={classes.mobileMenu}>
          <Stack gap="xs">
            <Stack component="nav" aria-label={t('shell.publicNavigation')} gap={2}>
              {links}
            </Stack>
            <LanguagePicker />
            {account}
          </Stack>
        </Container>
      )}
    </Box>
  );
}
