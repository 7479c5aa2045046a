import { Anchor, Box, Container, Group, Paper } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { Link } from 'react-router';
import { MAIN_CONTENT_ID } from '../../components/SkipLink';

const FOOTER_LINKS = [
  { to: '/about', labelKey: 'nav.about' },
  { to: '/leadership', labelKey: 'nav.leadership' },
  { to: '/contact', labelKey: 'nav.contact' },
] as const;

/** The page around every success screen and its waiting states: the card, then the footer links. */
export function SuccessFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Box mih="100vh" style={{ display: 'flex', flexDirection: 'column' }} bg="gray.0">
      <Container
        component="main"
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        size="sm"
        py="xl"
        w="100%"
        style={{ flex: 1 }}
      >
        <Paper withBorder radius="md" shadow="sm" p={{ base: 'lg', sm: 'xl' }}>
          {children}
        </Paper>
      </Container>
      <Container component="footer" size="sm" pb="xl" w="100%">
        <Group component="nav" aria-label={t('shell.footerNavigation')} justify="center" gap="lg">
          {FOOTER_LINKS.map((link) => (
            <Anchor key={link.to} component={Link} to={link.to} c="gray.8">
              {t(link.labelKey)}
            </Anchor>
          ))}
        </Group>
      </Container>
    </Box>
  );
}
