import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { IconThumbUp, IconMail, IconMapPin, IconPhone } from '@tabler/icons-react';
import { useSyncExternalStore } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { appSettings } from '../../app/settings';
import classes from './ContactPage.module.css';

function subscribeOnline(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** The embedded map's address, and the plain link that stays when the map cannot load. */
export function mapUrls(city: string, bbox: string) {
  return {
    embed: `https://www.openstreetmap.org/export/embed.html?bbox=${encodeURIComponent(bbox)}&layer=mapnik`,
    link: `https://www.openstreetmap.org/search?query=${encodeURIComponent(city)}`,
  };
}

/**
 * Spec 01 §2 item 3's side block: the association's name, postal address, phone, e-mail link,
 * "Like Us" link and a map of its city, all from the server's settings. The map is an iframe
 * the CSP allows (frame-src openstreetmap); offline it is left out, and the link under it is
 * always there, so a blocked or failed map never leaves the visitor without a way to the city.
 */
export function ContactDetails() {
  const { t } = useTranslation();
  const settings = appSettings();
  const online = useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
  const map = mapUrls(settings.orgCity, settings.orgMapBbox);
  const mapTitle = t('contact.mapTitle', { city: settings.orgCity });
  return (
    <Paper component="aside" withBorder p="lg" radius="md" aria-labelledby="contact-org">
      <Stack gap="md">
        <Title order={2} id="contact-org" size="h3">
          {settings.orgName}
        </Title>
        <dl className={classes.details}>
          <dt>
            <IconMapPin aria-hidden size={18} />
            {t('contact.address')}
          </dt>
          <dd>
            <address className={classes.address}>{settings.orgAddress}</address>
          </dd>
          <dt>
            <IconPhone aria-hidden size={18} />
            {t('contact.phone')}
          </dt>
          <dd>
            <Anchor href={`tel:${settings.orgPhone.replace(/[^\d+]/g, '')}`}>
              {settings.orgPhone}
            </Anchor>
          </dd>
          <dt>
            <IconMail aria-hidden size={18} />
            {t('contact.email')}
          </dt>
          <dd>
            <Anchor href={`mailto:${settings.orgEmail}`}>{settings.orgEmail}</Anchor>
          </dd>
        </dl>
        <Anchor href={settings.orgSocialUrl} target="_blank" rel="noopener noreferrer">
          <IconThumbUp aria-hidden size={18} className={classes.inlineIcon} />
          {t('contact.likeUs')}
        </Anchor>
        {online && (
          <iframe
            className={classes.map}
            src={map.embed}
            title={mapTitle}
            loading="lazy"
            referrerPolicy="no-referrer"
            sandbox="allow-scripts allow-same-origin allow-popups"
          />
        )}
        <Text size="sm">
          <Anchor href={map.link} target="_blank" rel="noopener noreferrer">
            {t('contact.openMap', { city: settings.orgCity })}
          </Anchor>
        </Text>
      </Stack>
    </Paper>
  );
}
