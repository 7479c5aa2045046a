import '@mantine/core/styles/NumberInput.css';
import { Alert, Button, Group, Loader, NumberInput, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isMagazinePlan } from '../../../domain/contracts/plans';
import { LoadErrorAlert } from '../../components/LoadErrorAlert';
import { PageTitle } from '../../components/PageTitle';
import { useGoToUrl } from '../../components/use-go-to-url';
import { ApiError, messageOf } from '../../lib/api-client';
import { activePlansQuery } from '../membership/api/get-active-plans';
import { familyRecordQuery } from '../membership/api/get-family';
import { memberQuery } from '../membership/api/get-member';
import { startMembershipCheckout } from '../membership/api/start-membership-checkout';
import { ChooseMemberCard } from '../membership/ChooseMemberCard';
import { dependentsOfRecord } from '../membership/family-record';
import type { TMemberScope } from '../membership/member-scope';
import { PlanChoice } from '../membership/PlanChoice';
import { membershipSummary } from '../membership/price-summary';
import { PriceSummary } from '../membership/PriceSummary';
import { membershipRuleMessages } from '../membership/rule-messages';
import { useMemberScope } from '../membership/use-member-scope';
import { CurrentMembership } from './CurrentMembership';
import { defaultPlanId, dependentsToKeep, keepLimit } from './renewal-choice';

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
  const goTo = useGoToUrl();
  const member = useQuery(memberQuery(scope));
  const family = useQuery(familyRecordQuery(scope));
  const plans = useQuery(activePlansQuery());
  const [chosenPlanId, setChosenPlanId] = useState<number | null>(null);
  const [askedKeep, setAskedKeep] = useState<number | null>(null);
  const checkout = useMutation({
    mutationFn: (body: { memberid: number; planId: number; dependents: number }) =>
      startMembershipCheckout({ kind: 'renewal', ...body }, scope),
    onSuccess: (answer) => goTo(answer.checkoutUrl),
  });

  const failed = [member, family, plans].find((query) => query.isError);
  if (failed) return <LoadErrorAlert error={failed.error} onRetry={() => void failed.refetch()} />;
  if (!member.data || !family.isSuccess || !plans.data) {
    return <Loader aria-label={t('common.loading')} />;
  }

  const current = member.data;
  const dependentsNow = family.data ? dependentsOfRecord(family.data).length : 0;
  const planId = chosenPlanId ?? defaultPlanId(plans.data, current.planId);
  const plan = plans.data.find((candidate) => candidate.id === planId);
  const limit = keepLimit(plan, dependentsNow);
  const keep = dependentsToKeep(askedKeep, limit);

  return (
    <Stack gap="lg">
      <CurrentMembership member={current} />
      <PlanChoice
        plans={plans.data}
        planId={planId}
        currentPlanId={current.planId}
        label={t('renewal.planLabel')}
        onChoose={(id) => {
          setChosenPlanId(id);
          checkout.reset();
        }}
      />
      {plan && (
        <>
          <Stack gap={4}>
            <NumberInput
              label={t('renewal.keep.label')}
              description={t('renewal.keep.description', { count: dependentsNow, max: limit })}
              value={keep}
              min={0}
              max={limit}
              allowDecimal={false}
              allowNegative={false}
              clampBehavior="strict"
              disabled={limit === 0}
              onChange={(value) => {
                setAskedKeep(typeof value === 'number' ? value : null);
                checkout.reset();
              }}
              maw={320}
            />
            {keep < dependentsNow && (
              <Text size="sm" c="orange.9">
                {t('renewal.keep.removed', { count: dependentsNow - keep })}
              </Text>
            )}
          </Stack>
          <Stack gap="xs">
            <Title order={2} size="h3">
              {t('membership.price.title')}
            </Title>
            <PriceSummary
              summary={membershipSummary(plan, keep)}
              feeLabel={
                isMagazinePlan(plan.prefix) ? t('membership.price.magazinePrice') : undefined
              }
            />
          </Stack>
        </>
      )}
      {checkout.error && <RefusalAlert error={checkout.error} />}
      <Group justify="flex-end">
        <Button
          disabled={!plan}
          loading={checkout.isPending}
          onClick={() =>
            plan &&
            checkout.mutate({ memberid: current.MemberId, planId: plan.id, dependents: keep })
          }
        >
          {t('renewal.pay')}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * Why the server refused the renewal, in its own words (the plan's period has ended, the
 * membership already runs to the end of it, a spouse the plan does not take, ...).
 */
function RefusalAlert({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const ruleMessages = membershipRuleMessages(t);
  const refusal =
    error instanceof ApiError && (error.code === 'CONFLICT' || error.code === 'VALIDATION')
      ? (error.fields?.planId ?? error.fields?.dependents ?? error.message)
      : null;
  return (
    <Alert
      color="red"
      variant="light"
      role="alert"
      title={t('renewal.refusedTitle')}
      icon={<IconAlertTriangle aria-hidden />}
    >
      {refusal ? (ruleMessages[refusal] ?? refusal) : messageOf(error, t)}
    </Alert>
  );
}
