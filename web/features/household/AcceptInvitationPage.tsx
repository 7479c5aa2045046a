import { Alert, Anchor, Button, Stack } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/use-translation';
import { Link, useParams } from 'react-router';
import { useNavigate } from '../../app/hash-router';
import { PASSWORD_MIN_LENGTH } from '../../../domain/constants';
import { ZAcceptInvitation, ZInvitationParams } from '../../../domain/contracts/household';
import { saveSession } from '../../app/session-store';
import { sessionUserQuery } from '../auth/api';
import { AUDIENCE_ROUTES } from '../auth/audiences';
import { AuthCard } from '../auth/AuthCard';
import { isDeadLink, NewPasswordForm } from '../auth/NewPasswordForm';
import { acceptInvitation } from './api';

/**
 * `#/household/accept/:token`: the invited adult chooses their password and is signed in to
 * their family's membership.
 */
export function AcceptInvitationPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const accepting = useMutation({
    mutationFn: (password: string) => acceptInvitation(token, password),
    onSuccess: async (answer) => {
      saveSession('mem', answer);
      queryClient.setQueryData(sessionUserQuery('mem').queryKey, answer.user);
      await navigate('/family', { replace: true });
    },
  });
  const linkLooksValid = ZInvitationParams.safeParse({ token }).success;
  const title = t('household.accept.title');

  if (!linkLooksValid || (accepting.isError && isDeadLink(accepting.error))) {
    return (
      <AuthCard title={title}>
        <Stack gap="md" align="flex-start">
          <Alert color="orange" variant="light" w="100%">
            {t('household.accept.linkInvalid')}
          </Alert>
          <Button component={Link} to={AUDIENCE_ROUTES.member.signIn}>
            {t('auth.reset.signIn')}
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={title}
      intro={t('household.accept.intro', { min: PASSWORD_MIN_LENGTH })}
      footer={
        <Anchor component={Link} to={AUDIENCE_ROUTES.member.signIn}>
          {t('auth.forgot.backToSignIn')}
        </Anchor>
      }
    >
      <NewPasswordForm
        contract={ZAcceptInvitation}
        saving={accepting}
        submitLabel={t('household.accept.submit')}
      />
    </AuthCard>
  );
}
