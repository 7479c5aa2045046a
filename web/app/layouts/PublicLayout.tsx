import { Container } from '@mantine/core';
import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { MAIN_CONTENT_ID, SkipLink } from '../../components/SkipLink';
import { PublicHeader } from './PublicHeader';
import { SiteFooter } from './SiteFooter';
import classes from './PublicLayout.module.css';

/** The public frame; `children` replace the routed page (the guard's in-place sign-in). */
export function PublicLayout({ children }: { children?: ReactNode } = {}) {
  return (
    <div className={classes.page}>
      <SkipLink />
      <PublicHeader />
      <Container
        component="main"
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        size="lg"
        className={classes.main}
      >
        {children ?? <Outlet />}
      </Container>
      <SiteFooter />
    </div>
  );
}
