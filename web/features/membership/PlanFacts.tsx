import '@mantine/core/styles/List.css';
import { List, Text } from '@mantine/core';
import { useTranslation } from '../../i18n/use-translation';
import { isMagazinePlan, type TPlan } from '../../../domain/contracts/plans';
import { formatCalendarDate } from '../../lib/format';
import { moneyText } from '../../components/money-text';

/**
 * What a plan costs and gives, in short lines: its fee (the magazine plan's is its magazine
 * price), the dependent fee and limit, the service charge, the spouse and the validity.
 */
export function PlanFacts({ plan }: { plan: TPlan }) {
  const { t } = useTranslation();
  const facts = [
    isMagazinePlan(plan.prefix)
      ? t('membership.plan.magazinePrice', { amount: moneyText(plan.PlanFee) })
      : t('membership.plan.fee', { amount: moneyText(plan.PlanFee) }),
    t('membership.plan.dependentFee', {
      amount: moneyText(plan.predependentFee),
      max: plan.maxDependent,
    }),
    t('membership.plan.serviceCharge', { percent: plan.serviceCharge }),
    plan.haveSpouse ? t('membership.plan.withSpouse') : t('membership.plan.withoutSpouse'),
    plan.validityType === 'Limited'
      ? t('membership.plan.validLimited', {
          from: formatCalendarDate(plan.validityFrom),
          to: formatCalendarDate(plan.validityTo),
        })
      : t('membership.plan.validUnlimited'),
  ];
  return (
    <List size="sm" spacing={2}>
      {facts.map((fact) => (
        <List.Item key={fact}>
          <Text size="sm" span>
            {fact}
          </Text>
        </List.Item>
      ))}
    </List>
  );
}
