import { Container } from '@mantine/core';
import { Outlet } from 'react-router';
import { MAIN_CONTENT_ID, SkipLink } from '../../components/SkipLink';
import { PublicHeader } from './PublicHeader';
import { SiteFooter } from './SiteFooter';
import classes from './PublicLayout.module.css';

export function PublicLayout() {
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
        <Outlet />
      </Container>
      <SiteFooter />
    </div>
  );
}
