import { Card, Field, Heading, NativeSelect, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { LuLogOut } from 'react-icons/lu';
import type { Member } from '../../../../shared/company/company-api.ts';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { toaster } from '../../../components/ui/toaster.tsx';
import { apiErrorText } from '../../../lib/api-error-text.ts';
import { leaveOrganization } from '../api/company-api.ts';
import { useOrganization } from '../organization-context.ts';

/**
 * Members page: the caller leaves the organization. The last owner first chooses who becomes owner (or deletes the
 * organization in Settings); with nobody else in it, leaving is not offered.
 */
export function LeaveOrganizationCard({ members, uid }: { members: Member[]; uid: string }) {
  const { t } = useTranslation('company');
  const { current, refresh } = useOrganization();
  const navigate = useNavigate();
  const others = members.filter((member) => member.uid !== uid);
  const lastOwner =
    current.role === 'owner' && members.filter((member) => member.role === 'owner' && member.uid !== uid).length === 0;
  const [newOwnerUid, setNewOwnerUid] = useState('');

  async function leave(): Promise<boolean> {
    try {
      await leaveOrganization(current.id, lastOwner ? { newOwnerUid } : {});
      toaster.create({ type: 'success', title: t('leave.done', { name: current.name }) });
      navigate('/company');
      refresh();
      return true;
    } catch (error) {
      toaster.create({ type: 'error', title: t('leave.failed'), description: apiErrorText(t, error) });
      return false;
    }
  }

  return (
    <Card.Root variant="outline" data-testid="leave-organization">
      <Card.Body gap="3">
        <Heading as="h2" size="md">
          {t('leave.title', { name: current.name })}
        </Heading>
        <Text color="fg.muted">{t('leave.description')}</Text>
        {lastOwner && others.length === 0 ? <Text>{t('leave.aloneOwner')}</Text> : null}
        {lastOwner && others.length > 0 ? (
          <Field.Root required>
            <Field.Label>{t('leave.newOwner')}</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field
                value={newOwnerUid}
                onChange={(event) => setNewOwnerUid(event.currentTarget.value)}
                minH="11"
                data-testid="new-owner"
              >
                <option value="">{t('leave.chooseNewOwner')}</option>
                {others.map((member) => (
                  <option key={member.uid} value={member.uid}>
                    {member.name ? `${member.name} (${member.email})` : member.email}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            <Field.HelperText>{t('leave.newOwnerHelp')}</Field.HelperText>
          </Field.Root>
        ) : null}
        {!lastOwner || others.length > 0 ? (
          <ConfirmDialog
            trigger={
              <Button
                variant="outline"
                colorPalette="red"
                minH="11"
                alignSelf="flex-start"
                h="auto"
                whiteSpace="normal"
                disabled={lastOwner && !newOwnerUid}
              >
                <LuLogOut aria-hidden />
                {t('leave.action')}
              </Button>
            }
            title={t('leave.confirmTitle', { name: current.name })}
            description={t('leave.confirmDescription')}
            cancelLabel={t('common.cancel')}
            confirmLabel={t('leave.action')}
            onConfirm={leave}
          />
        ) : null}
      </Card.Body>
    </Card.Root>
  );
}
