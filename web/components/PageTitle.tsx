import { Title } from '@mantine/core';
import { useEffect } from 'react';
import { appSettings } from '../app/settings';

/** The page's one h1, also named in the browser tab so history and screen readers tell pages apart. */
export function PageTitle({ children }: { children: string }) {
  const associationName = appSettings().orgName;
  useEffect(() => {
    document.title = `${children} · ${associationName}`;
  }, [children, associationName]);
  return <Title order={1}>{children}</Title>;
}
