import '@mantine/core/styles/NumberInput.css';
import { Alert, Button, Group, NumberInput, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import type { TCheckoutAnswer } from '../../../domain/contracts/payments';
import { isMagazinePlan, type TPlan } from '../../../domain/contracts/plans';
import { useGoToUrl } from '../../components/use-go-to-url';
import { ApiError, messageOf } from '../../lib/api-client';
import { PlanChoice } from '../membership/PlanChoice';
import { membershipSummary } from '../membership/price-summary';
import { PriceSummary } from '../membership/PriceSummary';
import { membershipRuleMessages } from '../membership/rule-messages';
import { CurrentMembership, type TCurrentMembership } from './CurrentMembership';
import { reminderLinkMessages } from './reminder-link-messages';
import { defaultPlanId, dependentsToKeep, keepLimit } from './renewal-choice';

export interface TRenewalChoice {
  memberid: number;
  planId: number;
  dependents: number;
}

/**
 * The renewal's choices and its payment: the membership as it stands, the plan, the dependents
 * to keep, the price, and "Pay and renew". `start` opens the checkout (with the member's login,
 * staff's, or a reminder link's token).
 */
export function RenewalChoices({
  current,
  dependentsNow,
  plans,
  start,
}: {
  current: TCurrentMembership;
  dependentsNow: number;
  plans: TPlan[];
  start: (body: TRenewalChoice) => Promise<TCheckoutAnswer>;
}) {
  const { t } = useTranslation();
  const goTo = useGoToUrl();
  const [chosenPlanId, setChosenPlanId] = useState<number | null>(null);
  const [askedKeep, setAskedKeep] = useState<number | null>(null);
  const checkout = useMutation({
    mutationFn: start,
    onSuccess: (answer) => goTo(answer.checkoutUrl),
  });

  const planId = chosenPlanId ?? defaultPlanId(plans, current.planId);
  const plan = plans.find((candidate) => candidate.id === planId);
  const limit = keepLimit(plan, dependentsNow);
  const keep = dependentsToKeep(askedKeep, limit);

  return (
    <Stack gap="lg">
      <CurrentMembership member={current} />
      <PlanChoice
        plans={plans}
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
  const ruleMessages = { ...membershipRuleMessages(t), ...reminderLinkMessages(t) };
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
