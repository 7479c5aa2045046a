import { useTranslation } from '../../i18n/use-translation';
import type { TPlan, TPlanUpdate } from '../../../domain/contracts/plans';
import { notify } from '../../components/notify';
import { ApiError, messageOf } from '../../lib/api-client';
import type { TFieldErrors } from '../../lib/form-errors';
import { useUpdatePlan } from './api/update-plan';
import { planProblemsOf } from './plan-form';
import { planRuleMessages } from './rule-messages';

/**
 * Saves a plan after the contract's checks: a refused value is warned about (title
 * 'Attention', spec 02 §5) and no request is sent; success is titled 'MemberShip Updated'.
 */
export function useSavePlan(onProblems: (problems: TFieldErrors) => void) {
  const { t } = useTranslation();
  const update = useUpdatePlan();
  const ruleMessages = planRuleMessages(t);
  const worded = (message: string) => ruleMessages[message] ?? message;

  function save(plan: TPlan, body: TPlanUpdate, onSaved?: (saved: TPlan) => void) {
    const problems = planProblemsOf(body);
    onProblems(Object.fromEntries(problems.map(([field, message]) => [field, worded(message)])));
    if (problems.length) {
      notify.warning(worded(problems[0][1]), t('plans.attention'));
      return;
    }
    update.mutate(
      { id: plan.id, plan: body },
      {
        onSuccess: (answer) => {
          notify.success(
            t('plans.saved', { plan: answer.plan.MembershipType }),
            t('plans.updated'),
          );
          onSaved?.(answer.plan);
        },
        onError: (error) => {
          const fields = error instanceof ApiError ? (error.fields ?? {}) : {};
          onProblems(
            Object.fromEntries(
              Object.entries(fields).map(([field, text]) => [field, worded(text)]),
            ),
          );
          const known = error instanceof ApiError && ruleMessages[error.message];
          notify.error(known || messageOf(error, t), t('notify.error'));
        },
      },
    );
  }

  return { save, saving: update.isPending };
}
