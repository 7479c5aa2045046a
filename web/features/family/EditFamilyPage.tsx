import '@mantine/core/styles/List.css';
import { Button, Divider, Group, Loader, Stack } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/use-translation';
import { Link } from 'react-router';
import { toCalendarDate } from '../../../domain/dates';
import { displayTimeZone } from '../../components/display-time-zone';
import { LoadErrorAlert } from '../../components/LoadErrorAlert';
import { PageTitle } from '../../components/PageTitle';
import { activePlansQuery } from '../membership/api/get-active-plans';
import { familyRecordQuery } from '../membership/api/get-family';
import { memberQuery } from '../membership/api/get-member';
import { ChooseMemberCard } from '../membership/ChooseMemberCard';
import { scopeQuery, type TMemberScope } from '../membership/member-scope';
import { useMemberScope } from '../membership/use-member-scope';
import { useFamilyMembers } from './api/family-members';
import { DependentEmailsSection } from './DependentEmailsSection';
import { DependentsSection } from './DependentsSection';
import { MemberDetailsForm } from './MemberDetailsForm';
import { SpouseForm } from './SpouseForm';

/**
 * `#/add`: the member's own details, the spouse (on a plan with one) and the dependents; staff
 * work on the member named by `?memberid=`.
 */
export function EditFamilyPage() {
  const { t } = useTranslation();
  const scope = useMemberScope();
  return (
    <Stack gap="lg">
      <Group justify="space-between" gap="sm">
        <PageTitle>{t('pages.editMember.title')}</PageTitle>
        {scope && (
          <Button
            component={Link}
            to={`/family${scopeQuery(scope)}`}
            variant="default"
            leftSection={<IconArrowLeft aria-hidden size={18} />}
          >
            {t('family.edit.backToFamily')}
          </Button>
        )}
      </Group>
      {scope ? (
        <EditFamilyOf scope={scope} />
      ) : (
        <ChooseMemberCard message={t('family.edit.chooseMember')} />
      )}
    </Stack>
  );
}

function EditFamilyOf({ scope }: { scope: TMemberScope }) {
  const { t } = useTranslation();
  const member = useQuery(memberQuery(scope));
  const record = useQuery(familyRecordQuery(scope));
  const rows = useFamilyMembers(scope);
  const plans = useQuery(activePlansQuery());
  const today = toCalendarDate(new Date(), displayTimeZone());

  const failed = [member, record, rows].find((query) => query.isError);
  if (failed) return <LoadErrorAlert error={failed.error} onRetry={() => void failed.refetch()} />;
  if (!member.isSuccess || !record.isSuccess || !rows.isSuccess) {
    return <Loader aria-label={t('common.loading')} />;
  }
  if (!member.data || !record.data) return <ChooseMemberCard message={t('family.selectMember')} />;
  const family = record.data;
  // An inactive plan is not in the list of plans on offer; the checkout then prices alone.
  const plan = plans.data?.find((candidate) => candidate.id === family.planId);

  return (
    <Stack gap="xl">
      <MemberDetailsForm member={member.data} scope={scope} />
      {family.haveSpouse && (
        <>
          <Divider />
          <SpouseForm
            spouse={rows.data.find((row) => row.relation === 'spouse')}
            scope={scope}
            today={today}
          />
        </>
      )}
      <Divider />
      <DependentsSection record={family} plan={plan} scope={scope} today={today} />
      <DependentEmailsSection
        dependents={rows.data.filter((row) => row.relation === 'dependent')}
        scope={scope}
      />
    </Stack>
  );
}
