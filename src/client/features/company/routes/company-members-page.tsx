import '../company-i18n.ts';
import { Badge, Card, Field, Flex, Heading, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LuMail, LuUserMinus, LuX } from 'react-icons/lu';
import { z } from 'zod';
import { organizationRoles, type Member } from '../../../../shared/company/company-api.ts';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { toaster } from '../../../components/ui/toaster.tsx';
import { useSession } from '../../../lib/session/use-session.ts';
import { getMembers, inviteMember, removeMember, revokeMemberInvitation } from '../api/company-api.ts';
import { apiErrorText } from '../../../lib/api-error-text.ts';
import { ErrorPanel, LoadingRows } from '../components/company-states.tsx';
import { LeaveOrganizationCard } from '../components/leave-organization-card.tsx';
import { formatDate } from '../format.ts';
import { useResource } from '../hooks/use-resource.ts';
import { useOrganization } from '../organization-context.ts';

const inviteSchema = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: 'email' })),
  role: z.enum(organizationRoles),
});
type InviteValues = z.input<typeof inviteSchema>;

function InviteForm({ organizationId, onInvited }: { organizationId: string; onInvited: () => void }) {
  const { t } = useTranslation('company');
  const form = useForm<InviteValues>({
    resolver: zodResolver(inviteSchema),
    defaultValues: { email: '', role: 'member' },
  });
  const { register, handleSubmit, formState, reset } = form;

  async function invite(values: InviteValues) {
    try {
      const created = await inviteMember(organizationId, { email: values.email.trim(), role: values.role });
      toaster.create({ type: 'success', title: t('members.invited', { email: created.email }) });
      reset({ email: '', role: values.role });
      onInvited();
    } catch (error) {
      toaster.create({ type: 'error', title: t('members.inviteFailed'), description: apiErrorText(t, error) });
    }
  }

  return (
    <form onSubmit={handleSubmit(invite)} noValidate data-testid="invite-member-form">
      <Flex gap="3" align="flex-end" wrap="wrap">
        <Field.Root invalid={Boolean(formState.errors.email)} flex="1" minW="60">
          <Field.Label>{t('members.email')}</Field.Label>
          <Input type="email" autoComplete="off" {...register('email')} minH="11" />
          {formState.errors.email ? <Field.ErrorText>{t('members.emailInvalid')}</Field.ErrorText> : null}
        </Field.Root>
        <Field.Root w={{ base: 'full', sm: '40' }}>
          <Field.Label>{t('members.role')}</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field {...register('role')} minH="11">
              {organizationRoles.map((role) => (
                <option key={role} value={role}>
                  {t(`roles.${role}`)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Button type="submit" loading={formState.isSubmitting} minH="11">
          <LuMail aria-hidden />
          {t('members.invite')}
        </Button>
      </Flex>
    </form>
  );
}

function RemoveMemberButton({ member, onConfirm }: { member: Member; onConfirm: () => Promise<void> }) {
  const { t } = useTranslation('company');
  return (
    <ConfirmDialog
      trigger={
        <Button variant="ghost" colorPalette="red" minH="11">
          <LuUserMinus aria-hidden />
          {t('members.remove')}
        </Button>
      }
      title={t('members.removeTitle', { name: member.name ?? member.email })}
      description={t('members.removeDescription')}
      cancelLabel={t('common.cancel')}
      confirmLabel={t('members.remove')}
      onConfirm={async () => {
        await onConfirm();
        return true;
      }}
    />
  );
}

/** /company/members: who is in the organization, pending invitations; owners invite and remove. */
export default function CompanyMembersPage() {
  const { t, i18n } = useTranslation('company');
  const { current } = useOrganization();
  const session = useSession();
  const members = useResource(`members:${current.id}`, (signal) => getMembers(current.id, signal));
  const isOwner = current.role === 'owner';

  async function remove(member: Member) {
    try {
      await removeMember(current.id, member.uid);
      toaster.create({ type: 'success', title: t('members.removed', { name: member.name ?? member.email }) });
      members.reload();
    } catch (error) {
      toaster.create({ type: 'error', title: t('members.removeFailed'), description: apiErrorText(t, error) });
    }
  }

  async function revoke(id: string) {
    try {
      await revokeMemberInvitation(current.id, id);
      toaster.create({ type: 'success', title: t('members.invitationRevoked') });
      members.reload();
    } catch (error) {
      toaster.create({ type: 'error', title: t('members.removeFailed'), description: apiErrorText(t, error) });
    }
  }

  return (
    <Stack gap="6">
      <Stack gap="1">
        <Heading as="h1" size="2xl">
          {t('members.title')}
        </Heading>
        <Text color="fg.muted">{isOwner ? t('members.subtitleOwner') : t('members.subtitleMember')}</Text>
      </Stack>
      {isOwner ? (
        <Card.Root variant="outline">
          <Card.Body gap="3">
            <Heading as="h2" size="md">
              {t('members.inviteTitle')}
            </Heading>
            <Text textStyle="sm" color="fg.muted">
              {t('members.inviteHelp')}
            </Text>
            <InviteForm organizationId={current.id} onInvited={members.reload} />
          </Card.Body>
        </Card.Root>
      ) : null}
      {members.status === 'loading' ? <LoadingRows rows={3} height="14" /> : null}
      {members.status === 'error' ? <ErrorPanel error={members.error} onRetry={members.reload} /> : null}
      {members.status === 'ready' ? (
        <>
          <Stack as="ul" gap="0" borderWidth="1px" rounded="l3" bg="bg" data-testid="members">
            {members.data.members.map((member) => (
              <Flex
                as="li"
                key={member.uid}
                listStyleType="none"
                gap="3"
                px="4"
                py="3"
                borderBottomWidth="1px"
                _last={{ borderBottomWidth: 0 }}
                align="center"
                wrap="wrap"
                data-testid="member"
              >
                <Stack gap="0" flex="1" minW="48">
                  <Text fontWeight="medium" overflowWrap="anywhere">
                    {member.name ?? member.email}
                    {member.uid === session.user?.uid ? ` (${t('members.you')})` : ''}
                  </Text>
                  <Text textStyle="sm" color="fg.muted" overflowWrap="anywhere">
                    {member.name ? `${member.email} · ` : ''}
                    {t('members.joined', { date: formatDate(member.joinedAt, i18n.language) })}
                  </Text>
                </Stack>
                <Badge variant="subtle" colorPalette={member.role === 'owner' ? 'purple' : 'gray'}>
                  {t(`roles.${member.role}`)}
                </Badge>
                {isOwner && member.uid !== session.user?.uid ? (
                  <RemoveMemberButton member={member} onConfirm={() => remove(member)} />
                ) : null}
              </Flex>
            ))}
          </Stack>
          {members.data.invitations.length > 0 ? (
            <Stack gap="3">
              <Heading as="h2" size="md">
                {t('members.pending')}
              </Heading>
              <Stack as="ul" gap="0" borderWidth="1px" rounded="l3" bg="bg" data-testid="member-invitations">
                {members.data.invitations.map((invitation) => (
                  <Flex
                    as="li"
                    key={invitation.id}
                    listStyleType="none"
                    gap="3"
                    px="4"
                    py="3"
                    borderBottomWidth="1px"
                    _last={{ borderBottomWidth: 0 }}
                    align="center"
                    wrap="wrap"
                    data-testid="member-invitation"
                  >
                    <Stack gap="0" flex="1" minW="48">
                      <Text fontWeight="medium" wordBreak="break-all">
                        {invitation.email}
                      </Text>
                      <Text textStyle="sm" color="fg.muted">
                        {t(`roles.${invitation.role}`)} ·{' '}
                        {t('members.expires', { date: formatDate(invitation.expiresAt, i18n.language) })}
                      </Text>
                    </Stack>
                    {isOwner ? (
                      <Button variant="ghost" colorPalette="red" minH="11" onClick={() => void revoke(invitation.id)}>
                        <LuX aria-hidden />
                        {t('members.revokeInvitation')}
                      </Button>
                    ) : null}
                  </Flex>
                ))}
              </Stack>
            </Stack>
          ) : null}
          {session.user ? <LeaveOrganizationCard members={members.data.members} uid={session.user.uid} /> : null}
        </>
      ) : null}
    </Stack>
  );
}
