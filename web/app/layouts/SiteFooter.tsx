import { Anchor, Box, Container, Group, Text } from '@mantine/core';
import { useTranslation } from '../../i18n/use-translation';
import { Link } from 'react-router';
import { appSettings } from '../settings';
import { FOOTER_LINKS } from './public-links';
import classes from './PublicLayout.module.css';

export function SiteFooter() {
  const { t } = useTranslation();
  return (
    <Box component="footer" className={classes.footer}>
      <Container size="lg">
        <Group justify="space-between" gap="md">
          <Group component="nav" aria-label={t('shell.footerNavigation')} gap="lg">
            {FOOTER_LINKS.map((link) => (
              <Anchor key={link.to} component={Link} to={link.to} c="gray.8">
                {t(link.labelKey)}
              </Anchor>
            ))}
          </Group>
          <Text size="sm" c="gray.7">
            {t('shell.copyright', { name: appSettings().orgName })}
          </Text>
        </Group>
      </Container>
    </Box>
  );
}
