import { Button, Group, Loader, Stack } from '@mantine/core';
import { IconArrowLeft, IconUserEdit } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { Link, useSearchParams } from 'react-router';
import { useNavigate } from '../../app/hash-router';
import { useSessionKinds } from '../../app/use-session-kinds';
import { LoadErrorAlert } from '../../components/LoadErrorAlert';
import { ListSkeleton } from '../../components/ListStates';
import { PageTitle } from '../../components/PageTitle';
import { ApiError } from '../../lib/api-client';
import { familyRecordQuery } from '../membership/api/get-family';
import { ChooseMemberCard } from '../membership/ChooseMemberCard';
import { memberScopeOf, scopeQuery, type TMemberScope } from '../membership/member-scope';
import { useIsTempAdmin } from '../../app/use-is-temp-admin';
import { useCurrentUser } from '../auth/use-current-user';
import { HouseholdSection } from '../household/HouseholdSection';
import { DeleteFamilyMemberModal } from './DeleteFamilyMemberModal';
import { familyRowsOf, type TFamilyRow } from './family-rows';
import { FamilyTable } from './FamilyTable';
import { paymentReturnOf } from './payment-return';
import { useDependentPaymentReturn } from './use-dependent-payment-return';

/**
 * `#/family` (spec 02 §2.11): a member's own family, or for staff the member named by
 * `?memberid=` (or by the `member_id` of a return from paying for dependents).
 */
export function FamilyPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const kinds = useSessionKinds();
  const query = params.toString();
  const payment = useMemo(() => paymentReturnOf(new URLSearchParams(query)), [query]);
  const scope = useMemo(
    () => memberScopeOf(params.get('memberid') ?? params.get('member_id'), kinds),
    [params, kinds],
  );
  const confirming = useDependentPaymentReturn(payment, scope);
  // Another adult of the family edits only when the main member allows (the server enforces it)
  const household = useCurrentUser().member?.household;
  const mayEdit = !household || household.mayEditFamily;

  return (
    <Stack gap="lg">
      <Group justify="space-between" gap="sm">
        <PageTitle>{t('pages.family.title')}</PageTitle>
        <Group gap="sm">
          <Button
            variant="default"
            leftSection={<IconArrowLeft aria-hidden size={18} />}
            onClick={() => void navigate(-1)}
          >
            {t('family.cancel')}
          </Button>
          {scope && !scope.staff && mayEdit && (
            <Button component={Link} to="/add" leftSection={<IconUserEdit aria-hidden size={18} />}>
              {t('family.addEdit')}
            </Button>
          )}
        </Group>
      </Group>
      {confirming && <Loader aria-label={t('family.confirmingPayment')} />}
      {scope ? <FamilyOf scope={scope} /> : <ChooseMemberCard message={t('family.selectMember')} />}
      {scope && !scope.staff && <HouseholdSection />}
    </Stack>
  );
}

function FamilyOf({ scope }: { scope: TMemberScope }) {
  const { t } = useTranslation();
  const family = useQuery(familyRecordQuery(scope));
  const isTempAdmin = useIsTempAdmin();
  const isOtherAdult = useCurrentUser().member?.household !== undefined;
  const [deleting, setDeleting] = useState<TFamilyRow | null>(null);

  if (family.isPending) return <ListSkeleton rows={4} height={44} />;
  // Staff naming a member that does not exist see the same card as naming none (spec 02 §2.11).
  if (family.isError && family.error instanceof ApiError && family.error.code === 'NOT_FOUND') {
    return <ChooseMemberCard message={t('family.selectMember')} />;
  }
  if (family.isError) {
    return <LoadErrorAlert error={family.error} onRetry={() => void family.refetch()} />;
  }
  if (!family.data) return <ChooseMemberCard message={t('family.selectMember')} />;
  return (
    <>
      <FamilyTable
        rows={familyRowsOf(family.data)}
        editPath={`/add${scopeQuery(scope)}`}
        // The main member deletes in their own family; staff unless a temporary admin (DESIGN §3c).
        canDelete={scope.staff ? !isTempAdmin : !isOtherAdult}
        onDelete={setDeleting}
      />
      <DeleteFamilyMemberModal row={deleting} scope={scope} onClose={() => setDeleting(null)} />
    </>
  );
}
