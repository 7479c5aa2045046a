import { Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** The page's one h1, also named in the browser tab so history and screen readers tell pages apart. */
export function PageTitle({ children }: { children: string }) {
  const { t } = useTranslation();
  const associationName = t('shell.associationName');
  useEffect(() => {
    document.title = `${children} · ${associationName}`;
  }, [children, associationName]);
  return <Title order={1}>{children}</Title>;
}
