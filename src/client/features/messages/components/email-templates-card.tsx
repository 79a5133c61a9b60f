import { Badge, Card, Field, Flex, Heading, Input, NativeSelect, Stack, Text, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { companySettableStatuses, type CompanySettableStatus } from '../../../../shared/company/company-api.ts';
import type { Locale } from '../../../../shared/locale.ts';
import {
  type EmailTemplate,
  messageLimits,
  messageVariables,
  starterTemplates,
  type TemplateRequest,
  unknownVariablesOf,
} from '../../../../shared/messages/messages-api.ts';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { toaster } from '../../../components/ui/toaster.tsx';
import { apiErrorText } from '../../../lib/api-error-text.ts';
import { ErrorPanel, LoadingRows, useOrganization, useResource } from '../../company/index.ts';
import {
  createEmailTemplate,
  deleteEmailTemplate,
  getEmailTemplates,
  updateEmailTemplate,
} from '../api/messages-api.ts';

// The organization's e-mail templates in the portal's settings: owners write them (a subject and a body per
// language, at least one), members read them and use them when they move or write to an applicant.

type Draft = {
  id: string | null;
  name: string;
  status: CompanySettableStatus | '';
  texts: Record<Locale, { subject: string; body: string }>;
};

const languages: Locale[] = ['en', 'fr'];
const emptyDraft = (): Draft => ({
  id: null,
  name: '',
  status: '',
  texts: { en: { subject: '', body: '' }, fr: { subject: '', body: '' } },
});

function draftOf(template: EmailTemplate): Draft {
  return {
    id: template.id,
    name: template.name,
    status: template.status ?? '',
    texts: {
      en: template.texts.en ?? { subject: '', body: '' },
      fr: template.texts.fr ?? { subject: '', body: '' },
    },
  };
}

/** The request of a draft: a language is sent when it has a subject or a body. */
function requestOf(draft: Draft): TemplateRequest {
  const texts: TemplateRequest['texts'] = {};
  for (const language of languages) {
    const { subject, body } = draft.texts[language];
    if (subject.trim() || body.trim()) texts[language] = { subject: subject.trim(), body: body.trim() };
  }
  return { name: draft.name.trim(), status: draft.status || null, texts };
}

function TemplateForm({
  draft,
  onChange,
  onCancel,
  onSaved,
}: {
  draft: Draft;
  onChange: (next: Draft) => void;
  onCancel: () => void;
  onSaved: (template: EmailTemplate) => void;
}) {
  const { t } = useTranslation('company');
  const { t: tApplications } = useTranslation('applications');
  const { current } = useOrganization();
  const [saving, setSaving] = useState(false);
  const request = requestOf(draft);
  const unknown = unknownVariablesOf([request.texts.en, request.texts.fr]);
  const incomplete =
    !request.name ||
    Object.keys(request.texts).length === 0 ||
    Object.values(request.texts).some((text) => !text.subject || !text.body);

  async function save() {
    setSaving(true);
    try {
      const saved = draft.id
        ? await updateEmailTemplate(current.id, draft.id, request)
        : await createEmailTemplate(current.id, request);
      toaster.create({ type: 'success', title: t('templates.saved', { name: saved.name }) });
      onSaved(saved);
    } catch (error) {
      toaster.create({ type: 'error', title: t('templates.saveFailed'), description: apiErrorText(t, error) });
    } finally {
      setSaving(false);
    }
  }

  return (
    <Stack gap="3" p="3" borderWidth="1px" rounded="l2" data-testid="template-form">
      <Field.Root required>
        <Field.Label>{t('templates.name')}</Field.Label>
        <Input
          value={draft.name}
          onChange={(event) => onChange({ ...draft, name: event.target.value })}
          maxLength={messageLimits.templateName}
          minH="11"
          data-testid="template-name"
        />
      </Field.Root>
      <Field.Root>
        <Field.Label>{t('templates.status')}</Field.Label>
        <NativeSelect.Root w="full" maxW={{ sm: '72' }}>
          <NativeSelect.Field
            value={draft.status}
            onChange={(event) =>
              onChange({ ...draft, status: event.currentTarget.value as CompanySettableStatus | '' })
            }
            minH="11"
          >
            <option value="">{t('templates.anyStatus')}</option>
            {companySettableStatuses.map((status) => (
              <option key={status} value={status}>
                {tApplications(`status.${status}`)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      {languages.map((language) => (
        <Stack as="fieldset" key={language} gap="2" minW="0">
          <Text as="legend" fontWeight="semibold" mb="1">
            {t('templates.inLanguage', { language: t(`messages.languages.${language}`) })}
          </Text>
          <Field.Root>
            <Field.Label>{t('messages.subject')}</Field.Label>
            <Input
              value={draft.texts[language].subject}
              onChange={(event) =>
                onChange({
                  ...draft,
                  texts: { ...draft.texts, [language]: { ...draft.texts[language], subject: event.target.value } },
                })
              }
              maxLength={messageLimits.subject}
              minH="11"
              data-testid={`template-subject-${language}`}
            />
          </Field.Root>
          <Field.Root>
            <Field.Label>{t('messages.body')}</Field.Label>
            <Textarea
              value={draft.texts[language].body}
              onChange={(event) =>
                onChange({
                  ...draft,
                  texts: { ...draft.texts, [language]: { ...draft.texts[language], body: event.target.value } },
                })
              }
              maxLength={messageLimits.body}
              rows={5}
              data-testid={`template-body-${language}`}
            />
          </Field.Root>
        </Stack>
      ))}
      <Text textStyle="xs" color="fg.muted">
        {t('messages.variablesHelp', { variables: messageVariables.map((name) => `{{${name}}}`).join(' ') })}{' '}
        {t('templates.languagesHelp')}
      </Text>
      {unknown.length > 0 ? (
        <Text color="fg.error" textStyle="sm" role="alert">
          {t('messages.unknownVariables', { names: unknown.map((name) => `{{${name}}}`).join(', ') })}
        </Text>
      ) : null}
      <Flex gap="2" justify="flex-end" wrap="wrap">
        <Button variant="ghost" minH="11" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        <Button
          minH="11"
          onClick={() => void save()}
          loading={saving}
          disabled={incomplete || unknown.length > 0}
          data-testid="template-save"
        >
          {t('templates.save')}
        </Button>
      </Flex>
    </Stack>
  );
}

export function EmailTemplatesCard() {
  const { t } = useTranslation('company');
  const { t: tApplications } = useTranslation('applications');
  const { current } = useOrganization();
  const isOwner = current.role === 'owner';
  const templates = useResource(`email-templates:${current.id}`, (signal) => getEmailTemplates(current.id, signal));
  const [draft, setDraft] = useState<Draft | null>(null);

  async function remove(template: EmailTemplate): Promise<boolean> {
    try {
      await deleteEmailTemplate(current.id, template.id);
      templates.setData((templates.data ?? []).filter((item) => item.id !== template.id));
      toaster.create({ type: 'success', title: t('templates.deleted', { name: template.name }) });
      return true;
    } catch (error) {
      toaster.create({ type: 'error', title: t('templates.deleteFailed'), description: apiErrorText(t, error) });
      return false;
    }
  }

  function saved(template: EmailTemplate) {
    const others = (templates.data ?? []).filter((item) => item.id !== template.id);
    templates.setData([...others, template].sort((a, b) => a.name.localeCompare(b.name)));
    setDraft(null);
  }

  const list = templates.data ?? [];
  return (
    <Card.Root variant="outline" data-testid="email-templates">
      <Card.Body gap="3">
        <Heading as="h2" size="md">
          {t('templates.title')}
        </Heading>
        <Text textStyle="sm" color="fg.muted">
          {t(isOwner ? 'templates.helpOwner' : 'templates.helpMember')}
        </Text>
        {templates.status === 'loading' ? <LoadingRows rows={2} height="12" /> : null}
        {templates.status === 'error' ? <ErrorPanel error={templates.error} onRetry={templates.reload} /> : null}
        <Stack as="ul" gap="2">
          {list.map((template) => (
            <Flex
              as="li"
              key={template.id}
              listStyleType="none"
              gap="2"
              p="3"
              borderWidth="1px"
              rounded="l2"
              align="center"
              wrap="wrap"
              data-testid="template-entry"
            >
              {/* At least 10rem for the name: on a phone the buttons go under it rather than squeeze it. */}
              <Stack gap="1" flex="1" minW="40">
                <Text fontWeight="semibold" wordBreak="break-word">
                  {template.name}
                </Text>
                <Flex gap="1" wrap="wrap">
                  {template.status ? (
                    <Badge variant="subtle">{tApplications(`status.${template.status}`)}</Badge>
                  ) : null}
                  {languages
                    .filter((language) => template.texts[language])
                    .map((language) => (
                      <Badge key={language} variant="outline">
                        {language.toUpperCase()}
                      </Badge>
                    ))}
                </Flex>
              </Stack>
              {isOwner ? (
                <Flex gap="2">
                  <Button variant="outline" size="sm" minH="11" onClick={() => setDraft(draftOf(template))}>
                    {t('templates.edit')}
                    <Text as="span" srOnly>
                      {` ${template.name}`}
                    </Text>
                  </Button>
                  <ConfirmDialog
                    trigger={
                      <Button variant="ghost" size="sm" minH="11" colorPalette="red">
                        {t('templates.delete')}
                        <Text as="span" srOnly>
                          {` ${template.name}`}
                        </Text>
                      </Button>
                    }
                    title={t('templates.confirmDelete', { name: template.name })}
                    description={t('templates.confirmDeleteHelp')}
                    cancelLabel={t('common.cancel')}
                    confirmLabel={t('templates.delete')}
                    onConfirm={() => remove(template)}
                  />
                </Flex>
              ) : null}
            </Flex>
          ))}
        </Stack>
        {templates.status === 'ready' && list.length === 0 ? (
          <Stack gap="2" data-testid="template-starters">
            <Text textStyle="sm">{t(isOwner ? 'templates.emptyOwner' : 'templates.emptyMember')}</Text>
            {isOwner && !draft ? (
              <Flex gap="2" wrap="wrap">
                {starterTemplates.map((starter) => (
                  <Button
                    key={starter.key}
                    variant="outline"
                    size="sm"
                    minH="11"
                    onClick={() =>
                      setDraft({
                        id: null,
                        name: t(`templates.starters.${starter.key}`),
                        status: starter.status,
                        texts: { en: { ...starter.texts.en }, fr: { ...starter.texts.fr } },
                      })
                    }
                    data-testid={`template-starter-${starter.key}`}
                  >
                    {t('templates.useStarter', { name: t(`templates.starters.${starter.key}`) })}
                  </Button>
                ))}
              </Flex>
            ) : null}
          </Stack>
        ) : null}
        {isOwner && draft ? (
          <TemplateForm draft={draft} onChange={setDraft} onCancel={() => setDraft(null)} onSaved={saved} />
        ) : null}
        {isOwner && !draft ? (
          <Button
            variant="outline"
            alignSelf="flex-start"
            minH="11"
            onClick={() => setDraft(emptyDraft())}
            data-testid="template-new"
          >
            {t('templates.new')}
          </Button>
        ) : null}
      </Card.Body>
    </Card.Root>
  );
}
