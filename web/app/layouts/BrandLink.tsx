import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import classes from './PublicLayout.module.css';

export function BrandLink({ to }: { to: string }) {
  const { t } = useTranslation();
  return (
    <Link to={to} className={classes.brand}>
      <img src="/logo.svg" alt="" width={36} height={36} />
      <span>{t('shell.associationName')}</span>
    </Link>
  );
}
