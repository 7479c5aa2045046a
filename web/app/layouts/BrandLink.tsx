import { appSettings } from '../settings';
import { Link } from 'react-router';
import classes from './PublicLayout.module.css';

export function BrandLink({ to }: { to: string }) {
  return (
    <Link to={to} className={classes.brand}>
      <img src="/logo.svg" alt="" width={36} height={36} />
      <span>{appSettings().orgName}</span>
    </Link>
  );
}
