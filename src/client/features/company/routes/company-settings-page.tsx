import '../company-i18n.ts';
import { Card, Field, FileUpload, Flex, Heading, Image, Input, Progress, Stack, Switch, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuBuilding2, LuUpload } from 'react-icons/lu';
import { logoContentTypes, maxLogoBytes } from '../../../../shared/company/company-api.ts';
import { Button } from '../../../components/ui/button.tsx';
import { toaster } from '../../../components/ui/toaster.tsx';
import { updateOrganization, uploadOrganizationLogo } from '../api/company-api.ts';
import { apiErrorText } from '../../../lib/api-error-text.ts';
import { useOrganization } from '../organization-context.ts';
import { DeleteOrganizationCard } from '../components/delete-organization-card.tsx';
import { MemberNameCard } from '../components/member-name-card.tsx';
import { NotificationSettingsCard } from '../components/notification-settings-card.tsx';
import { EmailTemplatesCard } from '../../messages/index.ts';

function LogoSection() {
  const { t } = useTranslation('company');
  const { current, replace } = useOrganization();
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const isOwner = current.role === 'owner';

  async function upload(file: File) {
    setProblem(null);
    // Checked here for a quick answer; the server checks the content again.
    if (!(logoContentTypes as readonly string[]).includes(file.type)) return setProblem(t('errors:codes.logo_invalid'));
    if (file.size > maxLogoBytes) return setProblem(t('errors:codes.logo_too_large'));
    setProgress(0);
    try {
      const organization = await uploadOrganizationLogo(current.id, file, (sent, total) =>
        setProgress(Math.round((sent / total) * 100)),
      );
      replace(organization);
      toaster.create({ type: 'success', title: t('settings.logoSaved') });
    } catch (error) {
      setProblem(apiErrorText(t, error));
      toaster.create({ type: 'error', title: t('settings.logoFailed'), description: apiErrorText(t, error) });
    } finally {
      setProgress(null);
    }
  }

  return (
    <Card.Root variant="outline">
      <Card.Body gap="4">
        <Heading as="h2" size="md">
          {t('settings.logo')}
        </Heading>
        <Flex gap="4" align="center" wrap="wrap">
          {current.logoUrl ? (
            <Image
              src={current.logoUrl}
              alt={t('settings.logoAlt', { name: current.name })}
              boxSize="20"
              objectFit="contain"
              borderWidth="1px"
              rounded="l2"
              bg="white"
              p="1"
              data-testid="organization-logo"
            />
          ) : (
            <Flex boxSize="20" align="center" justify="center" bg="brand.subtle" color="brand.fg" rounded="l2">
              <LuBuilding2 size="32" aria-hidden />
            </Flex>
          )}
          <Stack gap="2" flex="1" minW="56">
            <Text textStyle="sm" color="fg.muted">
              {t('settings.logoHelp')}
            </Text>
            {isOwner ? (
              <FileUpload.Root
                accept={[...logoContentTypes]}
                maxFiles={1}
                onFileAccept={(details) => details.files[0] && void upload(details.files[0])}
                w="auto"
              >
                <FileUpload.HiddenInput aria-label={t('settings.chooseLogo')} data-testid="logo-input" />
                <FileUpload.Trigger asChild>
                  <Button variant="outline" minH="11" alignSelf="flex-start" loading={progress !== null}>
                    <LuUpload aria-hidden />
                    {t('settings.chooseLogo')}
                  </Button>
                </FileUpload.Trigger>
              </FileUpload.Root>
            ) : null}
            {progress !== null ? (
              <Progress.Root value={progress} size="sm" colorPalette="brand" aria-label={t('settings.uploading')}>
                <Progress.Label>{t('settings.uploadingPercent', { percent: progress })}</Progress.Label>
                <Progress.Track>
                  <Progress.Range />
                </Progress.Track>
              </Progress.Root>
            ) : null}
            {problem ? (
              <Text color="fg.error" role="alert">
                {problem}
              </Text>
            ) : null}
          </Stack>
        </Flex>
      </Card.Body>
    </Card.Root>
  );
}

/**
 * /company/settings: how the member hears of applications (their own choice), then the organization's name, website,
 * logo and whether rejected students get an e-mail.
 */
export default function CompanySettingsPage() {
  const { t } = useTranslation('company');
  const { current, replace } = useOrganization();
  const isOwner = current.role === 'owner';
  const [name, setName] = useState(current.name);
  const [website, setWebsite] = useState(current.website ?? '');
  const [saving, setSaving] = useState(false);

  async function save(changes: Parameters<typeof updateOrganization>[1], message: string) {
    setSaving(true);
    try {
      replace(await updateOrganization(current.id, changes));
      toaster.create({ type: 'success', title: message });
    } catch (error) {
      toaster.create({ type: 'error', title: t('settings.saveFailed'), description: apiErrorText(t, error) });
    } finally {
      setSaving(false);
    }
  }

  return (
    <Stack gap="6" maxW="3xl">
      <Stack gap="1">
        <Heading as="h1" size="2xl">
          {t('settings.title')}
        </Heading>
      </Stack>
      <MemberNameCard />
      <NotificationSettingsCard />
      {/* What follows belongs to the organization: its owners change it. */}
      {!isOwner ? <Text color="fg.muted">{t('settings.ownerOnly')}</Text> : null}
      <Card.Root variant="outline">
        <Card.Body gap="4">
          <Heading as="h2" size="md">
            {t('settings.profile')}
          </Heading>
          <Field.Root disabled={!isOwner}>
            <Field.Label>{t('settings.organizationName')}</Field.Label>
            <Input value={name} onChange={(event) => setName(event.target.value)} minH="11" />
          </Field.Root>
          <Field.Root disabled={!isOwner}>
            <Field.Label>{t('settings.website')}</Field.Label>
            <Input
              type="url"
              value={website}
              onChange={(event) => setWebsite(event.target.value)}
              placeholder="https://"
              minH="11"
            />
          </Field.Root>
          {isOwner ? (
            <Button
              alignSelf="flex-end"
              loading={saving}
              minH="11"
              disabled={!name.trim()}
              onClick={() => void save({ name: name.trim(), website: website.trim() }, t('settings.saved'))}
            >
              {t('common.save')}
            </Button>
          ) : null}
        </Card.Body>
      </Card.Root>
      <LogoSection />
      <Card.Root variant="outline">
        <Card.Body gap="3">
          <Heading as="h2" size="md">
            {t('settings.emails')}
          </Heading>
          <Switch.Root
            checked={current.rejectionEmails}
            disabled={!isOwner || saving}
            onCheckedChange={(detail) =>
              void save(
                { rejectionEmails: detail.checked },
                detail.checked ? t('settings.rejectionOn') : t('settings.rejectionOff'),
              )
            }
            alignItems="flex-start"
            minH="11"
          >
            <Switch.HiddenInput />
            <Switch.Control mt="0.5" />
            <Stack gap="0">
              <Switch.Label>{t('settings.rejectionEmails')}</Switch.Label>
              <Text textStyle="sm" color="fg.muted">
                {t('settings.rejectionEmailsHelp')}
              </Text>
            </Stack>
          </Switch.Root>
        </Card.Body>
      </Card.Root>
      <EmailTemplatesCard />
      <DeleteOrganizationCard />
    </Stack>
  );
}
