import { Loader, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/use-translation';
import { LoadErrorAlert } from '../../components/LoadErrorAlert';
import { PageTitle } from '../../components/PageTitle';
import { activePlansQuery } from '../membership/api/get-active-plans';
import { familyRecordQuery } from '../membership/api/get-family';
import { memberQuery } from '../membership/api/get-member';
import { startMembershipCheckout } from '../membership/api/start-membership-checkout';
import { ChooseMemberCard } from '../membership/ChooseMemberCard';
import { dependentsOfRecord } from '../membership/family-record';
import type { TMemberScope } from '../membership/member-scope';
import { useMemberScope } from '../membership/use-member-scope';
import { RenewalChoices } from './RenewalChoices';

/** `#/renewmember`: a member renews their own membership; staff name the member with `?memberid=`. */
export function RenewalPage() {
  const { t } = useTranslation();
  const scope = useMemberScope();
  return (
    <Stack gap="lg">
      <PageTitle>{t('pages.renewMember.title')}</PageTitle>
      {scope ? (
        <RenewalForm scope={scope} />
      ) : (
        <ChooseMemberCard message={t('renewal.chooseMember')} />
      )}
    </Stack>
  );
}

function RenewalForm({ scope }: { scope: TMemberScope }) {
  const { t } = useTranslation();
  const member = useQuery(memberQuery(scope));
  const family = useQuery(familyRecordQuery(scope));
  const plans = useQuery(activePlansQuery());

  const failed = [member, family, plans].find((query) => query.isError);
  if (failed) return <LoadErrorAlert error={failed.error} onRetry={() => void failed.refetch()} />;
  if (!member.data || !family.isSuccess || !plans.data) {
    return <Loader aria-label={t('common.loading')} />;
  }
  return (
    <RenewalChoices
      current={member.data}
      dependentsNow={family.data ? dependentsOfRecord(family.data).length : 0}
      plans={plans.data}
      start={(body) => startMembershipCheckout({ kind: 'renewal', ...body }, scope)}
    />
  );
}
